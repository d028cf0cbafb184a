import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipSync } from 'fflate';
import { addMember, newAdmin, type Account } from './helpers/accounts.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';
import { FIXTURES, fixture, uploadFile, waitForDocument } from './helpers/uploads.js';

let app: TestApp;
let admin: Account;
beforeAll(async () => {
  app = await startTestApp({ UPLOAD_MAX_MB: '2' });
  admin = await newAdmin(app);
});
afterAll(async () => {
  await app?.stop();
});

const fixtures = fs
  .readdirSync(FIXTURES)
  .filter((f) => f.endsWith('.q'))
  .map((f) => f.replace(/\.q$/, ''));

describe('upload flow (get-upload-url, PUT, confirm-upload)', () => {
  it.each(fixtures)('indexes %s and its fact is searchable', async (name) => {
    const { ticket, put, confirm } = await uploadFile(app, admin, name, fixture(name));
    expect(ticket.status).toBe(200);
    expect(ticket.body.uploadUrl).toMatch(
      /\/storage\/[0-9a-f-]+\/[0-9a-f-]+\?exp=\d+&max=\d+&sig=/,
    );
    expect(put!.status).toBe(200);
    expect(confirm!.status).toBe(200);
    const doc = await waitForDocument(app, admin, confirm!.body.documentId);
    expect(doc.status, doc.error).toBe('indexed');
    expect(doc.chunkCount).toBeGreaterThan(0);
    const [, expected] = fs.readFileSync(`${FIXTURES}/${name}.q`, 'utf8').trim().split('\t');
    const rows = await app.sql(
      `SELECT count(*)::int AS n FROM chunks WHERE document_id = $1 AND text ILIKE $2`,
      [doc.id, `%${expected}%`],
    );
    expect(rows[0].n).toBeGreaterThan(0);
  });

  it('confirming twice answers the same document and indexes once', async () => {
    // Not a fixture: the workspace already has those, and the same bytes again are refused.
    const bytes = Buffer.from('Expenses are confirmed once, however often confirm is called.');
    const { ticket, confirm } = await uploadFile(app, admin, 'twice.txt', bytes);
    const again = await app.rest(
      'POST',
      '/api/integrations/confirm-upload',
      { fileKey: ticket.body.fileKey },
      { token: admin.token },
    );
    expect(again.body.documentId).toBe(confirm!.body.documentId);
    const doc = await waitForDocument(app, admin, confirm!.body.documentId);
    const [row] = await app.sql(`SELECT count(*)::int AS n FROM documents WHERE storage_key = $1`, [
      ticket.body.fileKey,
    ]);
    expect(row.n).toBe(1);
    expect(doc.status).toBe('indexed');
  });

  it('lists sources with their documents over GraphQL', async () => {
    const res = await app.graphqlRaw(
      `{ sources { name kind documentCount indexedCount documents { fileName status } } }`,
      {},
      admin.token,
    );
    const uploads = res.data.sources.find((s: any) => s.name === 'Uploaded files');
    expect(uploads.kind).toBe('file_upload');
    expect(uploads.documentCount).toBeGreaterThanOrEqual(fixtures.length);
  });
});

/** The text and OpenDocument formats, in a sibling folder of the office fixtures. */
const FORMATS = `${FIXTURES}/../formats`;
const formatFixtures = fs
  .readdirSync(FORMATS)
  .filter((f) => f.endsWith('.q'))
  .map((f) => f.replace(/\.q$/, ''));

