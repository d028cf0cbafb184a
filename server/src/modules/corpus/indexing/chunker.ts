import type { ParsedDocument } from '../../../parsing/index.js';
import type { ChunkLocation } from '../chunk.entity.js';

export interface TextChunk {
  text: string;
  location: ChunkLocation | null;
}

/** About 250 words: small enough to rank precisely, large enough to answer from. */
export const CHUNK_TARGET_CHARS = 1_500;
/** Text carried over from the end of one chunk to the start of the next, so no fact is cut. */
export const CHUNK_OVERLAP_CHARS = 200;

/**
 * Splits each section (page, sheet, slide) on paragraph, then sentence, then word boundaries
 * into chunks of at most CHUNK_TARGET_CHARS with a short overlap. Chunks never cross sections,
 * so every chunk keeps an exact location. Sheets are cut between rows instead (see chunkSheet).
 */
export function chunkDocument(doc: ParsedDocument): TextChunk[] {
  const chunks: TextChunk[] = [];
  for (const section of doc.sections) {
    const texts =
      section.location.kind === 'sheet' ? chunkSheet(section.text) : chunkText(section.text);
    for (const text of texts) chunks.push({ text, location: section.location });
  }
  return chunks;
}

/**
 * A sheet's rows (tab-separated lines) cut into chunks of whole rows, each chunk starting with
 * the sheet's header row, so a row found in any chunk still reads as "Header: value" and its
 * column names are searchable with it. Rows are records: no overlap is needed between chunks.
 * A sheet without a tabbed first row, or a row longer than a chunk, falls back to chunkText.
 */
export function chunkSheet(text: string, target = CHUNK_TARGET_CHARS): string[] {
  const rows = text.split('\n').filter((row) => row.trim());
  const header = rows[0];
  if (!header || !header.includes('\t') || header.length > target / 2)
    return chunkText(text, target);
  const chunks: string[] = [];
  let current: string[] = [];
  let size = header.length;
  const flush = () => {
    if (current.length) chunks.push([header, ...current].join('\n'));
    current = [];
    size = header.length;
  };
  for (const row of rows.slice(1)) {
    if (header.length + 1 + row.length > target) {
      flush();
      for (const piece of chunkText(row, target - header.length - 1, 0))
        chunks.push(`${header}\n${piece}`);
      continue;
    }
    if (size + 1 + row.length > target) flush();
    current.push(row);
    size += 1 + row.length;
  }
  flush();
  return chunks.length ? chunks : [header];
}

export function chunkText(
  text: string,
  target = CHUNK_TARGET_CHARS,
  overlap = CHUNK_OVERLAP_CHARS,
): string[] {
  const pieces = splitToPieces(text.trim(), target);
  const chunks: string[] = [];
  let current = '';
  for (const piece of pieces) {
    if (current && current.length + piece.length + 1 > target) {
      chunks.push(current.trim());
      current = tail(current, overlap);
    }
    current = current ? `${current}${current.endsWith('\n') ? '' : '\n'}${piece}` : piece;
  }
  if (
    current.trim() &&
    (chunks.length === 0 || !chunks[chunks.length - 1].endsWith(current.trim()))
  ) {
    chunks.push(current.trim());
  }
  return chunks;
}

/** Paragraphs, each cut into sentences and then words when longer than the target. */
function splitToPieces(text: string, target: number): string[] {
  const out: string[] = [];
  for (const paragraph of text.split(/\n{1,}/)) {
    const p = paragraph.trim();
    if (!p) continue;
    if (p.length <= target) {
      out.push(p);
      continue;
    }
    for (const sentence of p.split(/(?<=[.!?])\s+/)) {
      if (sentence.length <= target) out.push(sentence);
      else out.push(...splitWords(sentence, target));
    }
  }
  return out;
}

/** Words packed into pieces of at most `target` characters (separators kept); a longer word is cut. */
function splitWords(sentence: string, target: number): string[] {
  const out: string[] = [];
  let current = '';
  for (const word of sentence.split(/(?<=\s)(?=\S)/)) {
    if (current && (current + word).trimEnd().length > target) {
      out.push(current.trimEnd());
      current = '';
    }
    if (word.trimEnd().length > target) {
      for (let i = 0; i < word.length; i += target) out.push(word.slice(i, i + target).trimEnd());
    } else current += word;
  }
  if (current.trim()) out.push(current.trimEnd());
  return out;
}

/** The last `chars` of a chunk, starting at a word boundary. */
function tail(text: string, chars: number): string {
  if (chars <= 0) return '';
  if (text.length <= chars) return text;
  const cut = text.slice(-chars);
  const space = cut.search(/\s/);
  return space >= 0 ? cut.slice(space + 1) : cut;
}
