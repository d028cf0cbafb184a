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
/** A second workspace's source: everything the account sees (no folders chosen). */
let hal: Account;
let halSource: string;
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

/** A resync asked for as `user`, and the source's row once it is over. */
async function resync(user: Account, id: string) {
  const before = (await sourceRow(app, id)).sync_run;
  const res = await app.rest('POST', '/api/integrations/google_docs/resync', undefined, {
    token: user.token,
  });
  expect(res.status).toBe(202);
  const row = await waitForSync(app, id, before);
  expect(row.status, row.last_error ?? '').toBe('idle');
  return row;
}

/** Requests listing files (a full or id listing), not the folder scope's folders-only queries. */
const fileListings = (from: number) =>
  fake.requests
    .slice(from)
    .filter(
      (r) => r.path === '/drive/v3/files' && r.query.get('q')!.includes(GOOGLE_MIME.document),
    );

/** The source's next sync runs the id listing: its last one is older than the sweep interval. */
const sweepDue = (id: string) =>
  app.sql(`UPDATE sources SET last_sweep_at = now() - interval '2 days' WHERE id = $1`, [id]);

describe('Google Drive', () => {
  it('asks Google for read-only, offline access with a single-use state', async () => {
    const res = await app.rest('GET', '/api/integrations/google_docs/authorize-url', undefined, {
      token: admin.token,
    });
    const url = new URL(res.body.url);
    expect(url.origin + url.pathname).toBe(fake.authUrl);
    expect(url.searchParams.get('scope')).toBe(
      'https://www.googleapis.com/auth/drive.readonly https://www.googleapis.com/auth/admin.directory.group.member.readonly',
    );
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

  it('an idle sync reads the changes feed only: no id listing, no document written', async () => {
    const rows = () =>
      app.sql(`SELECT external_id, seen_run, status FROM documents WHERE source_id = $1`, [
        sourceId,
      ]);
    const before = await rows();
    const mark = fake.requests.length;
    const row = await resync(admin, sourceId);
    expect(row).toMatchObject({ items_seen: 0, items_indexed: 0, items_deleted: 0 });
    // A resync also reads each file's permissions (the connection mirrors Drive's): not counted.
    const drive = fake.requests
      .slice(mark)
      .filter((r) => r.path.startsWith('/drive/v3/') && !readsPermissions(r));
    // The chosen folder, its subfolders level by level, the feed: whatever the number of files.
    expect(drive.map((r) => r.path)).toEqual([
      `/drive/v3/files/${ids.handbook}`,
      '/drive/v3/files',
      '/drive/v3/files',
      '/drive/v3/changes',
    ]);
    expect(fileListings(mark)).toEqual([]);
    expect(await rows()).toEqual(before);
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
    expect(fileListings(mark)).toEqual([]); // the feed said what was trashed
    const docs = await documentsOf(app, sourceId);
    expect(docs.map((d) => d.external_id)).toEqual([`file:${ids.travel}`]);
    expect((await ask(app, admin, 'How much are travel meals reimbursed?')).answer).toMatch(
      /60 euros/,
    );
  });

  it('a folder moved out of the chosen one takes its files out, by an id listing', async () => {
    const archive = fake.addFolder({ name: 'Archive', parents: [ids.handbook!] });
    const memo = fake.addFile({
      name: 'Old memo',
      mimeType: GOOGLE_MIME.document,
      content: 'The gecko budget is frozen.',
      parents: [archive.id],
    });
    await resync(admin, sourceId);
    expect((await documentsOf(app, sourceId)).map((d) => d.external_id)).toContain(
      `file:${memo.id}`,
    );

    fake.moveFile(archive.id, ['root']); // the feed lists the folder, not the memo
    const mark = fake.requests.length;
    const row = await resync(admin, sourceId);
    expect(row.items_deleted).toBe(1);
    expect(fileListings(mark).length).toBeGreaterThan(0);
    expect((await documentsOf(app, sourceId)).map((d) => d.external_id)).toEqual([
      `file:${ids.travel}`,
    ]);
  });

  it('an incomplete search prunes nothing; a shared drive left leaves by an id listing', async () => {
    hal = await newAdmin(app, 'Hal');
    const team = fake.addDrive({ name: 'Team drive' });
    const plan = fake.addFile({
      name: 'Team plan',
      mimeType: GOOGLE_MIME.document,
      content: 'The heron launch is in May.',
      parents: [team.id],
    });
    const res = await authorize(hal, '');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id: string = (halSource = res.body.sourceId);
    await waitForSync(app, id, 0);
    const has = async (file: { id: string }) =>
      (await documentsOf(app, id)).some((d) => d.external_id === `file:${file.id}`);
    const lastSweep = async () =>
      (
        await app.sql<{ age: number }>(
          `SELECT extract(epoch FROM now() - last_sweep_at)::float AS age FROM sources WHERE id = $1`,
          [id],
        )
      )[0]!.age;
    expect(await has(plan)).toBe(true);
    expect(await lastSweep()).toBeLessThan(60); // the full listing counts as one

    // Google searches only some drives: the id listing says so, and nothing is pruned.
    fake.searchSkipsDrives([team.id]);
    await sweepDue(id);
    let mark = fake.requests.length;
    let row = await resync(hal, id);
    expect(fileListings(mark).map((r) => r.query.get('fields'))).toEqual([
      'nextPageToken,incompleteSearch,files(id)',
    ]);
    expect(row.items_deleted).toBe(0);
    expect(await has(plan)).toBe(true);
    expect(await lastSweep()).toBeGreaterThan(86_400); // not a complete sweep: the next sync tries again

    fake.searchSkipsDrives([]);
    mark = fake.requests.length;
    row = await resync(hal, id);
    expect(fileListings(mark)).toHaveLength(1);
    expect(await lastSweep()).toBeLessThan(60);
    expect(await has(plan)).toBe(true);

    // Drive reports the drive, not its files: the sync sweeps, within the interval too.
    fake.leaveDrive(team.id);
    mark = fake.requests.length;
    row = await resync(hal, id);
    expect(fileListings(mark)).toHaveLength(1);
    expect(row.items_deleted).toBe(1);
    expect(await has(plan)).toBe(false);
  });

  it('a file that failed is fetched again only once it changes or its wait is over', async () => {
    fake.exportLimitBytes = 2000;
    const big = fake.addFile({
      name: 'Big doc',
      mimeType: GOOGLE_MIME.document,
      content: 'The ibis report. '.repeat(200),
    });
    const exports = () => fake.count({ path: `/drive/v3/files/${big.id}/export` });
    const state = async () =>
      (
        await app.sql<{
          status: string;
          failed_version: string | null;
          failure_count: number;
          wait: number | null;
        }>(
          `SELECT status, failed_version, failure_count,
                  round(extract(epoch FROM retry_at - now()) / 60)::int AS wait
             FROM documents WHERE source_id = $1 AND external_id = $2`,
          [halSource, `file:${big.id}`],
        )
      )[0];

    let row = await resync(hal, halSource);
    expect(row.items_failed).toBe(1);
    expect(row.last_error).toMatch(
      /^1 item could not be read\. Each is read again as soon as it changes, else after a wait .*“Big doc”: .*10 MB/,
    );
    // Its version, and a wait of one sync interval (30 minutes).
    expect(await state()).toEqual({
      status: 'failed',
      failed_version: big.version,
      failure_count: 1,
      wait: 30,
    });
    expect(exports()).toBe(1);

    // Nothing changed and the wait is not over: not fetched again.
    await resync(hal, halSource);
    expect(exports()).toBe(1);
    expect(await state()).toMatchObject({ failure_count: 1, wait: 30 });

    // The wait is over: fetched again by id (the feed does not list it), and the wait doubles.
    await app.sql(
      `UPDATE documents SET retry_at = now() - interval '1 second' WHERE source_id = $1 AND external_id = $2`,
      [halSource, `file:${big.id}`],
    );
    await resync(hal, halSource);
    expect(exports()).toBe(2);
    expect(await state()).toEqual({
      status: 'failed',
      failed_version: big.version,
      failure_count: 2,
      wait: 60,
    });

    // A new version is fetched at once, and its wait starts over.
    const edited = fake.editFile(big.id, { content: 'The ibis report, revised. '.repeat(200) });
    await resync(hal, halSource);
    expect(exports()).toBe(3);
    expect(await state()).toEqual({
      status: 'failed',
      failed_version: edited.version,
      failure_count: 1,
      wait: 30,
    });

    // Once it can be read, it is indexed and its failure forgotten.
    fake.exportLimitBytes = 10 * 1024 * 1024;
    fake.editFile(big.id, { name: 'Big doc, split' });
    row = await resync(hal, halSource);
    expect(row).toMatchObject({ items_failed: 0, last_error: null });
    expect(await state()).toEqual({
      status: 'indexed',
      failed_version: null,
      failure_count: 0,
      wait: null,
    });
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

/** A request of the permission sync: a file's permissions (its grants, or their listing). */
function readsPermissions(r: { path: string; query: URLSearchParams }) {
  return r.path.endsWith('/permissions') || (r.query.get('fields') ?? '').includes('permissions(');
}
