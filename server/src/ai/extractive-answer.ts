import type { DataSource } from 'typeorm';

export interface ExtractivePassage {
  text: string;
  /** Sheets get "Header: value" sentences, so a row carries its column names. */
  isSheet: boolean;
}

export interface WeightedLexeme {
  lexeme: string;
  idf: number;
}

const MAX_SENTENCES = 3;
const MAX_CHARS = 700;
const SENTENCE_CHARS = 400;

/**
 * The answer without a model: the sentences of the top passages that cover the question's terms
 * best (IDF-weighted, stemmed by Postgres like the index), each cited as [n]. Null when no
 * sentence shares a word with the question.
 */
export async function extractiveAnswer(
  db: DataSource,
  passages: ExtractivePassage[],
  terms: WeightedLexeme[],
): Promise<string | null> {
  const candidates = passages.flatMap((p, index) =>
    sentencesOf(p).map((text, order) => ({ text, passage: index, order })),
  );
  const total = terms.reduce((s, t) => s + t.idf, 0);
  if (candidates.length === 0 || total <= 0) return null;
  const rows: { lexemes: string[] }[] = await db.query(
    `SELECT array(SELECT lexeme FROM unnest(to_tsvector('english', s.text))) AS lexemes
       FROM unnest($1::text[]) WITH ORDINALITY AS s(text, i) ORDER BY s.i`,
    [candidates.map((c) => c.text)],
  );
  const weight = new Map(terms.map((t) => [t.lexeme, t.idf]));
  const scored = candidates
    .map((c, i) => {
      const covered = new Set(rows[i].lexemes.filter((l) => weight.has(l)));
      const coverage = [...covered].reduce((s, l) => s + weight.get(l)!, 0) / total;
      // Earlier passages ranked higher; a small nudge settles ties between equal sentences.
      return { ...c, score: coverage + 0.02 / (1 + c.passage) };
    })
    .filter((c) => c.score > 0.05)
    .sort((a, b) => b.score - a.score);
  if (scored.length === 0) return null;
  const picked: typeof scored = [];
  let chars = 0;
  for (const c of scored) {
    if (picked.length >= MAX_SENTENCES || c.score < scored[0].score * 0.6) break;
    if (picked.some((p) => p.text === c.text) || chars + c.text.length > MAX_CHARS) continue;
    picked.push(c);
    chars += c.text.length;
  }
  return picked.map((c) => `${c.text} [${c.passage + 1}]`).join(' ');
}

/** Sentences (or sheet rows) of a passage, trimmed to a readable length. */
export function sentencesOf(passage: ExtractivePassage): string[] {
  const lines = passage.text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  if (passage.isSheet && lines.length > 1 && lines[0].includes('\t')) {
    const header = lines[0].split('\t').map((h) => h.trim());
    return lines.slice(1).map((row) =>
      row
        .split('\t')
        .map((cell, i) => (header[i] && cell.trim() ? `${header[i]}: ${cell.trim()}` : cell.trim()))
        .filter(Boolean)
        .join('; '),
    );
  }
  return joinWrappedLines(lines)
    .flatMap((line) => line.split(/(?<=[.!?])\s+(?=[A-Z0-9"'(])/))
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter((s) => s.length >= 3)
    .map((s) => (s.length > SENTENCE_CHARS ? `${s.slice(0, SENTENCE_CHARS - 1).trimEnd()}…` : s));
}

/**
 * PDF and slide text arrives cut into visual lines; a line that does not end a sentence and is
 * followed by one starting in lower case (or a digit) is the same sentence wrapped.
 */
function joinWrappedLines(lines: string[]): string[] {
  const out: string[] = [];
  for (const line of lines) {
    const previous = out[out.length - 1];
    if (previous !== undefined && !/[.!?:;]$/.test(previous) && /^[\p{Ll}\d(]/u.test(line)) {
      out[out.length - 1] = `${previous} ${line}`;
    } else out.push(line);
  }
  return out;
}
