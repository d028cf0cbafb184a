import type { DataSource } from 'typeorm';
import { sentenceKey } from './answer-citations.js';
import { holdsKind } from './answer-kind.js';
import { lexemesOf, type LexemeCache } from './lexemes.js';
import { CUES, QUESTION_FILLER, saysWord, type QuestionCues } from './word-match.js';

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
 * A line that introduces what follows rather than saying it: an FAQ's question, a lead-in ending
 * with a colon. Never the answer; its words count for the sentence after it.
 */
export function isLeadLine(sentence: string): boolean {
  return /[?:]$/.test(sentence.trim());
}

/**
 * The answer without a model: the sentences of the top passages that cover the question's terms
 * best (IDF-weighted, stemmed by Postgres like the index), each cited as [n]. A follow-up's
 * carried words weigh less than its own, and a sentence must hold at least one of its own words
 * when it has any: the answer is about what the follow-up adds. A sentence the previous answer
 * gave (`previous`) is given again only when none answers the follow-up better (it may well
 * answer it too: "and what if it is not acknowledged?"). A question line, a lead-in or the
 * document's title is never quoted: the sentence after a lead-in is read with its words. With
 * `cues` (question-cues.ts), a word said another way or a measure word's value counts as said,
 * and a sentence lacking the kind of value asked for weighs less. Null when no sentence shares a
 * word with the question.
 */
export async function extractiveAnswer(
  db: DataSource,
  passages: (ExtractivePassage & { title?: string })[],
  terms: WeightedLexeme[],
  previous: string[] = [],
  known?: LexemeCache,
  cues?: QuestionCues,
): Promise<string | null> {
  const candidates = passages.flatMap((p, index) => {
    const title = squashed(p.title ?? '');
    return passageSentences(p).flatMap(({ text, heading, cells, headers }, order) =>
      squashed(text) === title || isLeadLine(text)
        ? []
        : [
            {
              text,
              said: cells ?? text,
              lead: heading,
              headers: headers ?? null,
              key: sentenceKey(text),
              passage: index,
              order,
            },
          ],
    );
  });
  // Words that frame a question ("how much … do we get") choose no sentence.
  const counted = terms.filter((t) => !QUESTION_FILLER.has(t.lexeme));
  const weight = new Map(
    (counted.length > 0 ? counted : terms).map((t) => [t.lexeme, t.idf * (t.weight ?? 1)]),
  );
  const own = new Set(terms.filter((t) => !t.carried).map((t) => t.lexeme));
  const total = [...weight.values()].reduce((s, w) => s + w, 0);
  if (candidates.length === 0 || total <= 0) return null;
  const texts = [
    ...new Set(
      candidates.flatMap((c) => [
        c.said,
        ...(c.lead ? [c.lead] : []),
        ...(c.headers ? [c.headers] : []),
      ]),
    ),
  ];
  const analysed = await lexemesOf(db, texts, known);
  const lexemesOfText = new Map(texts.map((t, i) => [t, analysed[i]]));
  const alternatives = CUES.synonyms > 0;
  const said = candidates.map((c) => {
    const held = new Set([
      ...lexemesOfText.get(c.said)!,
      ...(c.lead ? lexemesOfText.get(c.lead)! : []),
    ]);
    const header = c.headers ? lexemesOfText.get(c.headers)! : new Set<string>();
    return new Map(
      [...weight.keys()]
        .map((l): [string, number] => {
          const part = cues
            ? saysWord(l, held, c.text, cues.words.get(l), alternatives, true)
            : held.has(l)
              ? 1
              : 0;
          // A column name says the word for every row: half as much as a cell does.
          return [l, Math.max(part, header.has(l) ? 0.5 : 0)];
        })
        .filter(([, part]) => part > 0),
    );
  });
  // A word every sentence here says (the "CD cabinet" of each row of a drugs table) tells them
  // apart less than one a few say: each word's weight grows with how few sentences say it.
  const local = new Map<string, number>();
  for (const words of said) for (const l of words.keys()) local.set(l, (local.get(l) ?? 0) + 1);
  const localWeight = (l: string) =>
    CUES.localIdf > 0 ? Math.log(1 + candidates.length / (local.get(l) ?? 1)) : 1;
  const localTotal = [...weight].reduce((s, [l, w]) => s + w * localWeight(l), 0);
  const scored = candidates
    .map((c, i) => {
      const covered = said[i];
      if (own.size > 0 && ![...covered.keys()].some((l) => own.has(l))) return { ...c, score: 0 };
      let coverage =
        [...covered].reduce((s, [l, part]) => s + part * weight.get(l)! * localWeight(l), 0) /
        (CUES.localIdf > 0 ? localTotal : total);
      if (cues?.expected && !holdsKind(c.text, cues.expected)) coverage *= CUES.kindMismatch;
      // Earlier passages ranked higher: retrieval weighed the whole passage, and its title.
      return { ...c, score: coverage + CUES.rankPrior / (1 + c.passage) };
    })
    .filter((c) => c.score > 0.05)
    .sort((a, b) => b.score - a.score);
  if (scored.length === 0) return null;
  const before = new Set(previous.map(sentenceKey));
  const picked: typeof scored = [];
  let chars = 0;
  for (const c of scored) {
    if (picked.length >= MAX_SENTENCES || c.score < scored[0].score * CUES.keep) break;
    if (before.has(c.key) && c.score < scored[0].score * 0.99) continue;
    // Passages overlap: a sentence cut at a passage's edge is a piece of one already picked.
    if (picked.some((p) => p.key.includes(c.key) || c.key.includes(p.key))) continue;
    if (chars + c.text.length > MAX_CHARS) continue;
    // A further sentence must itself say one of the question's own words: the other rows of a
    // table share only its column names and heading with the row asked about.
    if (
      picked.length > 0 &&
      own.size > 0 &&
      ![...lexemesOfText.get(c.said)!].some((l) => own.has(l))
    )
      continue;
    picked.push(c);
    chars += c.text.length;
  }
  return picked.map((c) => `${c.text} [${c.passage + 1}]`).join(' ');
}

