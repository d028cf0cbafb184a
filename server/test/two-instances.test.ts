import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { createDatabaseOn } from '../src/db/temporary-database.js';
import { newAdmin } from './helpers/accounts.js';
import { startFakeS3 } from './helpers/fake-s3.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';
import { waitForDocument } from './helpers/uploads.js';

/** Two instances on one Postgres, each with a DATA_DIR of its own (two hosts, say). */
let db: Awaited<ReturnType<typeof createDatabaseOn>>;
const dirs: string[] = [];
beforeAll(async () => {
  db = await createDatabaseOn(inject('pgServerUrl'));
});
afterAll(async () => {
  await db?.drop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function dataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-instance-'));
  dirs.push(dir);
  return dir;
}

/** Two instances on one database and one S3 bucket, as two hosts run them: `run` gets both. */
async function onTwoInstances(bucket: string, run: (a: TestApp, b: TestApp) => Promise<void>) {
  const s3 = await startFakeS3(bucket, { id: 'key-id', secret: 'key-secret' });
  const env = {
    S3_BUCKET: bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: 'key-id',
    S3_SECRET_ACCESS_KEY: 'key-secret',
  };
  const apps: TestApp[] = [];
  try {
    apps.push(await startTestApp({ ...env, DATA_DIR: dataDir() }, db.url));
    apps.push(await startTestApp({ ...env, DATA_DIR: dataDir() }, db.url));
    await run(apps[0]!, apps[1]!);
  } finally {
    // (Stopping is idempotent: a test may stop one itself.)
    for (const app of apps) await app.stopKeepingDatabase();
    await s3.stop();
  }
}

it('refuses to start a second instance whose local file storage the first cannot share', async () => {
  const first = await startTestApp({ DATA_DIR: dataDir() }, db.url);
  try {
    await expect(startTestApp({ DATA_DIR: dataDir() }, db.url)).rejects.toThrow(/S3_BUCKET/);
    // The first instance is unharmed, and may restart on its own folder.
    expect((await first.rest('GET', '/health')).status).toBe(200);
  } finally {
    await first.stopKeepingDatabase();
  }
});

it('runs two instances on S3 storage: a file uploaded through one is indexed by the other', async () => {
  await onTwoInstances('shared', async (a, b) => {
    const admin = await newAdmin(a);
    const ticket = await a.rest(
      'POST',
      '/api/integrations/get-upload-url',
      { fileName: 'handbook.txt', fileType: 'text/plain' },
      { token: admin.token },
    );
    const put = await fetch(ticket.body.uploadUrl, {
      method: 'PUT',
      body: 'Parking permits are renewed every March at the front desk.',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(put.status).toBe(200);
    // The instance that gave the URL goes away: the other confirms, and indexes alone.
    await a.stopKeepingDatabase();
    const confirm = await b.rest(
      'POST',
      '/api/integrations/confirm-upload',
      { fileKey: ticket.body.fileKey },
      { token: admin.token },
    );
    expect(confirm.status).toBe(200);
    const doc = await waitForDocument(b, admin, confirm.body.documentId);
    expect(doc.status, doc.error).toBe('indexed');
  });
});

it('runs each scheduled task once per interval across two instances, never twice at once', async () => {
  await onTwoInstances('scheduled', async (a, b) => {
    // Both instances scheduled the same maintenance tasks: one live job each, not two.
    const live: { key: string; n: number }[] = await a.sql(
      `SELECT singleton_key AS key, count(*)::int AS n FROM jobs
        WHERE kind LIKE 'schedule.%' AND status IN ('queued', 'running') GROUP BY 1`,
    );
    expect(live.length).toBe(a.server.services.schedule.names().length);
    expect(live.every((r) => r.n === 1)).toBe(true);

    // A task both instances know, every 300 ms: whichever claims it runs it.
    const everyMs = 300;
    const runs: { instance: string; start: number; end: number }[] = [];
    for (const [instance, app] of [
      ['a', a],
      ['b', b],
    ] as const)
      await app.server.services.schedule.add({
        name: 'test.tick',
        everyMs,
        run: async () => {
          const start = performance.now();
          await new Promise((r) => setTimeout(r, 20));
          runs.push({ instance, start, end: performance.now() });
        },
      });
    const deadline = Date.now() + 15_000;
    while (runs.length < 6) {
      if (Date.now() > deadline) throw new Error(`only ${runs.length} runs`);
      await new Promise((r) => setTimeout(r, 20));
    }
    runs.sort((x, y) => x.start - y.start);
    // Each run starts an interval after the previous one ended, whichever instance ran either.
    for (let i = 1; i < runs.length; i++)
      expect(runs[i].start - runs[i - 1].end).toBeGreaterThanOrEqual(everyMs - 5);
  });
});

it('holds a rate limit across two instances: requests through either count against one budget', async () => {
  await onTwoInstances('limited', async (a, b) => {
    // SSO sign-in starts: 60 a minute per address, whichever instance the balancer picks.
    const ip = `203.0.113.${Math.floor(Math.random() * 200) + 1}`;
    // (Answered with a redirect to the sign-in page, which is not followed.)
    const start = (app: TestApp) =>
      fetch(`${app.url}/api/auth/sso/00000000-0000-4000-8000-000000000000/start`, {
        headers: { 'x-forwarded-for': ip },
        redirect: 'manual',
      });
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await start(i % 2 === 0 ? a : b)).status);
    expect(statuses).not.toContain(429);
    const over = await start(a);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await start(b)).status).toBe(429);
  });
});
