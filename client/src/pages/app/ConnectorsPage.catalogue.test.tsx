import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as PutFileModule from '../../modules/sources/put-file';
import { SourceDocumentPageDocument } from '../../modules/sources/graphql/sources.generated';
import { storeSession } from '../../modules/auth/session-store';
import { fakeToken, renderWithProviders, type RenderOptions } from '../../test/render';
import { capabilitiesMock, connection, integrationSettingsMock } from '../../test/connectors-mocks';
import {
  confirmUploadMock,
  createUploadMock,
  doc,
  source,
  sourcesMock,
  sourcesProgressMock,
} from '../../test/sources-mocks';
import { ConnectorsPage } from './ConnectorsPage';

// The bytes' PUT to storage is the browser's; here it always succeeds.
vi.mock('../../modules/sources/put-file', async (importOriginal) => ({
  ...(await importOriginal<typeof PutFileModule>()),
  xhrPut: async () => {},
}));

afterEach(() => notifications.clean());

const ADMIN = ['user.read', 'user.write', 'search.read', 'source.write'];
const signIn = () => storeSession(fakeToken({ permissions: ADMIN }), 'refresh');
const renderPage = (mocks: RenderOptions['mocks']) =>
  renderWithProviders(<ConnectorsPage />, { path: '/app/connectors', mocks });
const available = () => within(screen.getByRole('region', { name: 'Available sources' }));

const github = () =>
  source({
    id: 's5',
    kind: 'github',
    name: 'GitHub · acme/api',
    connection: connection({ site: 'https://github.com' }),
  });

