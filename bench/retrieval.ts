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
 *   BENCH_DATABASE_URL=postgres://… npm run bench:retrieval -- DIR
 * HYBRID=1 turns hybrid retrieval on (EMBEDDING_MODEL) against the loopback fake of the
 * embeddings API the server tests use (a hashed bag of stemmed words, not a language model), and
 * scores the answers' path (hybrid) beside the results list's (words): it shows that fusion keeps
 * working and what it costs or gains with such vectors, not what a real model would give.
 * KEEP_DATABASE=1 keeps the loaded database (its URL is printed) instead of dropping it.
 */
import 'reflect-metadata';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runBench, startBenchServer, waitFor } from './support/bench-server.js';
import { RANKING } from '../server/src/modules/search/ranking.js';
import { startFakeOpenAI } from '../server/test/helpers/fake-openai.js';
import { Bm25Baseline } from './bm25-baseline.js';
import { ndcgAt, recallAt, type Qrels } from './ir-metrics.js';

const SHARED_IR = path.resolve(import.meta.dirname, '..', '..', 'shared', 'data', 'ir');
const ALL = ['cranfield', 'cisi', 'cacm', 'med'];

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

const args = process.argv.slice(2);
const ablation = args[0] === '--ablation';
const arg = ablation ? (args[1] ?? '--all') : args[0];
if (!arg) {
  console.error(
    'usage: npm run bench:retrieval -- DIR | --all | --ablation [DIR]   (corpus.jsonl, queries.jsonl, qrels.tsv)',
  );
  process.exit(2);
}
const dirs = arg === '--all' ? ALL.map((name) => path.join(SHARED_IR, name)) : [arg];
const fakeEmbeddings = process.env.HYBRID === '1' ? await startFakeOpenAI() : null;
const hybridEnv: Record<string, string> = fakeEmbeddings
  ? {
      OPENAI_API_KEY: 'sk-test-key-1234',
      OPENAI_BASE_URL: fakeEmbeddings.url,
      EMBEDDING_MODEL: 'text-embedding-3-small',
    }
  : {};
runBench(async () => {
  const results: CollectionResult[] = [];
  for (const dir of dirs) results.push(await runCollection(dir, ablation ? ABLATIONS : {}));
  await fakeEmbeddings?.close();
  if (results.length > 1) printTable(results);
  if (ablation) printAblation(results);
});

async function runCollection(
  dir: string,
  ablations: Record<string, Partial<typeof RANKING>>,
): Promise<CollectionResult> {
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

  const { server, db, mode, call, stop } = await startBenchServer('retrieval', {
    WORKSPACE_QUOTA_MB: '100000',
    ...hybridEnv,
  });

  const corpusIdOf = new Map<string, string>();
  try {
    await call('POST', '/api/signup', {
      email: 'bench@example.com',
      password: 'bench passphrase 1',
    });
    const { token } = await call('POST', '/api/signin', {
      email: 'bench@example.com',
      password: 'bench passphrase 1',
    });
    const started = performance.now();
    const files = corpusFiles(corpus);
    let next = 0;
    let failure: unknown = null;
    // Eight uploaders; the first refusal stops them all, and the bench with it.
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < files.length && !failure) {
          const file = files[next++];
          try {
            corpusIdOf.set(await upload(call, token, file), file.id);
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
    const ingestSeconds = (performance.now() - started) / 1000;
    const [{ workspace_id: workspaceId, uploaded_by_id: userId }] = await server.services.db.query(
      'SELECT workspace_id, uploaded_by_id FROM documents LIMIT 1',
    );
    // The bench's member reads every source: what the product's own search would give them.
    const reader = await server.services.readers.forMember(workspaceId, userId);

    const baseline = new Bm25Baseline(corpus as { _id: string; title?: string; text?: string }[]);
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
        const question = text.slice(0, 1000);
        const { passages } = !text.trim()
          ? { passages: [] }
          : retriever === 'list'
            ? await server.services.search.rankDocuments(reader, {
                text: question,
                first: 100,
              })
            : await answerPassages(question);
        latencies.push(performance.now() - t0);
        const ranked = [...new Set(passages.map((p) => corpusIdOf.get(p.documentId)!))].slice(
          0,
          100,
        );
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
      `  corpus: ${files.length} documents ingested in ${ingestSeconds.toFixed(1)} s (${files.filter((f) => f.titleAsText).length} title-only, ${files.filter((f) => f.twin).length} with a twin's exact text; ${corpus.length - files.length} without any word skipped), ${judged.length} judged queries`,
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
    const keep = Boolean(process.env.KEEP_DATABASE);
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
