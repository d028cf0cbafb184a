import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, newAdmin, type Account } from './helpers/accounts.js';
import {
  ask,
  connect,
  connectorEnv,
  documentsOf,
  sourceRow,
  waitForSync,
} from './helpers/connectors.js';
import { startFakeAtlassian, type FakeAtlassian } from './helpers/fake-atlassian.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';

let fake: FakeAtlassian;
let app: TestApp;
let admin: Account;
const EMAIL = 'ada@acme.test';
const TOKEN = 'ATATT3x-confluence-secret-token-0001';
let settings: { domain: string; username: string; password: string; spacekey: string };
let sourceId: string;

const bodyOf = (n: number) =>
  `<h2>Runbook ${n}</h2><p>Service ${n} restarts with <code>svc-${n} restart</code>.</p>`;

beforeAll(async () => {
  fake = await startFakeAtlassian();
  fake.addApiToken(EMAIL, TOKEN);
  fake.addSpace({ key: 'ENG', name: 'Engineering' });
  fake.addSpace({ key: 'OPS', name: 'Operations' });
  // More than one listing page (250) in ENG, plus blog posts and a second space.
  for (let n = 1; n <= 260; n++)
    fake.addPage({ spaceKey: 'ENG', title: `Runbook ${n}`, storage: bodyOf(n) });
  fake.addPage({
    spaceKey: 'ENG',
    title: 'Expense policy',
    storage:
      '<p>Meals during travel are reimbursed up to <strong>45 euros</strong> a day.</p><ac:structured-macro ac:name="code"><ac:plain-text-body><![CDATA[expense submit --receipt]]></ac:plain-text-body></ac:structured-macro>',
  });
  fake.addPage({
    spaceKey: 'ENG',
    type: 'blogpost',
    title: 'Launch week',
    storage: '<p>The zeppelin launch is on Friday.</p>',
  });
  fake.addPage({
    spaceKey: 'OPS',
    title: 'Pager duty',
    storage: '<p>The pager rotates every Monday at nine.</p>',
  });
  app = await startTestApp(connectorEnv(fake));
  admin = await newAdmin(app);
  settings = { domain: fake.url, username: EMAIL, password: TOKEN, spacekey: 'ENG, OPS' };
});

afterAll(async () => {
  await app?.stop();
  await fake?.close();
});

