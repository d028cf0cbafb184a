import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeleteDocumentDocument, SourcesDocument } from '../../graphql/generated';
import { storeSession } from '../../modules/auth/session-store';
import { fakeToken, renderWithProviders, type RenderOptions } from '../../test/render';
import { doc, source, sourcesMock } from '../../test/sources-mocks';
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
    expect(screen.getByRole('heading', { name: 'Connectors', level: 2 })).toBeInTheDocument();
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
    renderPage([
      sourcesMock([source({}, [doc({ fileName: 'a.txt', status: 'queued', progress: 0 })])]),
      sourcesMock([source({}, [doc({ fileName: 'a.txt', status: 'indexed', chunkCount: 7 })])]),
      { request: { query: SourcesDocument }, result: later },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Show files of Handbook' }));
    const file = await screen.findByRole('listitem', { name: 'a.txt' });
    expect(file).toHaveTextContent('Queued');
    await waitFor(() => expect(file).toHaveTextContent('7 chunks'), { timeout: 4000 });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(later).not.toHaveBeenCalled();
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

  it('opens the upload dialog from any card; a coming-soon one says so', async () => {
    signIn();
    const user = userEvent.setup();
    renderPage([sourcesMock([])]);
    await user.click(screen.getByRole('button', { name: /^Confluence Pages: coming soon/ }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Connect source: File Upload' }),
    );
    expect(
      dialog.getByText(/Connecting Confluence Pages directly is coming soon/),
    ).toBeInTheDocument();
    expect(dialog.getByLabelText('Name')).toHaveValue('Confluence Pages');
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: /^File Upload: upload files/ }));
    const again = within(
      await screen.findByRole('dialog', { name: 'Connect source: File Upload' }),
    );
    expect(again.queryByText(/coming soon/)).not.toBeInTheDocument();
    expect(again.getByLabelText('Name')).toHaveValue('');
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
