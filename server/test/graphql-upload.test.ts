import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newAdmin, type Account } from './helpers/accounts.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';
import { fixture, waitForDocument } from './helpers/uploads.js';

let app: TestApp;
let admin: Account;
beforeAll(async () => {
  app = await startTestApp({ UPLOAD_MAX_MB: '1' });
  admin = await newAdmin(app);
});
afterAll(async () => {
  await app?.stop();
});

/** A GraphQL multipart request (graphql-multipart-request-spec), as API consumers send it. */
function multipart(
  fileName: string,
  bytes: Buffer,
  headers: Record<string, string> = { 'apollo-require-preflight': 'true' },
) {
  const form = new FormData();
  form.append(
    'operations',
    JSON.stringify({
      query: 'mutation($f: Upload!) { uploadDocument(file: $f) { id status fileName } }',
      variables: { f: null },
    }),
  );
  form.append('map', JSON.stringify({ 0: ['variables.f'] }));
  form.append('0', new Blob([bytes]), fileName);
  return fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.token}`, ...headers },
    body: form,
  });
}

it('takes a file through the GraphQL Upload scalar and indexes it', async () => {
  const res = await multipart('incident-runbook.docx', fixture('incident-runbook.docx'));
  const body = (await res.json()) as any;
  expect(body.errors).toBeUndefined();
  expect(body.data.uploadDocument.fileName).toBe('incident-runbook.docx');
  const doc = await waitForDocument(app, admin, body.data.uploadDocument.id);
  expect(doc.status).toBe('indexed');
});

it('needs the preflight header (CSRF guard)', async () => {
  const res = await multipart('a.txt', Buffer.from('hello there'), {});
  expect(res.status).toBe(400);
});

it('refuses a file over the size limit', async () => {
  const res = await multipart('big.txt', Buffer.alloc(2 * 1024 * 1024, 97));
  const body = (await res.json()) as any;
  expect(body.errors?.length).toBeGreaterThan(0);
  const [row] = await app.sql(
    `SELECT count(*)::int AS n FROM documents WHERE file_name = 'big.txt'`,
  );
  expect(row.n).toBe(0);
});

it('answers two files where one is expected with a 4xx, not a 500', async () => {
  const form = new FormData();
  form.append(
    'operations',
    JSON.stringify({
      query: 'mutation($f: Upload!) { uploadDocument(file: $f) { id } }',
      variables: { f: null },
    }),
  );
  form.append('map', JSON.stringify({ 0: ['variables.f'], 1: ['variables.f'] }));
  form.append('0', new Blob([Buffer.from('first file')]), 'a.txt');
  form.append('1', new Blob([Buffer.from('second file')]), 'b.txt');
  const res = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.token}`, 'apollo-require-preflight': 'true' },
    body: form,
  });
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  const body = (await res.json()) as any;
  expect(body.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
  expect(body.errors?.[0].message).toMatch(/one file/i);
});

it('answers a request over the size limit with 413 and a clear code', async () => {
  const res = await multipart('huge.txt', Buffer.alloc(3 * 1024 * 1024, 97));
  const body = (await res.json()) as any;
  expect(res.status).toBe(413);
  expect(body.errors?.[0].extensions.code).toBe('PAYLOAD_TOO_LARGE');
});

it('refuses a file the workspace already has, naming it, and keeps no copy', async () => {
  const bytes = Buffer.from(`The parking rules of ${Date.now()}: visitors use level two.`);
  const first = (await (await multipart('parking.txt', bytes)).json()) as any;
  expect(first.errors).toBeUndefined();
  const firstId = first.data.uploadDocument.id;

  const again = (await (await multipart('parking-copy.txt', bytes)).json()) as any;
  expect(again.data).toBeNull();
  expect(again.errors?.[0].extensions).toMatchObject({
    code: 'DUPLICATE_DOCUMENT',
    documentId: firstId,
    title: 'parking',
    sourceName: 'Uploaded files',
  });
  const rows = await app.sql(
    `SELECT id FROM documents WHERE workspace_id = $1 AND file_hash = $2`,
    [admin.workspaceId, createHash('sha256').update(bytes).digest('hex')],
  );
  expect(rows).toEqual([{ id: firstId }]);
  const [pending] = await app.sql(
    `SELECT count(*)::int AS n FROM pending_uploads WHERE file_name = 'parking-copy.txt'`,
  );
  expect(pending.n).toBe(0);
});
