/**
 * Retrieval quality on any test collection in the BEIR layout (corpus.jsonl, queries.jsonl,
 * qrels.tsv with graded scores): every document goes through the product's own ingestion (the
 * three-step upload of a .txt named after its title, parsing, chunking, indexing) into a fresh
 * workspace, every query through the product's retrieval. A plain BM25 (bench/bm25-baseline.ts,
 * the port of shared/tools/bm25_baseline.py) runs on the same collection in the same run, and
 * both are scored by the same trec_eval-style metrics (bench/ir-metrics.ts).
 *   npm run bench:retrieval -- ../shared/data/ir/cranfield
 *   npm run bench:retrieval -- --all          the four shared collections, a table, the worst ratio
 *   npm run bench:retrieval -- --ablation [DIR]   each ranking component turned off in turn, on
 *                                             the four shared collections (or DIR), as ratios
 *   npm run bench:retrieval -- --cross        the held-out protocol on the seven shared
 *                                             collections (docs/RANKING.md): every setting chosen
 *                                             on six, scored on the seventh, for each of the seven
 *   npm run bench:retrieval -- --cross --known-item   the same on known-item collections derived
 *                                             from the five with titles (bench/known-item.ts):
 *                                             every question has one right document
 *   npm run bench:retrieval -- --cross --with-known-item   the seven and those five, one protocol
 *   BENCH_DATABASE_URL=postgres://… npm run bench:retrieval -- DIR
 * HYBRID=1 turns hybrid retrieval on (EMBEDDING_MODEL) against the loopback fake of the
 * embeddings API the server tests use (a hashed bag of stemmed words, not a language model), and
 * scores the answers' path (hybrid) beside the results list's (words): it shows that fusion keeps
 * working and what it costs or gains with such vectors, not what a real model would give.
 * KEEP_DATABASE=1 keeps the loaded database (its URL is printed) instead of dropping it.
 * --cross keeps each loaded collection in a cache (an embedded Postgres per collection under
 * $TMPDIR/lumen-retrieval-cache, keyed by the corpus and the server's indexing code, so any
 * change to how text is parsed, chunked or indexed loads it again); RETRIEVAL_CACHE=1 uses the
 * same cache in the other modes, RETRIEVAL_CACHE=0 turns it off.
 */
import 'reflect-metadata';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runBench, startBenchServer, waitFor } from './support/bench-server.js';
import { isAlive } from '../server/src/db/embedded-postgres.js';
import {
  CHUNK_OVERLAP_CHARS,
  CHUNK_TARGET_CHARS,
  chunkText,
  type IndexableText,
  insertChunksOf,
  RANKING,
  TEXT_SEARCH,
} from '../server/src/modules/corpus/index.js';
import { startFakeOpenAI } from '../server/test/helpers/fake-openai.js';
import { Bm25Baseline } from './bm25-baseline.js';
import { KNOWN_ITEM_SOURCES, corpusOf, isKnownItem, knownItemCollection } from './known-item.js';
import { ndcgAt, recallAt, type Qrels } from './ir-metrics.js';

const SHARED_IR = path.resolve(import.meta.dirname, '..', '..', 'shared', 'data', 'ir');
const ALL = ['cranfield', 'cisi', 'cacm', 'med'];
/** The cross protocol's collections: the four above and three the ranking was not tuned on. */
const SEVEN = [...ALL, 'lisa', 'cf', 'npl'];

interface Scores {
  ndcg: number;
  recall: number;
}

interface CollectionResult {
  name: string;
  ours: Scores;
  baseline: Scores;
  /** Ablation mode: our scores with each component turned off, by variant name. */
  variants: Map<string, Scores>;
}

/**
 * The ablation: each component of the ranking changed alone (turned off, set back to its
 * plain-BM25 value, or for a component that is off, turned on), everything else as configured. Stemming is not among them: it is in the index itself.
 */
const ABLATIONS: Record<string, Partial<typeof RANKING>> = {
  'repeated words count once': { repeatedWords: 0 },
  'repeated words count fully': { repeatedWords: 1 },
  'title weight 1 (no field weight)': { titleWeight: 1 },
  'proximity bonus 0.3 (on)': { proximityWeight: 0.3 },
  'no feedback': { feedbackTerms: 0 },
  'feedback without its guard': { feedbackMinSupport: 0 },
  'rarest 24 words only': { maxTerms: 24 },
  'candidate cap 500': { candidateCap: 500 },
  'candidate cap 8000': { candidateCap: 8000 },
  'b 0.4, k1 0.9 (baseline values)': { b: 0.4, k1: 0.9 },
  'no length normalisation (b 0)': { b: 0 },
};

/**
 * The cross protocol's grid: the values tried for each knob of ranking.ts that shapes the
 * ranking (the candidate cap and re-scoring depth bound the cost and are left out), the
 * configured value among them. One knob changes at a time, the others as configured.
 */
const GRID: Partial<Record<keyof typeof RANKING, GridValue[]>> = {
  // Query likelihood with its prior μ (a multiple of the average passage length) tried alongside.
  model: [
    'bm25',
    'dfr',
    { model: 'ql', qlMu: 1 },
    { model: 'ql', qlMu: 4 },
    { model: 'ql', qlMu: 16 },
  ],
  k1: [0.9, 1.2, 1.6],
  b: [0.5, 0.75, 0.9],
  repeatedWords: [0, 0.5, 1],
  titleWeight: [1, 2, 3, 5],
  titleNormalised: [0, 1],
  exactFormWeight: [0, 0.5, 1, 2],
  proximityWeight: [0, 0.3],
  maxTerms: [24, 48],
  feedbackTerms: [0, 5, 10, 20],
  feedbackDocs: [5, 10, 20],
  feedbackWeight: [0.15, 0.3, 0.5],
  feedbackMinSupport: [0, 0.3, 0.5],
  feedbackAgreement: [0, 1, 2],
  feedbackMass: [0, 0.1, 0.2, 0.35],
  feedbackUnlessCovered: [0, 1],
  passageSupport: [0, 0.25, 0.5],
};

/** The long-document condition: passages of this many characters, and the values tried there. */
const SHORT_PASSAGE_CHARS = 500;
const SHORT_PASSAGE_SUPPORT = [0, 0.25, 0.5];
/**
 * The index itself, the cross protocol's last knob: every chunk indexed again with another
 * Postgres text search configuration (stemming and stop words), questions analysed with it too.
 * Each entry is the SQL that creates the configuration in the collection's database ('english',
 * the product's, is Snowball's English stemmer behind Postgres' English stop words).
 */
