import { afterAll, beforeAll, expect, it } from 'vitest';
import { newAdmin, type Account } from './helpers/accounts.js';
import { startFakeS3 } from './helpers/fake-s3.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';
import { fixture, uploadFile, waitForDocument } from './helpers/uploads.js';

let s3: Awaited<ReturnType<typeof startFakeS3>>;
let app: TestApp;
let admin: Account;
beforeAll(async () => {
  s3 = await startFakeS3('lumen-files');
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
  expect(s3.objects.has(ticket.body.fileKey)).toBe(true);
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
