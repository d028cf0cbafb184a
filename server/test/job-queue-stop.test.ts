import { afterAll, beforeAll, expect, it } from 'vitest';
import { JobQueue } from '../src/jobs/job-queue.js';
import { createLogger } from '../src/shared/logger.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.stop();
});

/** A stop that lands while a claim is on its way back must not leave a job running after it. */
it('gives back the jobs a claim in flight brought, instead of running them after stop', async () => {
  const queue = new JobQueue(app.server.services.db, createLogger('silent'), {
    concurrency: 1,
    pollMs: 20,
  });
  let ran = false;
  queue.register('test.after-stop', {
    handle: async () => {
      ran = true;
    },
  });
  // Hold the claim until stop() has been called.
  let claimed!: () => void;
  const claimStarted = new Promise<void>((resolve) => (claimed = resolve));
  let releaseClaim!: () => void;
  const gate = new Promise<void>((resolve) => (releaseClaim = resolve));
  const q = queue as unknown as { claim: (n: number) => Promise<unknown[]> };
  const realClaim = q.claim.bind(queue);
  q.claim = async (n) => {
    const jobs = await realClaim(n);
    if (jobs.length > 0) {
      claimed();
      await gate;
    }
    return jobs;
  };
  const { id } = await queue.enqueue('test.after-stop', {});
  await queue.start();
  await claimStarted;
  const stopping = queue.stop();
  releaseClaim();
  await stopping;
  await new Promise((r) => setTimeout(r, 50));
  expect(ran).toBe(false);
  const [row] = await app.sql(`SELECT status, attempts, locked_by FROM jobs WHERE id = $1`, [id]);
  expect(row).toMatchObject({ status: 'queued', attempts: 0, locked_by: null });
  await app.sql(`DELETE FROM jobs WHERE id = $1`, [id]);
});
