import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { storeSession } from '../modules/auth/session-store';
import { eagerRoutes } from '../test/eager-routes';
import { fakeToken, renderRoutes } from '../test/render';

const routes = await eagerRoutes();

const renderApp = (path: string) => {
  storeSession(fakeToken(), 'refresh');
  return renderRoutes(routes, path);
};

/** The drawer's navigation (the rail's, hidden by CSS on phones, is the other). */
const drawer = () => screen.getByRole('dialog');

describe('navigation drawer (phones)', () => {
  it('opens from the top bar burger, lists every item with its label, and closes on Escape', async () => {
    const user = userEvent.setup();
    renderApp('/app/bots');
    const burger = screen.getByRole('button', { name: 'Open navigation' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    await user.click(burger);

    const nav = within(await screen.findByRole('dialog')).getByRole('navigation', {
      name: 'Main navigation',
    });
    expect(burger).toHaveAttribute('aria-expanded', 'true');
    // Labels shown in full, the current page marked.
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute(
      'href',
      '/app/dashboard',
    );
    expect(within(nav).getByRole('link', { name: 'Bots' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('button', { name: 'Team Settings' })).toBeInTheDocument();
    expect(within(drawer()).getByText('v1.0.0')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(burger).toHaveFocus());
  });

  it('closes after a choice, on the page chosen', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/app/bots');
    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('link', { name: 'History' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/history'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('has its burger on /app/search too, where there is no top bar', async () => {
    const user = userEvent.setup();
    renderApp('/app/search');
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    expect(
      within(await screen.findByRole('dialog')).getByRole('link', { name: 'Search' }),
    ).toHaveAttribute('aria-current', 'page');
  });
});