describe('saving settings checks them live', () => {
  it('refuses a wrong token with a readable 4xx and creates nothing', async () => {
    const before = fake.requests.length;
    const res = await app.rest(
      'POST',
      '/api/save-integration/confluence',
      { ...settings, password: 'wrong-token' },
      { token: admin.token },
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('INVALID_CREDENTIALS');
    expect(res.body.message).toMatch(/Confluence refused the credentials \(HTTP 401/);
    const sent = fake.requests.slice(before);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent[0]!.headers.authorization).toBe(
      `Basic ${Buffer.from(`${EMAIL}:wrong-token`).toString('base64')}`,
    );
    expect(await app.sql(`SELECT id FROM sources WHERE kind = 'confluence'`)).toEqual([]);
  });

  it('refuses an unknown space key', async () => {
    const res = await app.rest(
      'POST',
      '/api/save-integration/confluence',
      { ...settings, spacekey: 'NOPE' },
      { token: admin.token },
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'INVALID_SETTINGS', field: 'spacekey' });
    expect(res.body.message).toMatch(/"NOPE"/);
  });

  it('refuses bad input and members without source.write', async () => {
    const member = await addMember(app, admin, ['customer_facing']);
    const denied = await app.rest('POST', '/api/save-integration/confluence', settings, {
      token: member.token,
    });
    expect(denied.status).toBe(403);
    const read = await app.rest('GET', '/api/get-integration/confluence', undefined, {
      token: member.token,
    });
    expect(read.status).toBe(403);
    const noScheme = await app.rest(
      'POST',
      '/api/save-integration/confluence',
      { ...settings, domain: 'ftp://example.com' },
      { token: admin.token },
    );
    expect(noScheme).toMatchObject({ status: 400, body: { field: 'domain' } });
    const unknown = await app.rest('POST', '/api/save-integration/notion', settings, {
      token: admin.token,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/Unknown integration/);
  });
});

describe('a full sync', () => {
  it('indexes every page and blog post of the spaces, citing their Confluence pages', async () => {
    const row = await connect(app, admin, 'confluence', settings);
    sourceId = row.id;
    expect(row).toMatchObject({ status: 'idle', items_failed: 0, last_error: null });
    expect(row.items_seen).toBe(263);
    expect(row.items_indexed).toBe(263);
    expect(row.items_total).toBe(263);
    const docs = await documentsOf(app, sourceId);
    expect(docs).toHaveLength(263);
    expect(docs.every((d) => d.status === 'indexed' && d.chunk_count > 0)).toBe(true);

    // Each listing page was asked for once, without bodies; bodies came in bulk.
    const listings = fake.requests.filter((r) => /\/spaces\/\d+\/pages$/.test(r.path));
    const cursors = listings.map((r) => `${r.path}?${r.query.get('cursor')}`);
    expect(new Set(cursors).size).toBe(cursors.length);
    expect(listings.every((r) => r.query.get('body-format') === null)).toBe(true);

    const answer = await ask(app, admin, 'How much are travel meals reimbursed?', ['confluence']);
    expect(answer.answer).toMatch(/45 euros/);
    const cited = answer.sources[0]!;
    expect(cited.title).toBe('Expense policy');
    expect(cited.url).toMatch(new RegExp(`^${fake.url}/wiki/spaces/ENG/pages/\\d+/Expense`));

    const blog = await ask(app, admin, 'When is the zeppelin launch?');
    expect(blog.sources[0]!.url).toMatch(/\/wiki\/spaces\/ENG\/blog\//);
    expect(blog.sources[0]!.title).toBe('Launch week');
  });

  it('narrows answers by integration and keeps the token out of every answer', async () => {
    const onlyJira = await ask(app, admin, 'How much are travel meals reimbursed?', ['jira']);
    expect(onlyJira.sources).toEqual([]);
    const read = await app.rest('GET', '/api/get-integration/confluence', undefined, {
      token: admin.token,
    });
    expect(read.body).toEqual({
      domain: fake.url,
      username: EMAIL,
      password: '••••••••',
      spacekey: 'ENG, OPS',
    });
    const gql = await app.graphqlRaw(
      `{ sources { kind connection { status site account keys itemsTotal lastError } documents(first: 2) { webUrl fileType } } }`,
      {},
      admin.token,
    );
    const confluence = gql.data.sources.find((s: { kind: string }) => s.kind === 'confluence');
    expect(confluence.connection).toMatchObject({
      status: 'idle',
      site: fake.url,
      account: EMAIL,
      keys: ['ENG', 'OPS'],
      itemsTotal: 263,
    });
    expect(confluence.documents).toHaveLength(2);
    expect(JSON.stringify(gql)).not.toContain(TOKEN);
    const row = await sourceRow(app, sourceId);
    expect(row.sealed_credentials).toMatch(/^v1\./);
    expect(row.sealed_credentials).not.toContain(TOKEN);
  });

  it('keeps another workspace out', async () => {
    const other = await newAdmin(app, 'Eve');
    const answer = await ask(app, other, 'How much are travel meals reimbursed?');
    expect(answer.sources).toEqual([]);
    const resync = await app.rest('POST', '/api/resync-confluence', undefined, {
      token: other.token,
    });
    expect(resync.status).toBe(409);
    expect(resync.body.error).toBe('NOT_CONFIGURED');
    const steal = await app.graphqlRaw(
      `mutation($id: ID!) { resyncSource(id: $id) { id } }`,
      { id: sourceId },
      other.token,
    );
    expect(steal.errors?.[0].extensions.code).toBe('NOT_FOUND');
    const read = await app.rest('GET', '/api/get-integration/confluence', undefined, {
      token: other.token,
    });
    expect(read.body.domain).toBe('');
  });
});

describe('incremental syncs', () => {
  it('fetches only new and changed bodies, and removes trashed and hidden pages', async () => {
    const pages = await documentsOf(app, sourceId);
    const id = (title: string) => pages.find((d) => d.title === title)!.external_id.split(':')[1]!;
    fake.editPage(id('Runbook 7'), { storage: '<p>Runbook 7 now says: call the zebra team.</p>' });
    const added = fake.addPage({
      spaceKey: 'OPS',
      title: 'New hire guide',
      storage: '<p>Laptops come from the IT desk on day one.</p>',
    });
    fake.trashPage(id('Runbook 8'));
    fake.restrictPage(id('Runbook 9'));
    const before = (await sourceRow(app, sourceId)).sync_run;
    const mark = fake.requests.length;

    const started = Date.now();
    const res = await app.rest('POST', '/api/resync-confluence', undefined, { token: admin.token });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(res.status).toBe(202);
    expect(res.body.sources[0]).toMatchObject({ id: sourceId });
    const row = await waitForSync(app, sourceId, before);

    expect(row).toMatchObject({
      status: 'idle',
      items_indexed: 2,
      items_deleted: 2,
      items_failed: 0,
    });
    expect(row.items_total).toBe(262);
    // Bodies were asked for the edited and the added page only.
    const bodyIds = fake.requests
      .slice(mark)
      .filter((r) => r.query.get('body-format') === 'storage')
      .flatMap((r) => r.query.getAll('id'));
    expect(bodyIds.sort()).toEqual([id('Runbook 7'), added.id].sort());

    expect((await ask(app, admin, 'Which team do we call for runbook 7?')).answer).toMatch(/zebra/);
    expect((await ask(app, admin, 'Where do laptops come from?')).sources[0]!.title).toBe(
      'New hire guide',
    );
    const titles = (await documentsOf(app, sourceId)).map((d) => d.title);
    expect(titles).not.toContain('Runbook 8');
    expect(titles).not.toContain('Runbook 9');
  });

  it('runs one sync at a time: resyncs during a sync queue exactly one more', async () => {
    const before = (await sourceRow(app, sourceId)).sync_run;
    const [a, b] = await Promise.all([
      app.rest('POST', '/api/resync-confluence', undefined, { token: admin.token }),
      app.rest('POST', '/api/resync-confluence', undefined, { token: admin.token }),
    ]);
    expect([a.status, b.status]).toEqual([202, 202]);
    const live = await app.sql(
      `SELECT id FROM jobs WHERE singleton_key = $1 AND status IN ('queued', 'running')`,
      [`source-sync:${sourceId}`],
    );
    expect(live).toHaveLength(1);
    // Asked again while it runs: one more sync follows, not one per click.
    for (let i = 0; ; i++) {
      const row = await sourceRow(app, sourceId);
      if (row.checkpoint !== null) break;
      if (i > 200) throw new Error('the sync did not start');
      await new Promise((r) => setTimeout(r, 10));
    }
    for (let i = 0; i < 3; i++)
      await app.rest('POST', '/api/resync-confluence', undefined, { token: admin.token });
    const second = await waitForSync(app, sourceId, before + 1);
    expect(second.sync_run).toBe(before + 2);
    await new Promise((r) => setTimeout(r, 500));
    const after = await sourceRow(app, sourceId);
    expect(after).toMatchObject({ sync_run: before + 2, checkpoint: null, status: 'idle' });
  });
});

describe('failures', () => {
  async function resync() {
    const before = (await sourceRow(app, sourceId)).sync_run;
    await app.rest('POST', '/api/resync-confluence', undefined, { token: admin.token });
    return waitForSync(app, sourceId, before);
  }

  it('a page whose body fails fails alone, keeps its old text, and is fetched again after a wait', async () => {
    const pages = await documentsOf(app, sourceId);
    const victim = pages.find((d) => d.title === 'Runbook 12')!;
    const victimId = victim.external_id.split(':')[1]!;
    fake.editPage(victimId, { storage: '<p>Runbook 12 changed: page the walrus.</p>' });
    fake.editPage(pages.find((d) => d.title === 'Runbook 13')!.external_id.split(':')[1]!, {
      storage: '<p>Runbook 13 changed too: ask the otter.</p>',
    });
    // The bulk request fails, and so does every single fetch of the victim.
    // (Four times: the first answer and the client's three retries.) Only content reads count:
    // the source mirrors Confluence's permissions, whose reads list pages by id too.
    fake.failNext(
      (r) =>
        r.path.endsWith('/wiki/api/v2/pages') && r.query.getAll('id').length > 0 && readsBody(r),
      { status: 500 },
      4,
    );
    fake.failNext(
      { path: `/wiki/api/v2/pages/${victimId}` },
      { status: 500, body: { message: 'boom' } },
      10,
    );

    const row = await resync();
    fake.clearFaults();
    expect(row).toMatchObject({
      status: 'idle',
      items_failed: 1,
      items_indexed: 1,
      items_deleted: 0,
    });
    expect(row.last_error).toMatch(/1 item could not be read.*Runbook 12/);
    const doc = (await documentsOf(app, sourceId)).find(
      (d) => d.external_id === victim.external_id,
    )!;
    expect(doc.status).toBe('failed');
    expect(doc.error).toMatch(/HTTP 500/);
    // Its previous text is still answerable; the other change went through.
    expect((await ask(app, admin, 'How does service 12 restart?')).sources[0]!.title).toBe(
      'Runbook 12',
    );
    expect((await ask(app, admin, 'Who do we ask in runbook 13?')).answer).toMatch(/otter/);

    // Listed again at the version that failed, before its wait (a sync interval) is over: it
    // is not fetched, and stays failed with its old text.
    const mark = fake.requests.length;
    const waiting = await resync();
    expect(waiting).toMatchObject({ items_failed: 0, items_indexed: 0 });
    expect(waiting.last_error).toMatch(/1 item could not be read\. Each is read again as soon/);
    const asked = fake.requests
      .slice(mark)
      .filter(
        (r) =>
          readsBody(r) &&
          (r.path.endsWith(`/pages/${victimId}`) || r.query.getAll('id').includes(victimId)),
      );
    expect(asked).toEqual([]);
    const [failed] = await app.sql<{ failed_version: string; failure_count: number }>(
      `SELECT failed_version, failure_count FROM documents WHERE id = $1`,
      [victim.id],
    );
    expect(failed).toEqual({ failed_version: expect.stringMatching(/^\d+$/), failure_count: 1 });

    await app.sql(`UPDATE documents SET retry_at = now() - interval '1 second' WHERE id = $1`, [
      victim.id,
    ]);
    const healed = await resync();
    expect(healed).toMatchObject({ items_failed: 0, last_error: null });
    expect((await ask(app, admin, 'Who do we page in runbook 12?')).answer).toMatch(/walrus/);
  });

  it('waits out a short Retry-After and reschedules a long one without spending attempts', async () => {
    fake.rateLimit((r) => /\/spaces\/\d+\/pages$/.test(r.path), 1, 1);
    const mark = fake.requests.length;
    const row = await resync();
    expect(row.status).toBe('idle');
    const listing = fake.requests.slice(mark).filter((r) => /\/spaces\/\d+\/pages$/.test(r.path));
    expect(listing[1]!.at - listing[0]!.at).toBeGreaterThanOrEqual(950);

    await app.server.services.jobs.stop();
    fake.rateLimit((r) => /\/spaces\/\d+\/pages$/.test(r.path), 600, 1);
    const before = (await sourceRow(app, sourceId)).sync_run;
    await app.rest('POST', '/api/resync-confluence', undefined, { token: admin.token });
    const [job] = await app.sql(
      `SELECT id FROM jobs WHERE singleton_key = $1 AND status = 'queued'`,
      [`source-sync:${sourceId}`],
    );
    app.server.services.jobs.start();
    for (let i = 0; i < 100; i++) {
      const [j] = await app.sql(
        `SELECT status, attempts, run_at, last_error FROM jobs WHERE id = $1`,
        [job.id],
      );
      if (j.status === 'queued' && j.run_at.getTime() > Date.now() + 500_000) {
        expect(j.attempts).toBe(0);
        expect(j.last_error).toMatch(/asked to slow down/);
        break;
      }
      if (i === 99) throw new Error(`not rescheduled: ${JSON.stringify(j)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const waiting = await sourceRow(app, sourceId);
    expect(waiting.status).toBe('syncing');
    expect(waiting.last_error).toMatch(/asked to slow down/);
    // Bring it back now; the sync resumes from its checkpoint and finishes.
    await app.sql(`UPDATE jobs SET run_at = now() WHERE id = $1`, [job.id]);
    app.server.services.jobs.kick();
    expect((await waitForSync(app, sourceId, before)).status).toBe('idle');
  });

  it('prunes nothing after an empty page that still links to a next one', async () => {
    const count = (await documentsOf(app, sourceId)).length;
    fake.emptyPageWithNext((r) => /\/spaces\/\d+\/pages$/.test(r.path) && !r.query.get('cursor'));
    const row = await resync();
    expect(row).toMatchObject({ status: 'idle', items_deleted: 0 });
    expect(await documentsOf(app, sourceId)).toHaveLength(count);
  });

  it('never prunes when the listing fails midway', async () => {
    const count = (await documentsOf(app, sourceId)).length;
    fake.failNext(
      (r) => /\/spaces\/\d+\/pages$/.test(r.path) && Boolean(r.query.get('cursor')),
      { status: 503 },
      100,
    );
    const row = await resync();
    expect(row.status).toBe('error');
    expect(row.last_error).toMatch(/kept failing \(HTTP 503/);
    expect(await documentsOf(app, sourceId)).toHaveLength(count);
    expect((await ask(app, admin, 'How much are travel meals reimbursed?')).answer).toMatch(
      /45 euros/,
    );
    fake.clearFaults();
  });

  it('a refused token stops the sync with needs_reauth and no retry loop', async () => {
    const mark = fake.requests.length;
    fake.failNext((r) => r.path.includes('/wiki/'), { status: 401 }, 1000);
    const row = await resync();
    expect(row.status, row.last_error ?? '').toBe('needs_reauth');
    expect(row.last_error).toMatch(/refused the credentials/);
    const sent = fake.requests.length - mark;
    expect(sent).toBeLessThan(5);
    await new Promise((r) => setTimeout(r, 1500));
    expect(fake.requests.length - mark).toBe(sent);
    // Resync alone cannot help; saving the credentials again does.
    const again = await app.rest('POST', '/api/resync-confluence', undefined, {
      token: admin.token,
    });
    expect(again.body.sources[0].status).toBe('needs_reauth');
    fake.clearFaults();
  });
});

/** A request for pages' content (the permission reads list pages without their bodies). */
function readsBody(r: { query: URLSearchParams }) {
  return r.query.get('body-format') === 'storage';
}
