import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { storeSession } from '../modules/auth/session-store';
import { eagerRoutes } from '../test/eager-routes';
import { fakeToken, renderRoutes } from '../test/render';

const routes = await eagerRoutes();

const renderApp = (path = '/app/dashboard') => {
  storeSession(fakeToken(), 'refresh');
  return renderRoutes(routes, path);
};

const sidebar = () => screen.getByRole('navigation', { name: 'Main navigation' });

describe('SidebarNav', () => {
  it('starts collapsed at 60px and expands to 250px and back', async () => {
    const user = userEvent.setup();
    renderApp();
    expect(sidebar()).toHaveStyle({ width: '60px' });
    expect(sidebar()).not.toHaveAttribute('data-expanded');

    await user.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(sidebar()).toHaveStyle({ width: '250px' });
    expect(sidebar()).toHaveAttribute('data-expanded');

    await user.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(sidebar()).toHaveStyle({ width: '60px' });
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBeInTheDocument();
  });

  it('lists the spec items with their routes and marks the current page', () => {
    renderApp('/app/bots');
    const nav = within(sidebar());
    expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/app/dashboard');
    expect(nav.getByRole('link', { name: 'History' })).toHaveAttribute('href', '/app/history');
    expect(nav.getByRole('link', { name: 'Bots' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'History' })).not.toHaveAttribute('aria-current');
    // Analytics is for admins (user.write); the default test member has none.
    expect(nav.queryByRole('link', { name: 'Analytics' })).not.toBeInTheDocument();
    expect(nav.getByRole('link', { name: 'Connectors' })).toHaveAttribute(
      'href',
      '/app/connectors',
    );
    expect(nav.getByRole('link', { name: 'Search' })).toHaveAttribute('href', '/app/search');
  });

  it('shows admins Analytics, which lights up on its own page', () => {
    storeSession(fakeToken({ permissions: ['user.read', 'user.write', 'search.read'] }), 'refresh');
    renderRoutes(routes, '/app/analytics');
    const analytics = within(sidebar()).getByRole('link', { name: 'Analytics' });
    expect(analytics).toHaveAttribute('href', '/app/analytics');
    expect(analytics).toHaveAttribute('aria-current', 'page');
    expect(within(sidebar()).getByRole('link', { name: 'Bots' })).not.toHaveAttribute(
      'aria-current',
    );
  });

  it('opens and closes the Team Settings submenu in the expanded sidebar', async () => {
    const user = userEvent.setup();
    renderApp();
    await user.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    const teamSettings = within(sidebar()).getByRole('button', { name: 'Team Settings' });
    expect(teamSettings).toHaveAttribute('aria-expanded', 'false');
    expect(within(sidebar()).queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();

    await user.click(teamSettings);
    expect(teamSettings).toHaveAttribute('aria-expanded', 'true');
    const submenu = await within(sidebar()).findByRole('group', { name: 'Team Settings submenu' });
    expect(within(submenu).getByRole('link', { name: 'Users' })).toHaveAttribute(
      'href',
      '/app/users',
    );
    expect(within(submenu).getByRole('link', { name: 'Integrations' })).toHaveAttribute(
      'href',
      '/app/integrations',
    );
    expect(within(submenu).getByRole('link', { name: 'API keys' })).toHaveAttribute(
      'href',
      '/app/api-keys',
    );

    await user.click(teamSettings);
    expect(teamSettings).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() =>
      expect(within(sidebar()).queryByRole('link', { name: 'Users' })).not.toBeInTheDocument(),
    );
  });

  it('opens the submenu as a 200px floating panel when collapsed, and follows a choice', async () => {
    const user = userEvent.setup();
    const { router } = renderApp();
    await user.click(within(sidebar()).getByRole('button', { name: 'Team Settings' }));

    const panel = await screen.findByRole('menu', { name: 'Team Settings' });
    expect(panel.style.width).toBe('200px');
    // Opened by a click, focus is on its first item: arrows and Escape work at once.
    expect(within(panel).getByRole('menuitem', { name: 'Users' })).toHaveFocus();
    await user.click(within(panel).getByRole('menuitem', { name: 'Integrations' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/integrations'));
    await waitFor(() =>
      expect(screen.queryByRole('menu', { name: 'Team Settings' })).not.toBeInTheDocument(),
    );
  });

  it('names each entry of the collapsed rail in a hint on hover, and not once expanded', async () => {
    const user = userEvent.setup();
    renderApp();
    await user.hover(within(sidebar()).getByRole('link', { name: 'History' }));
    expect(document.querySelector('[data-rail-tooltip]')).toHaveTextContent('History');
    await user.hover(within(sidebar()).getByRole('button', { name: 'Expand sidebar' }));
    expect(document.querySelector('[data-rail-tooltip]')).toHaveTextContent('Expand sidebar');

    await user.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    await user.hover(within(sidebar()).getByRole('link', { name: 'History' }));
    expect(document.querySelector('[data-rail-tooltip]')).toBeNull();
  });
});
