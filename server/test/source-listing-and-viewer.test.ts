import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, newAdmin, type Account } from './helpers/accounts.js';
import { codeOf, createUploadSource, gqlOk, RESTRICTED, uploadTextTo } from './helpers/access.js';
import { connect, connectorEnv } from './helpers/connectors.js';
import { startFakeAtlassian, type FakeAtlassian } from './helpers/fake-atlassian.js';
import { linkAccount } from './helpers/mirror.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';
import { uploadFile } from './helpers/uploads.js';

// Issue 32: a source's items listed in a stable order (by name, or last updated), files added to
// an existing upload source, and a connected item opened in the in-app viewer through the
// access layer.

const EMAIL = 'sync@example.com';
const TOKEN = 'listing-viewer-token';
const WORD = 'quokka';

let fake: FakeAtlassian;
let app: TestApp;
let admin: Account;
const ids: Record<string, string> = {};

beforeAll(async () => {
  fake = await startFakeAtlassian();
  fake.addApiToken(EMAIL, TOKEN);
  for (const key of ['erin', 'alice']) fake.world.addUser(key);
  fake.addSpace({ key: 'ENG' });
  fake.world.space('ENG').permissions = { 'read/space': { users: ['erin', 'alice'], groups: [] } };
  ids.open = fake.addPage({
    spaceKey: 'ENG',
    title: 'Open page',
    storage: `<p>The ${WORD} lives on Rottnest Island and smiles at visitors.</p>`,
  }).id;
  ids.secret = fake.addPage({
    spaceKey: 'ENG',
    title: 'Secret page',
    storage: `<p>The ${WORD} census counted nine hundred animals on the island.</p>`,
  }).id;
  fake.world.content(ids.secret).readRestriction = { users: ['erin'], groups: [] };
  app = await startTestApp(connectorEnv(fake));
  admin = await newAdmin(app, 'Olivia');
}, 60_000);

afterAll(async () => {
  await app?.stop();
  await fake?.close();
});

/** Documents straight into the table: name, and the tool's update time (null: none). */
async function addDocuments(sourceId: string, rows: [string, string | null][]) {
  const inserted = await app.sql<{ id: string }>(
    `INSERT INTO documents (workspace_id, source_id, title, file_name, file_type, file_size,
                            storage_key, status, created_at, external_updated_at)
     SELECT $1, $2, s.name, s.name, 'text/plain', 10, 'k-' || gen_random_uuid(), 'indexed',
            timestamptz '2026-11-01T12:00:00Z', s.updated
       FROM unnest($3::text[], $4::timestamptz[]) AS s(name, updated)
     RETURNING id`,
    [admin.workspaceId, sourceId, rows.map((r) => r[0]), rows.map((r) => r[1])],
  );
  return inserted.map((r) => r.id);
}

const PAGE = `query($id: ID!, $first: Int!, $after: String, $orderBy: DocumentOrder!) {
  source(id: $id) { documentPage(first: $first, after: $after, orderBy: $orderBy) {
    nodes { id fileName updatedAt } pageInfo { hasNextPage endCursor } } } }`;

type Row = { id: string; fileName: string; updatedAt: string };

/** Every page of a source in an order, `first` at a time. */
async function walk(sourceId: string, orderBy: string, first: number) {
  const seen: Row[] = [];
  let after: string | null = null;
  let pages = 0;
  do {
    const data = await gqlOk(app, admin, PAGE, { id: sourceId, first, after, orderBy });
    const page = data.source.documentPage;
    seen.push(...page.nodes);
    after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
    pages += 1;
  } while (after && pages < 50);
  return seen;
}

const byId = (a: Row, b: Row) => (a.id < b.id ? -1 : 1);

