import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { AppUnauthorizedPage } from './AppUnauthorizedPage';
import { IntegrationsPage } from './IntegrationsPage';

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
