import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAdmin, type Account } from './helpers/accounts.js';
import { isDuplicateInsert, SourceDocument } from '../src/modules/corpus/index.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';
import { fixture, uploadFile, waitForDocument } from './helpers/uploads.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.stop();
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
let n = 0;
/** Bytes no other test uploads. */
const uniqueText = (label: string) =>
  Buffer.from(`${label}: the ${++n}th note of ${process.pid} at ${Date.now()}.`);

async function uploaded(user: Account, fileName: string, bytes: Buffer, extra = {}) {
  const result = await uploadFile(app, user, fileName, bytes, extra);
  expect(result.confirm?.status, JSON.stringify(result.confirm?.body)).toBe(200);
  return result.confirm!.body.documentId as string;
}

async function documentIds(user: Account): Promise<string[]> {
  const rows = await app.sql(`SELECT id FROM documents WHERE workspace_id = $1 ORDER BY id`, [
    user.workspaceId,
  ]);
  return rows.map((r) => r.id);
}

describe('the same file again', () => {
  it('is refused at createUpload by its hash, naming the document it already is', async () => {
    const user = await newAdmin(app);
    const bytes = uniqueText('leave policy');
    const firstId = await uploaded(user, 'leave.txt', bytes);
    const [{ file_hash: stored }] = await app.sql(`SELECT file_hash FROM documents WHERE id = $1`, [
      firstId,
    ]);
    expect(stored).toBe(sha256(bytes));

    const before = await app.sql(`SELECT count(*)::int AS n FROM pending_uploads`);
    const rest = await app.rest(
      'POST',
      '/api/integrations/get-upload-url',
      { fileName: 'leave (copy).txt', fileType: 'text/plain', contentHash: sha256(bytes) },
      { token: user.token },
    );
    expect(rest.status).toBe(409);
    expect(rest.body).toMatchObject({
      error: 'DUPLICATE_DOCUMENT',
      documentId: firstId,
      title: 'leave',
      sourceName: 'Uploaded files',
    });
    expect(rest.body.message).toContain('"leave" (Uploaded files)');
    expect(rest.body.uploadUrl).toBeUndefined();

    const gql = await app.graphqlRaw(
      `mutation($i: CreateUploadInput!) { createUpload(input: $i) { uploadUrl } }`,
      { i: { fileName: 'again.txt', contentHash: sha256(bytes).toUpperCase() } },
      user.token,
    );
    expect(gql.data).toBeNull();
    expect(gql.errors?.[0].extensions).toMatchObject({
      code: 'DUPLICATE_DOCUMENT',
      documentId: firstId,
      title: 'leave',
      sourceName: 'Uploaded files',
    });
    // No upload URL was handed out, and what was stored is still there.
    expect(await app.sql(`SELECT count(*)::int AS n FROM pending_uploads`)).toEqual(before);
    expect(await documentIds(user)).toEqual([firstId]);
  });

  it('is refused at confirm by the stored bytes, whatever hash the client declared', async () => {
    const user = await newAdmin(app);
    const bytes = uniqueText('travel policy');
    const firstId = await uploaded(user, 'travel.txt', bytes);
    const { ticket, put, confirm } = await uploadFile(app, user, 'innocent.txt', bytes, {
      contentHash: sha256(Buffer.from('some other file')),
    });
    expect(ticket.status).toBe(200);
    expect(put!.status).toBe(200);
    expect(confirm!.status).toBe(409);
    expect(confirm!.body).toMatchObject({ error: 'DUPLICATE_DOCUMENT', documentId: firstId });
    // The refused bytes are deleted with their upload; the first document is untouched.
    expect(await app.server.services.storage.stat(ticket.body.fileKey)).toBeNull();
    expect(
      await app.sql(`SELECT key FROM pending_uploads WHERE key = $1`, [ticket.body.fileKey]),
    ).toEqual([]);
    expect(await documentIds(user)).toEqual([firstId]);
    expect((await waitForDocument(app, user, firstId)).status).toBe('indexed');
  });

  it("is not a duplicate of another workspace's identical file", async () => {
    const owner = await newAdmin(app);
    const other = await newAdmin(app, 'Other');
    const bytes = uniqueText('shared handbook');
    const ownersId = await uploaded(owner, 'handbook.txt', bytes);
    const othersId = await uploaded(other, 'handbook.txt', bytes, { contentHash: sha256(bytes) });
    expect(othersId).not.toBe(ownersId);
    expect(await documentIds(owner)).toEqual([ownersId]);
    expect(await documentIds(other)).toEqual([othersId]);
  });

  it('refuses a malformed hash as bad input', async () => {
    const user = await newAdmin(app);
    const res = await app.rest(
      'POST',
      '/api/integrations/get-upload-url',
      { fileName: 'a.txt', contentHash: 'not-a-hash' },
      { token: user.token },
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'BAD_USER_INPUT', field: 'contentHash' });
  });

  it('lets only one of two identical uploads confirmed at once in', async () => {
    const user = await newAdmin(app);
    const bytes = uniqueText('race');
    const tickets = await Promise.all(
      ['one.txt', 'two.txt'].map((fileName) =>
        app.rest(
          'POST',
          '/api/integrations/get-upload-url',
          { fileName, fileType: 'text/plain' },
          { token: user.token },
        ),
      ),
    );
    for (const t of tickets)
      await fetch(t.body.uploadUrl, {
        method: 'PUT',
        body: bytes,
        headers: { 'Content-Type': 'text/plain' },
      });
    const confirms = await Promise.all(
      tickets.map((t) =>
        app.rest(
          'POST',
          '/api/integrations/confirm-upload',
          { fileKey: t.body.fileKey },
          { token: user.token },
        ),
      ),
    );
    expect(confirms.map((c) => c.status).sort()).toEqual([200, 409]);
    expect(await documentIds(user)).toHaveLength(1);
  });

  it('is held by the unique index when the checks before it are passed at once', async () => {
    const user = await newAdmin(app);
    const firstId = await uploaded(user, 'held.txt', uniqueText('held'));
    const repo = app.server.services.db.getRepository(SourceDocument);
    const first = await repo.findOneByOrFail({ id: firstId });
    const copy = { ...first, id: undefined, storageKey: null, title: 'copy' };
    const error = await repo.save(copy).catch((e: unknown) => e);
    // What confirm's transaction recognises as having lost the race (and answers 409 for).
    expect(isDuplicateInsert(error)).toBe(true);
    expect(isDuplicateInsert(new Error('other'))).toBe(false);
  });
});

