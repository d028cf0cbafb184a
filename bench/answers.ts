/**
 * Answer quality: scores what POST /api/ask answers, not how it ranks. Each answer set (a folder
 * of documents and questions.json: bench/support/answer-sets.ts) is uploaded through the
 * product's upload and indexing into a workspace of its own; then every question is asked, a
 * follow-up with the conversationId of its thread's previous turn, in each mode:
 *   extractive   no AI key: the product's extractive answer
 *   provider     a saved key on the loopback fake of OpenAI, answering as a careful model would
 *                (bench/support/answer-model.ts: it resolves follow-ups, quotes the best one or
 *                two sentences with their [n], says the sources do not cover what they do not)
 *   paraphrase   the same key, answering as a model that reads meaning perfectly and writes in
 *                its own words (bench/support/paraphrase-model.ts): the expected fact inside the
 *                question's words, citing the passage that holds it; "not covered" when no
 *                passage it was given holds it
 *   npm run bench:answers                       the default set, bench/fixtures/answers
 *   npm run bench:answers -- DIR [DIR…]         any sets in that format
 *   npm run bench:answers -- --all              every set this checkout knows (the default, the
 *                                               bench's own under bench/fixtures/answer-sets, the
 *                                               shared ones under ../shared/data/answers), one
 *                                               table per set and mode, then the sets side by
 *                                               side with the worst set on each measure
 *   MODES=extractive npm run bench:answers      MODES=extractive,provider,paraphrase (default all)
 *   SPLIT=tune npm run bench:answers            SPLIT=tune|heldout|all (default all)
 *   LIMIT=2 npm run bench:answers               the first 2 single questions, 2 threads and 2
 *                                               unanswerable ones only (a smoke run)
 *   QUIET=1                                     the tables without each failing question
 *   BENCH_DATABASE_URL=postgres://… npm run bench:answers
 * Per set and mode, one table with columns ALL / tune / heldout:
 *   answerable facts   questions that are not follow-ups (singles and each thread's first turn)
 *                      whose answer contains the fact (case-insensitive) AND cites (`sources`) a
 *                      document that holds it (source titles matched to the set's file names
 *                      through the titles the documents were indexed under)
 *   follow-ups right   follow-up turns answered the same way (or, when the fact is null, not found)
 *   not-found P / R    predicted "not found" = answer.found === false (an older server without
 *                      `found`: the answer is NOT_FOUND_ANSWER); truth = fact null; all turns. A
 *                      hedged answer ("may answer this") is found: it counts as a fact when it
 *                      holds the fact, and is no not-found for an unanswerable question
 *   hedged             hedged answers to answerable / unanswerable turns
 *   context recall     (with a model) answerable turns whose prompt held a passage stating the
 *                      fact: the model can only answer what it is given
 *   model answer       (with a model) answerable turns the model answered whose answer came
 *     replaced         back as not found (the citation check refused it)
 *   duplicates         answers in which one sentence appears twice ([n] markers ignored)
 *   numbering errors   answers whose [n], in order of first appearance, are not 1,2,…,k, or whose
 *                      cited numbers are not the numbers of the returned sources
 *   p50 / p95          POST /api/ask end to end
 * and under it each failing question (id, split, what was wrong, the answer's start).
 * Targets (issue 41, each outside set held out): facts ≥ 85%, follow-ups ≥ 80%, not-found
 * precision ≥ 85% and recall ≥ 75%, no duplicates, no numbering errors, p95 ≤ 100 ms; with a
 * model, context recall ≥ 95% and no right answer replaced. The `heldout` split of each set is
 * never to be looked at while tuning. Exits 0 when it ran, whatever the figures; 1 when it could
 * not (server, upload, indexing, a broken set).
 */
import 'reflect-metadata';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  startFakeOpenAI,
  type FakeOpenAI,
  type FakeOpenAIRequest,
  type FakeReply,
} from '../server/test/helpers/fake-openai.js';
import { COVERAGE } from '../server/src/ai/answer-coverage.js';
import { askProbe } from '../server/src/modules/search/ask.service.js';
import { CUES } from '../server/src/ai/word-match.js';
import { answerModel, NOT_COVERED } from './support/answer-model.js';
import {
  DEFAULT_SET,
  knownSets,
  loadSet,
  MIME,
  selectQuestions,
  squash,
  type AnswerSet,
  type Question,
} from './support/answer-sets.js';
import {
  figures,
  report,
  score,
  summary,
  type AskBody,
  type Figures,
  type Turn,
} from './support/answer-scoring.js';
import { crossReport } from './support/answer-cross-report.js';
import type { Observation } from './support/answer-protocol.js';
import { paraphraseModel } from './support/paraphrase-model.js';
import { runBench, startBenchServer, waitFor } from './support/bench-server.js';

