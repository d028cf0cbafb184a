import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, newAdmin, type Account } from './helpers/accounts.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.stop();
});

async function newSource(user: Account, name = 'Handbook'): Promise<string> {
  const res = await app.graphqlRaw(
    `mutation($i: CreateUploadSourceInput!) { createUploadSource(input: $i) { id } }`,
    { i: { name, description: 'Test documents' } },
    user.token,
  );
  expect(res.errors).toBeUndefined();
  return res.data.createUploadSource.id;
}

/** Documents straight into the table: `spec` is status and seconds ago (ties on purpose). */
async function addDocuments(user: Account, sourceId: string, spec: [string, number][]) {
  const rows = await app.sql<{ id: string }>(
    `INSERT INTO documents (workspace_id, source_id, title, file_name, file_type, file_size,
                            storage_key, status, created_at)
     SELECT $1, $2, 'doc ' || n, 'doc' || n || '.txt', 'text/plain', 10, 'k-' || gen_random_uuid(),
            s.status, timestamptz '2026-11-01T12:00:00Z' - s.ago * interval '1 second'
       FROM unnest($3::text[], $4::int[]) WITH ORDINALITY AS s(status, ago, n)
     RETURNING id`,
    [user.workspaceId, sourceId, spec.map((s) => s[0]), spec.map((s) => s[1])],
  );
  return rows.map((r) => r.id);
}

const PAGE = `query($first: Int!, $after: String) {
  sources { id documentPage(first: $first, after: $after) {
    nodes { id status createdAt } pageInfo { hasNextPage endCursor } } } }`;

async function page(user: Account, sourceId: string, first: number, after: string | null) {
  const res = await app.graphqlRaw(PAGE, { first, after }, user.token);
  expect(res.errors).toBeUndefined();
  return res.data.sources.find((s: { id: string }) => s.id === sourceId).documentPage;
}

const RANK: Record<string, number> = { failed: 0, queued: 1, parsing: 1, indexed: 2 };

