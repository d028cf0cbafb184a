import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DeleteDocumentDocument,
  DeleteSourceDocument,
  SourcesDocument,
  SourcesProgressDocument,
  SourceDocumentPageDocument,
  DocumentsProgressDocument,
} from '../../modules/sources/graphql/sources.generated';
import { storeSession } from '../../modules/auth/session-store';
import { fakeToken, renderWithProviders, type RenderOptions } from '../../test/render';
import { capabilitiesMock, connection, integrationSettingsMock } from '../../test/connectors-mocks';
import { doc, source, sourcesMock, sourcesProgressMock } from '../../test/sources-mocks';
import { ConnectorsPage } from './ConnectorsPage';

afterEach(() => notifications.clean());

const ADMIN = ['user.read', 'user.write', 'search.read', 'source.write'];
const signIn = (permissions: string[] = ADMIN) =>
  storeSession(fakeToken({ permissions }), 'refresh');

const renderPage = (mocks: RenderOptions['mocks']) =>
  renderWithProviders(<ConnectorsPage />, { path: '/app/connectors', mocks });

const handbook = () =>
  source({ id: 's1', name: 'Handbook' }, [
    doc({ id: 'd1', fileName: 'policies.pdf', status: 'indexed', chunkCount: 12 }),
    doc({
      id: 'd2',
      fileName: 'scan.pdf',
      status: 'failed',
      progress: 0,
      chunkCount: 0,
      error: 'The PDF could not be read: it looks damaged.',
    }),
    doc({ id: 'd3', fileName: 'notes.docx', status: 'parsing', progress: 40, chunkCount: 0 }),
  ]);

const connected = () => screen.getByRole('region', { name: 'Connected sources' });

