import { afterAll, beforeAll, expect, it } from 'vitest';
import { newAdmin, type Account } from './helpers/accounts.js';
import { startFakeS3 } from './helpers/fake-s3.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';
import { fixture, uploadFile, waitForDocument } from './helpers/uploads.js';

let s3: Awaited<ReturnType<typeof startFakeS3>>;
let app: TestApp;
let admin: Account;
beforeAll(async () => {
  s3 = await startFakeS3('lumen-files', { id: 'test-access-key', secret: 'test-secret-key' });
  app = await startTestApp({
    S3_BUCKET: 'lumen-files',
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: 'test-access-key',
    S3_SECRET_ACCESS_KEY: 'test-secret-key',
    UPLOAD_MAX_MB: '1',
  });
  admin = await newAdmin(app);
});
afterAll(async () => {
  await app?.stop();
  await s3?.stop();
});

it('uploads through an S3 presigned URL and indexes from the bucket', async () => {
  const { ticket, put, confirm } = await uploadFile(
    app,
    admin,
    'remote-work.pdf',
    fixture('remote-work.pdf'),
  );
  expect(ticket.body.uploadUrl.startsWith(`${s3.endpoint}/lumen-files/`)).toBe(true);
  expect(ticket.body.uploadUrl).toContain('X-Amz-Signature=');
  expect(put!.status).toBe(200);
  expect(confirm!.status).toBe(200);
  const doc = await waitForDocument(app, admin, confirm!.body.documentId);
  expect(doc.status).toBe('indexed');
  // The confirmed bytes moved to a key no upload URL names.
  const [row] = await app.sql(`SELECT storage_key FROM documents WHERE id = $1`, [doc.id]);
  expect(row.storage_key).not.toBe(ticket.body.fileKey);
  expect(s3.objects.has(row.storage_key)).toBe(true);
  expect(s3.objects.has(ticket.body.fileKey)).toBe(false);
  // The app itself read the object (signed requests), besides the browser's presigned PUT.
  expect(s3.requests.some((r) => r.method === 'GET' && !r.presigned)).toBe(true);
});

it('refuses at confirm, and deletes, a file over the limit (presigned PUTs cannot cap size)', async () => {
  const { confirm, ticket } = await uploadFile(
    app,
    admin,
    'big.txt',
    Buffer.alloc(2 * 1024 * 1024, 97),
  );
  expect(confirm!.status).toBe(413);
  expect(s3.objects.has(ticket.body.fileKey)).toBe(false);
});

it('allows the bucket in the Content-Security-Policy', async () => {
  const res = await fetch(`${app.url}/health`);
  expect(res.headers.get('content-security-policy')).toContain(s3.endpoint);
});

it('signs the declared type and size: S3 refuses a PUT of another type or size', async () => {
  const ticket = await app.rest(
    'POST',
    '/api/integrations/get-upload-url',
    { fileName: 'notes.txt', fileType: 'text/plain', fileSize: 11 },
    { token: admin.token },
  );
  expect(ticket.status).toBe(200);
  const url = ticket.body.uploadUrl;
  const send = (body: string, type: string) =>
    fetch(url, { method: 'PUT', body, headers: { 'Content-Type': type } });
  expect((await send('hello world', 'application/x-msdownload')).status).toBe(403);
  expect((await send('hello world, longer', 'text/plain')).status).toBe(403);
  expect((await send('hello world', 'text/plain')).status).toBe(200);
  const confirm = await app.rest(
    'POST',
    '/api/integrations/confirm-upload',
    { fileKey: ticket.body.fileKey, fileSize: 11 },
    { token: admin.token },
  );
  expect(confirm.status).toBe(200);
});

it('a PUT after confirm cannot change the document, and its object is pruned', async () => {
  const bytes = Buffer.from('the confirmed text of this file');
  const { ticket, confirm } = await uploadFile(app, admin, 'sealed.txt', bytes);
  expect(confirm!.status).toBe(200);
  const again = await fetch(ticket.body.uploadUrl, {
    method: 'PUT',
    body: 'MZ an executable now',
    headers: { 'Content-Type': 'application/octet-stream' },
  });
  expect(again.status).toBe(200); // a presigned URL cannot be revoked...
  const [row] = await app.sql(`SELECT storage_key FROM documents WHERE id = $1`, [
    confirm!.body.documentId,
  ]);
  expect(s3.objects.get(row.storage_key)!.body.toString()).toBe(bytes.toString()); // ...but misses
  await app.sql(
    `UPDATE pending_uploads SET expires_at = now() - interval '1 hour' WHERE key = $1`,
    [ticket.body.fileKey],
  );
  await app.server.services.uploads.pruneExpired();
  expect(s3.objects.has(ticket.body.fileKey)).toBe(false);
  expect(s3.objects.has(row.storage_key)).toBe(true);
});

it('refuses at confirm an object stored with another type than declared', async () => {
  const ticket = await app.rest(
    'POST',
    '/api/integrations/get-upload-url',
    { fileName: 'typed.txt' },
    { token: admin.token },
  );
  // No type declared: only the object's stored type can tell.
  await fetch(ticket.body.uploadUrl, {
    method: 'PUT',
    body: 'some text',
    headers: { 'Content-Type': 'application/x-msdownload' },
  });
  const confirm = await app.rest(
    'POST',
    '/api/integrations/confirm-upload',
    { fileKey: ticket.body.fileKey },
    { token: admin.token },
  );
  expect(confirm.status).toBe(415);
  expect(s3.objects.has(ticket.body.fileKey)).toBe(false);
});

it('streams a GraphQL upload into the bucket with its type', async () => {
  const form = new FormData();
  form.append(
    'operations',
    JSON.stringify({
      query: 'mutation($file: Upload!) { uploadDocument(file: $file) { id status } }',
      variables: { file: null },
    }),
  );
  form.append('map', JSON.stringify({ 0: ['variables.file'] }));
  form.append('0', new Blob(['streamed text'], { type: 'text/plain' }), 'streamed.txt');
  const res = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.token}`, 'apollo-require-preflight': 'true' },
    body: form,
  });
  const body = (await res.json()) as any;
  expect(body.errors).toBeUndefined();
  const doc = await waitForDocument(app, admin, body.data.uploadDocument.id);
  expect(doc.status).toBe('indexed');
});

it('downloads a document from the bucket, and refuses the same bytes again at confirm', async () => {
  const bytes = fixture('remote-work.pdf');
  const first = await uploadFile(app, admin, 'remote-work-download.pdf', bytes, {
    fileType: 'application/pdf',
  });
  // The same fixture was uploaded by the first test: the bucket's bytes are hashed at confirm.
  expect(first.confirm!.status).toBe(409);
  expect(first.confirm!.body.error).toBe('DUPLICATE_DOCUMENT');
  expect(s3.objects.has(first.ticket.body.fileKey)).toBe(false);

  const [doc] = await app.sql(
    `SELECT id FROM documents WHERE workspace_id = $1 AND file_name = 'remote-work.pdf'`,
    [admin.workspaceId],
  );
  const res = await fetch(`${app.url}/api/documents/${doc.id}/file`, {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(res.status).toBe(200);
  expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  expect(res.headers.get('content-disposition')).toContain(`filename="remote-work.pdf"`);
});
