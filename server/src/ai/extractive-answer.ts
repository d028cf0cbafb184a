import type { DataSource } from 'typeorm';
import { sentenceKey } from './answer-citations.js';
import { lexemesOf, type LexemeCache } from './lexemes.js';

export interface ExtractivePassage {
  text: string;
  /** Sheets get "Header: value" sentences, so a row carries its column names. */
  isSheet: boolean;
}

export interface WeightedLexeme {
  lexeme: string;
  idf: number;
  /** 1 for the question's own words (the default), less for words carried from the thread. */
  weight?: number;
  carried?: boolean;
}

const MAX_SENTENCES = 3;
const MAX_CHARS = 700;
const SENTENCE_CHARS = 400;

/**
 * The answer without a model: the sentences of the top passages that cover the question's terms
 * best (IDF-weighted, stemmed by Postgres like the index), each cited as [n]. A follow-up's
 * carried words weigh less than its own, and a sentence must hold at least one of its own words
 * when it has any: the answer is about what the follow-up adds. A sentence the previous answer
 * gave (`previous`) is given again only when none answers the follow-up better (it may well
 * answer it too: "and what if it is not acknowledged?"). Null when no sentence shares a word with
 * the question.
 */
export async function extractiveAnswer(
  db: DataSource,
  passages: ExtractivePassage[],
  terms: WeightedLexeme[],
  previous: string[] = [],
  known?: LexemeCache,
): Promise<string | null> {
  const candidates = passages.flatMap((p, index) =>
    sentencesOf(p).map((text, order) => ({ text, key: sentenceKey(text), passage: index, order })),
  );
  const weight = new Map(terms.map((t) => [t.lexeme, t.idf * (t.weight ?? 1)]));
  const own = new Set(terms.filter((t) => !t.carried).map((t) => t.lexeme));
  const total = [...weight.values()].reduce((s, w) => s + w, 0);
  if (candidates.length === 0 || total <= 0) return null;
  const lexemes = await lexemesOf(
    db,
    candidates.map((c) => c.text),
    known,
  );
  const scored = candidates
    .map((c, i) => {
      const covered = [...lexemes[i]].filter((l) => weight.has(l));
      if (own.size > 0 && !covered.some((l) => own.has(l))) return { ...c, score: 0 };
      const coverage = covered.reduce((s, l) => s + weight.get(l)!, 0) / total;
      // Earlier passages ranked higher; a small nudge settles ties between equal sentences.
      return { ...c, score: coverage + 0.02 / (1 + c.passage) };
    })
    .filter((c) => c.score > 0.05)
    .sort((a, b) => b.score - a.score);
  if (scored.length === 0) return null;
  const before = new Set(previous.map(sentenceKey));
  const picked: typeof scored = [];
  let chars = 0;
  for (const c of scored) {
    if (picked.length >= MAX_SENTENCES || c.score < scored[0].score * 0.6) break;
    if (before.has(c.key) && c.score < scored[0].score * 0.99) continue;
    if (picked.some((p) => p.key === c.key) || chars + c.text.length > MAX_CHARS) continue;
    picked.push(c);
    chars += c.text.length;
  }
  return picked.map((c) => `${c.text} [${c.passage + 1}]`).join(' ');
}

/**
 * Sentences (or table rows) of a passage, trimmed to a readable length. Table rows read as
 * "Header: value; Header: value" (sheets, and Markdown or tab tables in text), and headings
 * (short lines that end no sentence) are left out: an answer quotes sentences, not fragments.
 */
export function sentencesOf(passage: ExtractivePassage): string[] {
  const lines = passage.text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  if (passage.isSheet && lines.length > 1 && lines[0].includes('\t')) {
    return tableRows(lines.map((l) => l.split('\t')));
  }
  const out: string[] = [];
  let table: string[][] = [];
  const flush = () => {
    if (table.length > 1) out.push(...tableRows(table));
    else if (table.length === 1) out.push(table[0].filter(Boolean).join(' '));
    table = [];
  };
  for (const line of joinWrappedLines(lines)) {
    const cells = tableCells(line);
    if (cells) {
      if (!cells.every((c) => /^:?-{2,}:?$/.test(c) || c === '')) table.push(cells);
      continue;
    }
    flush();
    if (isHeading(line)) continue;
    out.push(...line.split(/(?<=[.!?])\s+(?=[A-Z0-9"'(])/));
  }
  flush();
  return out
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter((s) => s.length >= 3)
    .map(readableLength);
}

/** A Markdown table row ("| a | b |") or a tab-separated one, as its cells; null otherwise. */
function tableCells(line: string): string[] | null {
  if (/^\|.*\|$/.test(line))
    return line
      .slice(1, -1)
      .split('|')
      .map((c) => c.trim());
  if (line.includes('\t')) return line.split('\t').map((c) => c.trim());
  return null;
}

/** Rows after the header, each cell named by its column: "Office: Ottawa; Manager: Rafael". */
function tableRows(rows: string[][]): string[] {
  const header = rows[0].map((h) => h.trim());
  return rows.slice(1).map((row) =>
    row
      .map((cell, i) => (header[i] && cell.trim() ? `${header[i]}: ${cell.trim()}` : cell.trim()))
      .filter(Boolean)
      .join('; '),
  );
}

/**
 * "## On call", "Vacation policy": a title, not something an answer says. Slide bullets often
 * end without a stop too, so only short lines without a figure count as titles.
 */
function isHeading(line: string): boolean {
  if (/^#{1,6}\s/.test(line)) return true;
  return !/[.!?;)"']$/.test(line) && !/\d/.test(line) && line.split(/\s+/).length <= 4;
}

/** A long sentence is cut at its last clause (or word) boundary before the limit, marked "…". */
function readableLength(sentence: string): string {
  if (sentence.length <= SENTENCE_CHARS) return sentence;
  const head = sentence.slice(0, SENTENCE_CHARS - 1);
  const clause = Math.max(head.lastIndexOf('; '), head.lastIndexOf(', '));
  const cut = clause > SENTENCE_CHARS / 2 ? clause : head.lastIndexOf(' ');
  return `${head.slice(0, cut > 0 ? cut : head.length).trimEnd()}…`;
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
