import { describe, expect, it } from 'vitest';
import { highlightPieces } from './highlight';

const render = (text: string, ranges: { start: number; length: number }[]) =>
  highlightPieces(text, ranges)
    .map((p) => (p.marked ? `[${p.text}]` : p.text))
    .join('');

describe('highlightPieces', () => {
  it('marks the given ranges and keeps the rest as plain text', () => {
    expect(highlightPieces('the holiday policy', [{ start: 4, length: 7 }])).toEqual([
      { text: 'the ', marked: false },
      { text: 'holiday', marked: true },
      { text: ' policy', marked: false },
    ]);
  });

  it('sorts, merges overlapping ranges and clips those past the end', () => {
    expect(
      render('abcdefghij', [
        { start: 8, length: 10 },
        { start: 1, length: 2 },
        { start: 2, length: 2 },
      ]),
    ).toBe('a[bcd]efgh[ij]');
  });

  it('ignores empty and negative ranges', () => {
    expect(
      render('abc', [
        { start: 1, length: 0 },
        { start: -5, length: 2 },
      ]),
    ).toBe('abc');
    expect(highlightPieces('', [{ start: 0, length: 3 }])).toEqual([]);
  });
});
