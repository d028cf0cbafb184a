import { afterAll, beforeAll, expect, it } from 'vitest';
import { JobQueue } from '../src/jobs/job-queue.js';
import { Schedule, scheduledJobKind } from '../src/jobs/schedule.js';
import { createLogger } from '../src/shared/logger.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.stop();
});

function queue() {
  return new JobQueue(app.server.services.db, createLogger('silent'), {
    concurrency: 1,
    pollMs: 20,
    retryBaseSeconds: 0,
  });
}

/** Resolves when `check` holds, polling; fails after `ms` (an event awaited, not a sleep). */
async function until(check: () => boolean | Promise<boolean>, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

it('queues every maintenance task once at start, as a live singleton job', async () => {
  const names = app.server.services.schedule.names();
  expect(names).toEqual(
    expect.arrayContaining(['connectors.heal-syncs', 'audit.prune', 'conversations.prune']),
  );
  const rows: { key: string; n: number }[] = await app.sql(
    `SELECT singleton_key AS key, count(*)::int AS n FROM jobs
      WHERE kind LIKE 'schedule.%' AND status IN ('queued', 'running') GROUP BY 1`,
  );
  expect(rows.map((r) => r.key).sort()).toEqual(names.map(scheduledJobKind).sort());
  expect(rows.every((r) => r.n === 1)).toBe(true);
});

it('retries a task that fails, and runs it again an interval after its last attempt failed', async () => {
  const jobs = queue();
  const schedule = new Schedule(jobs, createLogger('silent'));
  let calls = 0;
  await schedule.add({
    name: 'test.flaky',
    everyMs: 60_000,
    run: async () => {
      calls++;
      if (calls === 1) throw new Error('the database blinked');
      return calls;
    },
  });
  let failures = 0;
  await schedule.add({
    name: 'test.broken',
    everyMs: 60_000,
    run: async () => {
      failures++;
      throw new Error('always broken');
    },
  });
  await schedule.start();
  await jobs.start();
  try {
    // The flaky task's second attempt succeeds; then it waits for its interval.
    await until(() => calls === 2);
    await until(async () => {
      const rows = await app.sql(
        `SELECT 1 FROM jobs WHERE singleton_key = $1 AND status = 'failed'`,
        [scheduledJobKind('test.broken')],
      );
      return rows.length === 1;
    });
    await until(async () => {
      const rows = await app.sql(
        `SELECT 1 FROM jobs WHERE singleton_key = $1 AND status = 'queued'`,
        [scheduledJobKind('test.broken')],
      );
      return rows.length === 1;
    });
  } finally {
    await jobs.stop();
  }
  expect(failures).toBe(3); // its three attempts, then no more until the next interval
  const [flaky] = await app.sql(
    `SELECT status, run_at > now() + interval '50 seconds' AS later FROM jobs WHERE singleton_key = $1`,
    [scheduledJobKind('test.flaky')],
  );
  expect(flaky).toEqual({ status: 'queued', later: true });
  const [broken] = await app.sql(
    `SELECT run_at > now() + interval '50 seconds' AS later FROM jobs
      WHERE singleton_key = $1 AND status = 'queued'`,
    [scheduledJobKind('test.broken')],
  );
  expect(broken.later).toBe(true);
  await app.sql(`DELETE FROM jobs WHERE kind LIKE 'schedule.test.%'`);
});

it('refuses to schedule one task twice', async () => {
  const schedule = new Schedule(queue(), createLogger('silent'));
  const task = { name: 'test.twice', everyMs: 1_000, run: async () => 0 };
  await schedule.add(task);
  await expect(schedule.add(task)).rejects.toThrow(/already scheduled/);
});
