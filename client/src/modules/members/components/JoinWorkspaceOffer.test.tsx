import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getToken, storeSession } from '../../auth/session-store';
import { joinableMock, joinMock } from '../../../test/email-verification-mocks';
import { fakeToken, renderWithProviders, type RenderOptions } from '../../../test/render';
import { reloadApp } from '../reload-app';
import { JoinWorkspaceOffer } from './JoinWorkspaceOffer';

vi.mock('../reload-app', () => ({ reloadApp: vi.fn() }));
beforeEach(() => vi.mocked(reloadApp).mockClear());

const ACME = { id: 'w-acme', name: 'Acme', domain: 'acme.com' };
const teamToken = fakeToken({ workspace: 'w-acme', permissions: ['search.read'] });

const renderOffer = (mocks: RenderOptions['mocks']) => {
  storeSession(fakeToken(), 'refresh');
  return renderWithProviders(<JoinWorkspaceOffer />, { path: '/app/dashboard', mocks });
};
const offer = () => screen.findByRole('region', { name: 'Join Acme' });

describe('JoinWorkspaceOffer', () => {
  it('offers the team’s workspace; joining stores the new session and reloads into it', async () => {
    const user = userEvent.setup();
    renderOffer([joinableMock([ACME]), joinMock('w-acme', { token: teamToken })]);
    const card = within(await offer());
    expect(card.getByRole('heading', { name: 'Join Acme?' })).toBeInTheDocument();
    expect(card.getByText('acme.com')).toBeInTheDocument();
    expect(card.getByText(/You join as Customer-facing prod/)).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Join Acme' }));
    await waitFor(() => expect(reloadApp).toHaveBeenCalledWith('/app/dashboard'));
    expect(getToken()).toBe(teamToken);
  });

  it('says why when joining is refused, and keeps the old session', async () => {
    const user = userEvent.setup();
    const refusal = new GraphQLError(
      'Your workspace has sources, documents or bots, which joining would delete.',
      { extensions: { code: 'WORKSPACE_NOT_EMPTY' } },
    );
    renderOffer([joinableMock([ACME]), joinMock('w-acme', refusal)]);
    await user.click(within(await offer()).getByRole('button', { name: 'Join Acme' }));
    expect(await screen.findByText('Could not join')).toBeInTheDocument();
    expect(screen.getByText(/which joining would delete/)).toBeInTheDocument();
    expect(reloadApp).not.toHaveBeenCalled();
    expect(getToken()).not.toBe(teamToken);
  });

  it('"Not now" hides the offer, and it stays hidden in this browser', async () => {
    const user = userEvent.setup();
    const { unmount } = renderOffer([joinableMock([ACME])]);
    await user.click(within(await offer()).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('region', { name: 'Join Acme' })).not.toBeInTheDocument();
    unmount();
    const other = { id: 'w-other', name: 'Globex', domain: 'acme.com' };
    renderWithProviders(<JoinWorkspaceOffer />, { mocks: [joinableMock([ACME, other])] });
    expect(await screen.findByRole('region', { name: 'Join Globex' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Join Acme' })).not.toBeInTheDocument();
  });
});