const INDEXES: Record<string, string[]> = {
  english: [],
  // Stems, no stop words: a Snowball dictionary without a stop list in english's place.
  lumen_english_all: [
    'DROP TEXT SEARCH CONFIGURATION IF EXISTS lumen_english_all',
    'DROP TEXT SEARCH DICTIONARY IF EXISTS lumen_stem_all',
    'CREATE TEXT SEARCH DICTIONARY lumen_stem_all (TEMPLATE = snowball, Language = english)',
    'CREATE TEXT SEARCH CONFIGURATION lumen_english_all (COPY = english)',
    'ALTER TEXT SEARCH CONFIGURATION lumen_english_all ALTER MAPPING REPLACE english_stem WITH lumen_stem_all',
  ],
  // Stop words, no stemming: words as written, lower-cased, the English stop list dropped.
  lumen_english_unstemmed: [
    'DROP TEXT SEARCH CONFIGURATION IF EXISTS lumen_english_unstemmed',
    'DROP TEXT SEARCH DICTIONARY IF EXISTS lumen_simple_stop',
    'CREATE TEXT SEARCH DICTIONARY lumen_simple_stop (TEMPLATE = simple, StopWords = english)',
    'CREATE TEXT SEARCH CONFIGURATION lumen_english_unstemmed (COPY = english)',
    'ALTER TEXT SEARCH CONFIGURATION lumen_english_unstemmed ALTER MAPPING REPLACE english_stem WITH lumen_simple_stop',
  ],
  // Neither: every word as written, lower-cased (what the plain BM25 baseline does).
  simple: [],
};

/**
 * `CROSS_KNOBS=model,feedbackWeight` runs those knobs of the grid only ('index' for the index
 * alternatives, 'short' for the long-document condition): a quick check while trying an idea, never
 * a figure (the protocol's figures come from the whole grid).
 */
const onlyKnobs = process.env.CROSS_KNOBS?.split(',').map((k) => k.trim());
const knobRuns = (knob: string) => !onlyKnobs || onlyKnobs.includes(knob);
const CROSS_GRID = Object.fromEntries(
  Object.entries(GRID).filter(([knob]) => knobRuns(knob)),
) as typeof GRID;
const CROSS_INDEXES = Object.keys(INDEXES).filter(
  (index) => index === TEXT_SEARCH.config || knobRuns('index'),
);

/** A value replaces the configured one only if it gains more than this on the six (mean ratio). */
const MARGIN = 0.005;

// `--known-item` (with --cross): the known-item collections derived from the titled ones
// (bench/known-item.ts), every question with one right document.
// `--with-known-item`: the seven and those five together, one protocol.
const knownItem = process.argv.includes('--known-item');
const withKnownItem = process.argv.includes('--with-known-item');
const args = process.argv.slice(2).filter((a) => a !== '--known-item' && a !== '--with-known-item');
const ablation = args[0] === '--ablation';
const cross = args[0] === '--cross';
const arg = ablation ? (args[1] ?? '--all') : cross ? '--all' : args[0];
if (!arg) {
  console.error(
    'usage: npm run bench:retrieval -- DIR | --all | --ablation [DIR] | --cross   (corpus.jsonl, queries.jsonl, qrels.tsv)',
  );
  process.exit(2);
}
// `--cross NAME…` runs the protocol on some of the seven only (a quick check, not a figure).
const crossNames =
  cross && args.length > 1 ? args.slice(1) : knownItem ? KNOWN_ITEM_SOURCES : SEVEN;
const dirs = [
  ...((cross ? crossNames : arg === '--all' ? ALL : null)?.map((name) =>
    knownItem ? knownItemCollection(path.join(SHARED_IR, name)) : path.join(SHARED_IR, name),
  ) ?? [arg]),
  ...(cross && withKnownItem
    ? KNOWN_ITEM_SOURCES.map((name) => knownItemCollection(path.join(SHARED_IR, name)))
    : []),
];
const useCache =
  process.env.RETRIEVAL_CACHE === '1' || (cross && process.env.RETRIEVAL_CACHE !== '0');
const fakeEmbeddings = process.env.HYBRID === '1' ? await startFakeOpenAI() : null;
const hybridEnv: Record<string, string> = fakeEmbeddings
  ? {
      OPENAI_API_KEY: 'sk-test-key-1234',
      OPENAI_BASE_URL: fakeEmbeddings.url,
      EMBEDDING_MODEL: 'text-embedding-3-small',
    }
  : {};
runBench(async () => {
  if (cross) {
    if (fakeEmbeddings) throw new Error('--cross measures the results list: run it without HYBRID');
    await runCross(dirs);
    return;
  }
  const results: CollectionResult[] = [];
  for (const dir of dirs) results.push(await runCollection(dir, ablation ? ABLATIONS : {}));
  await fakeEmbeddings?.close();
  if (results.length > 1) printTable(results);
  if (ablation) printAblation(results);
});

/** A collection's files, read and checked. */
function readCollection(dir: string) {
  const name = path.basename(path.resolve(dir));
  const readJsonl = (file: string) =>
    fs
      .readFileSync(path.join(dir, file), 'utf8')
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as Record<string, string>);
  const corpus = readJsonl('corpus.jsonl');
  const queries = readJsonl('queries.jsonl');
  const qrels = new Map<string, Qrels>();
  for (const line of fs.readFileSync(path.join(dir, 'qrels.tsv'), 'utf8').split('\n').slice(1)) {
    const [q, d, score] = line.trim().split('\t');
    if (!q || !d) continue;
    if (!qrels.has(q)) qrels.set(q, new Map());
    qrels.get(q)!.set(d, Number(score));
  }
  const textOf = new Map(queries.map((q) => [q._id, q.text]));
  // Every judged query counts (one without text scores 0), as in the baseline script.
  const judged = [...qrels.keys()];
  return { name, corpus, qrels, textOf, judged };
}

/**
 * The cache folder of a collection as the product indexes it now: keyed by the corpus, the
 * files it becomes, parsing, the corpus' indexing (chunking, the indexer) and every migration that
 * touches the chunks or the term statistics. Other migrations run on the cached database as on
 * any other when the app starts.
 */
function cacheDirOf(dir: string, name: string, corpus: Record<string, string>[]): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify(corpusFiles(corpus)));
  const src = path.resolve(import.meta.dirname, '..', 'server', 'src');
  const walk = (folder: string, keep: (text: string) => boolean) => {
    for (const entry of fs
      .readdirSync(folder, { withFileTypes: true })
      .sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full, keep);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
        const text = fs.readFileSync(full, 'utf8');
        if (!keep(text)) continue;
        hash.update(path.relative(src, full));
        hash.update(text);
      }
    }
  };
  walk(path.join(src, 'parsing'), () => true);
  walk(path.join(src, 'modules', 'corpus', 'indexing'), () => true);
  // The text search configuration the index is built with.
  hash.update(
    fs.readFileSync(path.join(src, 'modules', 'corpus', 'retrieval', 'text-search.ts'), 'utf8'),
  );
  walk(path.join(src, 'db', 'migrations'), (text) =>
    /\b(chunks|tsv|tsvector|search_term_stats|search_workspace_stats)\b/.test(text),
  );
  return path.join(
    os.tmpdir(),
    'lumen-retrieval-cache',
    `${name}-${hash.digest('hex').slice(0, 16)}`,
  );
}

/**
 * A collection loaded into the product: every document through the upload, parsing, chunking
 * and indexing of a fresh workspace, or, with the cache, the workspace a previous run loaded.
 */
