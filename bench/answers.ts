/**
 * Answer quality: scores what POST /api/ask answers, not how it ranks. Every document of
 * bench/fixtures/answers/documents (team pages written for this bench, .txt) and eleven of the
 * office fixtures (server/test/fixtures/office: .doc .docx .xls .xlsx .ppt .pptx .pdf .txt) goes
 * through the product's upload and indexing into one workspace; then every question of
 * bench/fixtures/answers/questions.json is asked, a follow-up with the conversationId of its
 * thread's previous turn, twice:
 *   extractive   no AI key: the product's extractive answer
 *   provider     a saved key on the loopback fake of OpenAI, answering as a careful model would
 *                (bench/support/answer-model.ts: it resolves follow-ups, quotes the best one or
 *                two sentences with their [n], says the sources do not cover what they do not)
 *   npm run bench:answers
 *   MODES=extractive npm run bench:answers      MODES=extractive,provider (default both)
 *   SPLIT=tune npm run bench:answers            SPLIT=tune|heldout|all (default all)
 *   LIMIT=2 npm run bench:answers               the first 2 single questions, 2 threads and 2
 *                                               unanswerable ones only (a smoke run)
 *   BENCH_DATABASE_URL=postgres://… npm run bench:answers
 * Per mode, one table with columns ALL / tune / heldout:
 *   answerable facts   questions that are not follow-ups (singles and each thread's first turn)
 *                      whose answer contains the fact (case-insensitive) AND cites (`sources`) a
 *                      document that holds it (source titles matched to the fixture's file names
 *                      through the titles the documents were indexed under)
 *   follow-ups right   follow-up turns answered the same way (or, when the fact is null, not found)
 *   not-found P / R    predicted "not found" = answer.found === false (an older server without
 *                      `found`: the answer is NOT_FOUND_ANSWER); truth = fact null; all turns
 *   duplicates         answers in which one sentence appears twice ([n] markers ignored)
 *   numbering errors   answers whose [n], in order of first appearance, are not 1,2,…,k, or whose
 *                      cited numbers are not the numbers of the returned sources
 *   p50 / p95          POST /api/ask end to end
 * and under it each failing question (id, split, what was wrong, the answer's start).
 * Targets: facts ≥ 90%, follow-ups ≥ 85%, not-found precision and recall ≥ 85%, no duplicates,
 * no numbering errors. The `heldout` split (about a third of each kind of question) is never to
 * be looked at while tuning: tune on SPLIT=tune, then read heldout once. Exits 0 when it ran,
 * whatever the figures; 1 when it could not (server, upload, indexing, a broken fixture).
 */
import 'reflect-metadata';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NOT_FOUND_ANSWER } from '../server/src/modules/search/ask.service.js';
import { parseDocument } from '../server/src/modules/sources/parsing/parse-document.js';
import { startFakeOpenAI } from '../server/test/helpers/fake-openai.js';
import { answerModel } from './support/answer-model.js';
import { runBench, startBenchServer, waitFor } from './support/bench-server.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const FIXTURE = path.join(ROOT, 'bench', 'fixtures', 'answers');
const OFFICE = path.join(ROOT, 'server', 'test', 'fixtures', 'office');
/** One file of each pair with the same text (quarterly-review.ppt/.pptx, vendors.xls/.xlsx). */
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
const MIME: Record<string, string> = {
  '.txt': 'text/plain',
  '.pdf': 'application/pdf',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xls': 'application/vnd.ms-excel',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.ppt': 'application/vnd.ms-powerpoint',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};
const KEY = 'sk-bench-answers-0001';
const TARGETS = { facts: 0.9, followUps: 0.85, precision: 0.85, recall: 0.85 };

type Split = 'tune' | 'heldout';
interface Question {
  id: string;
  question: string;
  /** A substring (case-insensitive) the answer must contain; null: the documents do not say. */
  fact: string | null;
  /** The fixture files that hold the fact: the answer must cite one of them. */
  documents?: string[];
  /** The previous turn of the same thread: asked with its conversationId. */
  thread?: string;
  split: Split;
}

interface Turn {
  q: Question;
  ms: number;
  answer: string;
  found: boolean | undefined;
  predictedNotFound: boolean;
  sources: { title: string; number: number }[];
  searchQuery: string;
  problems: string[];
  /** Scored as right for its kind (fact, follow-up or not found). */
  right: boolean;
  duplicate: boolean;
  numbering: boolean;
}

