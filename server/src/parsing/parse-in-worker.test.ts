import fs from 'node:fs';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseInWorker, ParseError, type ParseInWorkerOptions } from './index.js';

const FIXTURES = new URL('../../test/fixtures/office/', import.meta.url);
const MISBEHAVING = new URL('workers/misbehaving-worker.mjs', FIXTURES);
const runbook = () => new Uint8Array(fs.readFileSync(new URL('incident-runbook.docx', FIXTURES)));

/** Runs parseInWorker and returns its ParseError and how long it took, or fails the test. */
async function failure(bytes: Uint8Array, fileName: string, options: ParseInWorkerOptions = {}) {
  const started = performance.now();
  const error = await parseInWorker(bytes, fileName, options).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ParseError);
  return { error: error as ParseError, ms: performance.now() - started };
}

/** A one-page PDF whose content stream inflates to `mb` MiB of spaces before its text. */
function pdfBomb(mb: number): Uint8Array {
  // As in zip-guard.test.ts: a sync-flushed MiB repeated is a valid, larger DEFLATE stream,
  // here behind a zlib header (pdf.js does not check the trailing checksum).
  const block = zlib.deflateRawSync(Buffer.alloc(1024 * 1024, 0x20), {
    finishFlush: zlib.constants.Z_SYNC_FLUSH,
  });
  const tail = zlib.deflateRawSync(Buffer.from('BT /F1 12 Tf 72 720 Td (Hidden text) Tj ET'));
  const stream = Buffer.concat([Buffer.from([0x78, 0x9c]), ...Array<Buffer>(mb).fill(block), tail]);
  const objects = [
    '<</Type/Catalog/Pages 2 0 R>>',
    '<</Type/Pages/Kids[3 0 R]/Count 1>>',
    '<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R' +
      '/Resources<</Font<</F1 5 0 R>>>>>>',
    null, // the content stream
    '<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>',
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n')];
  const offsets: number[] = [];
  let length = parts[0].length;
  objects.forEach((body, i) => {
    offsets.push(length);
    const object = body
      ? Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`)
      : Buffer.concat([
          Buffer.from(`${i + 1} 0 obj\n<</Length ${stream.length}/Filter/FlateDecode>>stream\n`),
          stream,
          Buffer.from('\nendstream\nendobj\n'),
        ]);
    parts.push(object);
    length += object.length;
  });
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${length}\n%%EOF\n`;
  return new Uint8Array(Buffer.concat([...parts, Buffer.from(xref)]));
}

describe('parseInWorker', () => {
  it('stops a worker that hangs, within the timeout given', async () => {
    const { error, ms } = await failure(new Uint8Array(10), 'hang', {
      timeoutMs: 500,
      workerModule: MISBEHAVING,
    });
    expect(error.code).toBe('TIMEOUT');
    expect(error.message).toBe('Reading this file took longer than 500 ms; it was stopped.');
    expect(ms).toBeGreaterThanOrEqual(490);
    expect(ms).toBeLessThan(2000);
  });

  it('stops a worker that outgrows its heap limit', async () => {
    const { error } = await failure(new Uint8Array(10), 'heap', {
      maxMemoryMb: 32,
      workerModule: MISBEHAVING,
    });
    expect(error.code).toBe('OUT_OF_MEMORY');
    expect(error.message).toBe(
      'Reading this file needed more than 32 MB of memory; it was stopped.',
    );
  });

  it('stops a worker whose binary buffers (outside the heap) grow too much', async () => {
    const { error, ms } = await failure(new Uint8Array(10), 'buffers', {
      maxRssGrowthMb: 200,
      workerModule: MISBEHAVING,
    });
    expect(error.code).toBe('OUT_OF_MEMORY');
    expect(ms).toBeLessThan(10_000);
  });

  it('stops a real PDF whose content stream inflates to 2 GB', async () => {
    // The same construction, small, is a readable PDF: the bomb is not just a damaged file.
    const small = await parseInWorker(pdfBomb(2), 'small.pdf');
    expect(small.sections).toEqual([{ text: 'Hidden text', location: { kind: 'page', index: 1 } }]);

    const bomb = pdfBomb(2048);
    expect(bomb.length).toBeLessThan(3 * 1024 * 1024);
    const { error, ms } = await failure(bomb, 'bomb.pdf', { maxRssGrowthMb: 300 });
    expect(error.code).toBe('OUT_OF_MEMORY');
    expect(ms).toBeLessThan(15_000);
  });

  it('reports a worker that exits without replying as a failure of that file', async () => {
    const { error } = await failure(new Uint8Array(10), 'exit', { workerModule: MISBEHAVING });
    expect(error.code).toBe('CORRUPT');
  });

  it('passes refusals back with their code and message', async () => {
    const executable = new Uint8Array(1024).fill(0x20);
    executable.set([0x4d, 0x5a]);
    const { error } = await failure(executable, 'report.pdf');
    expect(error.code).toBe('CONTENT_MISMATCH');
    expect(error.message).toBe("This file's content is not a PDF (it looks like an executable).");
  });

  it('still parses in new workers afterwards, in parallel, leaving the caller its bytes', async () => {
    const bytes = runbook();
    const documents = await Promise.all([1, 2, 3].map(() => parseInWorker(bytes, 'runbook.docx')));
    for (const document of documents) expect(document.sections[0].text).toContain('Priya Raman');
    expect(bytes.length).toBeGreaterThan(4000); // copied to the worker, not detached
    expect(bytes[0]).toBe(0x50);
  });
});
