import { expect } from 'vitest';
import type { Account } from './accounts.js';
import type { TestApp } from './test-app.js';
import { uploadFile, waitForDocument } from './uploads.js';

/** Who reads a source, as SourceAccessInput takes it. */
export interface AccessInput {
  mode: 'WORKSPACE' | 'RESTRICTED';
  memberIds?: string[];
  groupIds?: string[];
}

export const RESTRICTED = (memberIds: string[] = [], groupIds: string[] = []): AccessInput => ({
  mode: 'RESTRICTED',
  memberIds,
  groupIds,
});
export const WORKSPACE: AccessInput = { mode: 'WORKSPACE' };

/** The first GraphQL error's code, if any. */
export const codeOf = (res: { errors?: any[] }) => res.errors?.[0]?.extensions?.code;

/** A GraphQL call that must succeed: answers `data`. */
export async function gqlOk(
  app: TestApp,
  who: Account | string,
  query: string,
  variables: Record<string, unknown> = {},
) {
  const res = await app.graphqlRaw(query, variables, typeof who === 'string' ? who : who.token);
  expect(res.errors, `${query.slice(0, 80)}: ${JSON.stringify(res.errors)}`).toBeUndefined();
  return res.data;
}

export const SOURCE_FIELDS = `id name kind documentCount indexedCount chunkCount readable canManageAccess
  owner { id } access { mode memberCount groupCount members { id } groups { id name } }`;

export async function createUploadSource(
  app: TestApp,
  who: Account,
  name: string,
  access?: AccessInput,
): Promise<string> {
  const data = await gqlOk(
    app,
    who,
    `mutation($i: CreateUploadSourceInput!) { createUploadSource(input: $i) { id } }`,
    { i: { name, description: `${name} files`, ...(access ? { access } : {}) } },
  );
  return data.createUploadSource.id;
}

export function setSourceAccess(app: TestApp, who: Account, sourceId: string, input: AccessInput) {
  return app.graphqlRaw(
    `mutation($s: ID!, $i: SourceAccessInput!) { setSourceAccess(sourceId: $s, input: $i) { ${SOURCE_FIELDS} } }`,
    { s: sourceId, i: input },
    who.token,
  );
}

export async function createGroup(
  app: TestApp,
  admin: Account,
  name: string,
  memberIds: string[],
): Promise<string> {
  const data = await gqlOk(
    app,
    admin,
    `mutation($i: GroupInput!) { createGroup(input: $i) { id } }`,
    { i: { name, memberIds } },
  );
  return data.createGroup.id;
}

export async function updateGroup(
  app: TestApp,
  admin: Account,
  id: string,
  name: string,
  memberIds: string[],
) {
  const data = await gqlOk(
    app,
    admin,
    `mutation($id: ID!, $i: GroupInput!) { updateGroup(id: $id, input: $i) { id memberCount } }`,
    { id, i: { name, memberIds } },
  );
  return data.updateGroup;
}

export async function deleteGroup(app: TestApp, admin: Account, id: string) {
  const data = await gqlOk(app, admin, `mutation($id: ID!) { deleteGroup(id: $id) }`, { id });
  expect(data.deleteGroup).toBe(true);
}

export async function removeMember(app: TestApp, admin: Account, userId: string) {
  const data = await gqlOk(app, admin, `mutation($u: ID!) { removeMember(userId: $u) }`, {
    u: userId,
  });
  expect(data.removeMember).toBe(true);
}

/**
 * Uploads a text file into a source (the REST flow with `sourceId`) and, unless `wait` is false,
 * waits until it is indexed (the uploader must be able to read the source). Answers its id.
 */
export async function uploadTextTo(
  app: TestApp,
  who: Account,
  sourceId: string | null,
  fileName: string,
  text: string,
  extra: Record<string, unknown> = {},
  wait = true,
): Promise<string> {
  const { ticket, confirm } = await uploadFile(app, who, fileName, Buffer.from(text), {
    ...(sourceId ? { sourceId } : {}),
    ...extra,
  });
  expect(ticket.status, JSON.stringify(ticket.body)).toBe(200);
  expect(confirm?.status, JSON.stringify(confirm?.body)).toBe(200);
  const id = confirm!.body.documentId as string;
  if (wait) {
    const doc = await waitForDocument(app, who, id);
    expect(doc.status, doc.error).toBe('indexed');
  }
  return id;
}

/** Waits until every one of these documents is indexed (read directly: no reader involved). */
export async function waitIndexed(app: TestApp, ids: string[], timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await app.sql<{ id: string; status: string; error: string | null }>(
      `SELECT id, status, error FROM documents WHERE id = ANY($1::uuid[])`,
      [ids],
    );
    const failed = rows.find((r) => r.status === 'failed');
    if (failed) throw new Error(`document ${failed.id} failed: ${failed.error}`);
    if (rows.length === ids.length && rows.every((r) => r.status === 'indexed')) return;
    if (Date.now() > deadline) throw new Error(`documents still indexing: ${JSON.stringify(rows)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The document ids a member's `searchDocuments` answers for a query. */
export async function searchIds(app: TestApp, who: Account | string, query: string) {
  const data = await gqlOk(
    app,
    who,
    `query($q: String!) { searchDocuments(query: $q, first: 50) { hits { documentId } } }`,
    { q: query },
  );
  return data.searchDocuments.hits.map((h: { documentId: string }) => h.documentId) as string[];
}