const KEY = 'sk-bench-answers-0001';
const MODES = ['extractive', 'provider', 'paraphrase'] as const;
type Mode = (typeof MODES)[number];

/** The modes asked for, in MODES' order (the provider key, once saved, stays). */
const modes = (process.env.MODES ?? MODES.join(','))
  .split(',')
  .map((m) => m.trim())
  .filter(Boolean) as Mode[];
const SPLIT = process.env.SPLIT ?? 'all';
const LIMIT = process.env.LIMIT ? Number(process.env.LIMIT) : Infinity;
const QUIET = process.env.QUIET === '1';

/** The answer's settings by name (the app runs in-process: a change applies at once). */
const KNOB_HOLDERS: Record<string, number>[] = [COVERAGE, CUES];

/** KNOBS=frameWeight=0.3,synonyms=1: settings for this run. */
function applyKnobs(spec = process.env.KNOBS ?? '') {
  for (const pair of spec.split(',').filter(Boolean)) {
    const [name, value] = pair.split('=');
    const holder = KNOB_HOLDERS.find((h) => name in h);
    if (!holder || !Number.isFinite(Number(value)))
      throw new Error(
        `KNOBS: ${pair} (knobs: ${KNOB_HOLDERS.flatMap((h) => Object.keys(h)).join(', ')})`,
      );
    holder[name] = Number(value);
  }
}

/** The sets named on the command line (`--all`: every known one; none: the default). */
function chosenSets(args: string[]): string[] {
  const flags = args.filter((a) => a.startsWith('--'));
  for (const f of flags)
    if (f !== '--all' && f !== '--cross') throw new Error(`unknown option ${f} (--all, --cross)`);
  const dirs = args.filter((a) => !a.startsWith('--'));
  if (flags.includes('--all') || (flags.includes('--cross') && dirs.length === 0))
    return knownSets();
  return dirs.length > 0 ? dirs : [DEFAULT_SET];
}

/**
 * The held-out protocol's grid (CROSS_KNOBS=frameWeight=1|0.3,synonyms=0|1 narrows it): every
 * combination is one configuration.
 */
const CROSS_GRID: Record<string, number[]> = {
  frameWeight: [0.2, 0.5, 1],
  topicWeight: [1, 2],
  nameWeight: [1, 3],
  measureCredit: [0.5, 1],
  synonyms: [0, 1],
  kindMismatch: [0.6],
  rankPrior: [0.15],
};

function crossConfigs(): string[] {
  const grid: Record<string, number[]> = { ...CROSS_GRID };
  for (const pair of (process.env.CROSS_KNOBS ?? '').split(',').filter(Boolean)) {
    const [name, values] = pair.split('=');
    grid[name] = values.split('|').map(Number);
  }
  let configs = [''];
  for (const [name, values] of Object.entries(grid))
    configs = configs.flatMap((c) => values.map((v) => `${c}${c ? ',' : ''}${name}=${v}`));
  return configs;
}

type Call = (method: string, url: string, body?: unknown, token?: string) => Promise<any>;
type Db = { query: (sql: string, params?: unknown[]) => Promise<any[]> };

/**
 * Uploads every file (three-step upload), waits until all are indexed, and answers each file's
 * title as the product shows it on a source (the parser's title, else the file name without its
 * extension), refusing two files with one title (a cited source could not be told apart).
 */
async function uploadAll(
  db: Db,
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
      const [row] = await db.query(
        `SELECT count(*) FILTER (WHERE status IN ('indexed', 'failed'))::int AS done
         FROM documents WHERE id = ANY($1::uuid[])`,
        [ids],
      );
      return { done: row.done >= ids.length, progress: row.done };
    },
    60_000,
  );
  const rows: { id: string; title: string; status: string; error: string | null }[] =
    await db.query(`SELECT id, title, status, error FROM documents WHERE id = ANY($1::uuid[])`, [
      ids,
    ]);
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

/** The fake model's state: the fact of the question being asked, and its answers so far. */
const model = { fact: null as string | null, answers: [] as string[] };

/** A request to rewrite a follow-up (its system message asks for a standalone question). */
function isRewrite(body: { messages?: { role: string; content: unknown }[] } | undefined) {
  const system = body?.messages?.find((m) => m.role === 'system');
  return typeof system?.content === 'string' && /standalone/i.test(system.content);
}

/** The responder for a mode, recording what it answers (rewrites apart). */
function responder(mode: Mode) {
  const answer = mode === 'paraphrase' ? paraphraseModel(() => model.fact) : answerModel;
  return (req: FakeOpenAIRequest): FakeReply => {
    const reply = answer(req);
    if (!isRewrite(req.body) && reply.kind === 'answer') model.answers.push(reply.text);
    return reply;
  };
}

