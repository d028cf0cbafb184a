import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession } from '../../modules/auth/session-store';
import { fakeToken, renderRoutes, renderWithProviders } from '../../test/render';
import { AppUnauthorizedPage } from './AppUnauthorizedPage';
import { BotDetailPage } from './BotDetailPage';
import { BotsPage } from './BotsPage';
import { DashboardPage } from './DashboardPage';
import { IntegrationsPage } from './IntegrationsPage';
import { SearchPage } from './SearchPage';

const signIn = (claims: Record<string, unknown> = {}) => storeSession(fakeToken(claims), 'refresh');

describe('DashboardPage', () => {
  it('greets the member by first name and points to Connectors', () => {
    signIn();
    renderWithProviders(<DashboardPage />, { path: '/app/dashboard' });
    expect(screen.getByRole('heading', { name: 'Home', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('Welcome, Ada')).toBeInTheDocument();
    expect(
      screen.getByText('Connect a source or upload files to start asking questions'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Connectors' })).toHaveAttribute(
      'href',
      '/app/connectors',
    );
  });

  it('greets without a name when the account has none', () => {
    signIn({ given_name: '' });
    renderWithProviders(<DashboardPage />, { path: '/app/dashboard' });
    expect(screen.getByText('Welcome to Lumen')).toBeInTheDocument();
  });
});

describe('BotsPage', () => {
  it('says there are no bots yet instead of showing samples', () => {
    renderWithProviders(<BotsPage />, { path: '/app/bots' });
    expect(screen.getByRole('heading', { name: 'Bots', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('No bots yet')).toBeInTheDocument();
    expect(screen.getByText('Coming soon')).toBeInTheDocument();
  });
});

describe('BotDetailPage', () => {
  it('says which bot was not found and links back to the list', () => {
    renderRoutes([{ path: '/app/bots/:botId', element: <BotDetailPage /> }], '/app/bots/42');
    expect(screen.getByText('Bot not found')).toBeInTheDocument();
    expect(screen.getByText('42').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: 'Back to bots' })).toHaveAttribute('href', '/app/bots');
    expect(screen.getByRole('link', { name: 'See all bots' })).toHaveAttribute('href', '/app/bots');
  });
});

describe('IntegrationsPage', () => {
  it('lists the three catalogue integrations, each coming soon', () => {
    renderWithProviders(<IntegrationsPage />, { path: '/app/integrations' });
    expect(screen.getByRole('heading', { name: 'Integrations', level: 2 })).toBeInTheDocument();
    const cards = screen.getAllByRole('article');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual([
      'Confluence',
      'Jira',
      'Google Docs',
    ]);
    cards.forEach((card) => expect(within(card).getByText('Coming soon')).toBeInTheDocument());
  });
});

describe('SearchPage', () => {
  it('reads ?q= into the Ask Lumen box and explains that answers need sources', () => {
    renderWithProviders(<SearchPage />, { path: '/app/search?q=vacation%20policy' });
    expect(screen.getByLabelText('Ask Lumen')).toHaveValue('vacation policy');
    expect(screen.getByText('Answers arrive when sources are connected')).toBeInTheDocument();
  });
});

describe('AppUnauthorizedPage', () => {
  it('explains the missing permission and links home', () => {
    renderWithProviders(<AppUnauthorizedPage />, { path: '/app/unauthorized' });
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText(/lacks the permission this page needs/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute(
      'href',
      '/app/dashboard',
    );
  });
});
