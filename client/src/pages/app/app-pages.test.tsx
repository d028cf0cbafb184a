import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProviderKeyDocument } from '../../modules/bots/graphql/bots.generated';
import { storeSession } from '../../modules/auth/session-store';
import { connection } from '../../test/connectors-mocks';
import { fakeToken, renderWithProviders } from '../../test/render';
import { source, sourcesMock } from '../../test/sources-mocks';
import { AppUnauthorizedPage } from './AppUnauthorizedPage';
import { IntegrationsPage } from './IntegrationsPage';

describe('IntegrationsPage', () => {
  it('lists the three catalogue integrations with their real state', async () => {
    storeSession(fakeToken({ permissions: ['search.read', 'source.write'] }), 'refresh');
    renderWithProviders(<IntegrationsPage />, {
      path: '/app/integrations',
      mocks: [
        sourcesMock([
          source({
            id: 's9',
            kind: 'confluence',
            name: 'Confluence · ENG',
            documentCount: 120,
            connection: connection({ status: 'syncing' }),
          }),
        ]),
        { request: { query: ProviderKeyDocument }, result: { data: { providerKey: null } } },
      ],
    });
    expect(screen.getByRole('heading', { name: 'Integrations', level: 2 })).toBeInTheDocument();
    const cards = screen.getAllByRole('article');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual([
      'Confluence',
      'Jira',
      'Google Docs',
    ]);
    const [confluence, jira, docs] = cards.map((card) => within(card));
    expect(await confluence!.findByText('Connected')).toBeInTheDocument();
    expect(confluence!.getByText(/acme\.atlassian\.net/)).toHaveTextContent(
      'acme.atlassian.net · Syncing · 120 items',
    );
    expect(confluence!.getByRole('button', { name: 'Manage' })).toBeInTheDocument();
    expect(jira!.getByText('Available')).toBeInTheDocument();
    expect(jira!.getByRole('button', { name: 'Connect' })).toBeInTheDocument();
    expect(docs!.getByText('Available')).toBeInTheDocument();
    expect(docs!.getByRole('button', { name: 'Connect' })).toBeInTheDocument();
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