/**
 * Asks every question in order, a follow-up in its thread's conversation, and scores each. With
 * a model, what the fake was sent and what it answered while a question was asked are read too.
 */
async function askAll(
  call: Call,
  token: string,
  questions: Question[],
  titleOf: Map<string, string>,
  fake: FakeOpenAI | null,
): Promise<(Turn & { mode: string })[]> {
  const conversationOf = new Map<string, string>();
  const turns: (Turn & { mode: string })[] = [];
  for (const q of questions) {
    const conversationId = q.thread ? conversationOf.get(q.thread) : undefined;
    if (q.thread && !conversationId)
      throw new Error(`${q.id}: its thread's previous turn (${q.thread}) kept no conversation`);
    model.fact = q.fact;
    model.answers = [];
    const before = fake?.requests.length ?? 0;
    const t0 = performance.now();
    const body = (await call(
      'POST',
      '/api/ask',
      { question: q.question, ...(conversationId ? { conversationId } : {}) },
      token,
    )) as AskBody & { conversationId?: string; answer: { mode?: string } };
    const ms = performance.now() - t0;
    if (!body?.answer || typeof body.answer.answer !== 'string')
      throw new Error(`${q.id}: POST /api/ask answered ${JSON.stringify(body).slice(0, 300)}`);
    if (body.conversationId) conversationOf.set(q.id, body.conversationId);
    const prompts = (fake?.requests.slice(before) ?? []).filter((r) => !isRewrite(r.body));
    const fact = q.fact === null ? null : squash(q.fact);
    turns.push({
      ...score(q, body, titleOf),
      ms,
      context:
        fake === null || fact === null
          ? null
          : prompts.some((r) => squash(JSON.stringify(r.body?.messages ?? [])).includes(fact)),
      modelAnswered: fake === null ? null : model.answers.some((a) => !a.includes(NOT_COVERED)),
      mode: body.answer.mode ?? '',
    });
  }
  return turns;
}

/** A set's own workspace: a new member signs up, uploads its documents and waits for them. */
async function workspaceFor(call: Call, db: Db, set: AnswerSet, index: number) {
  const email = `answers-${index}@example.com`;
  const password = 'bench passphrase 1';
  await call('POST', '/api/signup', { email, password });
  const { token } = await call('POST', '/api/signin', { email, password });
  const started = performance.now();
  const titleOf = await uploadAll(db, call, token, set.files);
  return { token, titleOf, seconds: (performance.now() - started) / 1000 };
}

async function saveKey(call: Call, token: string) {
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

/**
 * `--cross`: each configuration asked of every set with the gate open, observations kept, then
 * the protocol's choices and held-out figures (bench/support/answer-protocol.ts).
 */
async function cross(
  call: Call,
  sets: { set: AnswerSet; token: string; titleOf: Map<string, string> }[],
) {
  const defaults = KNOB_HOLDERS.map((h) => ({ ...h }));
  const observed = new Map<string, Map<string, Observation[]>>();
  const configs = crossConfigs();
  let last: { coverage: number; passages: string[] } | null = null;
  askProbe.coverage = (_q, coverage, passages) => (last = { coverage, passages });
  const started = performance.now();
  for (const [i, config] of configs.entries()) {
    KNOB_HOLDERS.forEach((h, k) => Object.assign(h, defaults[k]));
    applyKnobs(config);
    COVERAGE.minimum = 0;
    const bySet = new Map<string, Observation[]>();
    for (const { set, token, titleOf } of sets) {
      const questions = selectQuestions(set.questions, SPLIT, LIMIT);
      const observations: Observation[] = [];
      const conversationOf = new Map<string, string>();
      for (const q of questions) {
        last = null;
        const conversationId = q.thread ? conversationOf.get(q.thread) : undefined;
        const body = await call(
          'POST',
          '/api/ask',
          { question: q.question, ...(conversationId ? { conversationId } : {}) },
          token,
        );
        if (body.conversationId) conversationOf.set(q.id, body.conversationId);
        const scored = score(q, body, titleOf);
        const seen = last as { coverage: number; passages: string[] } | null;
        observations.push({
          set: set.name,
          q,
          coverage: seen?.coverage ?? 0,
          answered: !scored.predictedNotFound,
          right: q.fact !== null && scored.right,
          inContext:
            q.fact !== null &&
            (seen?.passages ?? []).some((p) => squash(p).includes(squash(q.fact!))),
        });
      }
      bySet.set(set.name, observations);
    }
    observed.set(config, bySet);
    const seconds = (performance.now() - started) / 1000;
    process.stderr.write(
      `\r  configuration ${i + 1}/${configs.length} (${seconds.toFixed(0)} s, ~${((seconds / (i + 1)) * (configs.length - i - 1)).toFixed(0)} s left)   `,
    );
  }
  process.stderr.write('\n');
  KNOB_HOLDERS.forEach((h, k) => Object.assign(h, defaults[k]));
  askProbe.coverage = undefined;
  const saved = process.env.CROSS_SAVE ?? path.join(os.tmpdir(), 'bench-answers-cross.json');
  fs.writeFileSync(
    saved,
    JSON.stringify({
      configs,
      sets: sets.map((s) => s.set.name),
      observed: [...observed].map(([c, bySet]) => [c, [...bySet]]),
    }),
  );
  console.log(`observations kept in ${saved} (CROSS_FROM=${saved} reports them again)`);
  crossReport(
    observed,
    sets.map((s) => s.set.name),
    configs[0],
  );
}

/** CROSS_FROM=file: the protocol's report from observations a --cross run kept. */
function crossFrom(file: string) {
  const kept = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    configs: string[];
    sets: string[];
    observed: [string, [string, Observation[]][]][];
  };
  const observed = new Map(kept.observed.map(([c, bySet]) => [c, new Map(bySet)]));
  crossReport(observed, kept.sets, kept.configs[0]);
}