async function openCollection(dir: string) {
  const { name, corpus, qrels, textOf, judged } = readCollection(dir);
  const cacheDir = useCache ? cacheDirOf(dir, name, corpus) : null;
  const idsFile = cacheDir ? path.join(cacheDir, 'corpus-ids.json') : null;
  const cached = idsFile !== null && fs.existsSync(idsFile);
  const release = cacheDir ? lockCache(cacheDir) : () => {};
  if (cacheDir && !cached) fs.rmSync(cacheDir, { recursive: true, force: true });
  let started: Awaited<ReturnType<typeof startBenchServer>>;
  try {
    started = await startBenchServer(
      'retrieval',
      { WORKSPACE_QUOTA_MB: '100000', ...hybridEnv },
      cacheDir ? { databaseDir: cacheDir } : {},
    );
  } catch (error) {
    release();
    throw error;
  }
  const { server, db, mode, call } = started;
  const stop = async (keepDatabase = false) => {
    try {
      await started.stop(keepDatabase);
    } finally {
      release();
    }
  };
  const corpusIdOf = new Map<string, string>();
  const files = corpusFiles(corpus);
  let ingestSeconds: number | null = null;
  try {
    if (cached) {
      for (const [documentId, id] of Object.entries(
        JSON.parse(fs.readFileSync(idsFile, 'utf8')) as Record<string, string>,
      ))
        corpusIdOf.set(documentId, id);
    } else {
      const started = performance.now();
      await ingest(server, call, files, corpusIdOf);
      ingestSeconds = (performance.now() - started) / 1000;
      // Written last: a run stopped half-way leaves no cache, and the next one loads again.
      if (idsFile) fs.writeFileSync(idsFile, JSON.stringify(Object.fromEntries(corpusIdOf)));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  const [{ workspace_id: workspaceId, uploaded_by_id: userId }] = await server.services.db.query(
    'SELECT workspace_id, uploaded_by_id FROM documents LIMIT 1',
  );
  // The bench's member reads every source: what the product's own search would give them.
  const reader = await server.services.readers.forMember(workspaceId, userId);
  const baseline = new Bm25Baseline(corpus as { _id: string; title?: string; text?: string }[]);
  return {
    name,
    corpus,
    files,
    qrels,
    textOf,
    judged,
    server,
    db,
    mode,
    stop,
    cached,
    workspaceId,
    reader,
    corpusIdOf,
    ingestSeconds,
    baseline,
    idsFile,
  };
}
type Loaded = Awaited<ReturnType<typeof openCollection>>;

/**
 * One run at a time on a cached collection: a second embedded Postgres on the same folder would
 * end the first one's connections mid-run. The lock names the holder's pid; a holder that is no
 * longer running (a run killed half-way) does not count.
 */
function lockCache(cacheDir: string): () => void {
  const lock = `${cacheDir}.lock`;
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  try {
    const holder = Number(fs.readFileSync(lock, 'utf8'));
    if (holder && holder !== process.pid && isAlive(holder))
      throw new Error(
        `${path.basename(cacheDir)} is in use by another bench run (pid ${holder}): wait for it to end or stop it`,
      );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.writeFileSync(lock, String(process.pid));
  return () => fs.rmSync(lock, { force: true });
}

/** Uploads every file and waits until each is indexed (and embedded, with HYBRID=1). */
async function ingest(
  server: Awaited<ReturnType<typeof startBenchServer>>['server'],
  call: Awaited<ReturnType<typeof startBenchServer>>['call'],
  files: CorpusFile[],
  corpusIdOf: Map<string, string>,
) {
  await call('POST', '/api/signup', {
    email: 'bench@example.com',
    password: 'bench passphrase 1',
  });
  const signIn = async () =>
    (
      await call('POST', '/api/signin', {
        email: 'bench@example.com',
        password: 'bench passphrase 1',
      })
    ).token as string;
  let token = await signIn();
  let next = 0;
  let failure: unknown = null;
  // Eight uploaders; the first refusal stops them all, and the bench with it.
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < files.length && !failure) {
        const file = files[next++];
        try {
          let id: string;
          try {
            id = await upload(call, token, file);
          } catch (error) {
            // A long load (NPL on a busy machine) outlives the access token: sign in again.
            if (!/answered 401/.test((error as Error).message)) throw error;
            token = await signIn();
            id = await upload(call, token, file);
          }
          corpusIdOf.set(id, file.id);
        } catch (error) {
          failure ??= new Error(`corpus document ${file.id}: ${(error as Error).message}`);
        }
      }
    }),
  );
  if (failure) throw failure;
  let failed = 0;
  await waitFor(`indexing ${files.length} documents`, async () => {
    const [row] = await server.services.db.query(
      `SELECT count(*) FILTER (WHERE status IN ('indexed', 'failed'))::int AS done,
              count(*) FILTER (WHERE status = 'failed')::int AS failed FROM documents`,
    );
    failed = row.failed;
    return { done: row.done >= files.length, progress: row.done };
  });
  if (failed > 0) {
    const errors = await server.services.db.query(
      `SELECT error, count(*)::int AS n FROM documents WHERE status = 'failed' GROUP BY 1`,
    );
    throw new Error(`${failed} corpus documents failed to index: ${JSON.stringify(errors)}`);
  }
  await checkTwinsIndexedAlike(server.services.db, files, corpusIdOf);
  if (fakeEmbeddings) {
    // Hybrid: every chunk's vector written before anything is measured.
    await waitFor('embedding every chunk', async () => {
      const [{ missing }] = await server.services.db.query(
        `SELECT count(*)::int AS missing FROM chunks c
          WHERE NOT EXISTS (SELECT 1 FROM chunk_embeddings e WHERE e.chunk_id = c.id)`,
      );
      return { done: missing === 0, progress: -missing };
    });
  }
}

/** How deep every ranking is read: the results list's documents, and plain BM25's alike. */
const LIST_DEPTH = 100;

/** The results list's documents for a question (corpus ids, best first, at most 100). */
async function listRanking(c: Loaded, text: string): Promise<string[]> {
  if (!text.trim()) return [];
  const { passages } = await c.server.services.search.rankDocuments(c.reader, {
    text: text.slice(0, 1000),
    first: LIST_DEPTH,
  });
  return [...new Set(passages.map((p) => c.corpusIdOf.get(p.documentId)!))].slice(0, LIST_DEPTH);
}

