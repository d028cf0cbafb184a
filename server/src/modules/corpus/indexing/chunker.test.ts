import { describe, expect, it } from 'vitest';
import { chunkDocument, chunkSheet, chunkText } from './chunker.js';

const row = (i: number) => `Item ${i}\tWarehouse ${i % 7}\t$${(i * 13) % 1000}`;
const HEADER = 'Product\tLocation\tPrice';

describe('chunkSheet', () => {
  it('repeats the header row at the start of every chunk and cuts only between rows', () => {
    const rows = Array.from({ length: 400 }, (_, i) => row(i));
    const chunks = chunkSheet([HEADER, ...rows].join('\n'), 300);
    expect(chunks.length).toBeGreaterThan(10);
    for (const chunk of chunks) {
      const lines = chunk.split('\n');
      expect(lines[0]).toBe(HEADER);
      expect(chunk.length).toBeLessThanOrEqual(300);
      for (const line of lines.slice(1)) expect(line.split('\t')).toHaveLength(3);
    }
    // Every row appears exactly once, in order.
    expect(chunks.flatMap((c) => c.split('\n').slice(1))).toEqual(rows);
  });

  it('keeps a small sheet in one chunk', () => {
    expect(chunkSheet(`${HEADER}\n${row(1)}\n\n${row(2)}`)).toEqual([
      `${HEADER}\n${row(1)}\n${row(2)}`,
    ]);
  });

  it('falls back to plain chunking without a tabbed header row', () => {
    const text = 'Notes about the budget.\nSecond line.';
    expect(chunkSheet(text)).toEqual(chunkText(text));
  });

  it('splits a row longer than a chunk on its own, header first', () => {
    const long = `Big\t${'word '.repeat(200)}`;
    const chunks = chunkSheet(`${HEADER}\n${row(1)}\n${long}\n${row(2)}`, 300);
    expect(chunks[0]).toBe(`${HEADER}\n${row(1)}`);
    expect(chunks[1].startsWith(`${HEADER}\nBig\t`)).toBe(true);
    expect(chunks[chunks.length - 1]).toBe(`${HEADER}\n${row(2)}`);
    expect(chunks.every((c) => c.length <= 300)).toBe(true);
  });
});

describe('chunkDocument', () => {
  it('chunks sheets by rows and other sections by text', () => {
    const sheetText = [HEADER, ...Array.from({ length: 200 }, (_, i) => row(i))].join('\n');
    const chunks = chunkDocument({
      format: 'xlsx',
      title: null,
      sections: [
        { text: sheetText, location: { kind: 'sheet', index: 1, name: 'Stock' } },
        { text: 'A short page.', location: { kind: 'page', index: 2 } },
      ],
    });
    const sheetChunks = chunks.filter((c) => c.location?.kind === 'sheet');
    expect(sheetChunks.length).toBeGreaterThan(1);
    expect(sheetChunks.every((c) => c.text.startsWith(`${HEADER}\n`))).toBe(true);
    expect(chunks[chunks.length - 1]).toEqual({
      text: 'A short page.',
      location: { kind: 'page', index: 2 },
    });
  });
});
