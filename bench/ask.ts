/**
 * Ask latency: retrieval plus the extractive answer (no model), timed around AskService.ask at
 * each workspace size, then throughput with 8 concurrent askers for 10 s.
 *   npm run bench:ask                         embedded Postgres
 *   BENCH_DATABASE_URL=postgres://… npm run bench:ask
 * Options: SIZES (chunks, default 10000,100000; the workspace grows from one size to the next),
 * QUERIES (default 200, plus 20 warm-up questions that are not measured), LOAD_SECONDS (the
 * askers' run, default 10), VOCABULARY (a corpus.jsonl, default Cranfield's); KEEP_DATABASE=1 keeps
 * the loaded database (its URL is printed) for looking at query plans; REUSE_DATABASE=URL runs
 * on such a kept database instead of loading again (a million chunks take ~30 min to load), its
 * questions drawn from its own chunks; it grows it only if a size asks for more than it holds.
 * The corpus is generated but shaped like a real one: the words of Cranfield with their
 * frequencies plus 30,000 rare pseudo-words, Zipf-sampled, with some per-document topic words;
 * 10 chunks of 1,200–1,500 characters per document. Chunks are written by the indexer's own
 * insertChunks (tsvector, length, search statistics by trigger), then VACUUM ANALYZE.
 * PROFILE=1 prints, per size, the SQL time per question by statement (literals blanked) for the
 * admin's questions and the member's: where a slow ask spends its time (timing adds ~1 ms).
 * Questions are "What/How/Where/Who …" plus 3–8 words of a random chunk; 10% use only words
 * that are not in the corpus. Targets (Postgres mode): p95 < 50 ms at 10k, < 150 ms at 100k.
 * HYBRID=1 times the hybrid retriever instead: every chunk gets a random 512-dimension vector in
 * chunk_embeddings and the question's vector is made locally, so the figures are the cost of
 * hybrid ranking itself (vectors read, cosines, fusion), without the provider's round trip.
 *
 * Access (issue 26): the chunks are spread over SOURCES upload sources (default 100; document n
 * goes to source (n - 1) % SOURCES); all but the first are restricted and owned by the bench
 * admin, who therefore reads everything. A second member ("reader@example.com") reads only the
 * first, open source: about 1% of the chunks. Per size the admin is timed as before (every ask
 * builds its Reader, as a request does), then the 1% member on questions drawn from their own
 * passages and on the admin's questions. For the member, the results list
 * (search.rankDocuments, first 10) must be full whenever the readable part holds 10 documents
 * matching any of the question's words (short pages are counted and listed), and nothing the
 * retriever, the answer or the list returns may come from another source (a leak fails the run).
 * Targets for the 1% member: a full first page, p95 < 150 ms at 100k, < 300 ms at 1M; the admin
 * at most 10% slower than before the access layer (measured on the commit before it, same
 * SIZES, QUERIES and seed).
 * ACCESS=mirror (issue 28): every source mirrors a tool's permissions instead, and the member
 * reads the same 1% item by item: the first source's documents name a GitHub account the member
 * linked, the others' name nobody, so their filter is the per-chunk ACL (GIN), not source ids,
 * and candidate generation is sized by the sources' chunk counts per principal.
 */
import 'reflect-metadata';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import { loadConfig } from '../server/src/config.js';
import { createDataSource } from '../server/src/db/data-source.js';
import { createTemporaryDatabase } from '../server/src/db/temporary-database.js';
import { LOCAL_STORAGE_SETTING } from '../server/src/storage/local-storage-claim.js';
import { authenticate } from '../server/src/modules/auth/authenticate.js';
import { hashPassword } from '../server/src/modules/auth/passwords.js';
import { AskService, NOT_FOUND_ANSWER } from '../server/src/modules/search/ask.service.js';
import {
  HybridRetriever,
  insertChunks,
  LexicalRetriever,
  tsqueryLexeme,
} from '../server/src/modules/corpus/index.js';
import { EmbeddingClient, vectorToBytes } from '../server/src/ai/embedding-client.js';
import { SearchService } from '../server/src/modules/search/search.service.js';
import { startServer } from '../server/src/server.js';
import { createLogger } from '../server/src/shared/logger.js';
import { installSqlProfile } from './support/sql-profile.js';

