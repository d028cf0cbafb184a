import zlib from 'node:zlib';
import { inflateSync, strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { parseDocument, parseInWorker, ParseError, ZIP_LIMITS } from './index.js';
import { SafeZip } from './zip-guard.js';

const MB = 1024 * 1024;

/**
 * DEFLATE data that inflates to `mb` MiB of zeros, built in milliseconds: one MiB compressed
 * with a sync flush ends on a byte boundary and refers only to itself, so repeating those bytes
 * repeats the output; an empty final block closes the stream.
 */
function deflatedZeros(mb: number): Uint8Array {
  const block = zlib.deflateRawSync(Buffer.alloc(MB), { finishFlush: zlib.constants.Z_SYNC_FLUSH });
  const end = zlib.deflateRawSync(Buffer.alloc(0));
  const out = new Uint8Array(block.length * mb + end.length);
  for (let i = 0; i < mb; i++) out.set(block, i * block.length);
  out.set(end, block.length * mb);
  return out;
}

interface RawEntry {
  name: string;
  data: Uint8Array; // as stored
  method: 0 | 8;
  size: number; // declared uncompressed size: may lie
}

/** A minimal zip writer, so that tests can declare any sizes (CRCs are left at 0). */
function writeZip(entries: RawEntry[]): Uint8Array {
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = strToU8(entry.name);
    const local = new Uint8Array(30 + name.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(4, 20, true);
    lv.setUint16(8, entry.method, true);
    lv.setUint32(18, entry.data.length, true);
    lv.setUint32(22, entry.size, true);
    lv.setUint16(26, name.length, true);
    local.set(name, 30);
    const central = new Uint8Array(46 + name.length);
    const cv = new DataView(central.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(4, 20, true);
    cv.setUint16(6, 20, true);
    cv.setUint16(10, entry.method, true);
    cv.setUint32(20, entry.data.length, true);
    cv.setUint32(24, entry.size, true);
    cv.setUint16(28, name.length, true);
    cv.setUint32(42, offset, true);
    central.set(name, 46);
    locals.push(local, entry.data);
    centrals.push(central);
    offset += local.length + entry.data.length;
  }
  const cdSize = centrals.reduce((n, c) => n + c.length, 0);
  const eocd = new Uint8Array(22);
  const ev = new DataView(eocd.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, entries.length, true);
  ev.setUint16(10, entries.length, true);
  ev.setUint32(12, cdSize, true);
  ev.setUint32(16, offset, true);
  const parts = [...locals, ...centrals, eocd];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, part) => (out.set(part, at), at + part.length), 0);
  return out;
}

const stored = (name: string, text: string): RawEntry => {
  const data = strToU8(text);
  return { name, data, method: 0, size: data.length };
};
const docxWith = (document: RawEntry) =>
  writeZip([stored('[Content_Types].xml', '<Types/>'), document]);

async function expectZipBomb(run: () => Promise<unknown> | unknown) {
  const error = await Promise.resolve()
    .then(run)
    .then(
      () => null,
      (e: unknown) => e,
    );
  expect(error).toBeInstanceOf(ParseError);
  expect((error as ParseError).code).toBe('ZIP_BOMB');
  expect((error as ParseError).message).toBe(
    'This file expands to far more data than its size allows; it was refused.',
  );
}

describe('zip bombs', () => {
  it('the test bomb is real: its DEFLATE data inflates to what it claims', () => {
    const data = deflatedZeros(3);
    expect(data.length).toBeLessThan(10_000);
    const inflated = inflateSync(data);
    expect(inflated.length).toBe(3 * MB);
    expect(inflated.every((byte) => byte === 0)).toBe(true);
  });

  it('refuses a docx whose document.xml honestly declares 300 MB, before inflating it', async () => {
    const data = deflatedZeros(300);
    const bomb = docxWith({ name: 'word/document.xml', data, method: 8, size: 300 * MB });
    expect(bomb.length).toBeLessThan(400_000);
    const started = performance.now();
    await expectZipBomb(() => parseDocument(bomb, 'bomb.docx'));
    // Inflating 300 MB takes seconds; the central directory check takes microseconds.
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('refuses an entry that lies about its size, while inflating it', async () => {
    const data = deflatedZeros(20);
    const liar = docxWith({ name: 'word/document.xml', data, method: 8, size: 1000 });
    await expectZipBomb(() => parseDocument(liar, 'liar.docx'));
    await expectZipBomb(() => new SafeZip(liar, 'docx').read('word/document.xml'));
  });

  it('refuses a lying xlsx before SheetJS (which has no limits) sees it', async () => {
    const liar = writeZip([
      stored('xl/workbook.xml', '<workbook/>'),
      { name: 'xl/worksheets/sheet1.xml', data: deflatedZeros(20), method: 8, size: 1000 },
    ]);
    await expectZipBomb(() => parseDocument(liar, 'liar.xlsx'));
  });

  it('refuses a pptx in a worker too', async () => {
    const bomb = writeZip([
      stored('ppt/presentation.xml', '<p:presentation/>'),
      { name: 'ppt/slides/slide1.xml', data: deflatedZeros(300), method: 8, size: 300 * MB },
    ]);
    await expectZipBomb(() => parseInWorker(bomb, 'bomb.pptx'));
  });

  it('refuses more entries than the limit', async () => {
    const files: Record<string, Uint8Array> = { 'word/document.xml': strToU8('<w:document/>') };
    for (let i = 0; i < ZIP_LIMITS.maxEntries; i++)
      files[`word/media/${i}.txt`] = new Uint8Array(0);
    await expectZipBomb(() => parseDocument(zipSync(files, { level: 0 }), 'many.docx'));
  });

  it('enforces the total declared size and the compression ratio from the directory', async () => {
    const twoEntries = writeZip([
      stored('a.xml', 'x'.repeat(600)),
      stored('b.xml', 'y'.repeat(600)),
    ]);
    expect(
      new SafeZip(twoEntries, 'docx', { ...ZIP_LIMITS, maxTotalBytes: 1200 }).names(),
    ).toHaveLength(2);
    await expectZipBomb(
      () => new SafeZip(twoEntries, 'docx', { ...ZIP_LIMITS, maxTotalBytes: 1199 }),
    );

    // 2 MB from about 2 KB: far under the total limit, far over the 200:1 ratio.
    const dense = docxWith({
      name: 'word/document.xml',
      data: deflatedZeros(2),
      method: 8,
      size: 2 * MB,
    });
    await expectZipBomb(() => parseDocument(dense, 'dense.docx'));
    // The same data is fine where the ratio limit allows it.
    const lenient = new SafeZip(dense, 'docx', { ...ZIP_LIMITS, maxRatio: 10_000 });
    expect(lenient.read('word/document.xml')?.length).toBe(2 * MB);
  });

  it('reads an ordinary zip entry', () => {
    const zip = new SafeZip(zipSync({ 'word/document.xml': strToU8('<w:t>hi</w:t>') }), 'docx');
    expect(zip.names()).toEqual(['word/document.xml']);
    expect(zip.text('word/document.xml')).toBe('<w:t>hi</w:t>');
    expect(zip.read('missing.xml')).toBeNull();
  });
});
