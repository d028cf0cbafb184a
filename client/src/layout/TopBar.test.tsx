import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SignOutDocument } from '../modules/auth/graphql/auth.generated';
import { storeSession } from '../modules/auth/session-store';
import { eagerRoutes } from '../test/eager-routes';
import { apiKeysMock } from '../test/api-keys-mocks';
import { linkedAccountsMock } from '../test/linked-accounts-mocks';
import { fakeToken, renderRoutes } from '../test/render';
import { sourcesMock } from '../test/sources-mocks';

const routes = await eagerRoutes();

const signOutMock = {
  request: { query: SignOutDocument, variables: { refreshToken: 'refresh' } },
  result: { data: { signOut: true } },
};

function expectSignedOut() {
  expect(localStorage.getItem('token')).toBeNull();
  expect(localStorage.getItem('refresh_token')).toBeNull();
  expect(localStorage.getItem('user')).toBeNull();
  expect(localStorage.getItem('permissions')).toBe('[]');
}

describe('TopBar', () => {
  it('logs out: revokes the refresh token, clears the session and lands on /signin', async () => {
    const user = userEvent.setup();
    storeSession(fakeToken(), 'refresh');
    const answered = vi.fn(() => signOutMock.result);
    const { router } = renderRoutes(routes, '/app/connectors', [
      sourcesMock([]),
      { ...signOutMock, result: answered },
    ]);

    await user.click(screen.getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    // The mock answers only { refreshToken: 'refresh' }, so this proves what was sent.
    expect(answered).toHaveBeenCalledTimes(1);
    expectSignedOut();
    // A deliberate logout does not send the next sign-in back to the page left behind.
    expect(sessionStorage.getItem('redirect_after_login')).toBeNull();
  });

  it('still ends the local session when the server cannot be reached', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup();
    storeSession(fakeToken(), 'refresh');
    const { router } = renderRoutes(routes, '/app/dashboard', [
      { ...signOutMock, result: undefined, error: new Error('Network down') },
    ]);

    await user.click(screen.getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expectSignedOut();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('shows no unread dot on the bell while there is nothing to notify', async () => {
    storeSession(fakeToken(), 'refresh');
    renderRoutes(routes, '/app/dashboard');
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    expect(bell).toBeInTheDocument();
    expect(document.querySelector('.mantine-Indicator-indicator')).toBeNull();
  });

  it("shows the member's initials, and their name and email in the avatar menu", async () => {
    const user = userEvent.setup();
    storeSession(fakeToken({ given_name: 'Grace', family_name: 'Hopper' }), 'refresh');
    renderRoutes(routes, '/app/dashboard');

    const avatar = screen.getByRole('button', { name: 'Account: Grace Hopper' });
    expect(avatar).toHaveTextContent('GH');
    await user.click(avatar);
    const menu = await screen.findByRole('menu');
    expect(menu).toHaveTextContent('Grace Hopper');
    expect(menu).toHaveTextContent('ada@example.com');
  });

  it('offers API keys, but not Team settings, in the account menu without user.read', async () => {
    const user = userEvent.setup();
    storeSession(fakeToken({ permissions: ['search.read'] }), 'refresh');
    const { router } = renderRoutes(routes, '/app/dashboard', [apiKeysMock([])]);

    await user.click(screen.getByRole('button', { name: 'Account: Ada Lovelace' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: 'Team settings' })).toBeNull();
    await user.click(within(menu).getByRole('menuitem', { name: 'API keys' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/api-keys'));
    // The page needs no permission: a member lands on it, not on Access Denied.
    expect(await screen.findByRole('heading', { name: 'API keys', level: 1 })).toBeInTheDocument();
  });

  it('offers Linked accounts in the account menu to any member', async () => {
    const user = userEvent.setup();
    storeSession(fakeToken({ permissions: ['search.read'] }), 'refresh');
    const { router } = renderRoutes(routes, '/app/dashboard', [linkedAccountsMock([])]);

    await user.click(screen.getByRole('button', { name: 'Account: Ada Lovelace' }));
    const menu = await screen.findByRole('menu');
    await user.click(within(menu).getByRole('menuitem', { name: 'Linked accounts' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/account/linked'));
    expect(
      await screen.findByRole('heading', { name: 'Linked accounts', level: 1 }),
    ).toBeInTheDocument();
  });

  it('shows Team settings in the account menu with user.read', async () => {
    const user = userEvent.setup();
    storeSession(fakeToken({ permissions: ['user.read', 'search.read'] }), 'refresh');
    renderRoutes(routes, '/app/dashboard');

    await user.click(screen.getByRole('button', { name: 'Account: Ada Lovelace' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Team settings' })).toHaveAttribute(
      'href',
      '/app/users',
    );
    expect(within(menu).getByRole('menuitem', { name: 'API keys' })).toHaveAttribute(
      'href',
      '/app/api-keys',
    );
  });

  it("falls back to the email's first letter without a name", () => {
    storeSession(
      fakeToken({ given_name: '', family_name: '', email: 'zoe@example.com' }),
      'refresh',
    );
    renderRoutes(routes, '/app/dashboard');
    expect(screen.getByRole('button', { name: 'Account: zoe@example.com' })).toHaveTextContent('Z');
  });

  it('has a notification bell with a dot and an honest empty panel', async () => {
    const user = userEvent.setup();
    storeSession(fakeToken(), 'refresh');
    renderRoutes(routes, '/app/dashboard');
    const bell = screen.getByRole('button', { name: 'Notifications' });
    await user.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    // The panel's content loads on first open.
    expect(await within(panel).findByText('No notifications yet')).toBeInTheDocument();
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull();
    expect(bell).toHaveFocus();
  });
});