/** The modes asked for, extractive first (the provider key, once saved, stays). */
const modes = (process.env.MODES ?? 'extractive,provider')
  .split(',')
  .map((m) => m.trim())
  .filter(Boolean)
  .sort((a, b) => (a === 'extractive' ? -1 : b === 'extractive' ? 1 : 0));
const SPLIT = process.env.SPLIT ?? 'all';
const LIMIT = process.env.LIMIT ? Number(process.env.LIMIT) : Infinity;

/** Every document of the fixture set by file name: its path. */
function fixtureFiles(): Map<string, string> {
  const dir = path.join(FIXTURE, 'documents');
  const files = new Map<string, string>();
  for (const name of fs.readdirSync(dir).sort()) files.set(name, path.join(dir, name));
  for (const name of OFFICE_FILES) {
    if (files.has(name)) throw new Error(`fixture ${name} is both an office fixture and our own`);
    files.set(name, path.join(OFFICE, name));
  }
  return files;
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * The questions file, checked: unique ids, known splits, threads that point back to an earlier
 * question of the same split, and every fact present in the text of each document said to hold
 * it (parsed as the server parses it), so a figure never rests on a broken fixture.
 */
async function checkedQuestions(files: Map<string, string>): Promise<Question[]> {
  const questions = JSON.parse(
    fs.readFileSync(path.join(FIXTURE, 'questions.json'), 'utf8'),
  ) as Question[];
  const texts = new Map<string, string>();
  for (const [name, file] of files) {
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
  if (errors.length > 0)
    throw new Error(`bench/fixtures/answers/questions.json:\n  ${errors.join('\n  ')}`);
  return questions;
}

/** SPLIT, then LIMIT: the first LIMIT single answerable questions, threads and unanswerable ones. */
function selectQuestions(all: Question[]): Question[] {
  const inSplit = all.filter((q) => SPLIT === 'all' || q.split === SPLIT);
  if (!Number.isFinite(LIMIT)) return inSplit;
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
    if (!taken[k].has(group) && taken[k].size >= LIMIT) return false;
    taken[k].add(group);
    return true;
  });
}

type Call = (method: string, url: string, body?: unknown, token?: string) => Promise<any>;

/**
 * Uploads every file (three-step upload), waits until all are indexed, and answers each file's
 * title as the product shows it on a source (the parser's title, else the file name without its
 * extension), refusing two files with one title (a cited source could not be told apart).
 */
