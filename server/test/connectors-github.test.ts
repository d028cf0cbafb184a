import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAdmin, type Account } from './helpers/accounts.js';
import {
  ask,
  connect,
  documentsOf,
  githubEnv,
  sourceRow,
  waitForSync,
} from './helpers/connectors.js';
import { startFakeGitHub, type FakeGitHub } from './helpers/fake-github.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';

let fake: FakeGitHub;
let app: TestApp;
let admin: Account;
let sourceId: string;
let incident: number;
const TOKEN = 'github_pat_11AAAAAA0secretsecretsecret';

beforeAll(async () => {
  fake = await startFakeGitHub();
  fake.addRepo({ owner: 'acme', name: 'api', hasDiscussions: true });
  fake.addRepo({ owner: 'acme', name: 'secret', private: true });
  fake.addToken(TOKEN, { login: 'ada', repos: ['acme/api'] });
  incident = fake.addIssue({
    repo: 'acme/api',
    title: 'Deploys fail with the wombat error',
    body: 'Every deploy since Tuesday fails.',
    user: 'grace',
    labels: ['incident'],
    comments: ['Looking.', { body: 'Root cause: the okapi certificate expired.', user: 'ada' }],
  });
  for (let n = 1; n <= 30; n++)
    fake.addIssue({ repo: 'acme/api', title: `Chore ${n}`, body: `Routine chore ${n}.` });
  fake.addDiscussion({
    repo: 'acme/api',
    title: 'How do we rotate keys?',
    body: 'We rotate the capybara signing key every month.',
  });
  fake.putFile('acme/api', 'README.md', '# API\n\nThe API answers on port 7070.');
  fake.putFile('acme/api', 'docs/oncall.md', '# On call\n\nPage the marmot rotation first.');
  app = await startTestApp(githubEnv(fake));
  admin = await newAdmin(app);
});

afterAll(async () => {
  await app?.stop();
  await fake?.close();
});

const save = (user: Account, body: Record<string, unknown>) =>
  app.rest('POST', '/api/save-integration/github', body, { token: user.token });

async function resync() {
  const before = (await sourceRow(app, sourceId)).sync_run;
  const started = await app.rest('POST', '/api/integrations/github/resync', undefined, {
    token: admin.token,
  });
  expect(started.status).toBe(202);
  const row = await waitForSync(app, sourceId, before);
  expect(row.status, row.last_error ?? '').toBe('idle');
  return row;
}

/** Seconds since the source's last complete listing. */
async function sinceSweep() {
  const [row] = await app.sql<{ age: number }>(
    `SELECT extract(epoch FROM now() - last_sweep_at)::float AS age FROM sources WHERE id = $1`,
    [sourceId],
  );
  return row!.age;
}

