import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, newAdmin, type Account } from './helpers/accounts.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';
import { fixture, uploadFile } from './helpers/uploads.js';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const FILE_NAME = 'Résumé "final" (v2).docx';

let app: TestApp;
let admin: Account;
let bytes: Buffer;
let documentId: string;
beforeAll(async () => {
  app = await startTestApp();
  admin = await newAdmin(app);
  bytes = fixture('incident-runbook.docx');
  const { confirm } = await uploadFile(app, admin, FILE_NAME, bytes, { fileType: DOCX });
  expect(confirm?.status).toBe(200);
  documentId = confirm!.body.documentId;
});
afterAll(async () => {
  await app?.stop();
});

const download = (id: string, token?: string) =>
  fetch(`${app.url}/api/documents/${id}/file`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

describe('GET /api/documents/:id/file', () => {
  it('answers the owner the exact stored bytes as an attachment with a safe name', async () => {
    const res = await download(documentId, admin.token);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    expect(res.headers.get('content-type')).toBe(DOCX);
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Resume _final_ (v2).docx"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22final%22%20%28v2%29.docx`,
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('serves anyone of the workspace who may search (search.read)', async () => {
    const member = await addMember(app, admin, ['customer_facing']);
    const res = await download(documentId, member.token);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('answers 404 to another workspace, as for a document that does not exist', async () => {
    const stranger = await newAdmin(app, 'Stranger');
    const res = await download(documentId, stranger.token);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: 'NOT_FOUND' });
    expect((await download('00000000-0000-4000-8000-000000000000', admin.token)).status).toBe(404);
    expect((await download('not-an-id', admin.token)).status).toBe(404);
  });

  it('answers 401 without a valid token', async () => {
    const none = await download(documentId);
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ error: 'UNAUTHENTICATED' });
    expect((await download(documentId, 'not-a-token')).status).toBe(401);
  });

  it('answers 404 with a clear message for a connected item, which has no stored file', async () => {
    const [source] = await app.sql(
      `INSERT INTO sources (workspace_id, kind, name) VALUES ($1, 'confluence', 'Wiki') RETURNING id`,
      [admin.workspaceId],
    );
    const [doc] = await app.sql(
      `INSERT INTO documents (workspace_id, source_id, title, file_name, file_type, file_size,
                              external_id, web_url, status)
       VALUES ($1, $2, 'Onboarding', 'Onboarding', 'confluence/page', 0, 'page:1',
               'https://acme.atlassian.net/wiki/pages/1', 'indexed') RETURNING id`,
      [admin.workspaceId, source.id],
    );
    const res = await download(doc.id, admin.token);
    expect(res.status).toBe(404);
    const body = (await res.json()) as { error: string; message: string };
    expect(body.error).toBe('NO_STORED_FILE');
    expect(body.message).toMatch(/connected tool.*open it in its tool/i);

    const content = await app.graphqlRaw(
      `query($id: ID!) { documentContent(id: $id) { sourceKind document { hasFile webUrl } } }`,
      { id: doc.id },
      admin.token,
    );
    expect(content.data.documentContent).toEqual({
      sourceKind: 'confluence',
      document: { hasFile: false, webUrl: 'https://acme.atlassian.net/wiki/pages/1' },
    });
  });

  it('says over GraphQL which documents have a file to download', async () => {
    const res = await app.graphqlRaw(
      `query($id: ID!) { documentContent(id: $id) { sourceKind document { hasFile webUrl } } }`,
      { id: documentId },
      admin.token,
    );
    expect(res.data.documentContent).toEqual({
      sourceKind: 'file_upload',
      document: { hasFile: true, webUrl: null },
    });
  });

  it('answers 404 once the document is deleted', async () => {
    const { confirm } = await uploadFile(app, admin, 'gone.txt', Buffer.from('soon deleted'));
    const id = confirm!.body.documentId;
    const del = await app.graphqlRaw(
      `mutation($id: ID!) { deleteDocument(id: $id) }`,
      { id },
      admin.token,
    );
    expect(del.errors).toBeUndefined();
    expect((await download(id, admin.token)).status).toBe(404);
  });
});
