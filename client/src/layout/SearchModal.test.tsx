import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { storeSession } from '../modules/auth/session-store';
import { routes } from '../router';
import { fakeToken, renderRoutes } from '../test/render';
import { SEARCH_HINT, SEARCH_PLACEHOLDER } from './SearchModal';

const renderApp = (path = '/app/dashboard') => {
  storeSession(fakeToken(), 'refresh');
  return renderRoutes(routes, path);
};

const pressCtrlK = () =>
  fireEvent.keyDown(document.documentElement, { key: 'k', code: 'KeyK', ctrlKey: true });

describe('SearchModal', () => {
  it('opens with Ctrl+K showing the hint and honest empty recent lists, and closes on Escape', async () => {
    const user = userEvent.setup();
    renderApp();
    expect(screen.queryByPlaceholderText(SEARCH_PLACEHOLDER)).not.toBeInTheDocument();

    pressCtrlK();
    expect(await screen.findByPlaceholderText(SEARCH_PLACEHOLDER)).toBeInTheDocument();
    expect(screen.getByText(SEARCH_HINT)).toBeInTheDocument();
    const recent = screen.getByRole('region', { name: 'Recent searches' });
    expect(within(recent).getByText('No recent searches yet')).toBeInTheDocument();
    const viewed = screen.getByRole('region', { name: 'Recently viewed' });
    expect(within(viewed).getByText('Nothing viewed yet')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByPlaceholderText(SEARCH_PLACEHOLDER)).not.toBeInTheDocument(),
    );
  });

  it('opens from the top bar search box, which shows the shortcut', async () => {
    const user = userEvent.setup();
    renderApp();
    const box = screen.getByRole('button', { name: /Search your sources.*Cmd\+K/ });
    expect(box).toHaveTextContent(/Ctrl\+K|⌘K/);
    await user.click(box);
    expect(await screen.findByPlaceholderText(SEARCH_PLACEHOLDER)).toBeInTheDocument();
  });

  it('takes the query to the search page on Enter', async () => {
    const user = userEvent.setup();
    const { router } = renderApp();
    pressCtrlK();
    const input = await screen.findByPlaceholderText(SEARCH_PLACEHOLDER);
    await user.type(input, 'holiday policy?{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/app/search'));
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('holiday policy?');
    expect(await screen.findByLabelText('Ask Lumen')).toHaveValue('holiday policy?');
    await waitFor(() =>
      expect(screen.queryByPlaceholderText(SEARCH_PLACEHOLDER)).not.toBeInTheDocument(),
    );
  });

  it('stays put when Enter is pressed with nothing typed', async () => {
    const user = userEvent.setup();
    const { router } = renderApp();
    pressCtrlK();
    const input = await screen.findByPlaceholderText(SEARCH_PLACEHOLDER);
    await user.type(input, '   {Enter}');
    expect(router.state.location.pathname).toBe('/app/dashboard');
    expect(screen.getByPlaceholderText(SEARCH_PLACEHOLDER)).toBeInTheDocument();
  });
});
