import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CreateUploadSourceDocument, DeleteSourceDocument } from '../graphql/sources.generated';
import { fakeToken, type RenderOptions, renderWithProviders } from '../../../test/render';
import {
  confirmUploadMock,
  createSourceMock,
  createUploadDuplicateMock,
  createUploadMock,
  doc,
} from '../../../test/sources-mocks';
import { storeSession } from '../../auth/session-store';
import { gracePerson, groupOptionsMock, peopleMock } from '../../../test/access-mocks';
import type { PutFile } from '../put-file';
import { SOURCE_CATALOGUE, type CatalogueSource } from '../source-catalogue';
import { UploadDialog } from './UploadDialog';

afterEach(() => {
  notifications.clean();
  vi.unstubAllGlobals();
});

const FILE_UPLOAD = SOURCE_CATALOGUE.find((s) => s.id === 'file_upload')!;
/** What the dialog sends when its access choice was left alone. */
const EVERYONE_INPUT = { mode: 'WORKSPACE' as const };
const pdf = (name = 'report.pdf', body = '%PDF-1.7 hello') =>
  new File([body], name, { type: 'application/pdf' });

function Harness({ put, onChanged }: { put?: PutFile; onChanged: (id?: string) => void }) {
  const [connector, setConnector] = useState<CatalogueSource | null>(FILE_UPLOAD);
  return (
    <>
      <button type="button" onClick={() => setConnector(FILE_UPLOAD)}>
        Open
      </button>
      <UploadDialog
        connector={connector}
        onClose={() => setConnector(null)}
        onChanged={onChanged}
        put={put}
      />
    </>
  );
}

function renderDialog(mocks: RenderOptions['mocks'] = [], put?: PutFile) {
  const onChanged = vi.fn();
  renderWithProviders(<Harness put={put} onChanged={onChanged} />, { mocks });
  const dialog = screen.getByRole('dialog', { name: 'Connect source: File Upload' });
  return { dialog: within(dialog), onChanged };
}

const dialogGone = () =>
  waitFor(() =>
    expect(
      screen.queryByRole('dialog', { name: 'Connect source: File Upload' }),
    ).not.toBeInTheDocument(),
  );

/** An XMLHttpRequest whose PUT is answered 413 by the storage, as the server does. */
class TooLargeXhr {
  static sent: { method: string; url: string; body: unknown }[] = [];
  upload: { onprogress: ((e: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  status = 0;
  responseText = '';
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private method = '';
  private url = '';
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  abort() {}
  send(body: unknown) {
    TooLargeXhr.sent.push({ method: this.method, url: this.url, body });
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 30, total: 100 });
      this.status = 413;
      this.responseText = JSON.stringify({
        error: 'PAYLOAD_TOO_LARGE',
        message: 'Files are limited to 50 MB.',
      });
      this.onload?.();
    }, 0);
  }
}