runBench(async () => {
  if (process.env.CROSS_FROM) return crossFrom(process.env.CROSS_FROM);
  for (const m of modes)
    if (!MODES.includes(m)) throw new Error(`MODES: ${m} is not a mode (${MODES.join(', ')})`);
  modes.sort((a, b) => MODES.indexOf(a) - MODES.indexOf(b));
  if (!['tune', 'heldout', 'all'].includes(SPLIT))
    throw new Error(`SPLIT: ${SPLIT} is not tune, heldout or all`);
  if (!(LIMIT > 0)) throw new Error(`LIMIT: ${process.env.LIMIT} is not a positive number`);

  applyKnobs();
  const crossing = process.argv.includes('--cross');
  const sets = await Promise.all(chosenSets(process.argv.slice(2)).map(loadSet));
  if (crossing && sets.length < 2) throw new Error('--cross needs two sets or more');
  const withModel = modes.some((m) => m !== 'extractive');
  const fake = withModel ? await startFakeOpenAI({ apiKey: KEY }) : null;
  const { server, call, mode, stop } = await startBenchServer('answers', {
    ...(fake ? { OPENAI_BASE_URL: fake.url } : {}),
    ASK_RATE_PER_MINUTE: '1000000',
  });
  const results = new Map<Mode, { set: string; figures: Figures }[]>(modes.map((m) => [m, []]));
  try {
    if (crossing) {
      const uploaded = [];
      for (const [index, set] of sets.entries())
        uploaded.push({ set, ...(await workspaceFor(call, server.services.db, set, index)) });
      console.log(
        `held-out protocol over ${sets.map((s) => s.name).join(', ')} (SPLIT=${SPLIT}; ${mode} database, ${os.cpus().length} cores)`,
      );
      await cross(call, uploaded);
      return;
    }
    for (const [index, set] of sets.entries()) {
      const questions = selectQuestions(set.questions, SPLIT, LIMIT);
      const { token, titleOf, seconds } = await workspaceFor(call, server.services.db, set, index);
      console.log(
        `\n${set.name} (${path.relative(process.cwd(), set.dir) || '.'}; ${mode} database, ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}): ` +
          `${set.files.size} documents indexed in ${seconds.toFixed(1)} s, ${questions.length} questions (SPLIT=${SPLIT}${Number.isFinite(LIMIT) ? `, LIMIT=${LIMIT}` : ''})`,
      );
      let keySaved = false;
      for (const m of modes) {
        if (m !== 'extractive') {
          fake!.reply(responder(m));
          if (!keySaved) await saveKey(call, token);
          keySaved = true;
        }
        // Warm-up (connections, query plans, the provider client): not measured.
        for (const q of ['Where is the office?', 'What is the policy?'])
          await call('POST', '/api/ask', { question: q }, token);
        const turns = await askAll(
          call,
          token,
          questions,
          titleOf,
          m === 'extractive' ? null : fake,
        );
        const wrongModes = turns.filter(
          (t) => t.mode !== (m === 'extractive' ? 'extractive' : 'generated'),
        );
        report(set.name, m, turns, SPLIT, wrongModes.length, QUIET);
        results.get(m)!.push({ set: set.name, figures: figures(turns) });
      }
    }
    for (const m of modes) summary(m, results.get(m)!);
  } finally {
    await stop();
    await fake?.close();
  }
});