describe('ConnectorsPage catalogue', () => {
  it('gives every tool one state: Jira has its card, GitHub’s parts are connected with it', async () => {
    signIn();
    const user = userEvent.setup();
    renderPage([
      sourcesMock([github()]),
      capabilitiesMock(['confluence', 'jira', 'google_docs']),
      integrationSettingsMock('jira'),
    ]);
    const issues = await available().findByRole('button', {
      name: 'GitHub Issues: connected, open its settings',
    });
    expect(issues).toHaveTextContent('Connected');
    const parts = available().getAllByRole('button', { name: /^GitHub/ });
    expect(parts.map((card) => card.getAttribute('aria-label'))).toEqual([
      'GitHub: connected, open its settings',
      'GitHub Discussions: connected, open its settings',
      'GitHub Issues: connected, open its settings',
    ]);
    for (const card of parts) expect(card).not.toHaveTextContent('Coming soon');
    // Google can sign in on this server: its card is available.
    expect(available().getByRole('button', { name: 'Google Drive: connect' })).toHaveTextContent(
      'Available',
    );

    await user.click(available().getByRole('button', { name: 'Jira: connect' }));
    expect(await screen.findByRole('dialog', { name: 'Connect Jira' })).toBeInTheDocument();
  });

  it('a tool that needs the operator’s setup says so and opens its guide, never a dead end', async () => {
    signIn();
    const user = userEvent.setup();
    renderPage([sourcesMock([]), capabilitiesMock(['confluence', 'jira'])]);
    const drive = await available().findByRole('button', {
      name: 'Google Drive: needs setup, read the setup guide',
    });
    expect(drive).toHaveTextContent("Needs setup by the server's operator.");
    expect(drive).not.toHaveTextContent('Available');
    await user.click(drive);
    const guide = within(await screen.findByRole('dialog', { name: 'Set up Google Drive' }));
    expect(guide.getByText(/GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Connect Google Drive' })).not.toBeInTheDocument();
    await user.click(guide.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // The same from Add source.
    await user.click(screen.getByRole('button', { name: 'Add source' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Google Drive: needs setup' }));
    expect(await screen.findByRole('dialog', { name: 'Set up Google Drive' })).toBeInTheDocument();
  });
});

describe('ConnectorsPage upload sources', () => {
  const handbook = (docs = [doc({ id: 'd1', fileName: 'policies.pdf' })]) =>
    source({ id: 's1', name: 'Handbook' }, docs);

  it('adds files to an existing source and follows their indexing in its row, no toast', async () => {
    signIn();
    const user = userEvent.setup();
    const file = new File(['%PDF-1.7 minutes'], 'minutes.pdf', { type: 'application/pdf' });
    const queued = doc({ id: 'd2', fileName: 'minutes.pdf', status: 'queued', progress: 0 });
    const indexed = { ...queued, status: 'indexed' as const, progress: 100 };
    renderPage([
      sourcesMock([handbook()]),
      capabilitiesMock([]),
      createUploadMock(file, 's1'),
      confirmUploadMock('k1', queued),
      // The server lists them by name.
      sourcesMock([handbook([queued, doc({ id: 'd1', fileName: 'policies.pdf' })])]),
      sourcesProgressMock(
        ['d2'],
        [handbook([indexed, doc({ id: 'd1', fileName: 'policies.pdf' })])],
        [indexed],
      ),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Add files to Handbook' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add files to Handbook' }));
    expect(dialog.queryByLabelText(/^Description/)).not.toBeInTheDocument();
    await user.upload(dialog.getByLabelText('Files'), file);
    await user.click(dialog.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const row = within(screen.getByRole('listitem', { name: 'Handbook' }));
    const notice = row.getByRole('status', { name: 'Upload to Handbook' });
    expect(notice).toHaveTextContent('1 file uploaded — indexing…');
    // The source opened to show the new file.
    const files = within(await row.findByRole('list', { name: 'Files of Handbook' }));
    await files.findByRole('listitem', { name: 'minutes.pdf' });
    expect(files.getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual([
      'minutes.pdf',
      'policies.pdf',
    ]);
    await waitFor(() => expect(notice).toHaveTextContent('1 file uploaded and indexed'), {
      timeout: 5000,
    });
    expect(screen.queryByText(/uploaded — indexing/)).not.toBeInTheDocument();
  });

  it('lists a source’s items by name or last updated, each opening in the app', async () => {
    signIn();
    const user = userEvent.setup();
    const a = doc({ id: 'd1', fileName: 'a.pdf', createdAt: '2024-01-01T00:00:00.000Z' });
    const b = doc({ id: 'd2', fileName: 'b.pdf', createdAt: '2024-05-01T00:00:00.000Z' });
    const byUpdate = vi.fn(() => ({
      data: {
        source: {
          __typename: 'Source',
          id: 's1',
          documentPage: {
            __typename: 'DocumentConnection',
            nodes: [b, a],
            pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: 'u|x' },
          },
        },
      },
    }));
    renderPage([
      sourcesMock([handbook([a, b])]),
      capabilitiesMock([]),
      {
        request: {
          query: SourceDocumentPageDocument,
          variables: { id: 's1', after: null, orderBy: 'UPDATED' },
        },
        result: byUpdate,
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Show files of Handbook' }));
    const files = within(await screen.findByRole('list', { name: 'Files of Handbook' }));
    const names = () => files.getAllByRole('listitem').map((li) => li.getAttribute('aria-label'));
    expect(names()).toEqual(['a.pdf', 'b.pdf']);
    expect(screen.getByRole('radio', { name: 'Name' })).toBeChecked();
    expect(files.getByRole('link', { name: 'a.pdf' })).toHaveAttribute('href', '/app/documents/d1');

    await user.click(screen.getByRole('radio', { name: 'Last updated' }));
    await waitFor(() => expect(names()).toEqual(['b.pdf', 'a.pdf']));
    expect(byUpdate).toHaveBeenCalledTimes(1);
    expect(files.getByRole('link', { name: 'b.pdf' })).toHaveAttribute('href', '/app/documents/d2');

    await user.click(screen.getByRole('radio', { name: 'Name' }));
    expect(names()).toEqual(['a.pdf', 'b.pdf']);
  });

  it('offers Add files only on upload sources the member reads, to those who may add', async () => {
    storeSession(fakeToken({ permissions: ['search.read'] }), 'refresh');
    renderPage([sourcesMock([handbook(), github()]), capabilitiesMock([])]);
    await screen.findByRole('listitem', { name: 'Handbook' });
    expect(screen.queryByRole('button', { name: /^Add files/ })).not.toBeInTheDocument();
  });
});
