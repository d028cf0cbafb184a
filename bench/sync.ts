/**
 * Connector sync throughput, per tool: a loopback fake (Confluence Cloud, GitHub, Google Drive)
 * holding ITEMS items (default 2,000) and answering every request after LATENCY_MS (default 50),
 * synced end to end through the product (listing, fetching, text, chunking, indexing), then an
 * incremental resync after 1 % of the items changed, then an idle resync (nothing changed: a
 * handful of requests whatever the number of items, except for Confluence, which lists
 * everything each sync), then a permission sync (the source mirrors the tool's permissions) and
 * another after one permission change in the tool.
 *   npm run bench:sync
 *   CONNECTORS=github ITEMS=5000 npm run bench:sync
 *   BENCH_DATABASE_URL=postgres://… npm run bench:sync
 * Options: CONNECTORS (confluence,github,google), ITEMS, LATENCY_MS, JOB_CONCURRENCY (default 2).
 */
import 'reflect-metadata';
import os from 'node:os';
import { startBenchServer } from './support/bench-server.js';
import { SCENARIOS, type Scenario } from './sync-scenarios.js';

const ITEMS = Number(process.env.ITEMS ?? process.env.PAGES ?? 2000);
const LATENCY_MS = Number(process.env.LATENCY_MS ?? 50);
const CONCURRENCY = process.env.JOB_CONCURRENCY ?? '2';
const WHICH = (process.env.CONNECTORS ?? 'confluence,github,google')
  .split(',')
  .map((s) => s.trim()) as (keyof typeof SCENARIOS)[];
const mode = process.env.BENCH_DATABASE_URL ? 'postgres' : 'embedded';

console.log(
  `sync benchmark (${mode} database, ${os.cpus().length} cores, JOB_CONCURRENCY ${CONCURRENCY}, ${ITEMS} items per tool, ${LATENCY_MS} ms per request)`,
);
for (const name of WHICH) {
  const make = SCENARIOS[name];
  if (!make) throw new Error(`Unknown connector ${name}: use ${Object.keys(SCENARIOS).join(', ')}`);
  await run(await make(ITEMS, LATENCY_MS));
}

async function run(tool: Scenario) {
  const { server, call, stop } = await startBenchServer('sync', {
    JOB_CONCURRENCY: CONCURRENCY,
    CONNECTORS_ALLOW_PRIVATE_HOSTS: 'true',
    PUBLIC_URL: 'http://127.0.0.1',
    ...tool.env,
  });
  const waitForSync = async (sourceId: string, afterRun: number) => {
    for (;;) {
      const [row] = await server.services.db.query(
        `SELECT status, sync_run, checkpoint, items_seen, items_indexed, items_failed, last_error FROM sources WHERE id = $1`,
        [sourceId],
      );
      if (row.sync_run > afterRun && row.checkpoint === null) return row;
      if (row.status === 'error' || row.status === 'needs_reauth') throw new Error(row.last_error);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  let peakRss = 0;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 100);
  try {
    await call('POST', '/api/signup', {
      email: 'bench@example.com',
      password: 'bench passphrase 1',
    });
    const { token } = await call('POST', '/api/signin', {
      email: 'bench@example.com',
      password: 'bench passphrase 1',
    });

    const start = performance.now();
    const sourceId = await tool.connect(call, token);
    const full = await waitForSync(sourceId, 0);
    const fullSeconds = (performance.now() - start) / 1000;
    const fullRequests = tool.requests();
    const [{ chunks }] = await server.services.db.query(
      `SELECT count(*)::int AS chunks FROM chunks`,
    );

    const changed = Math.max(1, Math.round(ITEMS / 100));
    tool.edit(changed);
    const mark = tool.requests();
    const incStart = performance.now();
    await tool.resync(call, token);
    const inc = await waitForSync(sourceId, 1);
    const incSeconds = (performance.now() - incStart) / 1000;

    const idleMark = tool.requests();
    const idleStart = performance.now();
    await tool.resync(call, token);
    const idle = await waitForSync(sourceId, 2);
    const idleSeconds = (performance.now() - idleStart) / 1000;
    const idlePaths = new Map<string, number>();
    for (const path of tool.requestsFrom(idleMark))
      idlePaths.set(path, (idlePaths.get(path) ?? 0) + 1);

    console.log(`${tool.label}: ${ITEMS} ${tool.unit}`);
    console.log(
      `  full sync: ${full.items_indexed} indexed, ${full.items_failed} failed, ${chunks} chunks in ${fullSeconds.toFixed(1)} s`,
    );
    console.log(
      `  throughput: ${(ITEMS / fullSeconds).toFixed(1)} items/s end to end (target ≥ 20)`,
    );
    console.log(
      `  requests: ${fullRequests} (${(ITEMS / fullRequests).toFixed(1)} items per request), at most ${tool.maxInFlight()} in flight`,
    );
    console.log(
      `  incremental resync after ${changed} changes: ${inc.items_indexed} re-indexed of ${inc.items_seen} listed in ${incSeconds.toFixed(1)} s, ${tool.requests() - mark} requests`,
    );
    const idleRequests = tool.requests() - idleMark;
    console.log(
      `  idle resync (nothing changed): ${idle.items_indexed} re-indexed of ${idle.items_seen} listed in ${idleSeconds.toFixed(1)} s, ${idleRequests} request${idleRequests === 1 ? '' : 's'}`,
    );
    console.log(
      `    ${[...idlePaths].map(([path, n]) => (n > 1 ? `${path} ×${n}` : path)).join(', ')}`,
    );
    // The permission sync (the source mirrors the tool's permissions, the default): every
    // item's access and the groups' members read again, then after one change in the tool.
    const permissions = async () => {
      const mark = tool.requests();
      const started = performance.now();
      await server.services.permissionSync.sync(sourceId);
      const [row] = await server.services.db.query(
        `SELECT permissions_state, permissions_error FROM sources WHERE id = $1`,
        [sourceId],
      );
      if (row.permissions_state !== 'ok') throw new Error(row.permissions_error ?? 'not read');
      return { requests: tool.requests() - mark, seconds: (performance.now() - started) / 1000 };
    };
    const fullPermissions = await permissions();
    tool.changeAccess();
    const onePermission = await permissions();
    console.log(
      `  permission sync: ${fullPermissions.requests} requests in ${fullPermissions.seconds.toFixed(1)} s for ${ITEMS} items; after one change: ${onePermission.requests} requests in ${onePermission.seconds.toFixed(1)} s (every item is read again)`,
    );
    console.log(`  peak RSS (app and fake in one process): ${(peakRss / 1048576).toFixed(0)} MiB`);
  } finally {
    clearInterval(sampler);
    await stop();
    await tool.close();
  }
}
