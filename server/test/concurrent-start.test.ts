import { inject, it, expect } from 'vitest';
import { createDatabaseOn } from '../src/db/temporary-database.js';
import { startTestApp } from './helpers/test-app.js';

/** Instances started at once on one empty Postgres: migrations must not race. */
it('brings three instances up on one empty database at once, all healthy', async () => {
  const db = await createDatabaseOn(inject('pgServerUrl'));
  try {
    const apps = await Promise.allSettled([
      startTestApp({}, db.url),
      startTestApp({}, db.url),
      startTestApp({}, db.url),
    ]);
    try {
      const failed = apps.filter((a) => a.status === 'rejected');
      expect(failed.map((f) => String((f as PromiseRejectedResult).reason))).toEqual([]);
      for (const app of apps) {
        const res = await (
          app as PromiseFulfilledResult<Awaited<ReturnType<typeof startTestApp>>>
        ).value.rest('GET', '/health');
        expect(res.status).toBe(200);
      }
    } finally {
      for (const app of apps) if (app.status === 'fulfilled') await app.value.stop();
    }
  } finally {
    await db.drop();
  }
});