const SIZES = (process.env.SIZES ?? '10000,100000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0)
  .sort((a, b) => a - b);
const QUERIES = Number(process.env.QUERIES ?? 200);
/** PROFILE=1: the SQL time per question by statement, for the admin's and the member's own. */
const profile = process.env.PROFILE === '1' ? installSqlProfile() : null;
const WARMUP = 20;
const ASKERS = 8;
const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 10);
/** LATENCIES=file appends each timed question's latency (JSON lines), for paired comparisons. */
const LATENCIES = process.env.LATENCIES;
const recordLatency = (entry: { chunks: number; who: string; question: string; ms: number }) => {
  if (LATENCIES) fs.appendFileSync(LATENCIES, `${JSON.stringify(entry)}\n`);
};
const CHUNKS_PER_DOCUMENT = 10;
/** 'sources' (open and restricted sources) or 'mirror' (every source read item by item). */
const ACCESS = process.env.ACCESS === 'mirror' ? 'mirror' : 'sources';
/** The GitHub account the member links (ACCESS=mirror): the first source's items name it. */
const MIRROR_ACCOUNT = 'github:user:4242';
const LOAD_WORKERS = 3;
/** Upload sources the documents are spread over; the first is open, the others restricted. */
const SOURCE_COUNT = Math.max(1, Number(process.env.SOURCES ?? 100));
const mode = process.env.BENCH_DATABASE_URL ? 'postgres' : 'embedded';
const HYBRID = process.env.HYBRID === '1';
const DIMENSIONS = 512;
/** Where the vocabulary comes from (a BEIR corpus.jsonl); the smoke run passes a tiny one. */
const VOCABULARY =
  process.env.VOCABULARY ??
  path.resolve(import.meta.dirname, '../../shared/data/ir/cranfield/corpus.jsonl');