describe('UploadDialog', () => {
  it('requires a description and a file before calling the server; Escape closes', async () => {
    const user = userEvent.setup();
    const create = vi.fn();
    const { dialog } = renderDialog([
      { request: { query: CreateUploadSourceDocument, variables: () => true }, result: create },
    ]);
    expect(dialog.getByLabelText(/^Description/)).toBeRequired();
    expect(dialog.getByLabelText('Name')).not.toBeRequired();

    await user.click(dialog.getByRole('button', { name: 'Upload' }));
    expect(await dialog.findByText('Describe what these files are about')).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Description/)).toHaveAttribute('aria-invalid', 'true');
    expect(dialog.getByText('Choose at least one file to upload.')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();

    await user.keyboard('{Escape}');
    await dialogGone();
  });

  it('takes the text and OpenDocument formats too', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { dialog } = renderDialog();
    const names = [
      'a.md',
      'b.markdown',
      'c.csv',
      'd.html',
      'e.htm',
      'f.json',
      'g.rtf',
      'h.odt',
    ].concat(['i.ods', 'j.odp']);
    await user.upload(
      dialog.getByLabelText('Files'),
      names.map((name) => new File(['content'], name)),
    );
    const list = within(dialog.getByRole('list', { name: 'Chosen files' }));
    for (const name of names)
      expect(list.getByRole('listitem', { name })).not.toHaveTextContent('Not added');
  });

  it('refuses other file types with a message, picked or dropped, and skips empty files', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { dialog } = renderDialog();
    const input = dialog.getByLabelText('Files');
    expect(input).toHaveAttribute(
      'accept',
      '.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.txt,.md,.markdown,.csv,.html,.htm,.json,.rtf,.odt,.ods,.odp',
    );

    await user.upload(input, [
      pdf('Report.PDF'),
      new File(['png'], 'notes.png', { type: 'image/png' }),
      new File([], 'empty.txt', { type: 'text/plain' }),
    ]);
    const list = within(dialog.getByRole('list', { name: 'Chosen files' }));
    expect(list.getByRole('listitem', { name: 'Report.PDF' })).not.toHaveTextContent('Not added');
    expect(list.getByRole('listitem', { name: 'notes.png' })).toHaveTextContent(
      'Not added: Only PDF, Word, Excel, PowerPoint, OpenDocument, RTF, CSV, Markdown, HTML, JSON or plain text (.txt) files can be uploaded.',
    );
    expect(list.getByRole('listitem', { name: 'empty.txt' })).toHaveTextContent(
      'The file is empty, so it was skipped.',
    );

    fireEvent.drop(screen.getByTestId('file-drop-zone'), {
      dataTransfer: {
        files: [new File(['MZ'], 'setup.exe'), pdf('minutes.pdf')],
        types: ['Files'],
      },
    });
    expect(await list.findByRole('listitem', { name: 'minutes.pdf' })).toBeInTheDocument();
    expect(list.getByRole('listitem', { name: 'setup.exe' })).toHaveTextContent('Not added');
    expect(dialog.getByRole('button', { name: 'Upload 2 files' })).toBeInTheDocument();
  });

  it('shows each file’s upload percent, then closes with a summary once all are confirmed', async () => {
    const user = userEvent.setup();
    const file = pdf();
    let finishPut!: () => void;
    const put: PutFile = (_url, _file, { onProgress }) => {
      onProgress(60);
      return new Promise((resolve) => (finishPut = resolve));
    };
    const { dialog, onChanged } = renderDialog(
      [
        createSourceMock({ name: null, description: 'Quarterly reports', access: EVERYONE_INPUT }),
        createUploadMock(file),
        confirmUploadMock('k1', doc({ fileName: 'report.pdf', status: 'queued', progress: 0 })),
      ],
      put,
    );
    await user.type(dialog.getByLabelText(/^Description/), 'Quarterly reports');
    await user.upload(dialog.getByLabelText('Files'), file);
    await user.click(dialog.getByRole('button', { name: 'Upload' }));

    const bar = await dialog.findByRole('progressbar', { name: 'Uploading report.pdf' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '60'));
    expect(dialog.getByText('60%')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Cancel upload' })).toBeInTheDocument();

    finishPut();
    await dialogGone();
    expect(await screen.findByText('1 file uploaded — indexing…')).toBeInTheDocument();
    expect(onChanged).toHaveBeenCalledWith('s1');
  });

  it('adds files to an existing source: only the files, no new source, and no toast', async () => {
    const user = userEvent.setup();
    const file = pdf('minutes.pdf');
    const created = vi.fn();
    const onChanged = vi.fn();
    const onUploaded = vi.fn();
    const put: PutFile = async () => {};
    renderWithProviders(
      <UploadDialog
        connector={null}
        into={{ id: 's7', name: 'Board papers' }}
        onClose={() => {}}
        onChanged={onChanged}
        onUploaded={onUploaded}
        put={put}
      />,
      {
        mocks: [
          { ...createSourceMock({ name: null, description: '' }), result: created },
          createUploadMock(file, 's7'),
          confirmUploadMock('k1', doc({ fileName: 'minutes.pdf', status: 'queued' })),
        ],
      },
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Add files to Board papers' }));
    expect(dialog.queryByLabelText('Name')).not.toBeInTheDocument();
    expect(dialog.queryByLabelText(/^Description/)).not.toBeInTheDocument();
    expect(dialog.queryByText('Who can see this source')).not.toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Upload' }));
    expect(await dialog.findByText('Choose at least one file to upload.')).toBeInTheDocument();
    await user.upload(dialog.getByLabelText('Files'), file);
    await user.click(dialog.getByRole('button', { name: 'Upload' }));

    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith('s7', 1));
    expect(onChanged).toHaveBeenCalledWith('s7');
    expect(created).not.toHaveBeenCalled();
    // The page follows the indexing in the source's row: nothing floats over the list.
    expect(screen.queryByText(/uploaded — indexing/)).not.toBeInTheDocument();
  });

  it("shows the storage's 413 message on the file, and closing removes the empty source", async () => {
    vi.stubGlobal('XMLHttpRequest', TooLargeXhr);
    const user = userEvent.setup();
    const file = pdf('big.pdf');
    const deleted = vi.fn(() => ({ data: { deleteSource: true } }));
    const { dialog, onChanged } = renderDialog([
      createSourceMock({ name: 'Archive', description: 'Old scans', access: EVERYONE_INPUT }),
      createUploadMock(file),
      { request: { query: DeleteSourceDocument, variables: { id: 's1' } }, result: deleted },
    ]);
    await user.type(dialog.getByLabelText('Name'), 'Archive');
    await user.type(dialog.getByLabelText(/^Description/), 'Old scans');
    await user.upload(dialog.getByLabelText('Files'), file);
    await user.click(dialog.getByRole('button', { name: 'Upload' }));

    const item = await dialog.findByRole('listitem', { name: 'big.pdf' });
    await waitFor(() => expect(item).toHaveTextContent('Files are limited to 50 MB.'));
    expect(TooLargeXhr.sent).toEqual([
      { method: 'PUT', url: '/storage/w1/k1?sig=abc', body: file },
    ]);
    expect(screen.getByText('1 file could not be uploaded')).toBeInTheDocument();
    // It stays open so the reason can be read.
    expect(screen.getByRole('dialog', { name: 'Connect source: File Upload' })).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Close' }));
    await dialogGone();
    await waitFor(() => expect(deleted).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(onChanged).toHaveBeenLastCalledWith());
  });

  it('shows a file already uploaded with Replace and Skip; the rest of the batch carries on', async () => {
    const user = userEvent.setup();
    const handbook = pdf('handbook.pdf');
    const policy = pdf('policy.pdf');
    const minutes = pdf('minutes.pdf', '%PDF-1.7 minutes');
    const put = vi.fn<PutFile>(async () => {});
    const replaced = vi.fn();
    // No uploadDuplicates answer here: the files are refused one by one at createUpload (what
    // happens when that question fails, or another upload of the same file won the race).
    const { dialog, onChanged } = renderDialog(
      [
        createSourceMock({ name: null, description: 'HR', access: EVERYONE_INPUT }),
        createUploadDuplicateMock(handbook, {
          documentId: 'd7',
          title: 'Handbook 2024',
          sourceName: 'HR files',
        }),
        createUploadDuplicateMock(policy, {
          documentId: 'd9',
          title: 'Policy',
          sourceName: 'Legal',
        }),
        createUploadMock(minutes, 's1', 'k1'),
        confirmUploadMock('k1', doc({ fileName: 'minutes.pdf', status: 'queued' })),
        createUploadMock(handbook, 's1', 'k2', replaced, 'd7'),
        confirmUploadMock('k2', doc({ id: 'd8', fileName: 'handbook.pdf', status: 'queued' })),
      ],
      put,
    );
    await user.type(dialog.getByLabelText(/^Description/), 'HR');
    await user.upload(dialog.getByLabelText('Files'), [handbook, policy, minutes]);
    await user.click(dialog.getByRole('button', { name: 'Upload 3 files' }));

    const list = within(dialog.getByRole('list', { name: 'Chosen files' }));
    const first = await list.findByRole('listitem', { name: 'handbook.pdf' });
    await waitFor(() =>
      expect(first).toHaveTextContent('Already uploaded as Handbook 2024 (HR files)'),
    );
    await waitFor(() =>
      expect(list.getByRole('listitem', { name: 'policy.pdf' })).toHaveTextContent(
        'Already uploaded as Policy (Legal)',
      ),
    );
    await waitFor(() =>
      expect(list.getByRole('listitem', { name: 'minutes.pdf' })).toHaveTextContent('Uploaded'),
    );
    // Only the new file's bytes were sent; the dialog waits for a choice.
    expect(put).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('2 files already uploaded')).toBeInTheDocument();
    expect(onChanged).toHaveBeenCalledWith('s1');

    await user.click(list.getByRole('button', { name: 'Skip policy.pdf' }));
    expect(list.queryByRole('listitem', { name: 'policy.pdf' })).not.toBeInTheDocument();
    await user.click(
      within(first).getByRole('button', { name: 'Replace Handbook 2024 with handbook.pdf' }),
    );
    expect(first).toHaveTextContent('Replaces Handbook 2024 (HR files) once uploaded.');
    expect(within(first).queryByRole('button', { name: /Skip/ })).not.toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Upload' }));
    await dialogGone();
    expect(replaced).toHaveBeenCalledWith(expect.objectContaining({ replaceDocumentId: 'd7' }));
    expect(put).toHaveBeenCalledTimes(2);
    expect(await screen.findByText('1 file uploaded — indexing…')).toBeInTheDocument();
  });

  it('creates the source for chosen people and groups when access is restricted', async () => {
    storeSession(
      fakeToken({ permissions: ['user.read', 'search.read', 'source.write'] }),
      'refresh',
    );
    const user = userEvent.setup();
    const file = pdf();
    const created = vi.fn();
    const { dialog } = renderDialog(
      [
        peopleMock([gracePerson()]),
        groupOptionsMock([{ id: 'g1', name: 'Finance', memberCount: 3 }]),
        createSourceMock(
          {
            name: null,
            description: 'Budgets',
            access: { mode: 'RESTRICTED', memberIds: ['u2'], groupIds: ['g1'] },
          },
          's1',
          created,
        ),
        createUploadMock(file),
        confirmUploadMock('k1', doc({ fileName: 'report.pdf', status: 'queued', progress: 0 })),
      ],
      async () => {},
    );
    const access = within(dialog.getByRole('radiogroup', { name: 'Who can see this source' }));
    expect(access.getByRole('radio', { name: /^Everyone in the workspace/ })).toBeChecked();
    // Uploads have no tool whose permissions to mirror, and no warning about Everyone.
    expect(access.getAllByRole('radio')).toHaveLength(2);
    expect(access.queryByRole('radio', { name: /Mirror|Same as in the tool/ })).toBeNull();
    expect(dialog.queryByText(/connecting account can read/)).not.toBeInTheDocument();
    // Nothing to choose while everyone reads it.
    expect(dialog.queryByRole('combobox', { name: /^People/ })).not.toBeInTheDocument();

    await user.click(access.getByRole('radio', { name: /^Only chosen people and groups/ }));
    expect(dialog.getByText('You (Ada Lovelace)')).toBeInTheDocument();
    expect(dialog.getByText('Owner · always has access')).toBeInTheDocument();
    await user.click(dialog.getByRole('combobox', { name: /^People/ }));
    await user.click(await screen.findByRole('option', { name: /Grace Hopper/ }));
    await user.click(dialog.getByRole('combobox', { name: /^Groups/ }));
    await user.click(await screen.findByRole('option', { name: /Finance/ }));

    await user.type(dialog.getByLabelText(/^Description/), 'Budgets');
    await user.upload(dialog.getByLabelText('Files'), file);
    await user.click(dialog.getByRole('button', { name: 'Upload' }));
    await dialogGone();
    expect(created).toHaveBeenCalledTimes(1);
  });
});
