/**
 * Connector sync throughput: a loopback fake Confluence Cloud with PAGES pages (default 2,000)
 * answering every request after LATENCY_MS (default 50), synced end to end through the product
 * (listing, bulk bodies, XHTML to text, chunking, indexing), then an incremental resync after
 * 1 % of the pages changed.
 *   npm run bench:sync
 *   BENCH_DATABASE_URL=postgres://… npm run bench:sync
 * Options: PAGES, LATENCY_MS, JOB_CONCURRENCY (default 2).
 */
import 'reflect-metadata';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/src/config.js';
import { createTemporaryDatabase } from '../server/src/db/temporary-database.js';
import { startServer } from '../server/src/server.js';
import { createLogger } from '../server/src/shared/logger.js';
import { startFakeAtlassian } from '../server/test/helpers/fake-atlassian.js';

const PAGES = Number(process.env.PAGES ?? 2000);
const LATENCY_MS = Number(process.env.LATENCY_MS ?? 50);
const CONCURRENCY = process.env.JOB_CONCURRENCY ?? '2';
const mode = process.env.BENCH_DATABASE_URL ? 'postgres' : 'embedded';

const WORDS =
  'deploy rollback incident pager escalation runbook service latency database cache queue release customer policy travel budget review security access vendor'.split(
    ' ',
  );
let seed = 7;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const sentence = () =>
  Array.from(
    { length: 8 + Math.floor(random() * 20) },
    () => WORDS[Math.floor(random() * WORDS.length)],
  ).join(' ') + '.';
/** A page of 1–8 KB of storage XHTML: headings, paragraphs, a table and a code macro. */
function page(n: number): string {
  const parts = [`<h1>Runbook ${n}</h1>`];
  const sections = 1 + Math.floor(random() * 6);
  for (let s = 0; s < sections; s++) {
    parts.push(`<h2>Step ${s + 1}</h2>`);
    parts.push(
      `<p>${Array.from({ length: 3 + Math.floor(random() * 6) }, sentence).join(' ')}</p>`,
    );
  }
  parts.push(
    `<table><tr><th>Env</th><th>Owner</th></tr><tr><td>prod</td><td>team ${n % 17}</td></tr></table>`,
  );
  parts.push(
    `<ac:structured-macro ac:name="code"><ac:plain-text-body><![CDATA[svc-${n} restart --graceful && echo ok]]></ac:plain-text-body></ac:structured-macro>`,
  );
  return parts.join('');
}

const fake = await startFakeAtlassian({ latencyMs: LATENCY_MS });
fake.addApiToken('bench@example.com', 'bench-token');
fake.addSpace({ key: 'BENCH' });
const ids: string[] = [];
let storageBytes = 0;
for (let n = 1; n <= PAGES; n++) {
  const storage = page(n);
  storageBytes += storage.length;
  ids.push(fake.addPage({ spaceKey: 'BENCH', title: `Runbook ${n}`, storage }).id);
}

const db = await createTemporaryDatabase(process.env.BENCH_DATABASE_URL);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-bench-sync-'));
const config = {
  ...loadConfig({
    NODE_ENV: 'production',
    PORT: '0',
    DATABASE_URL: db.url,
    DATA_DIR: dataDir,
    APP_SECRET: 'bench-secret-bench-secret-bench-secret-00',
    JOB_CONCURRENCY: CONCURRENCY,
    CONNECTORS_ALLOW_PRIVATE_HOSTS: 'true',
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

async function waitForSync(sourceId: string, afterRun: number) {
  for (;;) {
    const [row] = await server.services.db.query(
      `SELECT status, sync_run, checkpoint, items_seen, items_indexed, items_failed, last_error FROM sources WHERE id = $1`,
      [sourceId],
    );
    if (row.sync_run > afterRun && row.checkpoint === null) return row;
    if (row.status === 'error' || row.status === 'needs_reauth') throw new Error(row.last_error);
    await new Promise((r) => setTimeout(r, 100));
  }
}

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 100);
try {
  await call('POST', '/api/signup', { email: 'bench@example.com', password: 'bench passphrase 1' });
  const { token } = await call('POST', '/api/signin', {
    email: 'bench@example.com',
    password: 'bench passphrase 1',
  });

  const start = performance.now();
  const saved = await call(
    'POST',
    '/api/save-integration/confluence',
    { domain: fake.url, username: 'bench@example.com', password: 'bench-token', spacekey: 'BENCH' },
    token,
  );
  if (!saved.sourceId) throw new Error(JSON.stringify(saved));
  const full = await waitForSync(saved.sourceId, 0);
  const fullSeconds = (performance.now() - start) / 1000;
  const fullRequests = fake.requests.length;
  const [{ chunks }] = await server.services.db.query(`SELECT count(*)::int AS chunks FROM chunks`);

  const changed = Math.max(1, Math.round(PAGES / 100));
  for (let i = 0; i < changed; i++)
    fake.editPage(ids[Math.floor((i * PAGES) / changed)]!, { storage: page(PAGES + i) });
  const mark = fake.requests.length;
  const incStart = performance.now();
  await call('POST', '/api/resync-confluence', undefined, token);
  const inc = await waitForSync(saved.sourceId, 1);
  const incSeconds = (performance.now() - incStart) / 1000;

  console.log(
    `sync benchmark (${mode} database, ${os.cpus().length} cores, JOB_CONCURRENCY ${CONCURRENCY})`,
  );
  console.log(
    `  fake Confluence: ${PAGES} pages, ${(storageBytes / 1048576).toFixed(1)} MiB of storage XHTML, ${LATENCY_MS} ms per request`,
  );
  console.log(
    `  full sync: ${full.items_indexed} indexed, ${full.items_failed} failed, ${chunks} chunks in ${fullSeconds.toFixed(1)} s`,
  );
  console.log(`  throughput: ${(PAGES / fullSeconds).toFixed(1)} pages/s end to end`);
  console.log(
    `  requests: ${fullRequests} (${(PAGES / fullRequests).toFixed(1)} pages per request), at most ${fake.maxInFlight} in flight`,
  );
  console.log(
    `  incremental resync after ${changed} edits: ${inc.items_indexed} re-indexed of ${inc.items_seen} listed in ${incSeconds.toFixed(1)} s, ${fake.requests.length - mark} requests`,
  );
  console.log(`  peak RSS (app and fake in one process): ${(peakRss / 1048576).toFixed(0)} MiB`);
} finally {
  clearInterval(sampler);
  await server.stop();
  await db.drop();
  await fake.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