describe('upload flow for Markdown, CSV, HTML, JSON, RTF and OpenDocument files', () => {
  const CONTENT = `query($id: ID!) { documentContent(id: $id) {
    document { fileName title } passages { ordinal location locationKind locationIndex text } } }`;

  it('has one fixture of each format', () => {
    expect(formatFixtures.map((name) => name.split('.').pop()).sort()).toEqual([
      'csv',
      'html',
      'json',
      'md',
      'odp',
      'ods',
      'odt',
      'rtf',
    ]);
  });

  it.each(formatFixtures)('indexes %s and its fact is searchable', async (name) => {
    const bytes = fs.readFileSync(`${FORMATS}/${name}`);
    const { ticket, put, confirm } = await uploadFile(app, admin, name, bytes);
    expect(ticket.status, JSON.stringify(ticket.body)).toBe(200);
    expect(put!.status).toBe(200);
    expect(confirm!.status, JSON.stringify(confirm!.body)).toBe(200);
    const doc = await waitForDocument(app, admin, confirm!.body.documentId);
    expect(doc.status, doc.error).toBe('indexed');
    const [, expected] = fs.readFileSync(`${FORMATS}/${name}.q`, 'utf8').trim().split('\t');
    const rows = await app.sql(
      `SELECT count(*)::int AS n FROM chunks WHERE document_id = $1 AND text ILIKE $2`,
      [doc.id, `%${expected}%`],
    );
    expect(rows[0].n).toBeGreaterThan(0);
  });

  it('serves a CSV and an OpenDocument spreadsheet as sheets, rows tab-separated', async () => {
    const listed = await app.sql(
      `SELECT id, file_name FROM documents WHERE file_name IN ('office-supplies.csv', 'headcount.ods')
        ORDER BY file_name`,
    );
    expect(listed.map((d: { file_name: string }) => d.file_name)).toEqual([
      'headcount.ods',
      'office-supplies.csv',
    ]);
    const [ods, csv] = await Promise.all(
      listed.map(async (d: { id: string }) => {
        const res = await app.graphqlRaw(CONTENT, { id: d.id }, admin.token);
        expect(res.errors).toBeUndefined();
        return res.data.documentContent;
      }),
    );
    expect(csv.passages).toEqual([
      expect.objectContaining({
        location: 'Sheet office-supplies',
        locationKind: 'sheet',
        locationIndex: 1,
      }),
    ]);
    expect(csv.passages[0].text.split('\n')[0]).toBe('Item\tSupplier\tLocation\tNotes');
    expect(ods.document.title).toBe('Headcount 2025');
    expect(ods.passages.map((p: { location: string }) => p.location)).toEqual([
      'Sheet Headcount',
      'Sheet Hiring plan',
    ]);
    expect(ods.passages[0].text).toBe(
      'Team\tCity\tPeople\nData Platform\tLagos\t14\nSupport\tMontevideo\t9',
    );
  });

  it('fails a .csv that is binary, and a .json that is not valid JSON, with a reason', async () => {
    const binary = await uploadFile(app, admin, 'export.csv', Buffer.alloc(4096, 0));
    expect(binary.confirm!.status).toBe(400);
    expect(binary.confirm!.body.error).toBe('CONTENT_MISMATCH');
    const invalid = await uploadFile(app, admin, 'broken.json', Buffer.from('{"a": 1,}'));
    expect(invalid.confirm!.status).toBe(200);
    const doc = await waitForDocument(app, admin, invalid.confirm!.body.documentId);
    expect(doc.status).toBe('failed');
    expect(doc.error).toMatch(/^The JSON file could not be read: it is not valid JSON/);
  });
});