async function uploadAll(
  server: { services: { db: { query: (sql: string, params?: unknown[]) => Promise<any[]> } } },
  call: Call,
  token: string,
  files: Map<string, string>,
): Promise<Map<string, string>> {
  const documentOf = new Map<string, string>();
  for (const [name, file] of files) {
    const ext = path.extname(name).toLowerCase();
    const fileType = MIME[ext];
    if (!fileType) throw new Error(`fixture ${name}: not an accepted upload format`);
    const bytes = fs.readFileSync(file);
    const ticket = await call(
      'POST',
      '/api/integrations/get-upload-url',
      { fileName: name, fileType, fileSize: bytes.length },
      token,
    );
    const put = await fetch(ticket.uploadUrl, {
      method: 'PUT',
      body: bytes,
      headers: { 'Content-Type': fileType },
    });
    if (!put.ok)
      throw new Error(`upload of ${name}: PUT answered ${put.status}: ${await put.text()}`);
    const confirmed = await call(
      'POST',
      '/api/integrations/confirm-upload',
      { fileKey: ticket.fileKey },
      token,
    );
    if (!confirmed?.documentId)
      throw new Error(`upload of ${name}: confirm-upload answered ${JSON.stringify(confirmed)}`);
    documentOf.set(name, confirmed.documentId);
  }
  const ids = [...documentOf.values()];
  await waitFor(
    `indexing ${ids.length} documents`,
    async () => {
      const [row] = await server.services.db.query(
        `SELECT count(*) FILTER (WHERE status IN ('indexed', 'failed'))::int AS done
         FROM documents WHERE id = ANY($1::uuid[])`,
        [ids],
      );
      return { done: row.done >= ids.length, progress: row.done };
    },
    60_000,
  );
  const rows: { id: string; title: string; status: string; error: string | null }[] =
    await server.services.db.query(
      `SELECT id, title, status, error FROM documents WHERE id = ANY($1::uuid[])`,
      [ids],
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const failed = [...documentOf].filter(([, id]) => byId.get(id)?.status !== 'indexed');
  if (failed.length > 0)
    throw new Error(
      `indexing failed: ${failed.map(([name, id]) => `${name} (${byId.get(id)?.error ?? 'unknown'})`).join(', ')}`,
    );
  const titleOf = new Map<string, string>();
  const fileOfTitle = new Map<string, string>();
  for (const [name, id] of documentOf) {
    const title = byId.get(id)!.title;
    const other = fileOfTitle.get(title);
    if (other) throw new Error(`fixtures ${other} and ${name} are both titled "${title}"`);
    fileOfTitle.set(title, name);
    titleOf.set(name, title);
  }
  return titleOf;
}

/** Asks every question in order, a follow-up in its thread's conversation, and scores each. */
async function askAll(
  call: Call,
  token: string,
  questions: Question[],
  titleOf: Map<string, string>,
): Promise<(Turn & { mode: string })[]> {
  const conversationOf = new Map<string, string>();
  const turns: (Turn & { mode: string })[] = [];
  for (const q of questions) {
    const conversationId = q.thread ? conversationOf.get(q.thread) : undefined;
    if (q.thread && !conversationId)
      throw new Error(`${q.id}: its thread's previous turn (${q.thread}) kept no conversation`);
    const t0 = performance.now();
    const body = await call(
      'POST',
      '/api/ask',
      { question: q.question, ...(conversationId ? { conversationId } : {}) },
      token,
    );
    const ms = performance.now() - t0;
    if (!body?.answer || typeof body.answer.answer !== 'string')
      throw new Error(`${q.id}: POST /api/ask answered ${JSON.stringify(body).slice(0, 300)}`);
    if (body.conversationId) conversationOf.set(q.id, body.conversationId);
    turns.push({ ...score(q, body, titleOf), ms, mode: body.answer.mode });
  }
  return turns;
}

/** One answer against its question. */
function score(
  q: Question,
  body: {
    searchQuery?: string;
    answer: {
      answer: string;
      found?: boolean;
      sources?: { title: string; number: number }[];
      related?: { title: string }[];
    };
  },
  titleOf: Map<string, string>,
): Omit<Turn, 'ms'> {
  const { answer, found } = body.answer;
  const sources = body.answer.sources ?? [];
  const related = body.answer.related ?? [];
  const predictedNotFound = found === undefined ? answer === NOT_FOUND_ANSWER : found === false;
  const problems: string[] = [];
  let right: boolean;
  if (q.fact === null) {
    right = predictedNotFound;
    if (!right)
      problems.push(
        sources.length === 0
          ? 'answered without a citation (a refusal not marked as not found?), but the documents do not say'
          : 'answered, but the documents do not say',
      );
  } else if (predictedNotFound) {
    right = false;
    const titles = new Set(q.documents!.map((d) => titleOf.get(d)));
    const retrieved = [...sources, ...related].some((s) => titles.has(s.title));
    problems.push(
      `not found, but "${q.fact}" is in ${q.documents!.join(', ')} (${retrieved ? 'among the related passages' : 'not retrieved'})`,
    );
  } else {
    const hasFact = squash(answer).includes(squash(q.fact));
    const titles = new Set(q.documents!.map((d) => titleOf.get(d)));
    const cites = sources.some((s) => titles.has(s.title));
    if (!hasFact) problems.push(`no "${q.fact}"`);
    if (!cites) {
      const retrieved = related.some((s) => titles.has(s.title));
      problems.push(
        `cites ${sources.length ? sources.map((s) => `[${s.number}] ${s.title}`).join(', ') : 'nothing'}, not ${[...titles].join(' / ')} (${retrieved ? 'among the related passages' : 'not retrieved'})`,
      );
    }
    right = hasFact && cites;
  }
  const duplicate = hasDuplicateSentence(answer);
  if (duplicate) problems.push('a sentence twice');
  const numberingError = numberingProblem(answer, sources);
  if (numberingError) problems.push(numberingError);
  return {
    q,
    answer,
    found,
    predictedNotFound,
    sources,
    searchQuery: body.searchQuery ?? q.question,
    problems,
    right,
    duplicate,
    numbering: numberingError !== null,
  };
}

/** The same sentence twice in one answer, [n] markers and spacing ignored. */
function hasDuplicateSentence(answer: string): boolean {
  const sentences = answer
    .split(/\[\d+\]|\n+|(?<=[.!?])\s+/)
    .map((s) => squash(s).replace(/[\s.!?;:,]+$/, ''))
    .filter((s) => s.length >= 3);
  return new Set(sentences).size < sentences.length;
}

/** Why the answer's [n] are badly numbered, or null: 1,2,…,k in order, and those of the sources. */
function numberingProblem(answer: string, sources: { number: number }[]): string | null {
  const order: number[] = [];
  for (const m of answer.matchAll(/\[(\d+)\]/g))
    if (!order.includes(Number(m[1]))) order.push(Number(m[1]));
  const problems: string[] = [];
  if (order.some((n, i) => n !== i + 1))
    problems.push(`cites [${order.join('], [')}] in that order`);
  const cited = [...order].sort((a, b) => a - b).join(',');
  const listed = sources
    .map((s) => s.number)
    .sort((a, b) => a - b)
    .join(',');
  if (cited !== listed) problems.push(`cites {${cited}} but the sources are {${listed}}`);
  return problems.length ? `numbering: ${problems.join('; ')}` : null;
}

const pct = (values: number[], p: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

interface Figures {
  facts: [number, number];
  followUps: [number, number];
  precision: [number, number];
  recall: [number, number];
  duplicates: number;
  numbering: number;
  answers: number;
  p50: number;
  p95: number;
}

function figures(turns: Turn[]): Figures {
  const ratio = (list: Turn[], ok: (t: Turn) => boolean): [number, number] => [
    list.filter(ok).length,
    list.length,
  ];
  const first = turns.filter((t) => !t.q.thread && t.q.fact !== null);
  const followUps = turns.filter((t) => t.q.thread);
  const predicted = turns.filter((t) => t.predictedNotFound);
  const unanswerable = turns.filter((t) => t.q.fact === null);
  return {
    facts: ratio(first, (t) => t.right),
    followUps: ratio(followUps, (t) => t.right),
    precision: ratio(predicted, (t) => t.q.fact === null),
    recall: ratio(unanswerable, (t) => t.predictedNotFound),
    duplicates: turns.filter((t) => t.duplicate).length,
    numbering: turns.filter((t) => t.numbering).length,
    answers: turns.length,
    p50: pct(
      turns.map((t) => t.ms),
      50,
    ),
    p95: pct(
      turns.map((t) => t.ms),
      95,
    ),
  };
}

function report(mode: string, turns: Turn[], unexpectedModes: number) {
  const groups: [string, Turn[]][] = [['ALL', turns]];
  if (SPLIT === 'all')
    groups.push(
      ['tune', turns.filter((t) => t.q.split === 'tune')],
      ['heldout', turns.filter((t) => t.q.split === 'heldout')],
    );
  const figs = groups.map(([, list]) => figures(list));
  const share = ([ok, n]: [number, number]) =>
    n === 0 ? '— (0/0)' : `${((100 * ok) / n).toFixed(0)}% (${ok}/${n})`;
  const ms = (n: number) =>
    Number.isNaN(n) ? '—' : `${n >= 100 ? n.toFixed(0) : n.toFixed(1)} ms`;
  const rate = ([ok, n]: [number, number]) => (n === 0 ? NaN : ok / n);
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const all = figs[0];
  const rows: [string, (f: Figures) => string, string, string][] = [
    ['answerable facts', (f) => share(f.facts), '≥ 90%', met(rate(all.facts) >= TARGETS.facts)],
    [
      'follow-ups right',
      (f) => share(f.followUps),
      '≥ 85%',
      met(rate(all.followUps) >= TARGETS.followUps),
    ],
    [
      'not-found precision',
      (f) => share(f.precision),
      '≥ 85%',
      met(rate(all.precision) >= TARGETS.precision),
    ],
    ['not-found recall', (f) => share(f.recall), '≥ 85%', met(rate(all.recall) >= TARGETS.recall)],
    [
      'duplicate sentences',
      (f) => `${f.duplicates} / ${f.answers}`,
      '0',
      met(all.duplicates === 0),
    ],
    ['numbering errors', (f) => `${f.numbering} / ${f.answers}`, '0', met(all.numbering === 0)],
    ['latency p50', (f) => ms(f.p50), '', ''],
    ['latency p95', (f) => ms(f.p95), '', ''],
  ];
  const notFoundBy = turns.some((t) => t.found !== undefined)
    ? 'answer.found'
    : 'answer text = NOT_FOUND_ANSWER (no `found` field)';
  console.log(`\n${mode} mode: ${turns.length} answers; not found read from ${notFoundBy}`);
  if (unexpectedModes > 0)
    console.log(
      `  note: ${unexpectedModes} answer${unexpectedModes === 1 ? ' was' : 's were'} not ${mode === 'provider' ? 'generated' : 'extractive'}`,
    );
  const width = 22;
  console.log(
    `  ${''.padEnd(width)}${groups.map(([name]) => name.padStart(16)).join('')}   target   (ALL)`,
  );
  for (const [label, cell, target, verdict] of rows)
    console.log(
      `  ${label.padEnd(width)}${figs.map((f) => cell(f).padStart(16)).join('')}   ${target.padEnd(8)} ${verdict}`,
    );
  const failing = turns.filter((t) => t.problems.length > 0);
  console.log(`  failing (${failing.length}):`);
  for (const t of failing) {
    const searched =
      t.q.thread && t.searchQuery !== t.q.question ? `; searched "${t.searchQuery}"` : '';
    const start = t.answer.replace(/\s+/g, ' ').slice(0, 120);
    console.log(
      `    ${t.q.id} (${t.q.split}) ${t.problems.join('; ')}${searched}\n      Q: ${t.q.question}\n      A: ${start}${t.answer.length > 120 ? '…' : ''}`,
    );
  }
}

runBench(async () => {
  for (const m of modes)
    if (m !== 'extractive' && m !== 'provider')
      throw new Error(`MODES: ${m} is not a mode (extractive, provider)`);
  if (!['tune', 'heldout', 'all'].includes(SPLIT))
    throw new Error(`SPLIT: ${SPLIT} is not tune, heldout or all`);
  if (!(LIMIT > 0)) throw new Error(`LIMIT: ${process.env.LIMIT} is not a positive number`);

  const files = fixtureFiles();
  const questions = selectQuestions(await checkedQuestions(files));
  const fake = modes.includes('provider') ? await startFakeOpenAI({ apiKey: KEY }) : null;
  fake?.reply(answerModel);
  const { server, call, mode, stop } = await startBenchServer('answers', {
    ...(fake ? { OPENAI_BASE_URL: fake.url } : {}),
    ASK_RATE_PER_MINUTE: '1000000',
  });
  try {
    const email = 'answers@example.com';
    const password = 'bench passphrase 1';
    await call('POST', '/api/signup', { email, password });
    const { token } = await call('POST', '/api/signin', { email, password });
    const started = performance.now();
    const titleOf = await uploadAll(server, call, token, files);
    const ingestSeconds = (performance.now() - started) / 1000;
    console.log(
      `answers benchmark (${mode} database, ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}): ` +
        `${files.size} documents indexed in ${ingestSeconds.toFixed(1)} s, ${questions.length} questions (SPLIT=${SPLIT}${Number.isFinite(LIMIT) ? `, LIMIT=${LIMIT}` : ''})`,
    );
    for (const m of modes) {
      if (m === 'provider') {
        const saved = await call(
          'POST',
          '/graphql',
          {
            query: `mutation($v: String!) { saveProviderKey(value: $v) { status } }`,
            variables: { v: KEY },
          },
          token,
        );
        if (saved.data?.saveProviderKey?.status !== 'OK')
          throw new Error(`saving the provider key: ${JSON.stringify(saved)}`);
      }
      // Warm-up (connections, query plans, the provider client): not measured.
      for (const q of ['Where is the office?', 'What is the policy?'])
        await call('POST', '/api/ask', { question: q }, token);
      const turns = await askAll(call, token, questions, titleOf);
      const wrongModes = turns.filter(
        (t) => t.mode !== (m === 'provider' ? 'generated' : 'extractive'),
      );
      report(m, turns, wrongModes.length);
    }
  } finally {
    await stop();
    await fake?.close();
  }
});
