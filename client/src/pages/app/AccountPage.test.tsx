import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ChangePasswordDocument,
  EndMySessionDocument,
  MySessionsDocument,
  UpdateMyNameDocument,
} from '../../modules/account/graphql/account.generated';
import { storeSession } from '../../modules/auth/session-store';
import { statusMock, verifyMock } from '../../test/email-verification-mocks';
import { fakeToken, renderWithProviders, type RenderOptions } from '../../test/render';
import { AccountPage } from './AccountPage';

afterEach(() => notifications.clean());

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const FIREFOX_WIN =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

const session = (id: string, userAgent: string, current: boolean) => ({
  __typename: 'AccountSession',
  id,
  signedInAt: '2026-11-20T09:00:00.000Z',
  lastUsedAt: '2026-11-27T09:00:00.000Z',
  userAgent,
  current,
});

const sessionsMock = (list: ReturnType<typeof session>[]) => ({
  request: { query: MySessionsDocument },
  result: { data: { mySessions: list } },
});

const renderPage = (mocks: RenderOptions['mocks']) => {
  storeSession(fakeToken({ permissions: ['search.read'] }), 'refresh');
  return renderWithProviders(<AccountPage />, { path: '/app/account', mocks });
};

describe('AccountPage', () => {
  it('saves a new name', async () => {
    const user = userEvent.setup();
    renderPage([
      sessionsMock([session('s1', CHROME_MAC, true)]),
      {
        request: {
          query: UpdateMyNameDocument,
          variables: { input: { firstName: 'Augusta', lastName: 'Lovelace' } },
        },
        result: {
          data: {
            updateMyName: {
              __typename: 'User',
              id: 'u1',
              firstName: 'Augusta',
              lastName: 'Lovelace',
            },
          },
        },
      },
    ]);
    const profile = within(screen.getByRole('region', { name: 'Profile' }));
    const first = profile.getByRole('textbox', { name: /First name/ });
    expect(first).toHaveValue('Ada');
    expect(profile.getByRole('button', { name: 'Save name' })).toBeDisabled();
    await user.clear(first);
    await user.type(first, 'Augusta');
    await user.click(profile.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Name saved')).toBeInTheDocument();
    expect(profile.getByRole('button', { name: 'Save name' })).toBeDisabled();
  });

  it('changes the password, and puts a wrong current password on its field', async () => {
    const user = userEvent.setup();
    const input = { currentPassword: 'old one', newPassword: 'a much longer passphrase 2026' };
    renderPage([
      sessionsMock([session('s1', CHROME_MAC, true), session('s2', FIREFOX_WIN, false)]),
      {
        request: { query: ChangePasswordDocument, variables: { input } },
        result: {
          errors: [
            new GraphQLError('Your current password is not right.', {
              extensions: { code: 'BAD_USER_INPUT', field: 'currentPassword' },
            }),
          ],
        },
      },
      {
        request: {
          query: ChangePasswordDocument,
          variables: { input: { ...input, currentPassword: 'right one' } },
        },
        result: { data: { changePassword: 1 } },
      },
      sessionsMock([session('s1', CHROME_MAC, true)]),
    ]);
    const form = within(screen.getByRole('region', { name: 'Password' }));
    await user.type(form.getByLabelText(/Current password/), 'old one');
    await user.type(form.getByLabelText(/New password/), input.newPassword);
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(await form.findByText('Your current password is not right.')).toBeInTheDocument();
    await user.clear(form.getByLabelText(/Current password/));
    await user.type(form.getByLabelText(/Current password/), 'right one');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('1 other session was signed out.')).toBeInTheDocument();
    await waitFor(() => expect(form.getByLabelText(/Current password/)).toHaveValue(''));
  });

  it('lists the sessions, marks this one, and signs another out', async () => {
    const user = userEvent.setup();
    renderPage([
      sessionsMock([session('s1', CHROME_MAC, true), session('s2', FIREFOX_WIN, false)]),
      {
        request: { query: EndMySessionDocument, variables: { id: 's2' } },
        result: { data: { endMySession: true } },
      },
      sessionsMock([session('s1', CHROME_MAC, true)]),
    ]);
    const list = within(await screen.findByRole('region', { name: 'Where you are signed in' }));
    const here = await list.findByRole('listitem', { name: 'Chrome on macOS' });
    expect(within(here).getByText('This session')).toBeInTheDocument();
    expect(within(here).queryByRole('button', { name: /Sign out/ })).not.toBeInTheDocument();
    expect(list.getByRole('button', { name: 'Sign out everywhere else' })).toBeInTheDocument();
    const other = list.getByRole('listitem', { name: 'Firefox on Windows' });
    await user.click(within(other).getByRole('button', { name: /^Sign out Firefox on Windows/ }));
    await waitFor(() =>
      expect(list.queryByRole('listitem', { name: 'Firefox on Windows' })).not.toBeInTheDocument(),
    );
    expect(
      list.queryByRole('button', { name: 'Sign out everywhere else' }),
    ).not.toBeInTheDocument();
  });

  it('shows whether the address is verified, and verifies it with the mailed code', async () => {
    const user = userEvent.setup();
    renderPage([
      sessionsMock([session('s1', CHROME_MAC, true)]),
      statusMock(false),
      verifyMock('424242', 'ok'),
    ]);
    const section = within(await screen.findByRole('region', { name: 'Email address' }));
    expect(await section.findByText('Not verified')).toBeInTheDocument();
    expect(section.getByText('ada@example.com')).toBeInTheDocument();
    await user.type(section.getByRole('textbox', { name: 'Verification code' }), '424242');
    await user.click(section.getByRole('button', { name: 'Verify' }));
    expect(await section.findByText('Verified')).toBeInTheDocument();
    expect(section.queryByRole('textbox', { name: 'Verification code' })).not.toBeInTheDocument();
  });

  it('says so when the address is already verified', async () => {
    renderPage([sessionsMock([session('s1', CHROME_MAC, true)]), statusMock(true)]);
    const section = within(await screen.findByRole('region', { name: 'Email address' }));
    expect(await section.findByText('Verified')).toBeInTheDocument();
    expect(section.queryByRole('button', { name: 'Verify' })).not.toBeInTheDocument();
  });
});
