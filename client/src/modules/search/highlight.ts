/** A run of characters inside a text (the server's `TextRange`). */
export interface TextRange {
  start: number;
  length: number;
}

export interface TextPiece {
  text: string;
  /** Whether this piece is one of the matched words. */
  marked: boolean;
}

/**
 * Cuts `text` into plain and marked pieces. Ranges may arrive unsorted, overlapping or running
 * past the end; they are clipped and merged, so the pieces always add up to the text exactly.
 */
export function highlightPieces(text: string, ranges: readonly TextRange[]): TextPiece[] {
  const spans = ranges
    .map((r) => [
      Math.max(0, Math.floor(r.start)),
      Math.min(text.length, Math.floor(r.start + r.length)),
    ])
    .filter(([start, end]) => Number.isFinite(start) && Number.isFinite(end) && end > start)
    .sort((a, b) => a[0] - b[0]);

  const merged: number[][] = [];
  for (const span of spans) {
    const last = merged[merged.length - 1];
    if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else merged.push([...span]);
  }

  const pieces: TextPiece[] = [];
  let at = 0;
  for (const [start, end] of merged) {
    if (start > at) pieces.push({ text: text.slice(at, start), marked: false });
    pieces.push({ text: text.slice(start, end), marked: true });
    at = end;
  }
  if (at < text.length) pieces.push({ text: text.slice(at), marked: false });
  return pieces;
}
