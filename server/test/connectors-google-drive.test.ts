import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAdmin, type Account } from './helpers/accounts.js';
import { ask, documentsOf, googleEnv, sourceRow, waitForSync } from './helpers/connectors.js';
import { GOOGLE_MIME, startFakeGoogle, type FakeGoogle } from './helpers/fake-google.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';

let fake: FakeGoogle;
let app: TestApp;
let admin: Account;
let sourceId: string;
const ids: Record<string, string> = {};
const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/office/${name}`, import.meta.url));

beforeAll(async () => {
  fake = await startFakeGoogle();
  const handbook = fake.addFolder({ name: 'Handbook' });
  const nested = fake.addFolder({ name: 'Policies', parents: [handbook.id] });
  ids.handbook = handbook.id;
  ids.travel = fake.addFile({
    name: 'Travel policy',
    mimeType: GOOGLE_MIME.document,
    content: 'Travel meals are reimbursed up to 45 euros a day in the quetzal region.',
    parents: [nested.id],
  }).id;
  ids.runbook = fake.addFile({
    name: 'incident-runbook.docx',
    mimeType: GOOGLE_MIME.docx,
    content: fixture('incident-runbook.docx'),
    parents: [handbook.id],
  }).id;
  ids.outside = fake.addFile({
    name: 'Outside note',
    mimeType: GOOGLE_MIME.document,
    content: 'The lemur launch is secret.',
  }).id;
  app = await startTestApp(googleEnv(fake, { PUBLIC_URL: 'https://lumen.example' }));
  admin = await newAdmin(app);
});

afterAll(async () => {
  await app?.stop();
  await fake?.close();
});

/** Authorize as a browser would: the authorize URL, Google's redirect back, the code exchanged. */
async function authorize(user: Account, folders = '') {
  const start = await app.rest(
    'GET',
    `/api/integrations/google_docs/authorize-url?spacekey=${encodeURIComponent(folders)}`,
    undefined,
    { token: user.token },
  );
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const url = new URL(start.body.url);
  const consent = await fetch(url, { redirect: 'manual' });
  const back = new URL(consent.headers.get('location')!);
  expect(back.origin + back.pathname).toBe('https://lumen.example/app/connectors');
  return app.rest(
    'POST',
    '/api/get-access-token',
    { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
    { token: user.token },
  );
}

describe('Google Drive', () => {
  it('asks Google for read-only, offline access with a single-use state', async () => {
    const res = await app.rest('GET', '/api/integrations/google_docs/authorize-url', undefined, {
      token: admin.token,
    });
    const url = new URL(res.body.url);
    expect(url.origin + url.pathname).toBe(fake.authUrl);
    expect(url.searchParams.get('scope')).toBe('https://www.googleapis.com/auth/drive.readonly');
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('client_id')).toBe(fake.clientId);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{40,}$/);
    const token = await app.rest(
      'POST',
      '/api/save-integration/google_docs',
      {},
      {
        token: admin.token,
      },
    );
    expect(token.status).toBe(400);
    expect(token.body.message).toMatch(/Authorize/);
  });

  it('connects through Google, syncing the chosen folder and its subfolders only', async () => {
    const res = await authorize(admin, `https://drive.google.com/drive/folders/${ids.handbook}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ connected: true, site: 'https://drive.google.com' });
    sourceId = res.body.sourceId;
    const row = await waitForSync(app, sourceId, 0);
    expect(row.status).toBe('idle');
    const docs = await documentsOf(app, sourceId);
    expect(docs.map((d) => d.external_id).sort()).toEqual(
      [`file:${ids.travel}`, `file:${ids.runbook}`].sort(),
    );
    expect(docs.every((d) => d.status === 'indexed')).toBe(true);
    // The exchange used the server's secret; the refresh token is sealed, not stored in clear.
    expect(fake.tokenRequests('authorization_code')).toHaveLength(1);
    expect((await sourceRow(app, sourceId)).sealed_credentials).toMatch(/^v1\./);

    const answer = await ask(app, admin, 'How much are travel meals reimbursed?', ['google_docs']);
    expect(answer.sources[0]!.url).toBe(fake.file(ids.travel!).webViewLink);
    expect(answer.answer).toMatch(/45 euros/);
    const runbook = await ask(app, admin, 'Who is the incident commander?');
    expect(runbook.answer).toMatch(/Priya/);
    expect((await ask(app, admin, 'What is secret about the lemur launch?')).sources).toEqual([]);
  });

  it('follows the changes feed: edits, trashed files and files moved out leave or update the index', async () => {
    fake.editFile(ids.travel!, {
      content: 'Travel meals are reimbursed up to 60 euros a day in the quetzal region.',
    });
    fake.trashFile(ids.runbook!);
    const before = (await sourceRow(app, sourceId)).sync_run;
    const mark = fake.requests.length;
    await app.rest('POST', '/api/integrations/google_docs/resync', undefined, {
      token: admin.token,
    });
    const row = await waitForSync(app, sourceId, before);
    expect(row.status).toBe('idle');
    const paths = fake.requests.slice(mark).map((r) => r.path);
    expect(paths).toContain('/drive/v3/changes');
    const docs = await documentsOf(app, sourceId);
    expect(docs.map((d) => d.external_id)).toEqual([`file:${ids.travel}`]);
    expect((await ask(app, admin, 'How much are travel meals reimbursed?')).answer).toMatch(
      /60 euros/,
    );
  });

  it('keeps another workspace out', async () => {
    const other = await newAdmin(app, 'Eve');
    expect((await ask(app, other, 'How much are travel meals reimbursed?')).sources).toEqual([]);
    const read = await app.rest('GET', '/api/get-integration/google_docs', undefined, {
      token: other.token,
    });
    expect(read.body.password).toBe('');
  });

  it('a revoked grant stops the sync with Reconnect needed', async () => {
    fake.revokeAll();
    const before = (await sourceRow(app, sourceId)).sync_run;
    await app.rest('POST', '/api/integrations/google_docs/resync', undefined, {
      token: admin.token,
    });
    const row = await waitForSync(app, sourceId, before);
    expect(row.status).toBe('needs_reauth');
    expect(row.last_error).toMatch(/Google no longer accepts this connection/);
    expect(await documentsOf(app, sourceId)).toHaveLength(1);
  });

  it('says so when sign-in with Google is not set up', async () => {
    const bare = await startTestApp(googleEnv(fake, { GOOGLE_CLIENT_ID: '' }));
    try {
      const user = await newAdmin(bare);
      const res = await bare.rest('GET', '/api/integrations/google_docs/authorize-url', undefined, {
        token: user.token,
      });
      expect(res.status).toBe(409);
      expect(res.body.error).toBe('OAUTH_NOT_CONFIGURED');
      expect(res.body.message).toMatch(/GOOGLE_CLIENT_ID/);
    } finally {
      await bare.stop();
    }
  });
});
