import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/test-app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.stop();
});

it('answers 200 {status: ok} while the database is reachable, 503 once it is not', async () => {
  const ok = await app.rest('GET', '/health');
  expect(ok).toMatchObject({ status: 200, body: { status: 'ok' } });
  await app.server.services.db.destroy();
  const down = await app.rest('GET', '/health');
  expect(down.status).toBe(503);
  expect(down.body.status).toBe('unavailable');
});

it('sends security headers and a request id', async () => {
  const res = await fetch(`${app.url}/api/nope`);
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
  expect(res.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
  expect(res.headers.get('x-powered-by')).toBeNull();
});
