import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAdmin, type Account } from './helpers/accounts.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';
import { uploadFile } from './helpers/uploads.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ WORKSPACE_QUOTA_MB: '1' });
});
afterAll(async () => {
  await app?.stop();
});

const TEXT = 'text/plain';

async function ticketFor(
  user: Account,
  fileName: string,
  extra: Record<string, unknown> = {},
): Promise<{ status: number; body: any }> {
  return app.rest(
    'POST',
    '/api/integrations/get-upload-url',
    { fileName, fileType: TEXT, ...extra },
    { token: user.token },
  );
}

function put(url: string, body: string | Buffer, type = TEXT) {
  return fetch(url, { method: 'PUT', body, headers: { 'Content-Type': type } });
}

function confirm(user: Account, fileKey: string, extra: Record<string, unknown> = {}) {
  return app.rest(
    'POST',
    '/api/integrations/confirm-upload',
    { fileKey, ...extra },
    { token: user.token },
  );
}

async function storedText(documentId: string): Promise<string> {
  const [doc] = await app.sql(`SELECT storage_key FROM documents WHERE id = $1`, [documentId]);
  return (await app.server.services.storage.read(doc.storage_key)).toString('utf8');
}

/** Each test gets a workspace of its own: the 1 MB quota is per workspace. */
async function freshAdmin() {
  return newAdmin(app);
}

describe('an upload URL takes one PUT', () => {
  it('refuses a second PUT after confirm: the confirmed bytes never change', async () => {
    const user = await freshAdmin();
    const ticket = await ticketFor(user, 'policy.txt');
    expect((await put(ticket.body.uploadUrl, 'the original policy text')).status).toBe(200);
    const confirmed = await confirm(user, ticket.body.fileKey);
    expect(confirmed.status).toBe(200);
    const again = await put(ticket.body.uploadUrl, 'MZ replaced with something else');
    expect(again.status).toBe(409);
    expect(((await again.json()) as any).error).toBe('UPLOAD_URL_USED');
    expect(await storedText(confirmed.body.documentId)).toBe('the original policy text');
  });

  it('refuses a second PUT before confirm too', async () => {
    const user = await freshAdmin();
    const ticket = await ticketFor(user, 'notes.txt');
    expect((await put(ticket.body.uploadUrl, 'first bytes')).status).toBe(200);
    expect((await put(ticket.body.uploadUrl, 'second bytes')).status).toBe(409);
    const confirmed = await confirm(user, ticket.body.fileKey);
    expect(await storedText(confirmed.body.documentId)).toBe('first bytes');
  });

  it('refuses a PUT larger than the declared size; the URL can then take the right file', async () => {
    const user = await freshAdmin();
    const ticket = await ticketFor(user, 'sized.txt', { fileSize: 10 });
    expect(ticket.status).toBe(200);
    expect(ticket.body.maxBytes).toBe(10);
    const tooBig = await put(ticket.body.uploadUrl, 'eleven byte');
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as any).error).toBe('PAYLOAD_TOO_LARGE');
    expect((await put(ticket.body.uploadUrl, 'ten bytes!')).status).toBe(200);
    expect((await confirm(user, ticket.body.fileKey, { fileSize: 10 })).status).toBe(200);
  });

  it('refuses a PUT of another type than declared', async () => {
    const user = await freshAdmin();
    const ticket = await ticketFor(user, 'typed.txt');
    const wrong = await put(ticket.body.uploadUrl, 'MZ...', 'application/x-msdownload');
    expect(wrong.status).toBe(415);
    expect(((await wrong.json()) as any).error).toBe('TYPE_MISMATCH');
    // Parameters do not change the type.
    expect((await put(ticket.body.uploadUrl, 'hello', 'text/plain; charset=utf-8')).status).toBe(
      200,
    );
  });

  it('refuses at confirm a file whose size is not the one declared, and deletes it', async () => {
    const user = await freshAdmin();
    const ticket = await ticketFor(user, 'mismatch.txt');
    await put(ticket.body.uploadUrl, 'twelve bytes');
    const res = await confirm(user, ticket.body.fileKey, { fileSize: 5 });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('SIZE_MISMATCH');
    expect(await app.server.services.storage.stat(ticket.body.fileKey)).toBeNull();
  });

  it('refuses a declared size over the file limit before any URL is given', async () => {
    const user = await freshAdmin();
    const ticket = await ticketFor(user, 'huge.txt', { fileSize: 30 * 1024 * 1024 });
    expect(ticket.status).toBe(413);
  });
});

describe('unconfirmed uploads and the quota', () => {
  it('counts unconfirmed uploads toward the quota until they expire, then deletes them', async () => {
    const user = await freshAdmin();
    const first = await ticketFor(user, 'big.txt', { fileSize: 700 * 1024 });
    expect(first.status).toBe(200);
    expect((await put(first.body.uploadUrl, Buffer.alloc(700 * 1024, 97))).status).toBe(200);
    // Never confirmed: it still holds 700 KB of the 1 MB.
    const second = await ticketFor(user, 'second.txt', { fileSize: 400 * 1024 });
    expect(second.status).toBe(413);
    expect(second.body.error).toBe('QUOTA_EXCEEDED');
    // A URL without a declared size holds what it may still take: here the 324 KB left.
    const open = await ticketFor(user, 'open.txt');
    expect(open.status).toBe(200);
    expect(open.body.maxBytes).toBe(324 * 1024);
    expect((await ticketFor(user, 'third.txt')).status).toBe(413);

    // Past expiry (and its grace), the prune job deletes both, bytes and all.
    await app.sql(
      `UPDATE pending_uploads SET expires_at = now() - interval '1 hour' WHERE key = ANY($1)`,
      [[first.body.fileKey, open.body.fileKey]],
    );
    expect(await app.server.services.uploads.pruneExpired()).toBeGreaterThanOrEqual(2);
    expect(await app.server.services.storage.stat(first.body.fileKey)).toBeNull();
    expect((await confirm(user, first.body.fileKey)).status).toBe(404);
    expect((await ticketFor(user, 'second.txt', { fileSize: 400 * 1024 })).status).toBe(200);
  });

  it('refuses to confirm an expired upload, and pruning keeps confirmed documents', async () => {
    const user = await freshAdmin();
    const kept = await uploadFile(app, user, 'kept.txt', Buffer.from('a confirmed file'));
    expect(kept.confirm!.status).toBe(200);
    const late = await ticketFor(user, 'late.txt');
    await put(late.body.uploadUrl, 'too late');
    await app.sql(
      `UPDATE pending_uploads SET expires_at = now() - interval '1 second' WHERE key = $1`,
      [late.body.fileKey],
    );
    const res = await confirm(user, late.body.fileKey);
    expect(res.status).toBe(410);
    expect(res.body.error).toBe('URL_EXPIRED');
    await app.sql(
      `UPDATE pending_uploads SET expires_at = now() - interval '1 hour' WHERE key = ANY($1)`,
      [[kept.ticket.body.fileKey, late.body.fileKey]],
    );
    await app.server.services.uploads.pruneExpired();
    expect(await storedText(kept.confirm!.body.documentId)).toBe('a confirmed file');
    expect(await app.server.services.storage.stat(late.body.fileKey)).toBeNull();
  });
});