async function runCollection(
  dir: string,
  ablations: Record<string, Partial<typeof RANKING>>,
): Promise<CollectionResult> {
  const c = await openCollection(dir);
  const { name, corpus, files, qrels, textOf, judged, server, db, mode, stop, workspaceId } = c;
  const { reader, corpusIdOf, ingestSeconds, baseline } = c;
  try {
    const base: Scores = { ndcg: 0, recall: 0 };
    for (const id of judged) {
      const plain = baseline.search(textOf.get(id) ?? '', 1000);
      base.ndcg += ndcgAt(plain, qrels.get(id)!, 10) / judged.length;
      base.recall += recallAt(plain, qrels.get(id)!, 100) / judged.length;
    }
    const latencies: number[] = [];
    /**
     * Our scores over every judged query with the ranking as it is configured now: the results
     * list's ranking (words), or with HYBRID=1 the answers' (words and meaning), one hit per
     * document at its best passage's rank either way.
     */
    /** The answers' path: retrieval, then the re-ranking by answer votes (none here). */
    const answerPassages = async (question: string) => {
      const found = await server.services.search.passages(reader, {
        text: question,
        limit: 400,
      });
      const lexemes = found.terms.map((t) => t.lexeme);
      return {
        passages: await server.services.answerFeedback.rerank(workspaceId, lexemes, found.passages),
      };
    };
    const score = async (retriever: 'list' | 'answers' = 'list'): Promise<Scores> => {
      const scores: Scores = { ndcg: 0, recall: 0 };
      for (const id of judged) {
        const text = textOf.get(id) ?? '';
        const gains = qrels.get(id)!;
        const t0 = performance.now();
        let ranked: string[];
        if (retriever === 'list' || !text.trim()) ranked = await listRanking(c, text);
        else {
          const { passages } = await answerPassages(text.slice(0, 1000));
          ranked = [...new Set(passages.map((p) => corpusIdOf.get(p.documentId)!))].slice(0, 100);
        }
        latencies.push(performance.now() - t0);
        scores.ndcg += ndcgAt(ranked, gains, 10) / judged.length;
        scores.recall += recallAt(ranked, gains, 100) / judged.length;
      }
      return scores;
    };
    const words = fakeEmbeddings ? await score() : null;
    const ours = await score(fakeEmbeddings ? 'answers' : 'list');
    const variants = new Map<string, Scores>();
    const configured = { ...RANKING };
    for (const [variant, change] of Object.entries(ablations)) {
      Object.assign(RANKING, configured, change);
      try {
        variants.set(variant, await score());
      } finally {
        Object.assign(RANKING, configured);
      }
    }
    latencies.sort((a, b) => a - b);
    console.log(`retrieval benchmark: ${name} (${mode} database)`);
    console.log(
      `  corpus: ${files.length} documents ${ingestSeconds === null ? 'from the cache' : `ingested in ${ingestSeconds.toFixed(1)} s`} (${files.filter((f) => f.titleAsText).length} title-only, ${files.filter((f) => f.twin).length} with a twin's exact text; ${corpus.length - files.length} without any word skipped), ${judged.length} judged queries`,
    );
    if (words)
      console.log(
        `  words only (results list): nDCG@10 ${words.ndcg.toFixed(4)}, Recall@100 ${words.recall.toFixed(4)}; hybrid below`,
      );
    console.log(`  nDCG@10:    ${ours.ndcg.toFixed(4)}`);
    console.log(`  Recall@100: ${ours.recall.toFixed(4)}`);
    console.log(
      `  nDCG@10 ours / baseline = ${ours.ndcg.toFixed(4)} / ${base.ndcg.toFixed(4)} = ${(ours.ndcg / base.ndcg).toFixed(3)}`,
    );
    console.log(
      `  Recall@100 ours / baseline = ${ours.recall.toFixed(4)} / ${base.recall.toFixed(4)} = ${(ours.recall / base.recall).toFixed(3)}`,
    );
    console.log(
      `  latency per query (top 100 documents${variants.size ? ', every variant' : ''}): p50 ${latencies[Math.floor(latencies.length / 2)].toFixed(1)} ms, p95 ${latencies[Math.floor(latencies.length * 0.95)].toFixed(1)} ms`,
    );
    return { name, ours, baseline: base, variants };
  } finally {
    // KEEP_DATABASE=1 leaves the loaded collection for tuning runs against it.
    const keep = Boolean(process.env.KEEP_DATABASE) && !useCache;
    await stop(keep);
    if (keep) {
      const ids = path.join(os.tmpdir(), `lumen-retrieval-ids-${name}.json`);
      fs.writeFileSync(ids, JSON.stringify(Object.fromEntries(corpusIdOf)));
      console.log(`  database kept: ${db.url} (document ids: ${ids})`);
    }
  }
}

/** A corpus document as the .txt file the bench uploads. */
interface CorpusFile {
  id: string;
  /** Carries the title: the .txt parser takes a document's title from its file name. */
  name: string;
  body: string;
  /** The document has no text but its title, so its file holds the title. */
  titleAsText: boolean;
  /** An earlier document of the corpus with exactly this text. */
  twin?: string;
}

/**
 * Every corpus document with any words, as its own file. A workspace refuses a second copy of
 * the same bytes, yet a collection may hold the same text twice (CACM's 1,617 title-only
 * documents share many titles; CISI, NPL and LISA repeat abstracts): a repeat gets a suffix of
 * spaces and tabs on a line of its own, which text normalisation removes, so its bytes differ
 * and its indexed text does not (checkTwinsIndexedAlike verifies it). A document with no words
 * at all is skipped: nothing could ever find it, ours or the baseline.
 */
function corpusFiles(corpus: Record<string, string>[]): CorpusFile[] {
  const firstWith = new Map<string, string>();
  const repeats = new Map<string, number>();
  const files: CorpusFile[] = [];
  for (const doc of corpus) {
    const title = (doc.title ?? '').trim();
    const text = (doc.text ?? '').trim();
    const body = text || title;
    if (!body) continue;
    const twin = firstWith.get(body);
    const repeat = (repeats.get(body) ?? -1) + 1;
    repeats.set(body, repeat);
    if (twin === undefined) firstWith.set(body, doc._id);
    files.push({
      id: doc._id,
      name: fileName(doc),
      body: repeat ? `${body}\n${invisibleTag(repeat)}` : body,
      titleAsText: !text,
      ...(twin !== undefined ? { twin } : {}),
    });
  }
  return files;
}

/** n written in binary as spaces and tabs: a trailing line that normalisation drops. */
function invisibleTag(n: number): string {
  return n.toString(2).replace(/0/g, ' ').replace(/1/g, '\t') + '\t';
}

/** The three-step upload of one file; answers the new document's id, throws on any refusal. */
async function upload(
  call: (method: string, url: string, body?: unknown, token?: string) => Promise<any>,
  token: string,
  file: CorpusFile,
): Promise<string> {
  const ticket = await call(
    'POST',
    '/api/integrations/get-upload-url',
    { fileName: file.name, fileType: 'text/plain' },
    token,
  );
  const put = await fetch(ticket.uploadUrl, {
    method: 'PUT',
    body: file.body,
    headers: { 'Content-Type': 'text/plain' },
  });
  if (!put.ok) throw new Error(`PUT answered ${put.status}: ${await put.text()}`);
  const confirmed = await call(
    'POST',
    '/api/integrations/confirm-upload',
    { fileKey: ticket.fileKey },
    token,
  );
  if (!confirmed?.documentId) throw new Error(`confirm-upload: ${JSON.stringify(confirmed)}`);
  return confirmed.documentId as string;
}

