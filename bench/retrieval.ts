/**
 * Retrieval quality on any test collection in the BEIR layout (corpus.jsonl, queries.jsonl,
 * qrels.tsv with graded scores): every document goes through the product's own ingestion (the
 * three-step upload of a .txt named after its title, parsing, chunking, indexing) into a fresh
 * workspace, every query through the product's retrieval; prints nDCG@10 and Recall@100.
 *   npm run bench:retrieval -- ../shared/data/ir/cranfield
 *   BENCH_DATABASE_URL=postgres://… npm run bench:retrieval -- DIR
 * KEEP_DATABASE=1 keeps the loaded database (its URL is printed) instead of dropping it.
 */
import 'reflect-metadata';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/src/config.js';
import { createTemporaryDatabase } from '../server/src/db/temporary-database.js';
import { startServer } from '../server/src/server.js';
import { createLogger } from '../server/src/shared/logger.js';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: npm run bench:retrieval -- DIR   (corpus.jsonl, queries.jsonl, qrels.tsv)');
  process.exit(2);
}
const readJsonl = (file: string) =>
  fs
    .readFileSync(path.join(dir, file), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record<string, string>);
const corpus = readJsonl('corpus.jsonl');
const queries = readJsonl('queries.jsonl');
const qrels = new Map<string, Map<string, number>>();
for (const line of fs.readFileSync(path.join(dir, 'qrels.tsv'), 'utf8').split('\n').slice(1)) {
  const [q, d, score] = line.trim().split('\t');
  if (!q || !d) continue;
  if (!qrels.has(q)) qrels.set(q, new Map());
  qrels.get(q)!.set(d, Number(score));
}
const judged = queries.filter((q) => qrels.has(q._id));

const mode = process.env.BENCH_DATABASE_URL ? 'postgres' : 'embedded';
const db = await createTemporaryDatabase(process.env.BENCH_DATABASE_URL);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-bench-retrieval-'));
const config = {
  ...loadConfig({
    NODE_ENV: 'production',
    PORT: '0',
    DATABASE_URL: db.url,
    DATA_DIR: dataDir,
    APP_SECRET: 'bench-secret-bench-secret-bench-secret-00',
    WORKSPACE_QUOTA_MB: '100000',
  }),
  host: '127.0.0.1',
};
const server = await startServer(config, createLogger('error'));
const call = async (method: string, url: string, body?: unknown, token?: string) => {
  const res = await fetch(server.url + url, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json() as Promise<any>;
};

/** A file name that carries the title (the .txt parser takes the title from the name). */
const fileName = (doc: Record<string, string>) =>
  `${
    (doc.title || doc._id)
      .replace(/[\\/:*?"<>|\s]+/g, ' ')
      .trim()
      .slice(0, 180) || doc._id
  }.txt`;

const corpusIdOf = new Map<string, string>();
try {
  await call('POST', '/api/signup', { email: 'bench@example.com', password: 'bench passphrase 1' });
  const { token } = await call('POST', '/api/signin', {
    email: 'bench@example.com',
    password: 'bench passphrase 1',
  });
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < corpus.length) {
        const doc = corpus[next++];
        const ticket = await call(
          'POST',
          '/api/integrations/get-upload-url',
          { fileName: fileName(doc), fileType: 'text/plain' },
          token,
        );
        // The body repeats the title, as a real document's first line would.
        const body = doc.text?.trim() ? doc.text : '';
        const put = await fetch(ticket.uploadUrl, {
          method: 'PUT',
          body: body || ' ',
          headers: { 'Content-Type': 'text/plain' },
        });
        if (!put.ok) throw new Error(`PUT ${put.status}`);
        const confirmed = await call(
          'POST',
          '/api/integrations/confirm-upload',
          { fileKey: ticket.fileKey },
          token,
        );
        if (!confirmed.documentId) throw new Error(JSON.stringify(confirmed));
        corpusIdOf.set(confirmed.documentId, doc._id);
      }
    }),
  );
  let counts = { done: 0, failed: 0 };
  while (counts.done < corpus.length) {
    await new Promise((r) => setTimeout(r, 250));
    [counts] = await server.services.db.query(
      `SELECT count(*) FILTER (WHERE status IN ('indexed', 'failed'))::int AS done,
              count(*) FILTER (WHERE status = 'failed')::int AS failed FROM documents`,
    );
  }
  const ingestSeconds = (performance.now() - started) / 1000;
  const [{ workspace_id: workspaceId }] = await server.services.db.query(
    'SELECT workspace_id FROM documents LIMIT 1',
  );

  let ndcg = 0;
  let recall = 0;
  const latencies: number[] = [];
  for (const query of judged) {
    const t0 = performance.now();
    const { passages } = await server.services.search.rankDocuments(workspaceId, {
      text: query.text.slice(0, 1000),
      first: 100,
    });
    latencies.push(performance.now() - t0);
    const ranked = passages.map((p) => corpusIdOf.get(p.documentId)!);
    const gains = qrels.get(query._id)!;
    ndcg += ndcgAt(ranked, gains, 10);
    recall += ranked.filter((id) => gains.has(id)).length / gains.size;
  }
  latencies.sort((a, b) => a - b);
  console.log(`retrieval benchmark: ${path.basename(path.resolve(dir))} (${mode} database)`);
  console.log(
    `  corpus: ${corpus.length} documents ingested in ${ingestSeconds.toFixed(1)} s (${counts.failed} without text), ${judged.length} judged queries`,
  );
  console.log(`  nDCG@10:    ${(ndcg / judged.length).toFixed(4)}`);
  console.log(`  Recall@100: ${(recall / judged.length).toFixed(4)}`);
  console.log(
    `  latency per query (top 100 documents): p50 ${latencies[Math.floor(latencies.length / 2)].toFixed(1)} ms, p95 ${latencies[Math.floor(latencies.length * 0.95)].toFixed(1)} ms`,
  );
} finally {
  await server.stop();
  // KEEP_DATABASE=1 leaves the loaded collection for tuning runs against it.
  if (process.env.KEEP_DATABASE) {
    const ids = path.join(os.tmpdir(), 'lumen-retrieval-ids.json');
    fs.writeFileSync(ids, JSON.stringify(Object.fromEntries(corpusIdOf)));
    console.log(`  database kept: ${db.url} (document ids: ${ids})`);
  } else await db.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/** nDCG with graded gains (2^g - 1) and the ideal ranking from the judgments. */
function ndcgAt(ranked: string[], gains: Map<string, number>, k: number): number {
  const dcg = ranked
    .slice(0, k)
    .reduce((sum, id, i) => sum + (2 ** (gains.get(id) ?? 0) - 1) / Math.log2(i + 2), 0);
  const ideal = [...gains.values()]
    .sort((a, b) => b - a)
    .slice(0, k)
    .reduce((sum, g, i) => sum + (2 ** g - 1) / Math.log2(i + 2), 0);
  return ideal > 0 ? dcg / ideal : 0;
}
