import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAdmin, type Account } from './helpers/accounts.js';
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
let sourceId: string;
const EMAIL = 'grace@acme.test';
const TOKEN = 'ATATT3x-jira-secret-token-0002';

const adf = (...paragraphs: string[]) => ({
  version: 1,
  type: 'doc',
  content: paragraphs.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })),
});

beforeAll(async () => {
  fake = await startFakeAtlassian();
  fake.addApiToken(EMAIL, TOKEN);
  fake.addProject({ key: 'OPS', name: 'Operations' });
  fake.addProject({ key: 'WEB', name: 'Website' });
  fake.addProject({ key: 'HR', name: 'People' });
  for (let n = 1; n <= 120; n++)
    fake.addIssue({
      projectKey: 'OPS',
      summary: `Routine task ${n}`,
      description: `Chore number ${n}.`,
    });
  fake.addIssue({
    projectKey: 'OPS',
    summary: 'API pods restart loop',
    description: adf('Pods restart every five minutes after the kumquat deploy.'),
    status: 'In Progress',
    assignee: 'Ada Lovelace',
    labels: ['incident'],
    // More comments than the search answer carries inline (20).
    comments: [
      ...Array.from({ length: 25 }, (_, i) => ({
        author: 'Grace Hopper',
        body:
          i === 24 ? adf('Root cause: the quokka cache expired.') : adf(`Looking at it (${i}).`),
      })),
      // Restricted to a role: more people read the issue than the comment, so it is left out.
      {
        author: 'Grace Hopper',
        body: adf('The axolotl contractor is being let go.'),
        visibility: { type: 'role' as const, value: 'Administrators' },
      },
    ],
  });
  fake.addIssue({
    projectKey: 'WEB',
    summary: 'Footer link broken',
    description: 'The pangolin page 404s.',
  });
  fake.addIssue({
    projectKey: 'HR',
    summary: 'Private matter',
    description: 'Salary of the narwhal.',
  });
  app = await startTestApp(connectorEnv(fake));
  admin = await newAdmin(app);
});

afterAll(async () => {
  await app?.stop();
  await fake?.close();
});

describe('Jira', () => {
  it('refuses an unknown project with a readable 4xx', async () => {
    const res = await app.rest(
      'POST',
      '/api/save-integration/jira',
      { domain: fake.url, username: EMAIL, password: TOKEN, spacekey: 'OPS, NOPE' },
      { token: admin.token },
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'INVALID_SETTINGS' });
    expect(res.body.message).toMatch(/no project "NOPE"/);
  });

  it('syncs the chosen projects and cites issues by their browse URL', async () => {
    const row = await connect(app, admin, 'jira', {
      domain: fake.url,
      username: EMAIL,
      password: TOKEN,
      spacekey: 'ops, web',
    });
    sourceId = row.id;
    expect(row).toMatchObject({
      status: 'idle',
      items_indexed: 122,
      items_total: 122,
      items_failed: 0,
    });

    const answer = await ask(app, admin, 'Why do the API pods restart?', ['jira']);
    const cited = answer.sources[0]!;
    expect(cited.title).toMatch(/^OPS-\d+: API pods restart loop$/);
    expect(cited.url).toBe(`${fake.url}/browse/${cited.title.split(':')[0]}`);
    // The 25th comment came from the comment pages, not the search answer.
    expect(
      (await ask(app, admin, 'What was the root cause with the quokka cache?')).answer,
    ).toMatch(/quokka cache expired/);
    expect((await ask(app, admin, 'What is the salary of the narwhal?')).sources).toEqual([]);
    expect((await ask(app, admin, 'Which axolotl contractor is let go?')).sources).toEqual([]);
    expect((await ask(app, admin, 'Why do the API pods restart?', ['confluence'])).sources).toEqual(
      [],
    );

    const searches = fake.requests.filter((r) => r.path.endsWith('/rest/api/3/search/jql'));
    expect(searches[0]!.body.jql).toMatch(/^project in \("OPS", "WEB"\)/);
    expect(searches[0]!.body.jql).not.toMatch(/updated/);
    expect(fake.requests.some((r) => r.path.endsWith('/rest/api/3/search'))).toBe(false);
  });

  it('later syncs ask only for what changed (epoch ms) and remove deleted issues', async () => {
    const docs = await documentsOf(app, sourceId);
    const key = (summary: string) =>
      docs.find((d) => d.title.endsWith(summary))!.title.split(':')[0]!;
    fake.editIssue(key('Footer link broken'), {
      addComment: { body: 'Fixed by the axolotl patch.' },
    });
    fake.deleteIssue(key('Routine task 3'));
    const before = (await sourceRow(app, sourceId)).sync_run;
    const mark = fake.requests.length;
    const res = await app.rest('POST', '/api/integrations/jira/resync', undefined, {
      token: admin.token,
    });
    expect(res.status).toBe(202);
    const row = await waitForSync(app, sourceId, before);
    expect(row).toMatchObject({ status: 'idle', items_indexed: 1, items_deleted: 1 });

    const searches = fake.requests.slice(mark).filter((r) => r.path.endsWith('/search/jql'));
    const changes = searches.find((r) => /updated >= \d{13}\b/.test(r.body.jql));
    expect(changes, 'an incremental query with unquoted epoch milliseconds').toBeTruthy();
    const idListing = searches.find((r) => JSON.stringify(r.body.fields) === '["id"]');
    expect(idListing?.body.maxResults).toBe(5000);
    expect((await ask(app, admin, 'Which patch fixed the footer?')).answer).toMatch(/axolotl/);
    expect((await documentsOf(app, sourceId)).some((d) => d.title.endsWith('Routine task 3'))).toBe(
      false,
    );
  });

  it('an issue that fails is not fetched again until it changes or its wait is over', async () => {
    const doc = (await documentsOf(app, sourceId)).find((d) =>
      d.title.endsWith('API pods restart loop'),
    )!;
    const key = doc.title.split(':')[0]!;
    fake.editIssue(key, { addComment: { body: 'Still restarting.' } });
    // Its comments (more than the search answer carries) cannot be read.
    const comments = { path: `/rest/api/3/issue/${key}/comment` };
    fake.failNext(comments, { status: 500, body: { errorMessages: ['boom'] } }, 20);
    const resync = async () => {
      const before = (await sourceRow(app, sourceId)).sync_run;
      await app.rest('POST', '/api/integrations/jira/resync', undefined, { token: admin.token });
      return waitForSync(app, sourceId, before);
    };
    const failed = await resync();
    fake.clearFaults();
    expect(failed).toMatchObject({ status: 'idle', items_failed: 1 });
    const [row] = await app.sql<{ status: string; failed_version: string; failure_count: number }>(
      `SELECT status, failed_version, failure_count FROM documents WHERE id = $1`,
      [doc.id],
    );
    expect(row).toEqual({
      status: 'failed',
      failed_version: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      failure_count: 1,
    });

    // Listed again (updated within the window) at the version that failed: not fetched.
    const mark = fake.requests.length;
    const again = await resync();
    expect(again).toMatchObject({ status: 'idle', items_failed: 0, items_indexed: 0 });
    expect(fake.requests.slice(mark).filter((r) => r.path.endsWith(comments.path))).toEqual([]);
    expect((await documentsOf(app, sourceId)).find((d) => d.id === doc.id)!.status).toBe('failed');
  });
});