describe("a source's documents, paged", () => {
  it('walks every document once, failed and pending first, newest first, ties by id', async () => {
    const user = await newAdmin(app);
    const sourceId = await newSource(user);
    const statuses = ['indexed', 'failed', 'queued', 'parsing'];
    // 53 documents, many created in the same second, so the cursor must break ties.
    const spec = Array.from({ length: 53 }, (_, i): [string, number] => [
      statuses[i % 4],
      Math.floor(i / 6),
    ]);
    await addDocuments(user, sourceId, spec);

    const seen: { id: string; status: string; createdAt: string }[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const result = await page(user, sourceId, 10, after);
      seen.push(...result.nodes);
      after = result.pageInfo.hasNextPage ? result.pageInfo.endCursor : null;
      pages += 1;
    } while (after && pages < 20);

    expect(pages).toBe(6);
    expect(new Set(seen.map((d) => d.id)).size).toBe(53);
    const expected = [...seen].sort(
      (a, b) =>
        RANK[a.status] - RANK[b.status] ||
        Date.parse(b.createdAt) - Date.parse(a.createdAt) ||
        (a.id < b.id ? -1 : 1),
    );
    expect(seen.map((d) => d.id)).toEqual(expected.map((d) => d.id));
    expect(seen[0].status).toBe('failed');
    expect(seen[52].status).toBe('indexed');
  });

  it('keeps the old documents(first) list, in the same order', async () => {
    const user = await newAdmin(app);
    const sourceId = await newSource(user);
    await addDocuments(user, sourceId, [
      ['indexed', 1],
      ['failed', 5],
      ['queued', 3],
    ]);
    const res = await app.graphqlRaw(
      `{ sources { documents(first: 2) { status } } }`,
      {},
      user.token,
    );
    expect(res.data.sources[0].documents.map((d: { status: string }) => d.status)).toEqual([
      'failed',
      'queued',
    ]);
  });

  it('pages one source by id, and answers NOT_FOUND for another workspace’s source', async () => {
    const user = await newAdmin(app);
    const other = await newAdmin(app, 'Eve');
    const sourceId = await newSource(user);
    await addDocuments(user, sourceId, [
      ['indexed', 1],
      ['indexed', 2],
      ['indexed', 3],
    ]);
    const query = `query($id: ID!, $after: String) { source(id: $id) { id documentCount
      documentPage(first: 2, after: $after) { nodes { title } pageInfo { hasNextPage endCursor } } } }`;
    const first = await app.graphqlRaw(query, { id: sourceId }, user.token);
    expect(first.data.source.documentCount).toBe(3);
    expect(first.data.source.documentPage.nodes).toEqual([{ title: 'doc 1' }, { title: 'doc 2' }]);
    const next = await app.graphqlRaw(
      query,
      { id: sourceId, after: first.data.source.documentPage.pageInfo.endCursor },
      user.token,
    );
    expect(next.data.source.documentPage).toEqual({
      nodes: [{ title: 'doc 3' }],
      pageInfo: { hasNextPage: false, endCursor: expect.any(String) },
    });
    const theirs = await app.graphqlRaw(query, { id: sourceId }, other.token);
    expect(theirs.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });

  it('refuses a cursor it did not make', async () => {
    const user = await newAdmin(app);
    await newSource(user);
    for (const after of ['nonsense', '3|2026-11-01T12:00:00Z|x', "0|x|' OR 1=1 --"]) {
      const res = await app.graphqlRaw(PAGE, { first: 5, after }, user.token);
      expect(res.errors?.[0].extensions?.code, after).toBe('BAD_USER_INPUT');
      expect(res.errors?.[0].message).toBe('Invalid cursor.');
    }
  });

  it('reads a page from the listing index, not by sorting the whole source', async () => {
    const user = await newAdmin(app);
    const sourceId = await newSource(user, 'Big');
    await addDocuments(
      user,
      sourceId,
      Array.from({ length: 3000 }, (_, i): [string, number] => [i % 50 ? 'indexed' : 'failed', i]),
    );
    await app.sql('ANALYZE documents');
    const plan = await app.sql<{ 'QUERY PLAN': string }>(
      `EXPLAIN SELECT id FROM documents d WHERE d.workspace_id = $1 AND d.source_id = $2
        ORDER BY CASE d.status WHEN 'failed' THEN 0 WHEN 'indexed' THEN 2 ELSE 1 END, d.created_at DESC, d.id
        LIMIT 51`,
      [user.workspaceId, sourceId],
    );
    const text = plan.map((row) => row['QUERY PLAN']).join('\n');
    expect(text).toContain('idx_documents_source_listing');
    expect(text).not.toMatch(/\bSort\b/);
  });
});

describe('documentsById', () => {
  it("answers the caller's documents and leaves out others' and unknown ids", async () => {
    const user = await newAdmin(app);
    const other = await newAdmin(app, 'Eve');
    const [mine] = await addDocuments(user, await newSource(user), [['parsing', 0]]);
    const [theirs] = await addDocuments(other, await newSource(other), [['queued', 0]]);
    const res = await app.graphqlRaw(
      `query($ids: [ID!]!) { documentsById(ids: $ids) { id status } }`,
      { ids: [mine, theirs, '00000000-0000-4000-8000-000000000000'] },
      user.token,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.documentsById).toEqual([{ id: mine, status: 'parsing' }]);
  });

  it('refuses more than 100 ids, malformed ids and anonymous callers', async () => {
    const user = await newAdmin(app);
    const many = Array.from({ length: 101 }, () => '00000000-0000-4000-8000-000000000000');
    const query = `query($ids: [ID!]!) { documentsById(ids: $ids) { id } }`;
    const tooMany = await app.graphqlRaw(query, { ids: many }, user.token);
    expect(tooMany.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    // As everywhere, a malformed id is one that does not exist.
    const malformed = await app.graphqlRaw(query, { ids: ['nope'] }, user.token);
    expect(malformed.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    const anonymous = await app.graphqlRaw(query, { ids: [] });
    expect(anonymous.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('uploadDuplicates', () => {
  it('names the documents holding these bytes, only in the caller’s workspace', async () => {
    const user = await newAdmin(app);
    const other = await newAdmin(app, 'Eve');
    const [doc] = await addDocuments(user, await newSource(user, 'Policies'), [['indexed', 0]]);
    const hash = 'ab'.repeat(32);
    await app.sql(`UPDATE documents SET file_hash = $1 WHERE id = $2`, [hash, doc]);
    const query = `query($h: [String!]!) { uploadDuplicates(contentHashes: $h) {
      contentHash documentId title sourceName } }`;
    const fresh = 'cd'.repeat(32);

    const mine = await app.graphqlRaw(query, { h: [hash.toUpperCase(), fresh] }, user.token);
    expect(mine.errors).toBeUndefined();
    expect(mine.data.uploadDuplicates).toEqual([
      { contentHash: hash, documentId: doc, title: 'doc 1', sourceName: 'Policies' },
    ]);
    const theirs = await app.graphqlRaw(query, { h: [hash] }, other.token);
    expect(theirs.data.uploadDuplicates).toEqual([]);

    const bad = await app.graphqlRaw(query, { h: ['xyz'] }, user.token);
    expect(bad.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    const tooMany = await app.graphqlRaw(query, { h: Array(101).fill(fresh) }, user.token);
    expect(tooMany.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('is for those who may add files', async () => {
    const admin = await newAdmin(app);
    const member = await addMember(app, admin, ['customer_facing']);
    const res = await app.graphqlRaw(
      `query { uploadDuplicates(contentHashes: []) { documentId } }`,
      {},
      member.token,
    );
    expect(res.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
});

describe("a source's counts", () => {
  const COUNTS = `{ sources { id documentCount indexedCount failedCount pendingCount chunkCount } }`;
  async function counted(user: Account, sourceId: string) {
    const res = await app.graphqlRaw(COUNTS, {}, user.token);
    expect(res.errors).toBeUndefined();
    const { id: _id, ...counts } = res.data.sources.find((s: { id: string }) => s.id === sourceId);
    return counts;
  }
  /** The same counts, counted from the documents themselves. */
  async function truth(sourceId: string) {
    const [row] = await app.sql(
      `SELECT count(*)::int AS "documentCount",
              count(*) FILTER (WHERE status = 'indexed')::int AS "indexedCount",
              count(*) FILTER (WHERE status = 'failed')::int AS "failedCount",
              count(*) FILTER (WHERE status IN ('queued', 'parsing'))::int AS "pendingCount",
              coalesce(sum(chunk_count), 0)::int AS "chunkCount"
         FROM documents WHERE source_id = $1`,
      [sourceId],
    );
    return row;
  }
  const rowsOf = async (sourceId: string) =>
    (
      await app.sql(`SELECT count(*)::int AS n FROM source_document_counts WHERE source_id = $1`, [
        sourceId,
      ])
    )[0].n as number;

  it('follow inserts, status and chunk changes, moves and deletes, as counting would', async () => {
    const user = await newAdmin(app);
    const a = await newSource(user, 'A');
    const b = await newSource(user, 'B');
    const ids = await addDocuments(
      user,
      a,
      Array.from({ length: 40 }, (_, i): [string, number] => [['queued', 'parsing'][i % 2], i]),
    );
    // What indexing does: parsing, then indexed with chunks, or failed.
    await app.sql(`UPDATE documents SET status = 'parsing' WHERE id = ANY($1)`, [ids.slice(0, 30)]);
    await app.sql(`UPDATE documents SET status = 'indexed', chunk_count = 7 WHERE id = ANY($1)`, [
      ids.slice(0, 25),
    ]);
    await app.sql(`UPDATE documents SET status = 'failed' WHERE id = ANY($1)`, [ids.slice(25, 28)]);
    await app.sql(`UPDATE documents SET title = 'renamed' WHERE id = ANY($1)`, [ids.slice(0, 5)]);
    await app.sql(`UPDATE documents SET source_id = $1 WHERE id = ANY($2)`, [b, ids.slice(0, 4)]);
    await app.sql(`DELETE FROM documents WHERE id = ANY($1)`, [ids.slice(35)]);

    expect(await counted(user, a)).toEqual(await truth(a));
    expect(await counted(user, b)).toEqual(await truth(b));
    expect(await counted(user, a)).toEqual({
      documentCount: 31,
      indexedCount: 21,
      failedCount: 3,
      pendingCount: 7,
      chunkCount: 147,
    });

    // Folded into one row per source, the counts are the same.
    await app.server.services.sources.compactCounts();
    expect(await rowsOf(a)).toBe(1);
    expect(await counted(user, a)).toEqual(await truth(a));
  });

  it('fold themselves once a read finds many rows, and go with a deleted source', async () => {
    const user = await newAdmin(app);
    const sourceId = await newSource(user);
    const ids = await addDocuments(
      user,
      sourceId,
      Array.from({ length: 150 }, (_, i): [string, number] => ['queued', i]),
    );
    await app.sql(`UPDATE documents SET status = 'indexed', chunk_count = 2 WHERE id = ANY($1)`, [
      ids,
    ]);
    expect(await rowsOf(sourceId)).toBe(300);
    const before = await truth(sourceId);
    expect(await counted(user, sourceId)).toEqual(before); // this read folds them
    expect(await rowsOf(sourceId)).toBe(1);
    expect(await counted(user, sourceId)).toEqual(before);

    // What deleteSource does in the database (its documents cascade).
    await app.sql(`DELETE FROM sources WHERE id = $1`, [sourceId]);
    await app.server.services.sources.compactCounts();
    expect(await rowsOf(sourceId)).toBe(0);
  });
});
