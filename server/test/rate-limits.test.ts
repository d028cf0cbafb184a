import { afterAll, beforeAll, expect, it } from 'vitest';
import { perMinute, RateLimiter } from '../src/security/rate-limiter.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.stop();
});

const key = (name: string) => `test:${name}:${Date.now()}:${Math.random()}`;

it('lets a budget of n a minute through and refuses the one over it, with the wait', async () => {
  const limits = new RateLimiter(app.server.services.db);
  const k = key('budget');
  for (let i = 0; i < 3; i++) expect(await limits.take(k, perMinute(3))).toBe(0);
  const wait = await limits.take(k, perMinute(3));
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(60);
  // Refused requests are not counted again, and another key has its own budget.
  expect(await limits.take(k, perMinute(3))).toBeGreaterThan(0);
  expect(await limits.take(key('other'), perMinute(3))).toBe(0);
});

it('refuses exactly the requests over the budget when they all arrive at once', async () => {
  const limits = new RateLimiter(app.server.services.db);
  const k = key('burst');
  const waits = await Promise.all(Array.from({ length: 12 }, () => limits.take(k, perMinute(5))));
  expect(waits.filter((w) => w === 0)).toHaveLength(5);
});

it('starts a new window once the last one is over (timed by the database clock)', async () => {
  const limits = new RateLimiter(app.server.services.db);
  const k = key('window');
  const rule = { limit: 3, windowSeconds: 60, lockSeconds: 60 };
  expect(await limits.recordFailure(k, rule)).toBe(false);
  expect(await limits.recordFailure(k, rule)).toBe(false);
  // The window began two minutes ago: the next failure is the first of a new one.
  await app.sql(
    `UPDATE rate_limits SET window_started_at = now() - interval '2 minutes' WHERE key = $1`,
    [k],
  );
  expect(await limits.recordFailure(k, rule)).toBe(false);
  expect(await limits.recordFailure(k, rule)).toBe(false);
  expect(await limits.recordFailure(k, rule)).toBe(true);
  expect(await limits.lockedFor([key('unrelated'), k])).toBeGreaterThan(0);
  await limits.clear(k);
  expect(await limits.lockedFor([k])).toBe(0);
});

it('prunes only counters whose window and lock ended a day ago', async () => {
  const limits = new RateLimiter(app.server.services.db);
  const old = key('old');
  const locked = key('locked');
  const fresh = key('fresh');
  for (const k of [old, locked, fresh]) await limits.recordFailure(k, perMinute(5));
  await app.sql(
    `UPDATE rate_limits SET window_started_at = now() - interval '3 days' WHERE key = ANY($1)`,
    [[old, locked]],
  );
  await app.sql(`UPDATE rate_limits SET locked_until = now() + interval '1 hour' WHERE key = $1`, [
    locked,
  ]);
  await limits.prune();
  const left: { key: string }[] = await app.sql(`SELECT key FROM rate_limits WHERE key = ANY($1)`, [
    [old, locked, fresh],
  ]);
  expect(left.map((r) => r.key).sort()).toEqual([fresh, locked].sort());
});