const squashed = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

/** A sentence (or table row) of a passage, with the heading of the section it is in. */
export interface PassageSentence {
  text: string;
  /**
   * The line that introduces its section: a heading, an FAQ's question, a lead-in ending with a
   * colon. Its words are the sentence's context (as the title is the passage's), never its answer.
   */
  heading: string | null;
  /**
   * A table row's cells alone ("Enterprise; EUR 99; single sign-on"), and its column names: every
   * row says the column names, so they tell rows apart only half as much as their cells do.
   */
  cells?: string;
  headers?: string;
}

/**
 * Sentences (or table rows) of a passage, trimmed to a readable length. Table rows read as
 * "Header: value; Header: value" (sheets, and Markdown or tab tables in text), and headings
 * (short lines that end no sentence) are left out: an answer quotes sentences, not fragments.
 */
export function sentencesOf(passage: ExtractivePassage): string[] {
  return passageSentences(passage).map((s) => s.text);
}

/** sentencesOf, each with the heading of its section. */
export function passageSentences(passage: ExtractivePassage): PassageSentence[] {
  const lines = passage.text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  if (passage.isSheet && lines.length > 1 && lines[0].includes('\t')) {
    return tableRows(lines.map((l) => l.split('\t'))).map((row) => ({ ...row, heading: null }));
  }
  const out: PassageSentence[] = [];
  let heading: string | null = null;
  let table: string[][] = [];
  const push = (texts: string[]) => {
    for (const raw of texts) {
      const text = raw
        .replace(/\s+/g, ' ')
        .replace(/^[-*•]\s+/, '')
        .trim();
      if (text.length >= 3) out.push({ text: readableLength(text), heading });
    }
  };
  const flush = () => {
    if (table.length > 1)
      for (const row of tableRows(table))
        out.push({ ...row, text: readableLength(row.text), heading });
    else if (table.length === 1) push([table[0].filter(Boolean).join(' ')]);
    table = [];
  };
  for (const [i, line] of joinWrappedLines(lines).entries()) {
    // A passage's first line that ends no sentence is its title ("Postmortem: INC-2290, sync
    // outage"), or a heading: the context of what follows, never an answer.
    if (
      i === 0 &&
      lines.length > 1 &&
      !tableCells(line) &&
      !/[.!?;)"']$/.test(line) &&
      line.split(/\s+/).length <= 12
    ) {
      heading = line.replace(/^#{1,6}\s+/, '').trim();
      continue;
    }
    const cells = tableCells(line);
    if (cells) {
      if (!cells.every((c) => /^:?-{2,}:?$/.test(c) || c === '')) table.push(cells);
      continue;
    }
    flush();
    if (isHeading(line)) {
      heading = line.replace(/^#{1,6}\s+/, '').trim();
      continue;
    }
    push(line.replace(/^#{1,6}\s+/, '').split(/(?<=[.!?])\s+(?=[A-Z0-9"'(])/));
  }
  flush();
  return out;
}

/**
 * A table row as its cells, or null: Markdown ("| a | b |"), tab-separated, or the " | " rows
 * the Markdown and HTML parsers write for a table ("a | b | c"; "| b | c" when the first cell is
 * empty, as a header row over row names often is).
 */
function tableCells(line: string): string[] | null {
  if (/^\|.*\|$/.test(line))
    return line
      .slice(1, -1)
      .split('|')
      .map((c) => c.trim());
  if (line.includes('\t')) return line.split('\t').map((c) => c.trim());
  if (/^\|\s/.test(line) || line.includes(' | ')) return line.split('|').map((c) => c.trim());
  return null;
}

/** Rows after the header, each cell named by its column: "Office: Ottawa; Manager: Rafael". */
function tableRows(rows: string[][]): { text: string; cells: string; headers: string }[] {
  const header = rows[0].map((h) => h.trim());
  const headers = header.filter(Boolean).join('; ');
  return rows.slice(1).map((row) => ({
    text: row
      .map((cell, i) => (header[i] && cell.trim() ? `${header[i]}: ${cell.trim()}` : cell.trim()))
      .filter(Boolean)
      .join('; '),
    cells: row
      .map((c) => c.trim())
      .filter(Boolean)
      .join('; '),
    headers,
  }));
}

/** "CUSTOMER CREDITS", "LOST, STOLEN OR BROKEN CARD": a heading in capitals. */
function isCapitalsHeading(line: string): boolean {
  const text = line.replace(/^(\d+[.)]|[A-Z][.)])\s+/, '');
  return /\p{Lu}{2}/u.test(text) && text === text.toUpperCase() && !/[.!?;]$/.test(text);
}

/**
 * "## On call", "Vacation policy", "How long does the assay take?", "Before you travel:": what
 * introduces a section, not something an answer says. Slide bullets often end without a stop
 * too, so only short lines without a figure count as titles; a question or a lead-in ending with
 * a colon counts when it is short enough to be one.
 */
function isHeading(line: string): boolean {
  // "# The licence key of the staging cluster is RQ-5521": a comment in a code block says something.
  if (/^#{1,6}\s/.test(line))
    return !(line.split(/\s+/).length > 6 && (/\d/.test(line) || /[.!?]$/.test(line)));
  if (isCapitalsHeading(line)) return true;
  const words = line.split(/\s+/).length;
  if (/[?:]$/.test(line) && words <= 16) return true;
  return !/[.!?;)"']$/.test(line) && !/\d/.test(line) && words <= 6;
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
    if (
      previous !== undefined &&
      !/[.!?:;]$/.test(previous) &&
      /^[\p{Ll}\d(]/u.test(line) &&
      !isCapitalsHeading(previous)
    ) {
      out[out.length - 1] = `${previous} ${line}`;
    } else out.push(line);
  }
  return out;
}