describe('bad uploads fail alone, with a reason', () => {
  it('refuses an extension outside the allowlist', async () => {
    const { ticket } = await uploadFile(app, admin, 'tool.exe', Buffer.from('MZ'));
    expect(ticket.status).toBe(400);
    expect(ticket.body.error).toBe('UNSUPPORTED_TYPE');
  });

  it('refuses a renamed executable at confirm and deletes it', async () => {
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(4096, 1)]);
    const { confirm } = await uploadFile(app, admin, 'report.pdf', exe);
    expect(confirm!.status).toBe(400);
    expect(confirm!.body.error).toBe('CONTENT_MISMATCH');
  });

  it('answers 413 for a file over the size limit', async () => {
    const { put } = await uploadFile(app, admin, 'big.txt', Buffer.alloc(3 * 1024 * 1024, 97));
    expect(put!.status).toBe(413);
  });

  it('bounds a text file by the characters it can index, not only by the upload limit', async () => {
    const roomy = await startTestApp({ UPLOAD_MAX_MB: '64' });
    try {
      const user = await newAdmin(roomy);
      const ticket = (name: string) =>
        roomy.rest(
          'POST',
          '/api/integrations/get-upload-url',
          { fileName: name },
          {
            token: user.token,
          },
        );
      expect((await ticket('notes.txt')).body.maxBytes).toBe(20_000_000);
      expect((await ticket('report.pdf')).body.maxBytes).toBe(64 * 1024 * 1024);
      const put = await uploadFile(roomy, user, 'huge.txt', Buffer.alloc(20_000_001, 97));
      expect(put.put!.status).toBe(413);
    } finally {
      await roomy.stop();
    }
  });

  it('refuses a tampered or expired URL', async () => {
    const ticket = await app.rest(
      'POST',
      '/api/integrations/get-upload-url',
      { fileName: 'a.txt' },
      { token: admin.token },
    );
    const tampered = ticket.body.uploadUrl.replace(/max=\d+/, 'max=999999999');
    expect((await fetch(tampered, { method: 'PUT', body: 'hello' })).status).toBe(403);
    const key = ticket.body.fileKey;
    const expiredPath = await app.server.services.storage.createPutUrl({
      key,
      maxBytes: 1000,
      expiresAt: new Date(Date.now() - 1000),
    });
    const expired = await fetch(app.url + expiredPath, { method: 'PUT', body: 'hello' });
    expect(expired.status).toBe(403);
    expect(((await expired.json()) as any).error).toBe('URL_EXPIRED');
  });

  it("cannot confirm another workspace's upload", async () => {
    const other = await newAdmin(app, 'Other');
    const ticket = await app.rest(
      'POST',
      '/api/integrations/get-upload-url',
      { fileName: 'a.txt' },
      { token: admin.token },
    );
    const put = await fetch(ticket.body.uploadUrl, {
      method: 'PUT',
      body: 'some text here',
      headers: { 'Content-Type': 'application/octet-stream' },
    });
    expect(put.status).toBe(200);
    const res = await app.rest(
      'POST',
      '/api/integrations/confirm-upload',
      { fileKey: ticket.body.fileKey },
      { token: other.token },
    );
    expect(res.status).toBe(404);
  });

  it('needs source.write to upload', async () => {
    const member = await addMember(app, admin, ['customer_facing']);
    const res = await app.rest(
      'POST',
      '/api/integrations/get-upload-url',
      { fileName: 'a.txt' },
      { token: member.token },
    );
    expect(res.status).toBe(403);
  });

  it('fails a corrupt PDF with a reason while other documents index', async () => {
    const corrupt = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x41)]);
    const bad = await uploadFile(app, admin, 'broken.pdf', corrupt);
    const good = await uploadFile(app, admin, 'fine.txt', Buffer.from('A fine text file.'));
    const badDoc = await waitForDocument(app, admin, bad.confirm!.body.documentId);
    const goodDoc = await waitForDocument(app, admin, good.confirm!.body.documentId);
    expect(badDoc.status).toBe('failed');
    expect(badDoc.error).toMatch(/PDF/i);
    expect(goodDoc.status).toBe('indexed');
  });

  it('refuses a zip bomb with a reason', async () => {
    const bomb = Buffer.from(
      zipSync(
        {
          '[Content_Types].xml': new TextEncoder().encode('<Types/>'),
          'word/document.xml': new Uint8Array(60 * 1024 * 1024),
        },
        { level: 9 },
      ),
    );
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const { confirm } = await uploadFile(app, admin, 'bomb.docx', bomb);
    // Its central directory already gives it away: refused at confirm, before any inflating.
    expect(confirm!.status).toBe(400);
    expect(confirm!.body.error).toBe('ZIP_BOMB');
    expect(confirm!.body.message).toMatch(/expands/);
  });
});

describe('workspace quota', () => {
  it('refuses new uploads once the workspace has used its quota', async () => {
    const small = await startTestApp({ WORKSPACE_QUOTA_MB: '1' });
    try {
      const owner = await newAdmin(small);
      const first = await uploadFile(small, owner, 'first.txt', Buffer.alloc(1024 * 1024, 97));
      expect(first.confirm!.status).toBe(200);
      const second = await uploadFile(small, owner, 'second.txt', Buffer.from('more text'));
      expect(second.ticket.status).toBe(413);
      expect(second.ticket.body.error).toBe('QUOTA_EXCEEDED');
    } finally {
      await small.stop();
    }
  });
});