// Seeded PRNG (mulberry32), so the corpus and the questions are the same on every run.
function mulberry32(state: number): () => number {
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
/** The corpus and the admin's questions: the same draws, in the same order, as before issue 26. */
const random = mulberry32(0x5eed1234);
/** The 1% member's own questions: a stream of their own, so the admin's questions do not move. */
const memberRandom = mulberry32(0x0ead1234);
const between = (min: number, max: number, rnd = random) =>
  min + Math.floor(rnd() * (max - min + 1));
const pick = <T>(items: readonly T[], rnd = random) => items[Math.floor(rnd() * items.length)];

// Vocabulary: Cranfield's words by frequency (already Zipfian), then the rare pseudo-words
// continuing the curve (weight ∝ 1 / rank) as the long tail.
const counts = new Map<string, number>();
for (const line of fs.readFileSync(VOCABULARY, 'utf8').split('\n')) {
  if (!line.trim()) continue;
  const doc = JSON.parse(line) as { title?: string; text?: string };
  for (const w of `${doc.title ?? ''} ${doc.text ?? ''}`.toLowerCase().match(/[a-z0-9]+/g) ?? [])
    counts.set(w, (counts.get(w) ?? 0) + 1);
}
const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
const ONSETS = 'b c d f g h k l m n p r s t v w br cl dr fl gr pl st tr sh ch'.split(' ');
const VOWELS = 'a e i o u ai ea io ou'.split(' ');
const CODAS = ['', '', '', 'n', 'r', 's', 'l', 'm', 'nd', 'rt'];
const syllable = (rnd = random) => pick(ONSETS, rnd) + pick(VOWELS, rnd) + pick(CODAS, rnd);
const pseudoWords = new Set<string>();
while (pseudoWords.size < 30_000) {
  const w = Array.from({ length: between(2, 4) }, () => syllable()).join('');
  if (!counts.has(w)) pseudoWords.add(w);
}
const vocabulary = [...ranked.map(([w]) => w), ...pseudoWords];
const tailStart = ranked.length;
const lastCount = ranked[tailStart - 1][1];
const cumulative = new Float64Array(vocabulary.length);
let total = 0;
for (let r = 0; r < vocabulary.length; r++) {
  total += r < tailStart ? ranked[r][1] : (lastCount * tailStart) / (r + 1);
  cumulative[r] = total;
}
function randomUnit(): Float32Array {
  const v = new Float32Array(DIMENSIONS);
  let norm = 0;
  for (let i = 0; i < DIMENSIONS; i++) {
    v[i] = random() - 0.5;
    norm += v[i] * v[i];
  }
  norm = Math.sqrt(norm);
  for (let i = 0; i < DIMENSIONS; i++) v[i] /= norm;
  return v;
}

/** The question's vector made here: the provider's round trip is not what this bench measures. */
class LocalEmbeddings extends EmbeddingClient {
  constructor() {
    super({ apiKey: 'local', model: 'bench', dimensions: DIMENSIONS, timeoutMs: 1000 });
  }
  override async embed(texts: string[]): Promise<Float32Array[]> {
    return texts.map(() => randomUnit());
  }
}

function zipfWord(): string {
  const x = random() * total;
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return vocabulary[lo];
}
/** Words never in the corpus (pseudo-words hold no x), for questions without an answer. */
const unknownWord = (rnd = random) => `${syllable(rnd)}x${syllable(rnd)}${pick(VOWELS, rnd)}`;

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
function generateDocument(): { title: string; chunks: string[] } {
  // A document's own topic words: drawn from the tail half of the time, so they are rare overall
  // but repeated here, as real documents repeat their subject's terms.
  const topic = Array.from({ length: between(15, 40) }, () =>
    random() < 0.5 ? vocabulary[between(300, vocabulary.length - 1)] : zipfWord(),
  );
  const word = () => (random() < 0.08 ? pick(topic) : zipfWord());
  const title = Array.from({ length: between(3, 8) }, () =>
    capitalise(random() < 0.5 ? pick(topic) : zipfWord()),
  ).join(' ');
  const chunks = Array.from({ length: CHUNKS_PER_DOCUMENT }, () => {
    const target = between(1200, 1350);
    const paragraphs: string[] = [];
    let length = 0;
    while (length < target) {
      const sentences: string[] = [];
      for (let n = between(2, 5); n > 0 && length < target; n--) {
        const s = `${capitalise(Array.from({ length: between(8, 25) }, word).join(' '))}.`;
        sentences.push(s);
        length += s.length + 1;
      }
      paragraphs.push(sentences.join(' '));
    }
    return paragraphs.join('\n');
  });
  return { title, chunks };
}

const PREFIXES = ['What is', 'What are', 'How does', 'How do', 'Where is', 'Where are', 'Who'];
/** Every 37th chunk's text, to draw questions from chunks that exist at the current size. */
const questionSources: string[] = [];
/** Every chunk of the open source: the 1% member's questions are drawn from what they read. */
const memberSources: string[] = [];
function question(pool: readonly string[] = questionSources, rnd = random): string {
  if (rnd() < 0.1)
    return `${pick(PREFIXES, rnd)} ${Array.from({ length: between(3, 5, rnd) }, () => unknownWord(rnd)).join(' ')}?`;
  const words = pick(pool, rnd)
    .toLowerCase()
    .match(/[a-z0-9]+/g)!;
  const k = between(3, 8, rnd);
  const positions = new Set<number>();
  while (positions.size < k) positions.add(Math.floor(rnd() * words.length));
  const picked = [...positions].sort((a, b) => a - b).map((i) => words[i]);
  return `${pick(PREFIXES)} ${picked.join(' ')}?`;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] : NaN;
const ms = (n: number) => n.toFixed(1).padStart(7);
const thousands = (n: number) => n.toLocaleString('en');

const REUSE = process.env.REUSE_DATABASE;
const db = REUSE
  ? { url: REUSE, drop: async () => {} }
  : await createTemporaryDatabase(process.env.BENCH_DATABASE_URL);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-bench-ask-'));
const config = {
  ...loadConfig({
    NODE_ENV: 'production',
    PORT: '0',
    DATABASE_URL: db.url,
    DATA_DIR: dataDir,
    APP_SECRET: 'bench-secret-bench-secret-bench-secret-00',
    WORKSPACE_QUOTA_MB: '100000',
    ASK_RATE_PER_MINUTE: '1000000',
  }),
  host: '127.0.0.1',
};
if (REUSE) {
  // The kept database names the storage folder of the run that loaded it (gone since; the bench
  // stores no files): let this run's folder take its place.
  const pg = createDataSource(REUSE);
  await pg.initialize();
  await pg.query(`DELETE FROM server_settings WHERE key = $1`, [LOCAL_STORAGE_SETTING]);
  await pg.destroy();
}
const server = await startServer(config, createLogger('error'));
const call = async (method: string, url: string, body?: unknown) => {
  const res = await fetch(server.url + url, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json() as Promise<any>;
};

interface Timings {
  latency: number[];
  mean: number;
  answered: number;
  asksPerSecond: number;
  loadedP95: number;
}
interface Row extends Timings {
  chunks: number;
  loadSeconds: number;
  retrieval: number[];
  /** p95 of a follow-up asked in the conversation each first question started. */
  followUpP95: number;
  slowest: { ms: number; question: string }[];
  /** The admin's results list (rankDocuments, first 10) on the same questions. */
  list: ListCheck;
  member: MemberRow | null;
}
/** The results list of each question: its latency and whether its page was full. */
interface ListCheck {
  latency: number[];
  /** Pages short of 10 documents although the readable part holds 10 that match. */
  short: { question: string; got: number; matching: number }[];
  /** Pages short because the readable part holds fewer than 10 matching documents. */
  thin: number;
}
interface MemberRow {
  /** The member's share of the workspace's chunks. */
  share: number;
  own: Timings & { list: ListCheck; slowest: { ms: number; question: string }[] };
  admins: Timings & { list: ListCheck; slowest: { ms: number; question: string }[] };
  /** Passages of another source returned to the member (retriever, answer or list). */
  leaks: string[];
}
const rows: Row[] = [];
const MEMBER = { email: 'reader@example.com', password: 'bench passphrase 2' };
try {
  if (!REUSE)
    await call('POST', '/api/signup', {
      email: 'bench@example.com',
      password: 'bench passphrase 1',
    });
  const { token } = await call('POST', '/api/signin', {
    email: 'bench@example.com',
    password: 'bench passphrase 1',
  });
  const viewer = await authenticate(server.services.db, server.services.keys, token);
  if (!viewer) throw new Error('sign-in gave no usable token');
  const workspaceId = viewer.workspaceId;
  const manager = server.services.db.manager;

  // The sources: "Bench 000" open to the workspace, the others restricted (owned by the admin).
  let sources: { id: string }[];
  if (REUSE) {
    sources = await manager.query(
      `SELECT id FROM sources WHERE workspace_id = $1 AND name LIKE 'Bench ___' ORDER BY name`,
      [workspaceId],
    );
    if (sources.length === 0)
      throw new Error('REUSE_DATABASE has no "Bench 000" sources: load it with this bench');
  } else {
    sources = [];
    for (let i = 0; i < SOURCE_COUNT; i++)
      sources.push(
        await server.services.sourceAdmin.createUploadSource(viewer, {
          name: `Bench ${String(i).padStart(3, '0')}`,
          description: 'generated',
          access: { mode: i === 0 ? 'WORKSPACE' : 'RESTRICTED' },
        }),
      );
    // The member who reads the open source only.
    await manager.query(
      `INSERT INTO users (workspace_id, email, first_name, last_name, password_hash, roles)
       VALUES ($1, $2, 'Reader', 'One', $3, '{customer_facing}')`,
      [workspaceId, MEMBER.email, await hashPassword(MEMBER.password)],
    );
  }
  const open = sources[0];
  const signedIn = await call('POST', '/api/signin', MEMBER);
  const member = await authenticate(server.services.db, server.services.keys, signedIn.token);
  if (!member) throw new Error("the member's sign-in gave no usable token");

  const [reused]: { chunks: number; documents: number }[] = REUSE
    ? await manager.query(
        `SELECT (SELECT count(*)::int FROM chunks WHERE workspace_id = $1) AS chunks,
                (SELECT count(*)::int FROM documents WHERE workspace_id = $1) AS documents`,
        [workspaceId],
      )
    : [];
  if (reused) {
    // Questions from the same chunks as a run that loads (document n's chunks are numbered
    // (n - 1) * 10 + ordinal; every 37th), so runs on different kept databases ask the same.
    const texts: { text: string }[] = await manager.query(
      `SELECT c.text
         FROM documents d
         CROSS JOIN LATERAL (SELECT (substring(d.file_name FROM '^document-([0-9]+)[.]txt$')::int - 1)
                                    * ${CHUNKS_PER_DOCUMENT} AS first) f
         JOIN chunks c ON c.document_id = d.id AND c.ordinal = (37 - f.first % 37) % 37
        WHERE d.workspace_id = $1
        ORDER BY f.first`,
      [workspaceId],
    );
    questionSources.push(...texts.map((t) => t.text));
    const own: { text: string }[] = await manager.query(
      `SELECT c.text FROM chunks c JOIN documents d ON d.id = c.document_id
        WHERE c.workspace_id = $1 AND c.source_id = $2
        ORDER BY substring(d.file_name FROM '^document-([0-9]+)[.]txt$')::int, c.ordinal`,
      [workspaceId, open.id],
    );
    memberSources.push(...own.map((t) => t.text));
  }

  const localEmbeddings = new LocalEmbeddings();
  /** Random unit vectors for every chunk that has none (seeded, so runs compare). */
  const fillEmbeddings = async () => {
    let written = 0;
    for (;;) {
      const ids: { id: string }[] = await manager.query(
        `SELECT c.id FROM chunks c LEFT JOIN chunk_embeddings e ON e.chunk_id = c.id
          WHERE e.chunk_id IS NULL LIMIT 2000`,
      );
      if (ids.length === 0) return written;
      await manager.query(
        `INSERT INTO chunk_embeddings (chunk_id, workspace_id, model, vector)
         SELECT v.id, $1, $4, v.vector FROM unnest($2::uuid[], $3::bytea[]) AS v(id, vector)`,
        [
          workspaceId,
          ids.map((r) => r.id),
          ids.map(() => vectorToBytes(randomUnit())),
          localEmbeddings.vectorSpace,
        ],
      );
      written += ids.length;
    }
  };
  const lexical = new LexicalRetriever(server.services.db);
  const hybridAsk = new AskService(
    server.services.db,
    new SearchService(
      server.services.db,
      new HybridRetriever(
        server.services.db,
        lexical,
        new LocalEmbeddings(),
        createLogger('error'),
      ),
      lexical,
    ),
    server.services.readers,
    server.services.history,
    server.services.conversations,
    server.services.answerFeedback,
    createLogger('error'),
    { ...config.ai, apiKey: undefined },
  );

  /** Documents of these sources (all when null) holding any of the words. */
  const matchingDocuments = async (lexemes: string[], sourceIds: string[] | null) => {
    if (lexemes.length === 0) return 0;
    const [{ n }]: { n: number }[] = await manager.query(
      `SELECT count(DISTINCT document_id)::int AS n FROM chunks
        WHERE workspace_id = $1 AND ($2::uuid[] IS NULL OR source_id = ANY($2::uuid[]))
          AND tsv @@ $3::tsquery`,
      [workspaceId, sourceIds, lexemes.map(tsqueryLexeme).join(' | ')],
    );
    return n;
  };
  /** The chunks among these that are not in the open source (a leak, for the member). */
  const outside = async (chunkIds: string[]) => {
    if (chunkIds.length === 0) return [];
    const rows: { id: string; source_id: string }[] = await manager.query(
      `SELECT id, source_id FROM chunks WHERE id = ANY($1::uuid[]) AND source_id <> $2`,
      [chunkIds, open.id],
    );
    return rows.map((r) => `chunk ${r.id} of source ${r.source_id}`);
  };

  console.log(
    `ask benchmark (${mode} database, access by ${ACCESS === 'mirror' ? 'mirrored items' : 'sources'}, ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(
        ' ',
      )} at start): extractive answers, ${QUERIES} questions per size, ${ASKERS} askers for ${LOAD_SECONDS} s`,
  );
  console.log(
    `  corpus: ${thousands(ranked.length)} Cranfield words + ${thousands(pseudoWords.size)} pseudo-words, Zipf-sampled; ${CHUNKS_PER_DOCUMENT} chunks of 1,200–1,500 characters per document, over ${sources.length} sources (1 open, ${sources.length - 1} restricted)`,
  );

  let loaded = reused?.chunks ?? 0;
  let documentNumber = reused?.documents ?? 0;
  for (const size of SIZES) {
    // Grow the workspace to `size` chunks through the indexer's write path.
    const started = performance.now();
    const from = loaded;
    await Promise.all(
      Array.from({ length: LOAD_WORKERS }, async () => {
        while (loaded < size) {
          const doc = generateDocument();
          doc.chunks.length = Math.min(doc.chunks.length, size - loaded);
          for (let i = 0; i < doc.chunks.length; i++)
            if ((loaded + i) % 37 === 0) questionSources.push(doc.chunks[i]);
          loaded += doc.chunks.length;
          const n = ++documentNumber;
          const source = sources[(n - 1) % sources.length];
          if (source === open) memberSources.push(...doc.chunks);
          const [{ id }] = await manager.query(
            `INSERT INTO documents (workspace_id, source_id, title, file_name, file_type, file_size,
                                    storage_key, status, progress, chunk_count, uploaded_by_id, indexed_at)
             VALUES ($1, $2, $3, $4, 'text/plain', $5, $6, 'indexed', 100, $7, $8, now()) RETURNING id`,
            [
              workspaceId,
              source.id,
              doc.title,
              `document-${n}.txt`,
              doc.chunks.reduce((s, c) => s + c.length + 1, 0),
              `bench/${randomUUID()}`,
              doc.chunks.length,
              viewer.userId,
            ],
          );
          await insertChunks(
            manager,
            { id, workspaceId, sourceId: source.id },
            doc.title,
            doc.chunks.map((text) => ({ text, location: null })),
          );
        }
      }),
    );
    const insertSeconds = (performance.now() - started) / 1000;
    const vacuumStart = performance.now();
    if (loaded > from || !REUSE) {
      await server.services.db.query('VACUUM ANALYZE chunks, documents, search_term_stats');
      // The count rows folded, as the server's five-minute job leaves them.
      await server.services.sources.compactCounts();
    }
    const vacuumSeconds = (performance.now() - vacuumStart) / 1000;
    await setAccess(server.services.db, workspaceId, open.id, member.userId, (id) =>
      server.services.permissionSync.recount(id),
    );
    console.log(
      `  load ${thousands(from)} → ${thousands(size)} chunks: ${insertSeconds.toFixed(1)} s (${((size - from) / insertSeconds).toFixed(0)} chunks/s, ${LOAD_WORKERS} writers) + VACUUM ANALYZE ${vacuumSeconds.toFixed(1)} s`,
    );

    // What removing sources costs at this size: their chunks deleted (the search statistics
    // follow by trigger), timed, then rolled back so the workspace stays as loaded.
    for (const count of [1, 10]) {
      const runner = server.services.db.createQueryRunner();
      await runner.startTransaction();
      try {
        const t0 = performance.now();
        const [, deleted] = await runner.query(
          'DELETE FROM chunks WHERE source_id = ANY($1::uuid[])',
          [sources.slice(1, 1 + count).map((s) => s.id)],
        );
        console.log(
          `  deleting ${count} source${count > 1 ? 's' : ''}' chunks (${thousands(Number(deleted))} of ${thousands(size)}): ${((performance.now() - t0) / 1000).toFixed(2)} s`,
        );
      } finally {
        await runner.rollbackTransaction();
        await runner.release();
      }
    }

    if (HYBRID) {
      const t0 = performance.now();
      const vectors = await fillEmbeddings();
      console.log(
        `  ${thousands(vectors)} random vectors written in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
      );
    }
    const asker = HYBRID ? hybridAsk : server.services.ask;
    // A copy of the viewer per question, as each request has its own: the Reader is built
    // per request (Readers.forViewer keeps one per viewer object), so every ask pays for it.
    const ask = (q: string, conversationId?: string | null) =>
      asker.ask({ ...viewer }, { question: q, provider: null, conversationId });
    for (let i = 0; i < WARMUP; i++) await ask(question());
    const questions = Array.from({ length: QUERIES }, () => question());
    // A digest of the questions, so two runs (before and after a change) are seen to ask the same.
    console.log(
      `  questions at ${thousands(size)}: sha1 ${createHash('sha1').update(questions.join('\n')).digest('hex').slice(0, 12)}`,
    );
    profile?.reset();
    const latency: number[] = [];
    const followUps: number[] = [];
    const retrieval: number[] = [];
    const slowest: Row['slowest'] = [];
    let answered = 0;
    for (const q of questions) {
      const t0 = performance.now();
      const result = await ask(q);
      const elapsed = performance.now() - t0;
      latency.push(elapsed);
      recordLatency({ chunks: size, who: 'admin', question: q, ms: elapsed });
      retrieval.push(result.timings.retrievalMs);
      slowest.push({ ms: elapsed, question: q });
      if (result.answer !== NOT_FOUND_ANSWER) answered++;
      // A follow-up in the same conversation: its thread is read and the previous question's
      // key words are carried into its search (no provider here, so no rewrite call).
      const t1 = performance.now();
      await ask(question(), result.conversationId);
      followUps.push(performance.now() - t1);
    }
    profile?.print(`at ${thousands(size)}, admin (each question and its follow-up)`, QUERIES);
    followUps.sort((a, b) => a - b);
    const mean = latency.reduce((s, x) => s + x, 0) / latency.length;
    latency.sort((a, b) => a - b);
    retrieval.sort((a, b) => a - b);
    slowest.sort((a, b) => b.ms - a.ms);

    // Throughput: ASKERS concurrent loops over the same questions.
    const throughput = async (askOne: (q: string) => Promise<unknown>, over: string[]) => {
      const loadedLatency: number[] = [];
      let next = 0;
      const loadStart = performance.now();
      const deadline = loadStart + LOAD_SECONDS * 1000;
      await Promise.all(
        Array.from({ length: ASKERS }, async () => {
          while (performance.now() < deadline) {
            const q = over[next++ % over.length];
            const t0 = performance.now();
            await askOne(q);
            loadedLatency.push(performance.now() - t0);
          }
        }),
      );
      const loadElapsed = (performance.now() - loadStart) / 1000;
      loadedLatency.sort((a, b) => a - b);
      return {
        asksPerSecond: loadedLatency.length / loadElapsed,
        loadedP95: percentile(loadedLatency, 0.95),
      };
    };
    const adminLoad = await throughput((q) => ask(q), questions);

    /**
     * The results list of each question for a reader: timed (the Reader built as a request
     * builds it), its page checked for fullness against the documents the reader could have
     * been shown, and, for the member, every passage checked to be in the open source.
     */
    const checkList = async (
      who: { workspaceId: string; userId: string },
      over: string[],
      readable: string[] | null,
      leaks: string[] | null,
    ): Promise<ListCheck> => {
      const check: ListCheck = { latency: [], short: [], thin: 0 };
      for (const q of over) {
        const t0 = performance.now();
        const reader = await server.services.readers.forMember(who.workspaceId, who.userId);
        const { passages, terms } = await server.services.search.rankDocuments(reader, {
          text: q,
          first: 10,
        });
        check.latency.push(performance.now() - t0);
        if (leaks) {
          leaks.push(
            ...passages
              .filter((p) => p.sourceId !== open.id)
              .map((p) => `list of "${q}": chunk ${p.chunkId} of source ${p.sourceId}`),
          );
          // The retriever itself, before hydration's own filter could hide what it let through.
          const { chunks } = await lexical.retrieve({ reader, text: q, limit: 40 });
          leaks.push(
            ...(await outside(chunks.map((c) => c.chunkId))).map((l) => `retriever, "${q}": ${l}`),
          );
        }
        if (passages.length < 10) {
          const matching = await matchingDocuments(
            terms.map((t) => t.lexeme),
            readable,
          );
          if (matching > passages.length)
            check.short.push({ question: q, got: passages.length, matching });
          else check.thin++;
        }
      }
      check.latency.sort((a, b) => a - b);
      return check;
    };
    const adminList = await checkList(viewer, questions, null, null);

    // The 1% member: questions from their own passages, then the admin's questions.
    let memberRow: MemberRow | null = null;
    if (memberSources.length > 0) {
      const readerOf = await server.services.readers.forMember(workspaceId, member.userId);
      const expected =
        ACCESS === 'mirror'
          ? readerOf.partialSourceIds.length === sources.length &&
            readerOf.principals.includes(MIRROR_ACCOUNT)
          : readerOf.sourceIds.length === 1 && readerOf.sourceIds[0] === open.id;
      if (readerOf.readsEverything || !expected)
        throw new Error(`the member should read the open source only: ${readerOf.sourceIds}`);
      const [{ share }]: { share: number }[] = await manager.query(
        `SELECT (SELECT count(*) FROM chunks WHERE source_id = $2)::float8
                / greatest((SELECT count(*) FROM chunks WHERE workspace_id = $1), 1) AS share`,
        [workspaceId, open.id],
      );
      const leaks: string[] = [];
      const memberAsk = async (q: string) => {
        const result = await asker.ask({ ...member }, { question: q, provider: null });
        for (const p of [...result.sources, ...result.related])
          if (p.sourceId !== open.id)
            leaks.push(`answer to "${q}": chunk ${p.chunkId} of source ${p.sourceId}`);
        return result;
      };
      const timeMember = async (over: string[], who: string) => {
        const latency: number[] = [];
        const slowest: { ms: number; question: string }[] = [];
        let answered = 0;
        profile?.reset();
        for (const q of over) {
          const t0 = performance.now();
          const result = await memberAsk(q);
          const elapsed = performance.now() - t0;
          latency.push(elapsed);
          recordLatency({ chunks: size, who, question: q, ms: elapsed });
          slowest.push({ ms: elapsed, question: q });
          if (result.answer !== NOT_FOUND_ANSWER) answered++;
        }
        profile?.print(`at ${thousands(size)}, 1% member (${who})`, over.length);
        const mean = latency.reduce((s, x) => s + x, 0) / latency.length;
        latency.sort((a, b) => a - b);
        slowest.sort((a, b) => b.ms - a.ms);
        const load = await throughput(memberAsk, over);
        const list = await checkList(member, over, [open.id], leaks);
        return {
          latency,
          mean,
          answered: answered / over.length,
          ...load,
          list,
          slowest: slowest.slice(0, 3),
        };
      };
      for (let i = 0; i < WARMUP; i++) await memberAsk(question(memberSources, memberRandom));
      const ownQuestions = Array.from({ length: QUERIES }, () =>
        question(memberSources, memberRandom),
      );
      const own = await timeMember(ownQuestions, 'member own');
      const admins = await timeMember(questions, "member admin's");
      memberRow = { share, own, admins, leaks };
    }

    const row: Row = {
      chunks: size,
      loadSeconds: insertSeconds + vacuumSeconds,
      answered: answered / questions.length,
      latency,
      retrieval,
      mean,
      ...adminLoad,
      followUpP95: percentile(followUps, 0.95),
      slowest: slowest.slice(0, 3),
      list: adminList,
      member: memberRow,
    };
    rows.push(row);
    console.log(
      `  ${thousands(size)} chunks: admin p50 ${percentile(latency, 0.5).toFixed(1)} ms, p95 ${percentile(latency, 0.95).toFixed(1)} ms, p99 ${percentile(latency, 0.99).toFixed(1)} ms; ${row.asksPerSecond.toFixed(1)} asks/s under load` +
        (memberRow
          ? `; 1% member p95 ${percentile(memberRow.own.latency, 0.95).toFixed(1)} ms (own questions), ${percentile(memberRow.admins.latency, 0.95).toFixed(1)} ms (admin's)`
          : '') +
        ` (load average ${os.loadavg()[0].toFixed(1)})`,
    );
  }

  console.log('');
  console.log(
    `  mode      chunks   load s  answered |   p50     p95     p99    mean | retr p50 retr p95 | ${ASKERS} askers: asks/s   p95`,
  );
  for (const r of rows) {
    console.log(
      `  ${(HYBRID ? `${mode}+h` : mode).padEnd(8)} ${thousands(r.chunks).padStart(7)} ${r.loadSeconds.toFixed(1).padStart(8)} ${`${(r.answered * 100).toFixed(0)}%`.padStart(9)} |${ms(percentile(r.latency, 0.5))} ${ms(percentile(r.latency, 0.95))} ${ms(percentile(r.latency, 0.99))} ${ms(r.mean)} |${ms(percentile(r.retrieval, 0.5))}  ${ms(percentile(r.retrieval, 0.95))} |${r.asksPerSecond.toFixed(1).padStart(16)} ${ms(r.loadedP95)}`,
    );
  }
  console.log('  (latencies in ms; retr = retrieval alone, from result.timings.retrievalMs)');
  for (const r of rows) {
    const first = percentile(r.latency, 0.95);
    console.log(
      `  follow-ups at ${thousands(r.chunks)}: p95 ${r.followUpP95.toFixed(1)} ms vs ${first.toFixed(1)} ms for first questions (${(((r.followUpP95 - first) / first) * 100).toFixed(1)}%)`,
    );
  }
  for (const r of rows) {
    console.log(`  slowest at ${thousands(r.chunks)}:`);
    for (const s of r.slowest) console.log(`    ${s.ms.toFixed(1).padStart(7)} ms  ${s.question}`);
  }

  // Who reads what: the admin (everything) and the 1% member, asks and results lists.
  console.log('');
  console.log(
    `  access    chunks  reader (questions)     answered |   p50     p95     p99    mean | ${ASKERS} askers: asks/s   p95 | list p50 list p95 | short pages  leaks`,
  );
  const line = (chunks: number, who: string, t: Timings, list: ListCheck, leaks: number | string) =>
    console.log(
      `  ${mode.padEnd(8)} ${thousands(chunks).padStart(7)}  ${who.padEnd(22)} ${`${(t.answered * 100).toFixed(0)}%`.padStart(8)} |${ms(percentile(t.latency, 0.5))} ${ms(percentile(t.latency, 0.95))} ${ms(percentile(t.latency, 0.99))} ${ms(t.mean)} |${t.asksPerSecond.toFixed(1).padStart(16)} ${ms(t.loadedP95)} |${ms(percentile(list.latency, 0.5))}  ${ms(percentile(list.latency, 0.95))} | ${`${list.short.length} (${list.thin} thin)`.padStart(11)} ${String(leaks).padStart(6)}`,
    );
  for (const r of rows) {
    line(r.chunks, 'admin (admin)', r, r.list, '-');
    if (!r.member) continue;
    const m = r.member;
    line(r.chunks, `${(m.share * 100).toFixed(2)}% (own)`, m.own, m.own.list, m.leaks.length);
    line(r.chunks, `${(m.share * 100).toFixed(2)}% (admin's)`, m.admins, m.admins.list, '');
  }
  console.log(
    "  (short: the list gave fewer than 10 documents although the reader's part holds more that match; thin: it holds fewer than 10)",
  );
  let leaked = 0;
  for (const r of rows) {
    const short = [...r.list.short.map((s) => ({ ...s, who: 'admin' }))];
    if (r.member)
      short.push(
        ...r.member.own.list.short.map((s) => ({ ...s, who: 'member, own' })),
        ...r.member.admins.list.short.map((s) => ({ ...s, who: "member, admin's" })),
      );
    for (const s of short)
      console.log(
        `  short page at ${thousands(r.chunks)} (${s.who}): ${s.got} documents of ${s.matching} matching: ${s.question}`,
      );
    if (r.member) {
      for (const [which, t] of [
        ['own', r.member.own],
        ["admin's", r.member.admins],
      ] as const) {
        console.log(`  member's slowest at ${thousands(r.chunks)} (${which} questions):`);
        for (const s of t.slowest)
          console.log(`    ${s.ms.toFixed(1).padStart(7)} ms  ${s.question}`);
      }
      for (const l of r.member.leaks.slice(0, 20))
        console.log(`  LEAK at ${thousands(r.chunks)}: ${l}`);
      leaked += r.member.leaks.length;
    }
  }
  console.log(
    `  load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  if (leaked > 0) {
    console.error(`  ${leaked} passages outside the member's readable source: a leak`);
    process.exitCode = 1;
  }
} finally {
  await server.stop();
  if (process.env.KEEP_DATABASE) console.log(`  database kept: ${db.url}`);
  else await db.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/**
 * The sources' access for this run (not timed): ACCESS=sources, the first open to the workspace
 * and the others restricted; ACCESS=mirror, all mirrored, the first source's items naming the
 * member's linked account and the others' naming no one (only rows not yet so are written).
 */
async function setAccess(
  db: { query: (sql: string, params?: unknown[]) => Promise<unknown> },
  workspaceId: string,
  openId: string,
  memberId: string,
  recount: (sourceId: string) => Promise<void>,
) {
  const bench = `workspace_id = $1 AND name LIKE 'Bench ___'`;
  if (ACCESS === 'sources') {
    await db.query(
      `UPDATE sources SET access_mode = CASE WHEN id = $2 THEN 'workspace' ELSE 'restricted' END
        WHERE ${bench}`,
      [workspaceId, openId],
    );
    return;
  }
  await db.query(
    `UPDATE sources SET access_mode = 'mirror', permissions_state = 'ok' WHERE ${bench}`,
    [workspaceId],
  );
  await db.query(
    `INSERT INTO linked_accounts (workspace_id, user_id, provider, account_id)
     VALUES ($1, $2, 'github', $3) ON CONFLICT DO NOTHING`,
    [workspaceId, memberId, MIRROR_ACCOUNT.split(':')[2]],
  );
  for (const table of ['documents', 'chunks'])
    await db.query(
      `UPDATE ${table} SET acl = CASE WHEN source_id = $2 THEN $3::text[] ELSE '{}'::text[] END
        WHERE workspace_id = $1
          AND acl IS DISTINCT FROM CASE WHEN source_id = $2 THEN $3::text[] ELSE '{}'::text[] END`,
      [workspaceId, openId, [MIRROR_ACCOUNT]],
    );
  await db.query('VACUUM ANALYZE chunks, documents');
  // The chunks per principal, as a sync leaves them (candidate sizing reads them).
  const mirrored = (await db.query(`SELECT id FROM sources WHERE ${bench}`, [workspaceId])) as {
    id: string;
  }[];
  for (const { id } of mirrored) await recount(id);
}