describe('ConnectorsPage', () => {
  it('shows the heading, the intro and an honest empty state', async () => {
    signIn();
    renderPage([sourcesMock([])]);
    expect(screen.getByRole('heading', { name: 'Connectors', level: 1 })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Help your team quickly find answers from content stored in other tools. Your team can ask a question and get instant AI answers sourced from connected tools.',
      ),
    ).toBeInTheDocument();
    expect(await within(connected()).findByText('No sources connected yet')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Available sources' })).toBeInTheDocument();
  });

  it("lists the workspace's sources, each expanding to its files and their status", async () => {
    signIn();
    const user = userEvent.setup();
    renderPage([sourcesMock([handbook()], { maxUsageCount: 10 })]);
    const row = await within(connected()).findByRole('listitem', { name: 'Handbook' });
    expect(row).toHaveTextContent('3 files · 1 indexed · 12 chunks · 1 failed');
    expect(within(row).getByText('Indexing')).toBeInTheDocument();
    expect(within(row).queryByText('policies.pdf')).not.toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Show files of Handbook' }));
    const files = within(await within(row).findByRole('list', { name: 'Files of Handbook' }));
    const indexed = files.getByRole('listitem', { name: 'policies.pdf' });
    expect(indexed).toHaveTextContent('12 chunks');
    expect(indexed).toHaveTextContent('Indexed');
    const failed = files.getByRole('listitem', { name: 'scan.pdf' });
    expect(failed).toHaveTextContent('Failed');
    expect(failed).toHaveTextContent('The PDF could not be read: it looks damaged.');
    const parsing = files.getByRole('listitem', { name: 'notes.docx' });
    expect(parsing).toHaveTextContent('Parsing');
    expect(
      within(parsing).getByRole('progressbar', { name: 'Indexing notes.docx' }),
    ).toHaveAttribute('aria-valuenow', '40');
  });

  it('polls while a file is being indexed and stops once none is', async () => {
    signIn();
    const user = userEvent.setup();
    const later = vi.fn(() => ({ data: { sources: [] } }));
    const laterProgress = vi.fn(() => ({ data: { sources: [], documentsById: [] } }));
    const indexed = doc({ fileName: 'a.txt', status: 'indexed', chunkCount: 7 });
    renderPage([
      sourcesMock([source({}, [doc({ fileName: 'a.txt', status: 'queued', progress: 0 })])]),
      // Only the progress is polled: the counts, and the one file still indexing.
      sourcesProgressMock(['d1'], [source({}, [indexed])], [indexed]),
      { request: { query: SourcesDocument }, result: later },
      { request: { query: SourcesProgressDocument, variables: () => true }, result: laterProgress },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Show files of Handbook' }));
    const file = await screen.findByRole('listitem', { name: 'a.txt' });
    expect(file).toHaveTextContent('Queued');
    await waitFor(() => expect(file).toHaveTextContent('7 chunks'), { timeout: 4000 });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(later).not.toHaveBeenCalled();
    expect(laterProgress).not.toHaveBeenCalled();
    expect(screen.getByRole('listitem', { name: 'Handbook' })).toHaveTextContent(
      '1 file · 1 indexed',
    );
  });

  it('reads the list again when its counts say a file was added elsewhere', async () => {
    signIn();
    const user = userEvent.setup();
    const first = doc({ id: 'd1', fileName: 'a.txt', status: 'queued', progress: 0 });
    const firstDone = { ...first, status: 'indexed' as const, progress: 100 };
    const second = doc({ id: 'd2', fileName: 'b.txt', status: 'queued', progress: 0 });
    const secondDone = { ...second, status: 'indexed' as const, progress: 100 };
    renderPage([
      sourcesMock([source({}, [first])]),
      // The poll: a.txt is done, but the source now counts two files.
      sourcesProgressMock(['d1'], [source({}, [firstDone, second])], [firstDone]),
      sourcesMock([source({}, [second, firstDone])]),
      sourcesProgressMock(['d2'], [source({}, [secondDone, firstDone])], [secondDone]),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Show files of Handbook' }));
    const added = await screen.findByRole('listitem', { name: 'b.txt' }, { timeout: 4000 });
    await waitFor(() => expect(added).toHaveTextContent('Indexed'), { timeout: 4000 });
    expect(screen.getByRole('listitem', { name: 'a.txt' })).toHaveTextContent('Indexed');
  });

  it("loads a source's next page of files with Load more", async () => {
    signIn();
    const user = userEvent.setup();
    const page = vi.fn(() => ({
      data: {
        source: {
          __typename: 'Source',
          id: 's1',
          documentPage: {
            __typename: 'DocumentConnection',
            nodes: [doc({ id: 'd3', fileName: 'c.pdf', status: 'queued', progress: 0 })],
            pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: 'cursor-2' },
          },
        },
      },
    }));
    renderPage([
      sourcesMock([
        source({ documentCount: 3 }, [
          doc({ id: 'd1', fileName: 'a.pdf' }),
          doc({ id: 'd2', fileName: 'b.pdf' }),
        ]),
      ]),
      {
        request: {
          query: SourceDocumentPageDocument,
          variables: { id: 's1', after: 'cursor-1', orderBy: 'NAME' },
        },
        result: page,
      },
      // The loaded page follows its own file still indexing.
      {
        request: { query: DocumentsProgressDocument, variables: { ids: ['d3'] } },
        result: {
          data: {
            documentsById: [doc({ id: 'd3', fileName: 'c.pdf' })],
          },
        },
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Show files of Handbook' }));
    const files = within(await screen.findByRole('list', { name: 'Files of Handbook' }));
    expect(files.getByText(/Showing 2 of 3 files/)).toBeInTheDocument();
    expect(page).not.toHaveBeenCalled();

    await user.click(files.getByRole('button', { name: 'Load more' }));
    const added = await files.findByRole('listitem', { name: 'c.pdf' });
    expect(added).toHaveTextContent('Queued');
    await waitFor(() => expect(added).toHaveTextContent('Indexed'), { timeout: 4000 });
    expect(page).toHaveBeenCalledTimes(1);
    expect(files.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(files.getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual([
      'a.pdf',
      'b.pdf',
      'c.pdf',
    ]);
  });

  it('asks before deleting a file, then deletes it and refetches', async () => {
    signIn();
    const user = userEvent.setup();
    const deleted = vi.fn(() => ({ data: { deleteDocument: true } }));
    const before = source({}, [
      doc({ id: 'd1', fileName: 'policies.pdf' }),
      doc({ id: 'd2', fileName: 'old.pdf' }),
    ]);
    renderPage([
      sourcesMock([before]),
      { request: { query: DeleteDocumentDocument, variables: { id: 'd2' } }, result: deleted },
      sourcesMock([source({}, [doc({ id: 'd1', fileName: 'policies.pdf' })])]),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Show files of Handbook' }));
    await user.click(await screen.findByRole('button', { name: 'Delete old.pdf' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Delete file' }));
    expect(dialog.getByText('old.pdf')).toBeInTheDocument();
    expect(deleted).not.toHaveBeenCalled();
    await user.click(dialog.getByRole('button', { name: 'Delete file' }));

    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'old.pdf' })).not.toBeInTheDocument(),
    );
    expect(deleted).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('listitem', { name: 'policies.pdf' })).toBeInTheDocument();
    expect(await screen.findByText('old.pdf was deleted')).toBeInTheDocument();
  });

  it('Cancel keeps the source', async () => {
    signIn();
    const user = userEvent.setup();
    renderPage([sourcesMock([source()])]);
    await user.click(await screen.findByRole('button', { name: 'Delete source Handbook' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete source' }));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('listitem', { name: 'Handbook' })).toBeInTheDocument();
  });

  it('opens the upload dialog from a coming-soon card, and the Confluence dialog from its card', async () => {
    signIn();
    const user = userEvent.setup();
    renderPage([sourcesMock([]), integrationSettingsMock('confluence'), capabilitiesMock([])]);
    await user.click(screen.getByRole('button', { name: /^Dropbox: coming soon/ }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Connect source: File Upload' }),
    );
    expect(dialog.getByText(/Connecting Dropbox directly is coming soon/)).toBeInTheDocument();
    expect(dialog.getByLabelText('Name')).toHaveValue('Dropbox');
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: /^Confluence Pages: connect/ }));
    const confluence = within(await screen.findByRole('dialog', { name: 'Connect Confluence' }));
    expect(await confluence.findByRole('textbox', { name: 'Domain' })).toHaveValue('');
    expect(confluence.getByRole('button', { name: 'Connect' })).toBeInTheDocument();
  });

  it('offers upload, Confluence and Jira in Add source', async () => {
    signIn();
    const user = userEvent.setup();
    renderPage([sourcesMock([]), integrationSettingsMock('jira'), capabilitiesMock(['jira'])]);
    await user.click(screen.getByRole('button', { name: 'Add source' }));
    expect(await screen.findByRole('menuitem', { name: 'Upload files' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Confluence' })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Jira' }));
    const jira = within(await screen.findByRole('dialog', { name: 'Connect Jira' }));
    expect(await jira.findByRole('textbox', { name: /^Project key/ })).toBeInTheDocument();
    expect(jira.getByRole('button', { name: 'Authorize' })).toBeEnabled();
  });

  it('shows a connected tool syncing, with progress, counts and Resync', async () => {
    signIn();
    const user = userEvent.setup();
    renderPage([
      sourcesMock([
        source(
          {
            id: 's9',
            kind: 'confluence',
            name: 'Confluence · ENG',
            documentCount: 2000,
            connection: connection({
              status: 'syncing',
              itemsSeen: 500,
              itemsIndexed: 20,
              itemsTotal: 2000,
            }),
          },
          [
            doc({
              id: 'p1',
              sourceId: 's9',
              fileName: 'On-call runbook',
              fileType: 'confluence/page',
              webUrl: 'https://acme.atlassian.net/wiki/spaces/ENG/pages/1/On-call',
            }),
          ],
        ),
      ]),
    ]);
    const row = within(await screen.findByRole('listitem', { name: 'Confluence · ENG' }));
    expect(row.getByText('Syncing')).toBeInTheDocument();
    expect(row.getByRole('progressbar', { name: 'Syncing Confluence · ENG' })).toBeInTheDocument();
    await user.click(row.getByRole('button', { name: /Show files of Confluence/ }));
    expect(row.getByText(/Syncing: 500 of about 2,000 pages checked \(25%\)/)).toBeInTheDocument();
    expect(await row.findByRole('button', { name: 'Syncing…' })).toBeDisabled();
    // The item opens in the app (its text); its page in Confluence opens in a new tab.
    expect(row.getByRole('link', { name: 'On-call runbook' })).toHaveAttribute(
      'href',
      '/app/documents/p1',
    );
    const tool = row.getByRole('link', { name: 'Open On-call runbook in Confluence' });
    expect(tool).toHaveAttribute(
      'href',
      'https://acme.atlassian.net/wiki/spaces/ENG/pages/1/On-call',
    );
    expect(tool).toHaveAttribute('target', '_blank');
    expect(tool).toHaveAttribute('rel', 'noopener noreferrer');
    expect(row.getByText(/Showing 1 of 2,000 pages/)).toBeInTheDocument();
    expect(row.queryByRole('button', { name: 'Delete On-call runbook' })).not.toBeInTheDocument();
  });

  it('asks to reconnect a source whose credentials were refused, and disconnects on confirm', async () => {
    signIn();
    const user = userEvent.setup();
    const deleted = vi.fn();
    renderPage([
      sourcesMock([
        source({
          id: 's9',
          kind: 'jira',
          name: 'Jira · OPS',
          documentCount: 40,
          connection: connection({
            status: 'needs_reauth',
            lastError:
              'Jira refused the credentials (HTTP 401). Check them and save the connection again.',
          }),
        }),
      ]),
      integrationSettingsMock('jira'),
      capabilitiesMock([]),
      {
        request: { query: DeleteSourceDocument, variables: { id: 's9' } },
        result: () => {
          deleted();
          return { data: { deleteSource: true } };
        },
      },
      sourcesMock([]),
    ]);
    const row = within(await screen.findByRole('listitem', { name: 'Jira · OPS' }));
    // The badge (and, in the folded panel, the alert's title).
    expect(row.getAllByText('Reconnect needed').length).toBeGreaterThan(0);
    await user.click(row.getByRole('button', { name: /Show files of Jira/ }));
    expect(await row.findByRole('alert')).toHaveTextContent(
      /Reconnect needed.*refused the credentials/,
    );
    expect(row.getByRole('button', { name: 'Resync' })).toBeDisabled();
    await user.click(row.getByRole('button', { name: 'Reconnect' }));
    expect(await screen.findByRole('dialog', { name: 'Connect Jira' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(row.getByRole('button', { name: 'Disconnect Jira · OPS' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Disconnect source' }));
    expect(dialog.getByText(/remove its 40 issues from search/)).toBeInTheDocument();
    expect(dialog.getByText(/saved credentials are removed/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(deleted).toHaveBeenCalledTimes(1));
  });

  it('lets members without source.write look, but not upload or delete', async () => {
    signIn(['search.read']);
    renderPage([sourcesMock([source({}, [doc()])])]);
    expect(await screen.findByRole('listitem', { name: 'Handbook' })).toBeInTheDocument();
    expect(screen.getByText(/Only an admin or product expert can add sources/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload files' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Dropbox/ })).not.toBeInTheDocument();
  });

  it('shows why the sources could not be loaded', async () => {
    signIn();
    renderPage([{ request: { query: SourcesDocument }, error: new TypeError('Failed to fetch') }]);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the sources');
    expect(alert).toHaveTextContent(
      'Cannot reach the server. Check your connection and try again.',
    );
  });
});
