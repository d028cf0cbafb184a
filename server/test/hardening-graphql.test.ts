import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAdmin, type Account } from './helpers/accounts.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';

let app: TestApp;
let admin: Account;

beforeAll(async () => {
  app = await startTestApp();
  admin = await newAdmin(app);
});
afterAll(() => app?.stop());

describe('GraphQL request errors', () => {
  it('never suggests schema names for a misspelt input field or variable type', async () => {
    const res = await app.graphqlRaw(
      `mutation($input: IntegrationSettingsInput!) { saveIntegrationSettings(name: "jira", input: $input) { domain } }`,
      { input: { domian: 'acme.atlassian.net' } },
      admin.token,
    );
    expect(JSON.stringify(res.errors)).not.toMatch(/Did you mean/i);
    expect(res.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('answers NUL bytes in a JSON string with a clean 4xx', async () => {
    const res = await app.rest('POST', '/api/ask', undefined, {
      token: admin.token,
      raw: '{"question":"what is \\u0000 this?"}',
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.error).toBe('BAD_USER_INPUT');
  });

  it('answers NUL bytes in GraphQL variables and literals with BAD_USER_INPUT', async () => {
    const asVariable = await app.graphqlRaw(
      `query($q: String!) { searchDocuments(query: $q) { tookMs } }`,
      { q: 'a\u0000b' },
      admin.token,
    );
    expect(asVariable.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
    const asLiteral = await app.graphqlRaw(
      `{ searchDocuments(query: "a\\u0000b") { tookMs } }`,
      {},
      admin.token,
    );
    expect(asLiteral.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(asLiteral.errors?.[0].message).toMatch(/NUL/);
  });
});
