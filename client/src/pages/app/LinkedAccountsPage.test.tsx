import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../modules/auth/session-store';
import { openProvider } from '../../modules/linked-accounts/open-provider';
import {
  completeAccountLinkMock,
  linkAccountMock,
  linkedAccount,
  linkedAccountsMock,
  unlinkAccountMock,
} from '../../test/linked-accounts-mocks';
import { fakeToken, renderWithProviders, type RenderOptions } from '../../test/render';
import { LinkedAccountsPage } from './LinkedAccountsPage';

vi.mock('../../modules/linked-accounts/open-provider', () => ({ openProvider: vi.fn() }));

afterEach(() => {
  notifications.clean();
  vi.mocked(openProvider).mockClear();
});

const renderPage = (mocks: RenderOptions['mocks'], path = '/app/account/linked') => {
  storeSession(fakeToken({ permissions: ['search.read'] }), 'refresh');
  return renderWithProviders(<LinkedAccountsPage />, { path, mocks });
};

const row = (name: string) => screen.findByRole('listitem', { name });

describe('LinkedAccountsPage', () => {
  it('lists Atlassian, Google and GitHub, linked or not', async () => {
    renderPage([
      linkedAccountsMock([
        linkedAccount(),
        linkedAccount({ provider: 'github', accountId: '4242', email: null }),
      ]),
    ]);
    expect(screen.getByRole('heading', { name: 'Linked accounts', level: 1 })).toBeInTheDocument();
    const atlassian = await row('Atlassian');
    expect(atlassian).toHaveTextContent('Not linked');
    expect(within(atlassian).getByRole('button', { name: 'Link Atlassian' })).toBeInTheDocument();
    const google = await row('Google');
    expect(google).toHaveTextContent('Linked');
    expect(google).toHaveTextContent('ada@corp.example');
    expect(within(google).getByRole('button', { name: 'Unlink Google' })).toBeInTheDocument();
    expect(await row('GitHub')).toHaveTextContent('Account 4242 (no verified email)');
  });

  it('Link goes to the authorize URL the server answers', async () => {
    const user = userEvent.setup();
    const url = 'https://github.com/login/oauth/authorize?client_id=x&state=abc';
    renderPage([linkedAccountsMock([]), linkAccountMock('github', url)]);
    await user.click(await screen.findByRole('button', { name: 'Link GitHub' }));
    await waitFor(() => expect(openProvider).toHaveBeenCalledWith(url));
  });

  it('Link again asks the provider anew, and a link Lumen may ask with says so', async () => {
    const user = userEvent.setup();
    const url = 'https://accounts.google.example/o/oauth2/auth?state=again';
    renderPage([
      linkedAccountsMock([linkedAccount({ checksAccess: true })]),
      linkAccountMock('google', url),
    ]);
    const google = await row('Google');
    expect(google).toHaveTextContent('Lumen may ask Google what you can open');
    await user.click(within(google).getByRole('button', { name: 'Link Google again' }));
    await waitFor(() => expect(openProvider).toHaveBeenCalledWith(url));
  });

  it('shows why a Link could not start', async () => {
    const user = userEvent.setup();
    renderPage([
      linkedAccountsMock([]),
      linkAccountMock(
        'atlassian',
        new GraphQLError('Linking a Atlassian account is not set up on this server.', {
          extensions: { code: 'NOT_CONFIGURED' },
        }),
      ),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Link Atlassian' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not link Atlassian');
    expect(alert).toHaveTextContent('not set up on this server');
    expect(openProvider).not.toHaveBeenCalled();
  });

  it('completes the provider’s return once, says so, and cleans the address', async () => {
    const linked = linkedAccount({ provider: 'atlassian', accountId: '557058:abc', email: null });
    const { router } = renderPage(
      [
        linkedAccountsMock([]),
        completeAccountLinkMock('the-code', 'the-state', linked),
        linkedAccountsMock([linked]),
      ],
      '/app/account/linked?code=the-code&state=the-state',
    );
    expect(screen.getByText('Linking your account…')).toBeInTheDocument();
    expect(await screen.findByText('Atlassian account linked')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(async () =>
      expect(await row('Atlassian')).toHaveTextContent('Account 557058:abc'),
    );
    expect(screen.queryByText('The account was not linked')).toBeNull();
  });

  it('shows a refused return visibly (replayed or someone else’s state)', async () => {
    const { router } = renderPage(
      [
        linkedAccountsMock([]),
        completeAccountLinkMock(
          'c',
          's',
          new GraphQLError('This link request was already used. Start again with Link.', {
            extensions: { code: 'INVALID_STATE' },
          }),
        ),
      ],
      '/app/account/linked?code=c&state=s',
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The account was not linked');
    expect(alert).toHaveTextContent('already used');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('says so when the member cancelled at the provider', async () => {
    renderPage([linkedAccountsMock([])], '/app/account/linked?error=access_denied&state=s');
    expect(await screen.findByRole('alert')).toHaveTextContent('Linking was cancelled');
  });

  it('Unlink removes the link at once', async () => {
    const user = userEvent.setup();
    renderPage([
      linkedAccountsMock([linkedAccount()]),
      unlinkAccountMock('google'),
      linkedAccountsMock([]),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Unlink Google' }));
    expect(await screen.findByText('Google account unlinked')).toBeInTheDocument();
    await waitFor(async () => expect(await row('Google')).toHaveTextContent('Not linked'));
  });
});
