import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DocumentContentDocument } from '../../modules/ask/graphql/ask.generated';
import { ProviderKeyDocument } from '../../modules/bots/graphql/bots.generated';
import { storeSession } from '../../modules/auth/session-store';
import { capabilitiesMock, connection } from '../../test/connectors-mocks';
import { botFields, botMock } from '../../test/bot-detail-mocks';
import { eagerRoutes } from '../../test/eager-routes';
import { fakeToken, renderRoutes, renderWithProviders } from '../../test/render';
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
        capabilitiesMock(['confluence', 'jira', 'google_docs']),
      ],
    });
    expect(screen.getByRole('heading', { name: 'Integrations', level: 1 })).toBeInTheDocument();
    const cards = screen.getAllByRole('article');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual([
      'Confluence',
      'Jira',
      'Google Drive',
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

  it('says Google Drive needs the operator’s setup, with the guide, when the server lacks it', async () => {
    storeSession(fakeToken({ permissions: ['search.read', 'source.write'] }), 'refresh');
    const user = userEvent.setup();
    renderWithProviders(<IntegrationsPage />, {
      path: '/app/integrations',
      mocks: [
        sourcesMock([]),
        { request: { query: ProviderKeyDocument }, result: { data: { providerKey: null } } },
        capabilitiesMock(['confluence', 'jira']),
      ],
    });
    const drive = within(screen.getByRole('article', { name: 'Google Drive' }));
    expect(await drive.findByText('Needs setup')).toBeInTheDocument();
    expect(drive.getByText("Needs setup by the server's operator.")).toBeInTheDocument();
    expect(drive.queryByText('Available')).not.toBeInTheDocument();
    expect(drive.queryByRole('button', { name: 'Connect' })).not.toBeInTheDocument();
    // The Atlassian tools also connect with a token: available whatever the sign-in.
    const jira = within(screen.getByRole('article', { name: 'Jira' }));
    expect(jira.getByText('Available')).toBeInTheDocument();

    await user.click(drive.getByRole('button', { name: 'Setup guide' }));
    const guide = within(await screen.findByRole('dialog', { name: 'Set up Google Drive' }));
    expect(guide.getByText(/Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/)).toBeInTheDocument();
    expect(guide.getByText(`${window.location.origin}/app/connectors`)).toBeInTheDocument();
    expect(guide.getByText('docs/CONNECTORS.md')).toBeInTheDocument();
    const cloud = guide.getByRole('link', { name: /Open the Google Cloud console/ });
    expect(cloud).toHaveAttribute('target', '_blank');
    expect(cloud).toHaveAttribute('rel', 'noopener noreferrer');
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

const routes = await eagerRoutes();

const documentMock = {
  request: { query: DocumentContentDocument, variables: { id: 'd1' } },
  result: {
    data: {
      documentContent: {
        __typename: 'DocumentContent',
        sourceName: 'HR files',
        sourceKind: 'file_upload',
        document: {
          __typename: 'Document',
          id: 'd1',
          title: 'Employee handbook',
          fileName: 'handbook.pdf',
          fileType: 'application/pdf',
          fileSize: 24_576,
          webUrl: null,
          hasFile: true,
          status: 'indexed',
          createdAt: '2024-03-01T12:00:00.000Z',
          updatedAt: '2024-03-01T12:00:00.000Z',
        },
        passages: [],
      },
    },
  },
};

/** Every page's tab title (before " · Lumen") and its one h1, signed in as an admin. */
const APP_PAGES: [path: string, title: string, heading: string][] = [
  ['/app/dashboard', 'Home', 'Home'],
  ['/app/history', 'History', 'History'],
  ['/app/bots', 'Bots', 'Bots'],
  ['/app/bots/b1', 'HR helper', 'HR helper'],
  ['/app/connectors', 'Connectors', 'Connectors'],
  ['/app/account', 'Account settings', 'Account settings'],
  ['/app/account/linked', 'Linked accounts', 'Linked accounts'],
  ['/app/api-keys', 'API keys', 'API keys'],
  ['/app/users', 'Users', 'Team Settings'],
  ['/app/groups', 'Groups', 'Groups'],
  ['/app/integrations', 'Integrations', 'Integrations'],
  ['/app/search', 'Search', 'Search'],
  ['/app/search?q=leave', 'leave · Search', 'Search'],
  // The file as people know it, extension included.
  ['/app/documents/d1', 'handbook.pdf', 'Employee handbook'],
  ['/app/sso', 'Single sign-on', 'Single sign-on'],
  ['/app/audit-log', 'Audit log', 'Audit log'],
  ['/app/analytics', 'Analytics', 'Analytics'],
  ['/app/unauthorized', 'Access Denied', 'Access Denied'],
];

const PUBLIC_PAGES: [path: string, title: string][] = [
  ['/', 'Answers from your team’s knowledge'],
  ['/signin', 'Sign in'],
  ['/signup', 'Sign up'],
  ['/forgot-password', 'Forgot password'],
  ['/reset-password', 'Set a new password'],
  ['/accept-invite', 'Join your team'],
  ['/sso/complete', 'Signing in'],
  ['/unauthorized', 'Access Denied'],
];

const h1s = () => screen.getAllByRole('heading', { level: 1 });

describe('every page: its own tab title and one h1', () => {
  it.each(APP_PAGES)('%s', async (path, title, heading) => {
    storeSession(
      fakeToken({
        permissions: ['user.read', 'user.write', 'search.read', 'source.write', 'bot.write'],
      }),
      'refresh',
    );
    renderRoutes(routes, path, [botMock(botFields(), []), documentMock]);
    await waitFor(() => expect(document.title).toBe(`${title} · Lumen`));
    await waitFor(() => expect(h1s().map((h) => h.textContent)).toEqual([heading]));
  });

  it.each(PUBLIC_PAGES)('%s', async (path, title) => {
    renderRoutes(routes, path);
    await waitFor(() => expect(document.title).toBe(`${title} · Lumen`));
    expect(h1s()).toHaveLength(1);
  });

  it('gives the title back when the page goes', async () => {
    document.title = 'Lumen';
    const { unmount } = renderRoutes(routes, '/signin');
    await waitFor(() => expect(document.title).toBe('Sign in · Lumen'));
    unmount();
    expect(document.title).toBe('Lumen');
  });
});