/** A repeated text must index exactly as its first copy did, or the figures would be off. */
async function checkTwinsIndexedAlike(
  db: { query: (sql: string, params?: unknown[]) => Promise<any[]> },
  files: CorpusFile[],
  corpusIdOf: Map<string, string>,
) {
  const documentOf = new Map([...corpusIdOf].map(([documentId, id]) => [id, documentId]));
  const pairs = files
    .filter((f) => f.twin !== undefined)
    .map((f) => [documentOf.get(f.id)!, documentOf.get(f.twin!)!]);
  if (pairs.length === 0) return;
  const differing = await db.query(
    `SELECT t.copy FROM unnest($1::uuid[], $2::uuid[]) AS t(copy, original)
      WHERE (SELECT string_agg(text, '|' ORDER BY ordinal) FROM chunks WHERE document_id = t.copy)
            IS DISTINCT FROM
            (SELECT string_agg(text, '|' ORDER BY ordinal) FROM chunks WHERE document_id = t.original)`,
    [pairs.map((p) => p[0]), pairs.map((p) => p[1])],
  );
  if (differing.length > 0)
    throw new Error(`${differing.length} repeated texts were indexed unlike their first copy`);
}

/** A file name that carries the title (the .txt parser takes the title from the name). */
function fileName(doc: Record<string, string>) {
  return `${
    (doc.title || doc._id)
      .replace(/[\\/:*?"<>|\s]+/g, ' ')
      .trim()
      .slice(0, 180) || doc._id
  }.txt`;
}

function printTable(rows: CollectionResult[]) {
  const ratio = (a: number, b: number) => (b > 0 ? a / b : 0);
  console.log('\ncollection   nDCG@10 ours  baseline  ratio   Recall@100 ours  baseline  ratio');
  for (const r of rows)
    console.log(
      `${r.name.padEnd(12)} ${r.ours.ndcg.toFixed(4).padStart(12)} ${r.baseline.ndcg.toFixed(4).padStart(9)} ${ratio(r.ours.ndcg, r.baseline.ndcg).toFixed(3).padStart(6)}   ${r.ours.recall.toFixed(4).padStart(15)} ${r.baseline.recall.toFixed(4).padStart(9)} ${ratio(r.ours.recall, r.baseline.recall).toFixed(3).padStart(6)}`,
    );
  const worstNdcg = Math.min(...rows.map((r) => ratio(r.ours.ndcg, r.baseline.ndcg)));
  const worstRecall = Math.min(...rows.map((r) => ratio(r.ours.recall, r.baseline.recall)));
  console.log(
    `worst ratio: nDCG@10 ${worstNdcg.toFixed(3)} (target ≥ 1.03), Recall@100 ${worstRecall.toFixed(3)} (target ≥ 1.00)`,
  );
}

function printAblation(rows: CollectionResult[]) {
  const ratio = (a: number, b: number) => (b > 0 ? a / b : 0);
  const cell = (s: Scores, r: CollectionResult) =>
    `${ratio(s.ndcg, r.baseline.ndcg).toFixed(3)} ${ratio(s.recall, r.baseline.recall).toFixed(3)}`.padStart(
      13,
    );
  console.log(
    `\nablation: nDCG@10 and Recall@100 as ratios to plain BM25 (each line changes one thing)`,
  );
  console.log(`${'variant'.padEnd(34)}${rows.map((r) => r.name.padStart(14)).join('')}   worst`);
  const line = (label: string, pick: (r: CollectionResult) => Scores) => {
    const worst = Math.min(...rows.map((r) => ratio(pick(r).ndcg, r.baseline.ndcg)));
    console.log(
      `${label.padEnd(34)}${rows.map((r) => ` ${cell(pick(r), r)}`).join('')}   ${worst.toFixed(3)}`,
    );
  };
  line('as configured', (r) => r.ours);
  for (const variant of rows[0].variants.keys()) line(variant, (r) => r.variants.get(variant)!);
}

/** Per judged query, in the order of `judged`; `rank` only for single-relevant questions. */
interface Run {
  ndcg: number[];
  recall: number[];
  /** The relevant document's rank (Infinity past the list) for each single-relevant question. */
  rank: number[];
  /** The best document's rank for each question with one best document (bestDocumentOf). */
  best: number[];
}

/**
 * The one document judged above every other for the question, if there is one: the single
 * relevant document of a binary collection, the only document at the question's top grade of a
 * graded one (Cranfield's lone "complete answer", CF's lone top-rated record). A question with
 * one right answer, as a claim checked against abstracts has: 18 single-relevant questions are too
 * few to read a loss from, these are 122.
 */
function bestDocumentOf(gains: Map<string, number>): string | null {
  const judged = [...gains].filter(([, g]) => g >= 1);
  const top = Math.max(...judged.map(([, g]) => g));
  const at = judged.filter(([, g]) => g === top);
  return at.length === 1 ? at[0][0] : null;
}

interface CrossCollection {
  name: string;
  /** The single-relevant questions' ids, in the order of each Run's `rank`. */
  singles: string[];
  /** The ids of the questions with one best document, in the order of each Run's `best`. */
  best: string[];
  base: Run;
  runs: Map<string, Run>;
  /** Cut into short passages: a run per passageSupport value (SHORT_PASSAGE_SUPPORT). */
  short: Map<number, Run>;
}

/** Knobs changed from ranking.ts, and `index`: the text search configuration to index with. */
type Change = Partial<typeof RANKING> & { index?: string };
/** A value of one knob of the grid, or a value with the knob that only it uses (QL's μ). */
type GridValue = number | string | Change;
const labelOf = (change: Change) =>
  Object.entries(change)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ') || 'as configured';
const mean = (xs: number[]) => xs.reduce((a, x) => a + x, 0) / Math.max(xs.length, 1);

/** The collection's chunks as they are indexed now, by document, in order. */
async function indexedItems(c: Loaded): Promise<IndexableText[]> {
  const rows: {
    document_id: string;
    workspace_id: string;
    source_id: string;
    title: string;
    text: string;
    location: IndexableText['chunks'][number]['location'];
  }[] = await c.server.services.db.query(
    `SELECT c.document_id, c.workspace_id, c.source_id, d.title, c.text, c.location
       FROM chunks c JOIN documents d ON d.id = c.document_id ORDER BY c.document_id, c.ordinal`,
  );
  const items = new Map<string, IndexableText>();
  for (const r of rows) {
    if (!items.has(r.document_id))
      items.set(r.document_id, {
        doc: { id: r.document_id, workspaceId: r.workspace_id, sourceId: r.source_id },
        title: r.title,
        chunks: [],
      });
    items.get(r.document_id)!.chunks.push({ text: r.text, location: r.location });
  }
  return [...items.values()];
}

/**
 * Every chunk of the collection written again (`items`, the chunks as loaded unless cut
 * otherwise) with the text search configuration `config`, through the indexer's own insert (the
 * term statistics follow by trigger); questions are analysed with it from then on. A cached
 * collection is marked unfinished while its index is not the product's (`asLoaded` false), so a
 * run stopped half-way never leaves a variant behind in the cache.
 */
