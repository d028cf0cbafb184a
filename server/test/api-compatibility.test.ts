/**
 * Queries written against the 1.0.0 schema (schema/releases/1.0.0.graphql) keep working: the
 * fields that were reshaped in place since answer again, deprecated, with the same values as
 * their replacements (docs/API.md, "Compatibility"; issue 25).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAdmin, type Account } from './helpers/accounts.js';
import { uploadText } from './helpers/knowledge.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';

let app: TestApp;
let owner: Account;
let botId: string;

const gql = (query: string, variables: Record<string, unknown> = {}) =>
  app.graphqlRaw(query, variables, owner.token);

beforeAll(async () => {
  app = await startTestApp({
    DATA_DIR: `/tmp/lumen-test-api-compat-${process.pid}`,
    // What an API consumer's tooling reads to warn about deprecated fields.
    GRAPHQL_INTROSPECTION: 'true',
  });
  owner = await newAdmin(app, 'Cora');
  const documentId = await uploadText(
    app,
    owner,
    'lunch.txt',
    'Lunch is served in the cafeteria at noon. Coffee is free on the third floor.',
  );
  const created = await gql(`mutation { createBot(input: { name: "Lunch bot" }) { id } }`);
  botId = created.data.createBot.id;
  await gql(`mutation($b: ID!, $d: ID!) { attachBotSource(botId: $b, documentId: $d) { id } }`, {
    b: botId,
    d: documentId,
  });
  for (const q of ['When is lunch served?', 'Where is the free coffee?', 'Is there a gym?']) {
    const asked = await gql(
      `mutation($b: ID!, $q: String!) { askBot(botId: $b, question: $q) { mode } }`,
      {
        b: botId,
        q,
      },
    );
    expect(asked.errors).toBeUndefined();
  }
}, 60_000);
afterAll(async () => {
  await app?.stop();
});

describe('botLogs as 1.0.0 callers query it', () => {
  it('answers total beside totalCount, with the same value, and nodes', async () => {
    const res = await gql(
      `query($b: ID!) { botLogs(botId: $b, first: 2) { total totalCount nodes { question mode askedBy } } }`,
      { b: botId },
    );
    expect(res.errors).toBeUndefined();
    const logs = res.data.botLogs;
    expect(logs.totalCount).toBe(3);
    expect(logs.total).toBe(3);
    expect(logs.total).toBe(logs.totalCount);
    expect(logs.nodes).toEqual([
      { question: 'Is there a gym?', mode: 'extractive', askedBy: 'Cora Admin' },
      { question: 'Where is the free coffee?', mode: 'extractive', askedBy: 'Cora Admin' },
    ]);
  });

  it('pages with 1.0.0’s entries, hasMore and endCursor as with nodes and pageInfo', async () => {
    const page = `query($b: ID!, $after: String) { botLogs(botId: $b, first: 2, after: $after) {
      entries { id question } hasMore endCursor total
      nodes { id question } pageInfo { hasNextPage endCursor } totalCount } }`;
    const first = (await gql(page, { b: botId })).data.botLogs;
    expect(first.entries).toEqual(first.nodes);
    expect(first.entries).toHaveLength(2);
    expect(first).toMatchObject({ hasMore: true, endCursor: first.pageInfo.endCursor, total: 3 });
    expect(first.pageInfo.hasNextPage).toBe(true);

    const second = (await gql(page, { b: botId, after: first.endCursor })).data.botLogs;
    expect(second.entries.map((e: { question: string }) => e.question)).toEqual([
      'When is lunch served?',
    ]);
    expect(second.entries).toEqual(second.nodes);
    expect(second.hasMore).toBe(false);
    expect(second.hasMore).toBe(second.pageInfo.hasNextPage);
    expect(second.endCursor).toBe(second.pageInfo.endCursor);
  });

  it('still takes a fragment on BotLogPage, the 1.0.0 type name', async () => {
    const res = await gql(
      `query($b: ID!) { botLogs(botId: $b) { __typename ...Old } }
       fragment Old on BotLogPage { total hasMore entries { question } }`,
      { b: botId },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.botLogs).toMatchObject({
      __typename: 'BotLogConnection',
      total: 3,
      hasMore: false,
    });
    expect(res.data.botLogs.entries).toHaveLength(3);
  });

  it('marks the 1.0.0 fields deprecated, naming what replaces each', async () => {
    const res = await gql(`{ __type(name: "BotLogConnection") {
      interfaces { name }
      fields(includeDeprecated: true) { name isDeprecated deprecationReason } } }`);
    const fields = Object.fromEntries(
      res.data.__type.fields.map((f: { name: string; deprecationReason: string | null }) => [
        f.name,
        f.deprecationReason,
      ]),
    );
    expect(res.data.__type.interfaces).toEqual([{ name: 'BotLogPage' }]);
    expect(fields).toEqual({
      nodes: null,
      pageInfo: null,
      totalCount: null,
      total: 'Use totalCount.',
      entries: 'Use nodes.',
      hasMore: 'Use pageInfo.hasNextPage.',
      endCursor: 'Use pageInfo.endCursor.',
    });
  });
});
