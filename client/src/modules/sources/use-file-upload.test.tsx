import { MockedProvider, type MockedProviderProps } from '@apollo/client/testing/react';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  confirmUploadErrorMock,
  confirmUploadMock,
  createSourceMock,
  createUploadMock,
  doc,
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
        createSourceMock({ name: 'Handbook', description: 'HR policies' }, 's1', () =>
          order.push('createUploadSource'),
        ),
        createUploadMock(file, 's1', 'k1', () => order.push('createUpload')),
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
    expect(order).toEqual(['createUploadSource', 'createUpload', 'PUT /storage/w1/k1?sig=abc']);

    let summary!: UploadSummary;
    await act(async () => {
      finishPut();
      summary = await running;
    });
    expect(summary).toEqual({ sourceId: 's1', uploaded: ['report.pdf'], failed: [] });
    expect(order).toEqual([
      'createUploadSource',
      'createUpload',
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
});