describe('GitHub', () => {
  it('refuses a missing repository list, a bad token and a repository the token cannot read', async () => {
    const none = await save(admin, { password: TOKEN, spacekey: '' });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ error: 'BAD_USER_INPUT', field: 'spacekey' });

    const bad = await save(admin, { password: 'github_pat_wrong', spacekey: 'acme/api' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('INVALID_CREDENTIALS');
    expect(bad.body.message).toMatch(/GitHub refused the credentials/);

    const hidden = await save(admin, { password: TOKEN, spacekey: 'acme/api, acme/secret' });
    expect(hidden.status).toBe(400);
    expect(hidden.body.error).toBe('INVALID_SETTINGS');
    expect(hidden.body.message).toContain('acme/secret');
    expect(await app.sql(`SELECT id FROM sources WHERE kind = 'github'`)).toEqual([]);
  });

  it('indexes issues with comments, discussions and Markdown docs, citing them on GitHub', async () => {
    const row = await connect(app, admin, 'github', {
      domain: '',
      username: '',
      password: TOKEN,
      // A repository URL is accepted as well as owner/name.
      spacekey: `${fake.url}/acme/api`,
    });
    sourceId = row.id;
    expect(row.status).toBe('idle');
    expect(row.items_failed).toBe(0);
    const docs = await documentsOf(app, sourceId);
    const byType = (type: string) => docs.filter((d) => d.external_id.startsWith(type));
    expect(byType('issue:')).toHaveLength(31);
    expect(byType('discussion:')).toHaveLength(1);
    expect(byType('file:').map((d) => d.external_id)).toEqual([
      'file:acme/api:README.md',
      'file:acme/api:docs/oncall.md',
    ]);
    expect(docs.every((d) => d.status === 'indexed')).toBe(true);

    const answer = await ask(app, admin, 'What was the root cause of the wombat deploy error?');
    expect(answer.sources[0]!.url).toBe(`${fake.url}/acme/api/issues/${incident}`);
    expect(answer.answer).toMatch(/okapi certificate/);
    const docsAnswer = await ask(app, admin, 'Who do we page first on call?', ['github']);
    expect(docsAnswer.sources[0]!.url).toMatch(/\/acme\/api\/blob\/main\/docs\/oncall\.md$/);
  });

  it('shows the connection without ever sending the token back', async () => {
    const read = await app.rest('GET', '/api/get-integration/github', undefined, {
      token: admin.token,
    });
    expect(read.body).toMatchObject({ domain: '', password: '••••••••', spacekey: 'acme/api' });
    const gql = await app.graphqlRaw(
      `{ sources { kind name connection { status authMode site account keys } } }`,
      {},
      admin.token,
    );
    const github = gql.data.sources.find((s: { kind: string }) => s.kind === 'github');
    expect(github).toMatchObject({
      name: 'GitHub · acme/api',
      connection: { status: 'idle', authMode: 'token', keys: ['acme/api'] },
    });
    expect(JSON.stringify(gql)).not.toContain(TOKEN);
    expect((await sourceRow(app, sourceId)).sealed_credentials).not.toContain(TOKEN);
  });

  it('an idle sync asks only for what changed: no complete listing within the sweep interval', async () => {
    expect(await sinceSweep()).toBeLessThan(60); // the first sync listed everything
    const mark = fake.requests.length;
    const row = await resync();
    expect(row).toMatchObject({ items_indexed: 0, items_deleted: 0 });
    const all = fake.requests.slice(mark);
    // A resync also reads the permissions (the connection mirrors GitHub's), as a job of its own
    // that may run now or once the content sync is over: at most one more read of the public
    // repository (its visibility; a private one would add its collaborators).
    const repositoryReads = all.filter((r) => r.route === '/repos/acme/api');
    expect(repositoryReads.length).toBeLessThanOrEqual(2);
    const requests = all.filter((r) => r.route !== '/repos/acme/api' || r === repositoryReads[0]);
    // The repository, then its issues, discussions and tree: a handful, whatever the count.
    expect(requests.map((r) => r.route)).toEqual([
      '/repos/acme/api',
      '/repos/acme/api/issues',
      '/graphql',
      '/repos/acme/api/git/trees/main',
    ]);
    expect(requests[1]!.query.has('since')).toBe(true);
    expect(requests[2]!.body.query).toMatch(/UPDATED_AT/);
  });

  it('a later sync picks up a new comment at once, and drops a deleted file and issue at the next sweep', async () => {
    fake.addComment('acme/api', incident, 'Fixed by renewing the certificate with the ibex tool.');
    fake.deleteFile('acme/api', 'README.md');
    fake.deleteIssue('acme/api', incident + 1);
    let row = await resync();
    expect(row).toMatchObject({ items_indexed: 1, items_deleted: 0 });
    const answer = await ask(app, admin, 'Which tool renewed the certificate?');
    expect(answer.answer).toMatch(/ibex/);
    expect(await documentsOf(app, sourceId)).toHaveLength(34);

    // A day on (CONNECTOR_SWEEP_HOURS, 24 by default), the sync lists every id and prunes.
    await app.sql(`UPDATE sources SET last_sweep_at = now() - interval '25 hours' WHERE id = $1`, [
      sourceId,
    ]);
    const mark = fake.requests.length;
    row = await resync();
    expect(row.items_deleted).toBe(2);
    const complete = fake.requests
      .slice(mark)
      .filter((r) => r.route === '/repos/acme/api/issues' && !r.query.has('since'));
    expect(complete).toHaveLength(1);
    expect(await sinceSweep()).toBeLessThan(60);
    const ids = (await documentsOf(app, sourceId)).map((d) => d.external_id);
    expect(ids).not.toContain('file:acme/api:README.md');
    expect(ids).not.toContain(`issue:acme/api#${incident + 1}`);
    expect(ids).toHaveLength(32);
  });

  it('keeps another workspace out', async () => {
    const other = await newAdmin(app, 'Eve');
    expect((await ask(app, other, 'What was the root cause of the wombat error?')).sources).toEqual(
      [],
    );
    const resync = await app.rest('POST', '/api/integrations/github/resync', undefined, {
      token: other.token,
    });
    expect(resync.status).toBe(409);
    const read = await app.rest('GET', '/api/get-integration/github', undefined, {
      token: other.token,
    });
    expect(read.body.spacekey).toBe('');
  });

  it('a revoked token stops the sync with Reconnect needed, keeping what was indexed', async () => {
    fake.revokeToken(TOKEN);
    const before = (await sourceRow(app, sourceId)).sync_run;
    await app.rest('POST', '/api/integrations/github/resync', undefined, { token: admin.token });
    const row = await waitForSync(app, sourceId, before);
    expect(row.status).toBe('needs_reauth');
    expect(row.last_error).toMatch(/GitHub refused the credentials/);
    expect(await documentsOf(app, sourceId)).toHaveLength(32);
  });
});
