import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { newAdmin } from './helpers/accounts.js';
import { connectorEnv, documentsOf, waitForSync, type SourceRow } from './helpers/connectors.js';
import { startFakeAtlassian, type FakeAtlassian } from './helpers/fake-atlassian.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';

const SERVER_ROOT = path.resolve(import.meta.dirname, '..');
let fake: FakeAtlassian | undefined;
let first: TestApp | undefined;
let app: TestApp | undefined;
let child: ChildProcess | undefined;

afterAll(async () => {
  child?.kill('SIGKILL');
  await app?.stop();
  await first?.stop(); // stopped already; this drops the database both used
  await fake?.close();
});

/** The source's row, read without an app (an app would start a queue that takes the job). */
async function rowsOf(databaseUrl: string, sql: string, params: unknown[]): Promise<any[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

async function rowOf(databaseUrl: string, id: string): Promise<SourceRow> {
  return (await rowsOf(databaseUrl, `SELECT * FROM sources WHERE id = $1`, [id]))[0];
}

/** The real server (src/main.ts) in its own process, on the test's database, to kill -9. */
async function startChild(databaseUrl: string, env: Record<string, string>): Promise<ChildProcess> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_ROOT,
    env: {
      ...process.env,
      ...env,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      APP_SECRET: 'test-secret-test-secret-test-secret-0123',
      DATA_DIR: '/tmp/lumen-test-data',
      LOG_LEVEL: 'warn',
      JOB_CONCURRENCY: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout!.on('data', (d) => (output += d));
  proc.stderr!.on('data', (d) => (output += d));
  const deadline = Date.now() + 60_000;
  while (!output.includes('Lumen is running')) {
    if (proc.exitCode !== null) throw new Error(`The server exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`The server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return proc;
}

it('resumes a sync killed with -9 from its checkpoint, without duplicates', async () => {
  fake = await startFakeAtlassian();
  fake.addApiToken('ada@acme.test', 'tok-restart');
  fake.addSpace({ key: 'BIG' });
  for (let n = 1; n <= 700; n++)
    fake.addPage({
      spaceKey: 'BIG',
      title: `Note ${n}`,
      storage: `<p>Note ${n} is about item ${n}.</p>`,
    });
  const env = connectorEnv(fake);

  // Connect with the in-process app, then stop it before its sync runs.
  first = await startTestApp({ ...env, JOB_CONCURRENCY: '1' });
  await first.server.services.jobs.stop();
  const admin = await newAdmin(first);
  const saved = await first.rest(
    'POST',
    '/api/save-integration/confluence',
    { domain: fake.url, username: 'ada@acme.test', password: 'tok-restart', spacekey: 'BIG' },
    { token: admin.token },
  );
  expect(saved.status).toBe(200);
  const sourceId: string = saved.body.sourceId;
  await first.stopKeepingDatabase();

  // A separate server process syncs slowly; it is killed once two listing pages are saved.
  fake.setLatency(100);
  child = await startChild(first.databaseUrl, env);
  for (let i = 0; ; i++) {
    const row = await rowOf(first.databaseUrl, sourceId);
    const cursor = (row.checkpoint as { cursor?: { next?: string } } | null)?.cursor?.next;
    // Killed while a step runs (not in the moment between two steps, when the job is queued).
    const running =
      cursor &&
      row.items_seen >= 250 &&
      (
        await rowsOf(
          first.databaseUrl,
          `SELECT 1 FROM jobs WHERE singleton_key = $1 AND status = 'running'`,
          [`source-sync:${sourceId}`],
        )
      ).length > 0;
    if (running) break;
    if (i > 1200) throw new Error(`no progress: ${JSON.stringify(row)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  child.kill('SIGKILL');
  await new Promise((r) => child!.once('exit', r));
  const killedAt = await rowOf(first.databaseUrl, sourceId);
  expect(killedAt.checkpoint, 'killed mid-sync').not.toBeNull();
  fake.setLatency(0);

  // What the kill left: a job "running" whose two-minute lease has not run out. The restarted
  // instance (same host and DATA_DIR, so the same instance id) takes it back at start.
  const [orphan] = await rowsOf(
    first.databaseUrl,
    `SELECT locked_by, locked_until > now() + interval '30 seconds' AS leased FROM jobs
      WHERE singleton_key = $1 AND status = 'running'`,
    [`source-sync:${sourceId}`],
  );
  expect(orphan).toMatchObject({ leased: true });
  expect(orphan!.locked_by).toMatch(/:\/tmp\/lumen-test-data$/);
  const mark = fake.requests.length;
  app = await startTestApp({ ...env, JOB_CONCURRENCY: '1' }, first.databaseUrl);
  const row = await waitForSync(app, sourceId, killedAt.sync_run - 1, 60_000);
  expect(row).toMatchObject({ status: 'idle', items_total: 700, items_failed: 0 });

  const docs = await documentsOf(app, sourceId);
  expect(docs).toHaveLength(700);
  expect(new Set(docs.map((d) => d.external_id)).size).toBe(700);
  const [chunks] = await app.sql(
    `SELECT count(*)::int AS n, count(DISTINCT (document_id, ordinal))::int AS distinct_n,
            (SELECT sum(chunk_count)::int FROM documents WHERE source_id = $1) AS expected
       FROM chunks WHERE source_id = $1`,
    [sourceId],
  );
  expect(chunks.n).toBe(chunks.distinct_n);
  expect(chunks.n).toBe(chunks.expected);
  // It resumed from the saved cursor: the first listing page was not asked for again.
  const listings = fake.requests.slice(mark).filter((r) => /\/spaces\/\d+\/pages$/.test(r.path));
  expect(listings.length).toBeGreaterThan(0);
  expect(listings.every((r) => r.query.get('cursor'))).toBe(true);
  expect(row.sync_run).toBe(killedAt.sync_run);
  // Two server starts and a 700-page sync: on a loaded 2-core machine this takes well over 30 s.
}, 120_000);
