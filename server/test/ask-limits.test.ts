import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAdmin, type Account } from './helpers/accounts.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';

let app: TestApp;
let admin: Account;
let other: Account;

beforeAll(async () => {
  app = await startTestApp({ ASK_RATE_PER_MINUTE: '3' });
  admin = await newAdmin(app);
  other = await newAdmin(app, 'Bea');
});
afterAll(() => app?.stop());

describe('the cost of asking', () => {
  it('refuses an operation of many aliased asks before any runs', async () => {
    const aliases = Array.from(
      { length: 150 },
      (_, i) => `a${i}: ask(input: { question: "What is ${i}?" }) { answer }`,
    ).join('\n');
    const res = await app.graphqlRaw(`mutation { ${aliases} }`, {}, admin.token);
    expect(res.errors?.[0].extensions.code).toBe('QUERY_TOO_COSTLY');
    expect(res.data).toBeUndefined();
    const [asked] = await app.sql(`SELECT count(*)::int AS n FROM search_history`);
    expect(asked.n).toBe(0);
  });

  it('limits each person’s questions per minute on every door, with Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push(
        (await app.rest('POST', '/api/ask', { question: `q${i}?` }, { token: admin.token })).status,
      );
    expect(statuses).toEqual([200, 200, 200]);
    const rest = await app.rest(
      'POST',
      '/api/ask',
      { question: 'one more?' },
      { token: admin.token },
    );
    expect(rest.status).toBe(429);
    expect(rest.body.error).toBe('TOO_MANY_REQUESTS');
    expect(Number(rest.headers.get('retry-after'))).toBeGreaterThan(0);
    const stream = await app.rest(
      'POST',
      '/api/ask/stream',
      { question: 'streamed?' },
      {
        token: admin.token,
      },
    );
    expect(stream.status).toBe(429);
    const gql = await app.graphqlRaw(
      `mutation { ask(input: { question: "and here?" }) { answer } }`,
      {},
      admin.token,
    );
    expect(gql.errors?.[0].extensions.code).toBe('TOO_MANY_REQUESTS');
    // Someone else in the workspace is not held up.
    expect(
      (await app.rest('POST', '/api/ask', { question: 'mine?' }, { token: other.token })).status,
    ).toBe(200);
  });
});
