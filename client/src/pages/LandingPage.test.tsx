import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router-dom';
import { routes } from '../router';
import { renderWithProviders } from '../test/render';
import { LandingPage } from './LandingPage';

describe('LandingPage', () => {
  it("has 'Sign up free' and 'Log in' in the header", () => {
    renderWithProviders(<LandingPage />);
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Sign up free' })).toHaveAttribute(
      'href',
      '/signup',
    );
    expect(within(header).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/signin');
  });

  it('pitches Lumen as the single source of truth and has two feature sections', () => {
    renderWithProviders(<LandingPage />);
    const hero = screen.getByRole('region', {
      name: "The single source of truth for your team's knowledge",
    });
    expect(within(hero).getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(within(hero).getByText(/connects to the chats, apps and documents/i)).toBeVisible();
    expect(within(hero).getByText(/answer with the sources/i)).toBeVisible();
    expect(within(hero).getByText(/free to use · premium plans/i)).toBeVisible();
    expect(screen.getByRole('region', { name: 'Answers your team can check' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /Bring every tool together/ })).toBeInTheDocument();
  });

  it('has an FAQ of exactly four questions whose answers open', async () => {
    renderWithProviders(<LandingPage />);
    const faq = screen.getByRole('region', { name: 'Frequently asked questions' });
    const questions = within(faq).getAllByRole('button');
    expect(questions.map((q) => q.textContent)).toEqual([
      'What is Lumen?',
      'How does it work?',
      'Is my data secure?',
      'Can I use Lumen for free?',
    ]);
    const security = within(faq).getByRole('button', { name: 'Is my data secure?' });
    expect(security).toHaveAttribute('aria-expanded', 'false');
    expect(within(faq).getByText(/encrypted at rest with AES-256/)).not.toBeVisible();
    await userEvent.setup().click(security);
    expect(security).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() =>
      expect(within(faq).getByText(/encrypted at rest with AES-256/)).toBeVisible(),
    );
  });

  it("has the demo banner whose 'Watch a demo' goes to /signup", async () => {
    const { router } = renderWithProviders(<LandingPage />, {
      routes: [{ path: '/signup', element: <div>Sign-up screen</div> }],
    });
    expect(screen.getByRole('heading', { name: 'See Lumen in action' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Watch a demo' }));
    expect(await screen.findByText('Sign-up screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signup');
  });

  it('has a footer with four link lists, the 2024 copyright and Toronto, Ontario', () => {
    renderWithProviders(<LandingPage />);
    const footer = screen.getByRole('contentinfo');
    for (const list of ['Product', 'Teams', 'Resources', 'Company']) {
      const nav = within(footer).getByRole('navigation', { name: list });
      expect(within(nav).getAllByRole('link').length).toBeGreaterThan(0);
    }
    expect(within(footer).getByText(/© 2024 Lumen/)).toBeInTheDocument();
    expect(within(footer).getByText('Toronto, Ontario')).toBeInTheDocument();
  });

  it('sends every footer link somewhere real: a section here or a route of the app', async () => {
    const { router } = renderWithProviders(<LandingPage />);
    const appPaths = new Set<string>();
    const collect = (table: RouteObject[], base = '') =>
      table.forEach((route) => {
        const path = route.path?.startsWith('/')
          ? route.path
          : route.path
            ? `${base}/${route.path}`
            : base;
        if (route.path) appPaths.add(path);
        if (route.children) collect(route.children, path);
      });
    collect(routes);
    const footer = screen.getByRole('contentinfo');
    // The four link lists (the logo beside them is the home link it always is).
    const links = within(footer)
      .getAllByRole('navigation')
      .flatMap((nav) => within(nav).getAllByRole('link'));
    expect(links.length).toBeGreaterThanOrEqual(12);
    for (const link of links) {
      const href = link.getAttribute('href') ?? '';
      const name = link.textContent;
      if (href.startsWith('#')) {
        expect(document.getElementById(href.slice(1)), `${name} → ${href}`).not.toBeNull();
      } else {
        expect(appPaths, `${name} → ${href}`).toContain(href);
        if (href === '/') expect(name).toBe('Home');
      }
    }
    expect(within(footer).getByRole('link', { name: 'API docs' })).toHaveAttribute(
      'href',
      '/app/api-keys',
    );
    expect(router.state.location.pathname).toBe('/');
  });

  it('names the tab', () => {
    renderWithProviders(<LandingPage />);
    expect(document.title).toBe('Answers from your team’s knowledge · Lumen');
  });

  it('toggles between light and dark colour schemes', async () => {
    renderWithProviders(<LandingPage />);
    const root = document.documentElement;
    expect(root).toHaveAttribute('data-mantine-color-scheme', 'light');
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Toggle color scheme' }));
    expect(root).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await u.click(screen.getByRole('button', { name: 'Toggle color scheme' }));
    expect(root).toHaveAttribute('data-mantine-color-scheme', 'light');
  });
});
