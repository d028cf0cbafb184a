/**
 * Answer sets for bench:answers: a folder with `documents/` (files any upload accepts) and
 * `questions.json` ({id, question, fact, documents?, thread?, split}), as bench/fixtures/answers
 * and ../shared/data/answers/* are. A set is checked before it is asked: a figure never rests on
 * a broken fixture.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseDocument } from '../../server/src/parsing/parse-document.js';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');
/** The team's own set (Fernhill), written with the coverage rule. */
export const DEFAULT_SET = path.join(ROOT, 'bench', 'fixtures', 'answers');
/** Sets written for the bench by someone given only the documents. */
const BENCH_SETS = path.join(ROOT, 'bench', 'fixtures', 'answer-sets');
/** Sets written outside the team (shared beside the repository; absent in some checkouts). */
const SHARED_SETS = path.join(ROOT, '..', 'shared', 'data', 'answers');
const OFFICE = path.join(ROOT, 'server', 'test', 'fixtures', 'office');
/**
 * The default set also asks about eleven office fixtures, used where they are (one file of each
 * pair with the same text: quarterly-review.ppt/.pptx, vendors.xls/.xlsx).
 */
const OFFICE_FILES = [
  'expense-rules.txt',
  'fire-safety.doc',
  'incident-runbook.docx',
  'office-directory.xls',
  'product-launch.pptx',
  'quarterly-review.pptx',
  'remote-work.pdf',
  'sales-kickoff.ppt',
  'security-handbook.pdf',
  'team-budget.xlsx',
  'vendors.xlsx',
];

export const MIME: Record<string, string> = {
  '.txt': 'text/plain',
  '.md': 'text/markdown',
  '.csv': 'text/csv',
  '.html': 'text/html',
  '.json': 'application/json',
  '.pdf': 'application/pdf',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xls': 'application/vnd.ms-excel',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.ppt': 'application/vnd.ms-powerpoint',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

export type Split = 'tune' | 'heldout';

export interface Question {
  id: string;
  question: string;
  /** A substring (case-insensitive) the answer must contain; null: the documents do not say. */
  fact: string | null;
  /** The set's files that hold the fact: the answer must cite one of them. */
  documents?: string[];
  /** The previous turn of the same thread: asked with its conversationId. */
  thread?: string;
  split: Split;
}

export interface AnswerSet {
  /** Short name for tables: the folder's name ("fernhill" for the default set). */
  name: string;
  dir: string;
  /** Every document by file name: its path. */
  files: Map<string, string>;
  questions: Question[];
  /** Each file's text as the server parses it, lower-cased with spacing collapsed. */
  texts: Map<string, string>;
}

export const squash = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

/** Every set this checkout knows: the default, the bench's own, then the shared ones. */
export function knownSets(): string[] {
  const under = (dir: string) =>
    fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .sort()
          .map((name) => path.join(dir, name))
          .filter((d) => fs.existsSync(path.join(d, 'questions.json')))
      : [];
  return [DEFAULT_SET, ...under(BENCH_SETS), ...under(SHARED_SETS)];
}

export function setName(dir: string): string {
  return path.resolve(dir) === DEFAULT_SET ? 'fernhill' : path.basename(path.resolve(dir));
}

/**
 * A set read and checked: unique ids, known splits, threads that point back to an earlier
 * question of the same split, and every fact present in the parsed text of each document said
 * to hold it.
 */
export async function loadSet(dir: string): Promise<AnswerSet> {
  const resolved = path.resolve(dir);
  const docs = path.join(resolved, 'documents');
  if (!fs.existsSync(path.join(resolved, 'questions.json')) || !fs.existsSync(docs))
    throw new Error(`${dir}: not an answer set (documents/ and questions.json)`);
  const files = new Map<string, string>();
  for (const name of fs.readdirSync(docs).sort()) files.set(name, path.join(docs, name));
  if (resolved === DEFAULT_SET)
    for (const name of OFFICE_FILES) {
      if (files.has(name)) throw new Error(`fixture ${name} is both an office fixture and our own`);
      files.set(name, path.join(OFFICE, name));
    }
  const questions = JSON.parse(
    fs.readFileSync(path.join(resolved, 'questions.json'), 'utf8'),
  ) as Question[];
  const texts = new Map<string, string>();
  for (const [name, file] of files) {
    if (!MIME[path.extname(name).toLowerCase()])
      throw new Error(`${dir}: ${name} is not an accepted upload format`);
    const parsed = await parseDocument(new Uint8Array(fs.readFileSync(file)), name);
    texts.set(name, squash(parsed.sections.map((s) => s.text).join('\n')));
  }
  const seen = new Map<string, Question>();
  const errors: string[] = [];
  for (const q of questions) {
    if (seen.has(q.id)) errors.push(`${q.id}: id used twice`);
    if (q.split !== 'tune' && q.split !== 'heldout') errors.push(`${q.id}: split ${q.split}`);
    if (q.thread !== undefined) {
      const before = seen.get(q.thread);
      if (!before) errors.push(`${q.id}: thread ${q.thread} is not an earlier question`);
      else if (before.split !== q.split) errors.push(`${q.id}: split differs from its thread's`);
    }
    if (q.fact !== null) {
      if (!q.documents?.length) errors.push(`${q.id}: a fact without documents`);
      for (const d of q.documents ?? []) {
        const text = texts.get(d);
        if (text === undefined) errors.push(`${q.id}: no document ${d}`);
        else if (!text.includes(squash(q.fact))) errors.push(`${q.id}: "${q.fact}" is not in ${d}`);
      }
    }
    seen.set(q.id, q);
  }
  if (errors.length > 0) throw new Error(`${dir}/questions.json:\n  ${errors.join('\n  ')}`);
  return { name: setName(resolved), dir: resolved, files, questions, texts };
}

/**
 * SPLIT, then LIMIT: the first LIMIT single answerable questions, threads and unanswerable ones
 * (a thread is kept or left whole).
 */
export function selectQuestions(all: Question[], split: string, limit: number): Question[] {
  const inSplit = all.filter((q) => split === 'all' || q.split === split);
  if (!Number.isFinite(limit)) return inSplit;
  const threadOf = new Map<string, string>();
  for (const q of inSplit) threadOf.set(q.id, q.thread ? threadOf.get(q.thread)! : q.id);
  const starts = new Set(inSplit.filter((q) => q.thread).map((q) => threadOf.get(q.id)!));
  const kind = (q: Question) =>
    starts.has(threadOf.get(q.id)!) ? 'thread' : q.fact === null ? 'unanswerable' : 'single';
  const taken = {
    single: new Set<string>(),
    thread: new Set<string>(),
    unanswerable: new Set<string>(),
  };
  return inSplit.filter((q) => {
    const k = kind(q);
    const group = threadOf.get(q.id)!;
    if (!taken[k].has(group) && taken[k].size >= limit) return false;
    taken[k].add(group);
    return true;
  });
}