describe("a source's documents in a stable order", () => {
  it('by name, case-insensitively, ties by id, once each across pages', async () => {
    const sourceId = await createUploadSource(app, admin, 'Names');
    // Same names in other cases, and a name with the cursor's separator in it.
    const names = ['beta', 'Alpha', 'alpha', 'ALPHA', 'gamma|x', 'Beta', 'delta', 'alpha', 'Zeta'];
    await addDocuments(
      sourceId,
      [...names, ...names.map((n) => `${n} 2`)].map((n) => [n, null]),
    );
    const seen = await walk(sourceId, 'NAME', 4);
    expect(seen).toHaveLength(names.length * 2);
    expect(new Set(seen.map((d) => d.id)).size).toBe(names.length * 2);
    const expected = [...seen].sort(
      (a, b) =>
        (a.fileName.toLowerCase() < b.fileName.toLowerCase()
          ? -1
          : a.fileName.toLowerCase() > b.fileName.toLowerCase()
            ? 1
            : 0) || byId(a, b),
    );
    expect(seen.map((d) => d.id)).toEqual(expected.map((d) => d.id));
    expect(seen[0].fileName.toLowerCase()).toBe('alpha');
  });

  it('last updated first (the tool’s time, else the upload’s), ties by id', async () => {
    const sourceId = await createUploadSource(app, admin, 'Updates');
    await addDocuments(sourceId, [
      ['old', '2025-01-01T00:00:00Z'],
      ['upload', null], // 2026-11-01T12:00:00Z
      ['new', '2026-12-24T08:00:00.000001Z'],
      ['tie a', '2026-06-01T00:00:00Z'],
      ['tie b', '2026-06-01T00:00:00Z'],
      ['tie c', '2026-06-01T00:00:00Z'],
    ]);
    const seen = await walk(sourceId, 'UPDATED', 2);
    expect(seen.map((d) => d.fileName).slice(0, 2)).toEqual(['new', 'upload']);
    expect(seen[0].updatedAt).toBe('2026-12-24T08:00:00.000Z');
    expect(seen[1].updatedAt).toBe('2026-11-01T12:00:00.000Z');
    expect(seen.slice(2, 5).map((d) => d.id)).toEqual(
      [...seen.slice(2, 5)].sort(byId).map((d) => d.id),
    );
    expect(seen.map((d) => d.fileName)[5]).toBe('old');
  });

  it('refuses a cursor of another order', async () => {
    const sourceId = await createUploadSource(app, admin, 'Cursors');
    await addDocuments(sourceId, [
      ['a', null],
      ['b', null],
    ]);
    const byName = await gqlOk(app, admin, PAGE, { id: sourceId, first: 1, orderBy: 'NAME' });
    const cursor = byName.source.documentPage.pageInfo.endCursor;
    for (const orderBy of ['STATUS', 'UPDATED']) {
      const res = await app.graphqlRaw(
        PAGE,
        { id: sourceId, first: 1, after: cursor, orderBy },
        admin.token,
      );
      expect(codeOf(res), orderBy).toBe('BAD_USER_INPUT');
    }
  });

  it('reads a page by name and by last update from their indexes, without sorting', async () => {
    const sourceId = await createUploadSource(app, admin, 'Big');
    await addDocuments(
      sourceId,
      Array.from({ length: 3000 }, (_, i): [string, string | null] => [
        `file ${i}`,
        i % 3 ? new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString() : null,
      ]),
    );
    await app.sql('ANALYZE documents');
    for (const [order, index] of [
      ['lower(d.file_name), d.id', 'idx_documents_source_name'],
      ['coalesce(d.external_updated_at, d.created_at) DESC, d.id', 'idx_documents_source_updated'],
    ]) {
      const plan = await app.sql<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT id FROM documents d WHERE d.workspace_id = $1 AND d.source_id = $2
          ORDER BY ${order} LIMIT 51`,
        [admin.workspaceId, sourceId],
      );
      const text = plan.map((row) => row['QUERY PLAN']).join('\n');
      expect(text).toContain(index);
      expect(text).not.toMatch(/\bSort\b/);
    }
  });
});

describe('files added to an existing upload source', () => {
  it('for whoever may delete its files: writers who read it; others are refused', async () => {
    const owner = await addMember(app, admin, ['product_expert'], 'Owen');
    const writer = await addMember(app, admin, ['product_expert'], 'Wanda');
    const reader = await addMember(app, admin, ['customer_facing'], 'Rita');
    const open = await createUploadSource(app, owner, 'Open handbook');
    const closed = await createUploadSource(app, owner, 'Board papers', RESTRICTED());

    // The owner adds to both; another writer adds to the open one.
    await uploadTextTo(app, owner, closed, 'minutes.txt', 'The board met in March.', {}, false);
    await uploadTextTo(app, owner, open, 'leave.txt', 'Leave is 25 days.', {}, false);
    await uploadTextTo(app, writer, open, 'travel.txt', 'Travel is booked early.', {}, false);
    const count = await app.sql<{ source_id: string; n: number }>(
      `SELECT source_id, count(*)::int AS n FROM documents WHERE source_id = ANY($1::uuid[])
        GROUP BY source_id`,
      [[open, closed]],
    );
    expect(Object.fromEntries(count.map((r) => [r.source_id, r.n]))).toEqual({
      [open]: 2,
      [closed]: 1,
    });

    // A writer who does not read the restricted source: as if it did not exist.
    const hidden = await uploadFile(app, writer, 'x.txt', Buffer.from('x'), { sourceId: closed });
    expect(hidden.ticket.status).toBe(404);
    // A member who may not add files at all.
    const member = await uploadFile(app, reader, 'y.txt', Buffer.from('y'), { sourceId: open });
    expect(member.ticket.status).toBe(403);
  });
});

describe('a connected item in the in-app viewer', () => {
  let erin: Account;
  let alice: Account;
  let sourceId: string;
  const docOf = async (externalId: string) =>
    (
      await app.sql<{ id: string; web_url: string }>(
        `SELECT id, web_url FROM documents WHERE source_id = $1 AND external_id = $2`,
        [sourceId, `page:${externalId}`],
      )
    )[0]!;

  beforeAll(async () => {
    erin = await addMember(app, admin, ['customer_facing'], 'Erin');
    alice = await addMember(app, admin, ['customer_facing'], 'Alice');
    for (const [member, name] of [
      [erin, 'erin'],
      [alice, 'alice'],
    ] as const) {
      const [principal] = [...fake.principalsOf(name)];
      await linkAccount(app, member, 'atlassian', principal!.slice('user:'.length));
    }
    const row = await connect(app, admin, 'confluence', {
      domain: fake.url,
      username: EMAIL,
      password: TOKEN,
      spacekey: 'ENG',
    });
    expect(row.status, row.last_error ?? '').toBe('idle');
    sourceId = row.id;
  }, 60_000);

  const CONTENT = `query($id: ID!) { documentContent(id: $id) {
    sourceKind document { id webUrl hasFile updatedAt } passages { ordinal text } } }`;

  it('serves its whole text to a member the tool lets read it, and is NOT_FOUND to others', async () => {
    const secret = await docOf(ids.secret!);
    const data = await gqlOk(app, erin, CONTENT, { id: secret.id });
    expect(data.documentContent.sourceKind).toBe('confluence');
    expect(data.documentContent.document).toMatchObject({
      id: secret.id,
      webUrl: secret.web_url,
      hasFile: false,
    });
    expect(data.documentContent.passages[0].text).toContain('census');
    // Alice reads the space, not this page (the owner, who connected it, reads all of it).
    expect(codeOf(await app.graphqlRaw(CONTENT, { id: secret.id }, alice.token))).toBe('NOT_FOUND');
    expect((await gqlOk(app, admin, CONTENT, { id: secret.id })).documentContent.document.id).toBe(
      secret.id,
    );
    // The open page is Alice's to read.
    const open = await docOf(ids.open!);
    expect(
      (await gqlOk(app, alice, CONTENT, { id: open.id })).documentContent.passages,
    ).not.toEqual([]);
  });

  it('answers and results link a cited connected item to the viewer at the passage, and to the tool', async () => {
    const open = await docOf(ids.open!);
    const asked = await gqlOk(
      app,
      alice,
      `mutation($i: AskInput!) { ask(input: $i) { conversationId
        sources { documentId url viewerUrl sourceKind } } }`,
      { i: { question: `Where does the ${WORD} live?`, integrations: ['confluence'] } },
    );
    const cited = asked.ask.sources.find((s: { documentId: string }) => s.documentId === open.id);
    expect(cited).toBeDefined();
    expect(cited.url).toBe(open.web_url);
    expect(cited.viewerUrl).toMatch(new RegExp(`^/app/documents/${open.id}\\?passage=\\d+$`));
    // Nothing of the secret page reaches Alice, not even as a link.
    const secret = await docOf(ids.secret!);
    expect(JSON.stringify(asked)).not.toContain(secret.id);

    // The conversation shows it again with the same link.
    const thread = await gqlOk(
      app,
      alice,
      `query($id: ID!) { conversation(id: $id) { turns { sources { documentId viewerUrl } } } }`,
      { id: asked.ask.conversationId },
    );
    expect(thread.conversation.turns[0].sources).toContainEqual({
      documentId: open.id,
      viewerUrl: cited.viewerUrl,
    });

    // A turn stored before viewerUrl was kept opens the viewer at the document's top.
    await app.sql(
      `UPDATE conversation_turns SET sources = (
         SELECT jsonb_agg(s - 'viewerUrl') FROM jsonb_array_elements(sources) s)
        WHERE conversation_id = $1`,
      [asked.ask.conversationId],
    );
    const old = await gqlOk(
      app,
      alice,
      `query($id: ID!) { conversation(id: $id) { turns { sources { documentId viewerUrl } } } }`,
      { id: asked.ask.conversationId },
    );
    expect(old.conversation.turns[0].sources).toContainEqual({
      documentId: open.id,
      viewerUrl: `/app/documents/${open.id}`,
    });

    const hits = await gqlOk(
      app,
      alice,
      `query($q: String!) { searchDocuments(query: $q, first: 5) { hits { documentId url viewerUrl } } }`,
      { q: WORD },
    );
    expect(hits.searchDocuments.hits).toEqual([
      {
        documentId: open.id,
        url: open.web_url,
        viewerUrl: expect.stringMatching(new RegExp(`^/app/documents/${open.id}\\?passage=\\d+$`)),
      },
    ]);
  });
});