async function writeIndex(c: Loaded, config: string, items: IndexableText[], asLoaded: boolean) {
  const db = c.server.services.db;
  if (c.idsFile && !asLoaded) fs.rmSync(c.idsFile, { force: true });
  for (const sql of INDEXES[config]) await db.query(sql);
  TEXT_SEARCH.config = config;
  const t0 = performance.now();
  await db.transaction(async (m) => {
    await m.query('DELETE FROM chunks');
    await insertChunksOf(m, items);
  });
  const passages = items.reduce((n, i) => n + i.chunks.length, 0);
  console.log(
    `    ${c.name} indexed again (${config}, ${passages} passages): ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  if (c.idsFile && asLoaded)
    fs.writeFileSync(c.idsFile, JSON.stringify(Object.fromEntries(c.corpusIdOf)));
}

/**
 * The collection's documents cut into passages of about `chars` characters (the overlap scaled
 * alike) instead of the product's 1,500: with abstracts of a few hundred words, a stand-in for
 * long documents of several passages, where ranking a document by its passages matters.
 */
function cutShort(c: Loaded, items: IndexableText[], chars: number): IndexableText[] {
  const bodyOf = new Map(c.files.map((f) => [f.id, f.body]));
  const overlap = Math.round((chars * CHUNK_OVERLAP_CHARS) / CHUNK_TARGET_CHARS);
  return items.map((item) => ({
    ...item,
    chunks: chunkText(bodyOf.get(c.corpusIdOf.get(item.doc.id)!)!, chars, overlap).map((text) => ({
      text,
      location: item.chunks[0].location,
    })),
  }));
}

/** Every judged query of `c` through the ranking with `change` applied (plain BM25 if null). */
async function runQueries(c: Loaded, change: Change | null): Promise<Run> {
  const configured = { ...RANKING };
  const { index, ...knobs } = change ?? {};
  Object.assign(RANKING, knobs);
  const loaded = index ? await indexedItems(c) : [];
  if (index) await writeIndex(c, index, loaded, false);
  try {
    const run: Run = { ndcg: [], recall: [], rank: [], best: [] };
    for (const id of c.judged) {
      const text = c.textOf.get(id) ?? '';
      const gains = c.qrels.get(id)!;
      // Both lists are 100 deep (the results list's depth): a document past that is "not
      // found" in either, so one plain BM25 ranks 150th and ours past 100 is a tie, not a loss.
      const ranked =
        change === null ? c.baseline.search(text, LIST_DEPTH) : await listRanking(c, text);
      run.ndcg.push(ndcgAt(ranked, gains, 10));
      run.recall.push(recallAt(ranked, gains, 100));
      const relevant = [...gains].filter(([, g]) => g >= 1).map(([d]) => d);
      const rankOf = (doc: string) => {
        const at = ranked.indexOf(doc);
        return at < 0 ? Infinity : at + 1;
      };
      if (relevant.length === 1) run.rank.push(rankOf(relevant[0]));
      const best = bestDocumentOf(gains);
      if (best) run.best.push(rankOf(best));
    }
    return run;
  } finally {
    Object.assign(RANKING, configured);
    if (index) await writeIndex(c, 'english', loaded, true);
  }
}

/**
 * Leave-one-collection-out: every grid point scored on every collection; then, for each
 * collection, each knob's value is chosen on the other six (the best mean nDCG@10 ratio to plain
 * BM25 among the values that keep Recall@100 at least at plain BM25's, or at the configured
 * value's if that is below, on each of the six, and, when known-item collections are among
 * them, that ranks no more of their right documents lower than plain BM25 than higher (or no
 * more than the configured value does); the configured value unless another gains more than
 * MARGIN), and the chosen configuration is scored on the collection left out. With the
 * known-item collections (--with-known-item), "the other six" are every collection built on
 * another corpus: cranfield-known is never chosen on with Cranfield, nor the other way round.
 */
async function runCross(dirs: string[]) {
  const started = performance.now();
  const configs: Change[] = [{}];
  for (const [knob, values] of Object.entries(CROSS_GRID))
    for (const value of values!)
      if (typeof value === 'object') configs.push(value);
      else if (value !== RANKING[knob as keyof typeof RANKING]) configs.push({ [knob]: value });
  for (const index of CROSS_INDEXES) if (index !== TEXT_SEARCH.config) configs.push({ index });
  const collections: CrossCollection[] = [];
  console.log(
    `cross protocol: ${configs.length} configurations (one knob changed at a time) on ${dirs.length} collections`,
  );
  for (const dir of dirs) {
    const t0 = performance.now();
    const c = await openCollection(dir);
    try {
      const loaded = performance.now();
      const entry: CrossCollection = {
        name: c.name,
        singles: c.judged.filter(
          (id) => [...c.qrels.get(id)!.values()].filter((g) => g >= 1).length === 1,
        ),
        best: c.judged.filter((id) => bestDocumentOf(c.qrels.get(id)!) !== null),
        base: await runQueries(c, null),
        runs: new Map(),
        short: new Map(),
      };
      for (const change of configs) entry.runs.set(labelOf(change), await runQueries(c, change));
      if (knobRuns('short')) {
        const loadedItems = await indexedItems(c);
        await writeIndex(c, 'english', cutShort(c, loadedItems, SHORT_PASSAGE_CHARS), false);
        try {
          for (const v of SHORT_PASSAGE_SUPPORT)
            entry.short.set(v, await runQueries(c, { passageSupport: v }));
        } finally {
          await writeIndex(c, 'english', loadedItems, true);
        }
      }
      collections.push(entry);
      console.log(
        `  ${c.name}: ${c.files.length} documents ${c.ingestSeconds === null ? 'from the cache' : `ingested in ${c.ingestSeconds.toFixed(0)} s`}, ${c.judged.length} queries × ${configs.length} configurations in ${((performance.now() - loaded) / 1000).toFixed(0)} s (${((performance.now() - t0) / 1000).toFixed(0)} s in all)`,
      );
    } finally {
      await c.stop();
    }
  }

  const ratio = (run: Run, base: Run, pick: (r: Run) => number[]) => {
    const b = mean(pick(base));
    return b > 0 ? mean(pick(run)) / b : 0;
  };
  const ndcgRatio = (c: CrossCollection, run: Run) => ratio(run, c.base, (r) => r.ndcg);
  const recallRatio = (c: CrossCollection, run: Run) => ratio(run, c.base, (r) => r.recall);

  // The choice for each held-out collection, made on the others (a known-item collection is
  // left out with the one it comes from).
  const choices = new Map<string, Change>();
  for (const held of collections) {
    const train = collections.filter((c) => corpusOf(c.name) !== corpusOf(held.name));
    const chosen: Change = {};
    const knobs: [string, GridValue[]][] = [
      ...Object.entries(CROSS_GRID).map(([k, v]) => [k, v!] as [string, GridValue[]]),
      ['index', CROSS_INDEXES],
    ];
    for (const [knob, values] of knobs) {
      const configured =
        knob === 'index' ? TEXT_SEARCH.config : RANKING[knob as keyof typeof RANKING];
      const label = (v: GridValue) =>
        typeof v === 'object' ? labelOf(v) : v === configured ? 'as configured' : `${knob} ${v}`;
      const trainScore = (v: GridValue) =>
        mean(train.map((c) => ndcgRatio(c, c.runs.get(label(v))!)));
      // One-answer questions (the known-item collections among the six, when there are any):
      // a value may not rank more right documents lower than plain BM25 than higher, or than
      // the configured value does if that is worse already. The issue's second target, held as
      // Recall@100 is: a constraint, not a term of the mean.
      const netLoss = (v: GridValue) =>
        train
          .filter((c) => isKnownItem(c.name))
          .reduce((sum, c) => {
            const run = c.runs.get(label(v))!;
            return (
              sum +
              run.rank.filter((r, i) => r > c.base.rank[i]).length -
              run.rank.filter((r, i) => r < c.base.rank[i]).length
            );
          }, 0);
      const eligible = (v: GridValue) =>
        train.every((c) => {
          const floor = Math.min(1, recallRatio(c, c.runs.get('as configured')!));
          return recallRatio(c, c.runs.get(label(v))!) >= floor - 1e-9;
        }) && netLoss(v) <= Math.max(0, netLoss(configured));
      let best: GridValue = configured;
      for (const v of values)
        if (eligible(v) && trainScore(v) > trainScore(best) + (best === configured ? MARGIN : 0))
          best = v;
      if (typeof best === 'object') Object.assign(chosen, best);
      else if (best !== configured) (chosen as Record<string, number | string>)[knob] = best;
    }
    choices.set(held.name, chosen);
  }

  // Score each held-out choice on its own collection (from the cache: no second load).
  const heldOut = new Map<string, Run>();
  for (const [i, dir] of dirs.entries()) {
    const held = collections[i];
    const chosen = choices.get(held.name)!;
    const known = held.runs.get(labelOf(chosen));
    if (known) {
      heldOut.set(held.name, known);
      continue;
    }
    const c = await openCollection(dir);
    try {
      heldOut.set(held.name, await runQueries(c, chosen));
    } finally {
      await c.stop();
    }
  }

  const lower = (c: CrossCollection, run: Run, of: 'rank' | 'best' = 'rank') =>
    run[of].filter((r, i) => r > c.base[of][i]).length;
  const higher = (c: CrossCollection, run: Run, of: 'rank' | 'best' = 'rank') =>
    run[of].filter((r, i) => r < c.base[of][i]).length;
  // The shared collections and the known-item ones (bench/known-item.ts) are counted apart:
  // 18 single-relevant questions in the first, every question in the second.
  const classic = collections.filter((c) => !isKnownItem(c.name));
  const known = collections.filter((c) => isKnownItem(c.name));
  /** Mean reciprocal rank of the single-relevant questions' documents, all of `among` together. */
  const singleMrr = (
    pick: (c: CrossCollection) => Run,
    of: 'rank' | 'best' = 'rank',
    among = classic,
  ) => mean(among.flatMap((c) => pick(c)[of]).map((r) => 1 / r));
  const f = (x: number, d = 3) => x.toFixed(d);
  /** The one-best-document questions (bestDocumentOf) of `among`, against plain BM25. */
  const bestLine = (
    pick: (c: CrossCollection) => Run,
    among = classic,
    what = 'one best document',
  ) => {
    const down = among.reduce((n, c) => n + lower(c, pick(c), 'best'), 0);
    const up = among.reduce((n, c) => n + higher(c, pick(c), 'best'), 0);
    const all = among.reduce((n, c) => n + c.best.length, 0);
    return `${what} ranked lower ${down}/${all}, higher ${up}/${all} (sign test p ${f(signTest(down, up), 2)}), MRR ${f(singleMrr(pick, 'best', among))} (plain BM25 ${f(singleMrr((c) => c.base, 'best', among))})`;
  };
  console.log(
    `\nheld-out: nDCG@10 and Recall@100 of plain BM25, of the configured ranking and of the choice made on the other collections (ratios to plain BM25); "1rel lower": single-relevant questions whose document ranks lower than plain BM25 puts it`,
  );
  console.log(
    'collection   BM25 nDCG  R@100 | configured nDCG ratio  R@100 ratio 1rel lower | held-out nDCG ratio  R@100 ratio 1rel lower  Δ vs configured (±SE)',
  );
  const rows: {
    name: string;
    configured: number;
    held: number;
    recallConf: number;
    recallHeld: number;
  }[] = [];
  let singles = 0;
  let lowerConf = 0;
  let lowerHeld = 0;
  for (const c of collections) {
    const conf = c.runs.get('as configured')!;
    const held = heldOut.get(c.name)!;
    const diffs = held.ndcg.map((x, i) => x - conf.ndcg[i]);
    const sd = Math.sqrt(mean(diffs.map((d) => (d - mean(diffs)) ** 2)));
    const se = sd / Math.sqrt(diffs.length) / mean(c.base.ndcg);
    const row = {
      name: c.name,
      configured: ndcgRatio(c, conf),
      held: ndcgRatio(c, held),
      recallConf: recallRatio(c, conf),
      recallHeld: recallRatio(c, held),
    };
    rows.push(row);
    if (!isKnownItem(c.name)) {
      singles += c.base.rank.length;
      lowerConf += lower(c, conf);
      lowerHeld += lower(c, held);
    }
    console.log(
      `${c.name.padEnd(12)} ${f(mean(c.base.ndcg), 4).padStart(9)} ${f(mean(c.base.recall), 4).padStart(6)} | ${f(mean(conf.ndcg), 4).padStart(15)} ${f(row.configured).padStart(5)} ${f(mean(conf.recall), 4).padStart(6)} ${f(row.recallConf).padStart(5)} ${`${lower(c, conf)}/${c.base.rank.length}`.padStart(10)} | ${f(mean(held.ndcg), 4).padStart(13)} ${f(row.held).padStart(5)} ${f(mean(held.recall), 4).padStart(6)} ${f(row.recallHeld).padStart(5)} ${`${lower(c, held)}/${c.base.rank.length}`.padStart(10)}  ${(row.held - row.configured >= 0 ? '+' : '') + f(row.held - row.configured)} (±${f(se)})`,
    );
  }
  const summary = (pick: (r: (typeof rows)[number]) => number) =>
    `mean ${f(mean(rows.map(pick)))}, worst ${f(Math.min(...rows.map(pick)))}`;
  console.log(
    `configured: nDCG@10 ratio ${summary((r) => r.configured)}; Recall@100 ratio ${summary((r) => r.recallConf)}; single-relevant ranked lower ${lowerConf}/${singles}, higher ${classic.reduce((n, c) => n + higher(c, c.runs.get('as configured')!), 0)}/${singles}, MRR ${f(singleMrr((c) => c.runs.get('as configured')!))} (plain BM25 ${f(singleMrr((c) => c.base))})`,
  );
  console.log(
    `held-out:   nDCG@10 ratio ${summary((r) => r.held)}; Recall@100 ratio ${summary((r) => r.recallHeld)}; single-relevant ranked lower ${lowerHeld}/${singles}, higher ${classic.reduce((n, c) => n + higher(c, heldOut.get(c.name)!), 0)}/${singles}, MRR ${f(singleMrr((c) => heldOut.get(c.name)!))}   (target: nDCG worst ≥ 1.03, Recall worst ≥ 1.00)`,
  );
  if (classic.length > 0) {
    console.log(`configured: ${bestLine((c) => c.runs.get('as configured')!)}`);
    console.log(`held-out:   ${bestLine((c) => heldOut.get(c.name)!)}`);
  }
  if (known.length > 0) {
    const what = 'known item';
    console.log(`configured: ${bestLine((c) => c.runs.get('as configured')!, known, what)}`);
    console.log(`held-out:   ${bestLine((c) => heldOut.get(c.name)!, known, what)}`);
  }
  console.log(
    "\nsingle-relevant questions: the relevant document's rank by plain BM25 → configured → held-out choice (∞: not in the first 100)",
  );
  const rank = (r: number) => (Number.isFinite(r) ? String(r) : '∞');
  for (const c of classic)
    c.singles.forEach((id, i) =>
      console.log(
        `  ${`${c.name} ${id}`.padEnd(16)} ${rank(c.base.rank[i])} → ${rank(c.runs.get('as configured')!.rank[i])} → ${rank(heldOut.get(c.name)!.rank[i])}`,
      ),
    );
  console.log(
    '\nchoices made on the other collections (the configured value unless named; a known-item collection and the one it comes from are left out together):',
  );
  for (const [name, chosen] of choices)
    console.log(`  without ${name.padEnd(10)} ${labelOf(chosen)}`);

  console.log(
    `\nablation (each line changes one knob; nDCG@10 and Recall@100 as ratios to plain BM25; 1rel: single-relevant ranked lower / higher than plain BM25, and their MRR)`,
  );
  console.log(
    `${'variant'.padEnd(32)}${collections.map((c) => c.name.slice(0, 12).padStart(13)).join('')}   mean nDCG  worst nDCG  1rel lower/higher  MRR  best lower/higher  MRR${known.length ? '  known lower/higher  MRR  nDCG' : ''}`,
  );
  /** lower/higher of `among` for the questions `of` picks, against plain BM25. */
  const split = (run: (c: CrossCollection) => Run, among: CrossCollection[], of: 'rank' | 'best') =>
    `${among.reduce((n, c) => n + lower(c, run(c), of), 0)}/${among.reduce((n, c) => n + higher(c, run(c), of), 0)}`;
  for (const change of configs) {
    const label = labelOf(change);
    const run = (c: CrossCollection) => c.runs.get(label)!;
    const ratios = (classic.length ? classic : collections).map((c) => ndcgRatio(c, run(c)));
    const knownCells = known.length
      ? `  ${split(run, known, 'best').padStart(18)}  ${f(singleMrr(run, 'best', known))}  ${f(mean(known.map((c) => ndcgRatio(c, run(c)))))}`
      : '';
    console.log(
      `${label.padEnd(32)}${collections.map((c) => ` ${f(ndcgRatio(c, run(c)))} ${f(recallRatio(c, run(c)))}`.padStart(13)).join('')}   ${f(mean(ratios)).padStart(9)}  ${f(Math.min(...ratios)).padStart(10)}  ${split(run, classic, 'rank')} of ${singles}  ${f(singleMrr(run))}  ${split(run, classic, 'best').padStart(17)}  ${f(singleMrr(run, 'best'))}${knownCells}`,
    );
  }
  if (knobRuns('short')) printShortPassages(collections, ndcgRatio, recallRatio);
  console.log(`\ncross protocol: ${((performance.now() - started) / 1000 / 60).toFixed(1)} min`);
}

/** Two-sided sign test: the chance of a split at least this uneven if neither side were better. */
function signTest(a: number, b: number): number {
  const n = a + b;
  const k = Math.min(a, b);
  // Summed in logs: 2^n and the binomial coefficients overflow past n ≈ 1,000.
  let tail = 0;
  for (let i = 0; i <= k; i++) tail += Math.exp(logBinomial(n, i) - n * Math.LN2);
  return Math.min(1, 2 * tail);
}
const logBinomial = (n: number, k: number) => {
  let r = 0;
  for (let i = 1; i <= k; i++) r += Math.log(n - k + i) - Math.log(i);
  return r;
};

/**
 * The long-document condition: every collection cut into passages of SHORT_PASSAGE_CHARS, each
 * passageSupport value as a ratio to plain BM25 (which scores whole documents), and the value
 * chosen on the other six (the same rule as the grid's), scored on the seventh.
 */
function printShortPassages(
  collections: CrossCollection[],
  ndcgRatio: (c: CrossCollection, run: Run) => number,
  recallRatio: (c: CrossCollection, run: Run) => number,
) {
  const f = (x: number) => x.toFixed(3);
  console.log(
    `\npassages of ~${SHORT_PASSAGE_CHARS} characters (a stand-in for long documents): nDCG@10 and Recall@100 as ratios to plain BM25 on whole documents`,
  );
  console.log(
    `${'passageSupport'.padEnd(32)}${collections.map((c) => c.name.padStart(13)).join('')}   mean nDCG  worst nDCG`,
  );
  for (const v of SHORT_PASSAGE_SUPPORT) {
    const ratios = collections.map((c) => ndcgRatio(c, c.short.get(v)!));
    console.log(
      `${String(v).padEnd(32)}${collections.map((c, i) => ` ${f(ratios[i])} ${f(recallRatio(c, c.short.get(v)!))}`.padStart(13)).join('')}   ${f(mean(ratios)).padStart(9)}  ${f(Math.min(...ratios)).padStart(10)}`,
    );
  }
  const configured = RANKING.passageSupport;
  const held = collections.map((c) => {
    const train = collections.filter((o) => corpusOf(o.name) !== corpusOf(c.name));
    const score = (v: number) => mean(train.map((o) => ndcgRatio(o, o.short.get(v)!)));
    const eligible = (v: number) =>
      train.every(
        (o) =>
          recallRatio(o, o.short.get(v)!) >=
          Math.min(1, recallRatio(o, o.short.get(configured)!)) - 1e-9,
      );
    let best = configured;
    for (const v of SHORT_PASSAGE_SUPPORT)
      if (eligible(v) && score(v) > score(best) + (best === configured ? MARGIN : 0)) best = v;
    return { c, best, ratio: ndcgRatio(c, c.short.get(best)!) };
  });
  console.log(
    `held-out choice: ${held.map((h) => `${h.c.name} ${h.best} → ${f(h.ratio)}`).join(', ')}; mean ${f(mean(held.map((h) => h.ratio)))}, worst ${f(Math.min(...held.map((h) => h.ratio)))}`,
  );
}
