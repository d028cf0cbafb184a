import type { ParsedDocument } from './parsing/index.js';
import type { ChunkLocation } from './chunk.entity.js';

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
 * so every chunk keeps an exact location.
 */
export function chunkDocument(doc: ParsedDocument): TextChunk[] {
  const chunks: TextChunk[] = [];
  for (const section of doc.sections) {
    for (const text of chunkText(section.text)) chunks.push({ text, location: section.location });
  }
  return chunks;
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
      else
        for (let i = 0; i < sentence.length; i += target) out.push(sentence.slice(i, i + target));
    }
  }
  return out;
}

/** The last `chars` of a chunk, starting at a word boundary. */
function tail(text: string, chars: number): string {
  if (text.length <= chars) return text;
  const cut = text.slice(-chars);
  const space = cut.search(/\s/);
  return space >= 0 ? cut.slice(space + 1) : cut;
}
