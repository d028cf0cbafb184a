import { MockedProvider, type MockedProviderProps } from '@apollo/client/testing/react';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  confirmUploadErrorMock,
  confirmUploadMock,
  createSourceMock,
  createUploadDuplicateMock,
  createUploadMock,
  doc,
  uploadDuplicatesMock,
} from '../../test/sources-mocks';
import { UploadError, type PutFile } from './put-file';
import { useFileUpload, type UploadSummary } from './use-file-upload';

const wrapper =
  (mocks: MockedProviderProps['mocks']) =>
  ({ children }: { children: ReactNode }) => (
    <MockedProvider mocks={mocks}>{children}</MockedProvider>
  );

const pdf = (name = 'report.pdf') =>
  new File(['%PDF-1.7 hello'], name, { type: 'application/pdf' });
/** SHA-256 of '%PDF-1.7 hello'. */
const PDF_HASH = '2a916d83fa20d97c7c3c04cf07b2d3f8d18ea47f59c841a221dd3a81f15fc347';
const HANDBOOK = { documentId: 'd7', title: 'Handbook 2024', sourceName: 'HR files' };

describe('useFileUpload', () => {
  it('creates the source, asks for a URL, PUTs the bytes with progress, then confirms', async () => {
    const file = pdf();
    const order: string[] = [];
    let finishPut!: () => void;
    const put = vi.fn<PutFile>((url, _file, { onProgress }) => {
      order.push(`PUT ${url}`);
      onProgress(40);
      return new Promise<void>((resolve) => (finishPut = resolve));
    });
    const { result } = renderHook(() => useFileUpload({ put }), {
      wrapper: wrapper([
        uploadDuplicatesMock({}, (hashes) => order.push(`uploadDuplicates ${hashes.join(',')}`)),
        createSourceMock({ name: 'Handbook', description: 'HR policies' }, 's1', () =>
          order.push('createUploadSource'),
        ),
        createUploadMock(file, 's1', 'k1', (input) =>
          order.push(`createUpload ${input.contentHash}`),
        ),
        confirmUploadMock('k1', doc({ fileName: 'report.pdf', status: 'queued' }), () =>
          order.push('confirmUpload'),
        ),
      ]),
    });

    act(() => result.current.add([file, file]));
    expect(result.current.items).toHaveLength(1); // the same file twice is kept once
    let running!: Promise<UploadSummary>;
    act(() => {
      running = result.current.run({ name: '  Handbook ', description: ' HR policies ' });
    });

    await waitFor(() =>
      expect(result.current.items[0]).toMatchObject({ status: 'uploading', percent: 40 }),
    );
    expect(result.current.running).toBe(true);
    expect(put).toHaveBeenCalledWith('/storage/w1/k1?sig=abc', file, expect.anything());
    // The file's SHA-256 is asked about before the source is created, and goes with the
    // request, so a file already there is never sent.
    expect(order).toEqual([
      `uploadDuplicates ${PDF_HASH}`,
      'createUploadSource',
      `createUpload ${PDF_HASH}`,
      'PUT /storage/w1/k1?sig=abc',
    ]);

    let summary!: UploadSummary;
    await act(async () => {
      finishPut();
      summary = await running;
    });
    expect(summary).toEqual({
      sourceId: 's1',
      uploaded: ['report.pdf'],
      failed: [],
      duplicates: [],
    });
    expect(order).toEqual([
      `uploadDuplicates ${PDF_HASH}`,
      'createUploadSource',
      `createUpload ${PDF_HASH}`,
      'PUT /storage/w1/k1?sig=abc',
      'confirmUpload',
    ]);
    expect(result.current.items[0]).toMatchObject({ status: 'done', percent: 100 });
    expect(result.current.running).toBe(false);
  });

  it("keeps each file's failure on that file: a refused PUT and refused content", async () => {
    const big = pdf('big.pdf');
    const fake = pdf('fake.pdf');
    const put = vi.fn<PutFile>(async (url) => {
      if (url.includes('k1')) throw new UploadError('Files are limited to 50 MB.', 413);
    });
    const { result } = renderHook(() => useFileUpload({ put }), {
      wrapper: wrapper([
        createSourceMock({ name: null, description: 'Scans' }),
        createUploadMock(big, 's1', 'k1'),
        createUploadMock(fake, 's1', 'k2'),
        confirmUploadErrorMock('k2', 'CONTENT_MISMATCH', "This file's content is not a PDF."),
      ]),
    });
    act(() => result.current.add([big, fake]));
    let summary!: UploadSummary;
    await act(async () => {
      summary = await result.current.run({ name: '', description: 'Scans' });
    });
    expect(summary.uploaded).toEqual([]);
    expect(summary.failed).toEqual(
      expect.arrayContaining([
        { name: 'big.pdf', message: 'Files are limited to 50 MB.' },
        { name: 'fake.pdf', message: "This file's content is not a PDF." },
      ]),
    );
    expect(result.current.items.map((i) => [i.file.name, i.status, i.error])).toEqual([
      ['big.pdf', 'failed', 'Files are limited to 50 MB.'],
      ['fake.pdf', 'failed', "This file's content is not a PDF."],
    ]);
  });

  it('holds a file the workspace already has for Replace, sending no bytes; Replace sends its id', async () => {
    const dup = pdf('handbook.pdf');
    const other = new File(['other text'], 'notes.txt', { type: 'text/plain' });
    const put = vi.fn<PutFile>(async () => {});
    const replaced = vi.fn();
    const { result } = renderHook(() => useFileUpload({ put }), {
      wrapper: wrapper([
        createSourceMock({ name: null, description: 'HR' }),
        createUploadDuplicateMock(dup, HANDBOOK),
        createUploadMock(other, 's1', 'k2'),
        confirmUploadMock('k2', doc({ fileName: 'notes.txt', status: 'queued' })),
        createUploadMock(dup, 's1', 'k3', replaced, 'd7'),
        confirmUploadMock('k3', doc({ id: 'd8', fileName: 'handbook.pdf', status: 'queued' })),
      ]),
    });
    act(() => result.current.add([dup, other]));
    let summary!: UploadSummary;
    await act(async () => {
      summary = await result.current.run({ name: '', description: 'HR' });
    });
    // The other file of the batch carries on; the duplicate's bytes were never sent.
    expect(summary).toEqual({
      sourceId: 's1',
      uploaded: ['notes.txt'],
      failed: [],
      duplicates: ['handbook.pdf'],
    });
    expect(put).toHaveBeenCalledTimes(1);
    expect(put).toHaveBeenCalledWith('/storage/w1/k2?sig=abc', other, expect.anything());
    expect(result.current.items[0]).toMatchObject({ status: 'duplicate', duplicate: HANDBOOK });

    act(() => result.current.replace(result.current.items[0].id));
    expect(result.current.items[0]).toMatchObject({ status: 'ready', replaces: HANDBOOK });
    await act(async () => {
      summary = await result.current.run({ name: '', description: 'HR' });
    });
    expect(summary.uploaded).toEqual(['handbook.pdf']);
    expect(replaced).toHaveBeenCalledWith(
      expect.objectContaining({ replaceDocumentId: 'd7', contentHash: PDF_HASH }),
    );
    expect(put).toHaveBeenLastCalledWith('/storage/w1/k3?sig=abc', dup, expect.anything());
    expect(result.current.items.map((i) => i.status)).toEqual(['done', 'done']);
  });

  it('creates no source for a batch whose files are all already there; Replace creates it', async () => {
    const dup = pdf('handbook.pdf');
    const created = vi.fn();
    const put = vi.fn<PutFile>(async () => {});
    const { result } = renderHook(() => useFileUpload({ put }), {
      wrapper: wrapper([
        uploadDuplicatesMock({ [PDF_HASH]: HANDBOOK }),
        createSourceMock({ name: null, description: 'HR' }, 's1', created),
        createUploadMock(dup, 's1', 'k3', undefined, 'd7'),
        confirmUploadMock('k3', doc({ id: 'd8', fileName: 'handbook.pdf', status: 'queued' })),
      ]),
    });
    act(() => result.current.add([dup]));
    let summary!: UploadSummary;
    await act(async () => {
      summary = await result.current.run({ name: '', description: 'HR' });
    });
    expect(summary).toEqual({
      sourceId: null,
      uploaded: [],
      failed: [],
      duplicates: ['handbook.pdf'],
    });
    expect(created).not.toHaveBeenCalled();
    expect(put).not.toHaveBeenCalled();
    expect(result.current.items[0]).toMatchObject({ status: 'duplicate', duplicate: HANDBOOK });
    // Closing now deletes nothing: there is no source to delete.
    await act(async () => expect(await result.current.reset()).toBe(false));

    act(() => result.current.add([dup]));
    await act(async () => {
      summary = await result.current.run({ name: '', description: 'HR' });
    });
    act(() => result.current.replace(result.current.items[0].id));
    await act(async () => {
      summary = await result.current.run({ name: '', description: 'HR' });
    });
    expect(created).toHaveBeenCalledTimes(1);
    expect(summary).toMatchObject({ sourceId: 's1', uploaded: ['handbook.pdf'] });
  });
});
