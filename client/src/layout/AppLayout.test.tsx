import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { storeSession } from '../modules/auth/session-store';
import { eagerRoutes } from '../test/eager-routes';
import { statusMock } from '../test/email-verification-mocks';
import { meMock } from '../test/me-mock';
import { ada, firstPage, invitationsMock, membersMock, rolesMock } from '../test/members-mocks';
import { fakeToken, renderRoutes } from '../test/render';

const routes = await eagerRoutes();

const signIn = (permissions = ['user.read', 'search.read']) =>
  storeSession(fakeToken({ permissions }), 'refresh');

describe('protected area', () => {
  it('sends a signed-out visitor to /signin and remembers where they were going', async () => {
    const { router } = renderRoutes(routes, '/app/users');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(sessionStorage.getItem('redirect_after_login')).toBe('/app/users');
  });

  it('sends a member without user.read from /app/users to Access Denied', async () => {
    signIn(['search.read']);
    const { router } = renderRoutes(routes, '/app/users');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/unauthorized');
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute(
      'href',
      '/app/dashboard',
    );
  });

  it('waits for permissions when the token carries none', () => {
    signIn([]);
    renderRoutes(routes, '/app/dashboard');
    expect(screen.getByText('Loading permissions...')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
  });
});

describe('app layout', () => {
  it('shows the Configuration panel, the sidebar with its version and the top bar', async () => {
    signIn();
    renderRoutes(routes, '/app/users', [
      meMock(),
      rolesMock(),
      invitationsMock(),
      membersMock(firstPage, [ada()]),
    ]);

    const panel = screen.getByRole('complementary', { name: 'Configuration' });
    expect(within(panel).getByText('Configuration')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Users' })).toHaveAttribute(
      'href',
      '/app/users',
    );
    expect(within(panel).getByRole('link', { name: 'Users' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(panel).getByRole('link', { name: 'Integrations' })).toHaveAttribute(
      'href',
      '/app/integrations',
    );
    expect(within(panel).getByRole('link', { name: 'API keys' })).toHaveAttribute(
      'href',
      '/app/api-keys',
    );
    expect(panel).toHaveStyle({ width: '260px' });

    expect(screen.getByText('v1.0.0')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Search your sources/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Toggle color scheme' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Account: Ada Lovelace' })).toHaveTextContent('AL');
    expect(await screen.findByText('Users in Analytical Engines')).toBeInTheDocument();
  });

  it('hides the top bar on /app/search but keeps the navigation', async () => {
    signIn();
    renderRoutes(routes, '/app/search');
    expect(await screen.findByLabelText('Ask Lumen')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Search your sources/ })).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  });

  it('hides links the member may not open', () => {
    signIn(['bots.read']);
    renderRoutes(routes, '/app/dashboard');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Search' })).not.toBeInTheDocument();
    // History needs no permission: bot conversations are the member's own too.
    expect(within(nav).getByRole('link', { name: 'History' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Analytics' })).not.toBeInTheDocument();
    // Team Settings stays for Groups and API keys, which every member may have.
    expect(within(nav).getByRole('button', { name: 'Team Settings' })).toBeInTheDocument();
    const panel = screen.getByRole('complementary', { name: 'Configuration' });
    expect(
      within(panel)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Groups', 'API keys']);
  });
});

describe('email verification banner', () => {
  it('shows above the page, in the main content, while the address is unverified', async () => {
    signIn();
    renderRoutes(routes, '/app/users', [
      meMock(),
      rolesMock(),
      invitationsMock(),
      membersMock(firstPage, [ada()]),
      statusMock(false),
    ]);
    const banner = await screen.findByRole('region', { name: 'Email verification' });
    expect(
      within(screen.getByRole('main')).getByRole('region', { name: 'Email verification' }),
    ).toBe(banner);
    expect(within(banner).getByText(/we sent a code to ada@example.com/)).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Enter code' })).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Resend' })).toBeInTheDocument();
  });
});

describe('keyboard', () => {
  it('offers "Skip to content" as the first Tab stop, which lands on the page', async () => {
    signIn();
    renderRoutes(routes, '/app/users', [
      meMock(),
      rolesMock(),
      invitationsMock(),
      membersMock(firstPage, [ada()]),
    ]);
    const user = userEvent.setup();
    await screen.findByRole('complementary', { name: 'Configuration' });
    (document.activeElement as HTMLElement | null)?.blur();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
  });
});