describe('replacing the document a file duplicates', () => {
  it('deletes the old document (chunks, bytes, audited) once the new one is confirmed', async () => {
    const user = await newAdmin(app);
    const bytes = fixture('expense-rules.txt');
    const oldId = await uploaded(user, 'expenses.txt', bytes);
    expect((await waitForDocument(app, user, oldId)).status).toBe('indexed');
    const [{ storage_key: oldKey }] = await app.sql(
      `SELECT storage_key FROM documents WHERE id = $1`,
      [oldId],
    );

    const ticket = await app.rest(
      'POST',
      '/api/integrations/get-upload-url',
      {
        fileName: 'expenses-2025.txt',
        fileType: 'text/plain',
        contentHash: sha256(bytes),
        replaceDocumentId: oldId,
      },
      { token: user.token },
    );
    expect(ticket.status).toBe(200);
    const put = await fetch(ticket.body.uploadUrl, {
      method: 'PUT',
      body: bytes,
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(put.status).toBe(200);
    // Until the new file is confirmed, the old document is still there.
    expect(await documentIds(user)).toEqual([oldId]);

    const gql = await app.graphqlRaw(
      `mutation($k: String!) { confirmUpload(fileKey: $k) { id fileName hasFile } }`,
      { k: ticket.body.fileKey },
      user.token,
    );
    expect(gql.errors).toBeUndefined();
    const newId = gql.data.confirmUpload.id;
    expect(gql.data.confirmUpload).toMatchObject({ fileName: 'expenses-2025.txt', hasFile: true });
    expect(await documentIds(user)).toEqual([newId]);
    expect(
      await app.sql(`SELECT count(*)::int AS n FROM chunks WHERE document_id = $1`, [oldId]),
    ).toEqual([{ n: 0 }]);
    expect(await app.server.services.storage.stat(oldKey)).toBeNull();
    const events = await app.sql(
      `SELECT action, target_label FROM audit_events WHERE workspace_id = $1 AND target_id = $2
        ORDER BY at`,
      [user.workspaceId, oldId],
    );
    expect(events).toEqual([
      { action: 'document.uploaded', target_label: 'expenses.txt' },
      { action: 'document.deleted', target_label: 'expenses.txt' },
    ]);
    expect((await waitForDocument(app, user, newId)).status).toBe('indexed');
  });

  it('keeps the old document when the replacement is never confirmed', async () => {
    const user = await newAdmin(app);
    const bytes = uniqueText('kept');
    const oldId = await uploaded(user, 'kept.txt', bytes);
    const ticket = await app.rest(
      'POST',
      '/api/integrations/get-upload-url',
      { fileName: 'kept.txt', contentHash: sha256(bytes), replaceDocumentId: oldId },
      { token: user.token },
    );
    expect(ticket.status).toBe(200);
    expect(await documentIds(user)).toEqual([oldId]);
  });

  it("cannot replace another workspace's document", async () => {
    const owner = await newAdmin(app);
    const stranger = await newAdmin(app, 'Stranger');
    const ownersId = await uploaded(owner, 'mine.txt', uniqueText('mine'));
    const res = await app.rest(
      'POST',
      '/api/integrations/get-upload-url',
      { fileName: 'theirs.txt', replaceDocumentId: ownersId },
      { token: stranger.token },
    );
    expect(res.status).toBe(404);
    expect(await documentIds(owner)).toEqual([ownersId]);
  });
});
