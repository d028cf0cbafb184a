import { afterAll, beforeAll, expect, it } from 'vitest';
import { JobQueue } from '../src/jobs/job-queue.js';
import { permissionJobKey } from '../src/modules/connectors/permissions/permission-sync.js';
import { createLogger } from '../src/shared/logger.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.stop();
});

/** A job that asks, while its step is running, to be brought forward; the step then ends. */
async function wakeMidStep(wakeRunning: boolean) {
  const queue = new JobQueue(app.server.services.db, createLogger('silent'), {
    concurrency: 1,
    pollMs: 20,
  });
  const kind = `test.wake-${wakeRunning}`;
  const key = `${kind}:1`;
  let steps = 0;
  let secondStep!: () => void;
  const ranAgain = new Promise<void>((resolve) => (secondStep = resolve));
  queue.register(kind, {
    handle: async () => {
      steps++;
      if (steps === 1) await queue.runNow(key, { wakeRunning });
      else secondStep();
      return { continueAfterMs: 60_000 };
    },
  });
  const { id } = await queue.enqueue(kind, {}, { singletonKey: key });
  await queue.start();
  const timedOut = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 3_000));
  const outcome = await Promise.race([ranAgain.then(() => 'ran' as const), timedOut]);
  await queue.stop();
  const [row] = await app.sql(
    `SELECT status, wake_requested, run_at > now() + interval '30 seconds' AS later
       FROM jobs WHERE id = $1`,
    [id],
  );
  await app.sql(`DELETE FROM jobs WHERE id = $1`, [id]);
  return { outcome, steps, row };
}

it('runs a job again at once when it was woken while its step ran, whatever delay the step asked', async () => {
  const { outcome, steps, row } = await wakeMidStep(true);
  expect(outcome).toBe('ran');
  expect(steps).toBe(2);
  // The second step's own delay stands: the wake was spent.
  expect(row).toMatchObject({ status: 'queued', wake_requested: false, later: true });
});

it('without the wake, a running job keeps the delay its step asked for', async () => {
  const { outcome, steps, row } = await wakeMidStep(false);
  expect(outcome).toBe('timeout');
  expect(steps).toBe(1);
  expect(row).toMatchObject({ status: 'queued', wake_requested: false, later: true });
});

it('the end of a content sync wakes a permission read running now, and leaves one queued for its interval', async () => {
  const running = '00000000-0000-4000-8000-000000000001';
  const later = '00000000-0000-4000-8000-000000000002';
  await app.sql(
    `INSERT INTO jobs (kind, payload, status, singleton_key, run_at)
     VALUES ('permission-sync', '{}', 'running', $1, now()),
            ('permission-sync', '{}', 'queued', $2, now() + interval '15 minutes')`,
    [permissionJobKey(running), permissionJobKey(later)],
  );
  const sync = app.server.services.permissionSync;
  await sync.contentSyncEnded(running);
  await sync.contentSyncEnded(later);
  const rows = await app.sql(
    `SELECT singleton_key, wake_requested, run_at > now() + interval '10 minutes' AS later
       FROM jobs WHERE singleton_key = ANY($1) ORDER BY singleton_key`,
    [[permissionJobKey(running), permissionJobKey(later)]],
  );
  expect(rows).toEqual([
    { singleton_key: permissionJobKey(running), wake_requested: true, later: false },
    { singleton_key: permissionJobKey(later), wake_requested: false, later: true },
  ]);
  await app.sql(`DELETE FROM jobs WHERE singleton_key = ANY($1)`, [
    [permissionJobKey(running), permissionJobKey(later)],
  ]);
});
