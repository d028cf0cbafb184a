import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFakeAtlassian, type FakeAtlassian } from './helpers/fake-atlassian.js';

// The fake itself, spoken to with plain fetch, so connector tests can trust what it answers.

const EMAIL = 'ada@example.com';
const TOKEN = 'api-token-1';
const REDIRECT_URI = 'https://lumen.example/app/connectors';
const SCOPE = 'read:page:confluence read:space:confluence offline_access';

const basic = (email = EMAIL, token = TOKEN) =>
  `Basic ${Buffer.from(`${email}:${token}`).toString('base64')}`;

let fake: FakeAtlassian;
let eng: { id: string; key: string };
let engPages: { id: string; title: string; webui: string }[];
let blogPosts: { id: string }[];

interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

/** One request; `path` is under the fake's url unless it is a whole URL. Basic auth by default. */
async function call(
  path: string,
  init: {
    method?: string;
    auth?: string | null;
    json?: unknown;
    form?: Record<string, string>;
  } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  const auth = init.auth === undefined ? basic() : init.auth;
  if (auth) headers.authorization = auth;
  let body: string | undefined;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  } else if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(init.form).toString();
  }
  const res = await fetch(path.startsWith('http') ? path : `${fake.url}${path}`, {
    method: init.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
    redirect: 'manual',
  });
  const text = await res.text();
  let parsed: any = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, headers: res.headers, body: parsed };
}

const search = (body: object, auth?: string | null, base = '') =>
  call(`${base}/rest/api/3/search/jql`, { json: body, auth });

async function exchange(code: string, extra: Record<string, string> = {}) {
  return call('/oauth/token', {
    auth: null,
    json: {
      grant_type: 'authorization_code',
      client_id: fake.clientId,
      client_secret: fake.clientSecret,
      code,
      redirect_uri: REDIRECT_URI,
      ...extra,
    },
  });
}

async function tokens(): Promise<{ access_token: string; refresh_token: string; scope: string }> {
  const res = await exchange(fake.issueCode({ redirectUri: REDIRECT_URI, scope: SCOPE }));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

function refresh(refreshToken: string, secret = fake.clientSecret) {
  return call('/oauth/token', {
    auth: null,
    json: {
      grant_type: 'refresh_token',
      client_id: fake.clientId,
      client_secret: secret,
      refresh_token: refreshToken,
    },
  });
}

const linkTarget = (res: Answer) =>
  /^<([^>]+)>; rel="next"$/.exec(res.headers.get('link') ?? '')?.[1];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  fake = await startFakeAtlassian();
  fake.addApiToken(EMAIL, TOKEN);
  eng = fake.addSpace({ key: 'ENG', name: 'Engineering' });
  fake.addSpace({ key: 'OPS', name: 'Operations' });
  engPages = [];
  for (let i = 1; i <= 7; i++)
    engPages.push(
      fake.addPage({ spaceKey: 'ENG', title: `Deploy guide ${i}`, storage: `<p>Step ${i}</p>` }),
    );
  blogPosts = [1, 2].map((i) =>
    fake.addPage({
      spaceKey: 'ENG',
      title: `Release notes ${i}`,
      storage: `<p>Shipped ${i}</p>`,
      type: 'blogpost',
    }),
  );
  fake.addPage({ spaceKey: 'OPS', title: 'On-call runbook', storage: '<h1>Runbook</h1>' });
  fake.addProject({ key: 'OPS', name: 'Operations' });
  for (let i = 1; i <= 7; i++) fake.addIssue({ projectKey: 'OPS', summary: `Outage ${i}` });
  fake.addProject({ key: 'WEB', name: 'Website' });
  fake.addIssue({ projectKey: 'WEB', summary: 'Broken link' });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.clearFaults();
  fake.setLatency(0);
});

describe('site auth and routing', () => {
  it('accepts Basic email:token and answers 401 in each product’s words otherwise', async () => {
    expect((await call('/wiki/api/v2/spaces?keys=ENG')).status).toBe(200);
    const wrong = await call('/wiki/api/v2/spaces', { auth: basic(EMAIL, 'nope') });
    expect(wrong).toMatchObject({
      status: 401,
      body: {
        message: 'Client must be authenticated to access this resource.',
        'status-code': 401,
      },
    });
    expect((await call('/wiki/api/v2/spaces', { auth: null })).status).toBe(401);
    expect((await call('/wiki/api/v2/spaces', { auth: 'Bearer made-up' })).status).toBe(401);

    const jira = await call('/rest/api/3/myself', { auth: basic('eve@example.com', TOKEN) });
    expect(jira.status).toBe(401);
    expect(jira.body.errorMessages[0]).toMatch(/^You are not authenticated/);
    expect(jira.body.errors).toEqual({});
    const me = await call('/rest/api/3/myself');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ emailAddress: EMAIL, displayName: EMAIL });
    expect(me.body.accountId).toEqual(expect.any(String));
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: '/rest/api/3/myself' });
  });

  it('answers unknown routes with 404 JSON', async () => {
    const root = await call('/nothing/here');
    expect(root.status).toBe(404);
    expect(root.body.message).toMatch(/No route/);
    expect(await call('/wiki/api/v2/whiteboards')).toMatchObject({
      status: 404,
      body: { errors: [{ status: 404, code: 'NOT_FOUND', title: 'Not Found' }] },
    });
    const jira = await call('/rest/api/3/dashboard');
    expect(jira.status).toBe(404);
    expect(jira.body.errorMessages).toHaveLength(1);
  });
});

describe('Confluence REST v2', () => {
  it('finds spaces by key, comma-separated or repeated, or lists them all', async () => {
    const both = await call('/wiki/api/v2/spaces?keys=ENG,OPS&status=current');
    expect(both.status).toBe(200);
    expect(both.body.results.map((s: any) => s.key)).toEqual(['ENG', 'OPS']);
    expect(both.body.results[0]).toEqual({
      id: eng.id,
      key: 'ENG',
      name: 'Engineering',
      type: 'global',
      status: 'current',
      _links: { webui: '/spaces/ENG' },
    });
    expect(both.body._links).toEqual({ base: `${fake.url}/wiki` });
    const repeated = await call('/wiki/api/v2/spaces?keys=OPS&keys=ENG');
    expect(repeated.body.results).toHaveLength(2);
    expect((await call('/wiki/api/v2/spaces')).body.results).toHaveLength(2);
    expect((await call('/wiki/api/v2/spaces?keys=NOPE')).body.results).toEqual([]);
  });

  it('pages a space’s pages with limit and cursor, via the Link header and _links.next', async () => {
    const base = `/wiki/api/v2/spaces/${eng.id}/pages`;
    const first = await call(`${base}?status=current&limit=3`);
    expect(first.status).toBe(200);
    expect(first.body.results).toHaveLength(3);
    const next = first.body._links.next as string;
    expect(next).toMatch(new RegExp(`^${base}\\?status=current&limit=3&cursor=.+`));
    expect(linkTarget(first)).toBe(next);
    expect(first.body._links.base).toBe(`${fake.url}/wiki`);

    const second = await call(linkTarget(first)!);
    expect(second.body.results).toHaveLength(3);
    const third = await call(second.body._links.next);
    expect(third.body.results).toHaveLength(1);
    expect(third.body._links).toEqual({ base: `${fake.url}/wiki` });
    expect(third.headers.get('link')).toBeNull();

    const all = [...first.body.results, ...second.body.results, ...third.body.results];
    expect(all.map((p) => p.id)).toEqual(engPages.map((p) => p.id));
    expect(all.every((p) => p.body === undefined)).toBe(true);
    expect(all[0]).toMatchObject({
      id: engPages[0].id,
      status: 'current',
      title: 'Deploy guide 1',
      spaceId: eng.id,
      parentId: null,
      version: { number: 1 },
      _links: { webui: `/spaces/ENG/pages/${engPages[0].id}/Deploy+guide+1` },
    });
    expect(new Date(all[0].version.createdAt).getTime()).not.toBeNaN();
    expect(engPages[0].webui).toBe(all[0]._links.webui);
  });

  it('includes storage bodies only with body-format=storage, and keeps it in next links', async () => {
    const first = await call(`/wiki/api/v2/spaces/${eng.id}/pages?limit=5&body-format=storage`);
    expect(first.body.results[0].body).toEqual({
      storage: { representation: 'storage', value: '<p>Step 1</p>' },
    });
    expect(first.body._links.next).toContain('body-format=storage');
    const second = await call(first.body._links.next);
    expect(second.body.results.map((p: any) => p.body.storage.value)).toEqual([
      '<p>Step 6</p>',
      '<p>Step 7</p>',
    ]);
  });

  it('lists blog posts apart from pages, with blog links; an unknown space is 404', async () => {
    const posts = await call(`/wiki/api/v2/spaces/${eng.id}/blogposts?status=current`);
    expect(posts.body.results.map((p: any) => p.id)).toEqual(blogPosts.map((p) => p.id));
    expect(posts.body.results[0]._links.webui).toBe(
      `/spaces/ENG/blog/${blogPosts[0].id}/Release+notes+1`,
    );
    expect(posts.body.results[0]).not.toHaveProperty('parentId');
    const pages = await call(`/wiki/api/v2/spaces/${eng.id}/pages?limit=250`);
    expect(pages.body.results.map((p: any) => p.id)).not.toContain(blogPosts[0].id);
    expect(await call('/wiki/api/v2/spaces/999999/pages')).toMatchObject({
      status: 404,
      body: { errors: [{ status: 404, code: 'NOT_FOUND', title: 'Not Found' }] },
    });
  });

  it('reads pages in bulk by id; missing ones are simply absent', async () => {
    const [a, , c] = engPages;
    const bulk = await call(
      `/wiki/api/v2/pages?id=${a.id}&id=${c.id}&id=999999&body-format=storage`,
    );
    expect(bulk.status).toBe(200);
    expect(bulk.body.results.map((p: any) => [p.id, p.body.storage.value])).toEqual([
      [a.id, '<p>Step 1</p>'],
      [c.id, '<p>Step 3</p>'],
    ]);
    const plain = await call(`/wiki/api/v2/pages?id=${a.id},${c.id}`);
    expect(plain.body.results).toHaveLength(2);
    expect(plain.body.results[0].body).toBeUndefined();
    const wrongKind = await call(`/wiki/api/v2/blogposts?id=${a.id}&id=${blogPosts[1].id}`);
    expect(wrongKind.body.results.map((p: any) => p.id)).toEqual([blogPosts[1].id]);
  });

  it('reads one page with its body; an edit bumps the version', async () => {
    const page = fake.addPage({ spaceKey: 'OPS', title: 'Backups', storage: '<p>v1</p>' });
    const before = await call(`/wiki/api/v2/pages/${page.id}?body-format=storage`);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({
      id: page.id,
      title: 'Backups',
      version: { number: 1 },
      body: { storage: { representation: 'storage', value: '<p>v1</p>' } },
      _links: { webui: page.webui, base: `${fake.url}/wiki` },
    });
    fake.editPage(page.id, { title: 'Backups and restores', storage: '<p>v2</p>' });
    const after = await call(`/wiki/api/v2/pages/${page.id}?body-format=storage`);
    expect(after.body).toMatchObject({
      title: 'Backups and restores',
      version: { number: 2 },
      body: { storage: { value: '<p>v2</p>' } },
      _links: { webui: `/spaces/OPS/pages/${page.id}/Backups+and+restores` },
    });
    expect(Date.parse(after.body.version.createdAt)).toBeGreaterThan(
      Date.parse(before.body.version.createdAt),
    );
    const post = await call(`/wiki/api/v2/blogposts/${blogPosts[0].id}?body-format=storage`);
    expect(post.body.body.storage.value).toBe('<p>Shipped 1</p>');
    expect((await call(`/wiki/api/v2/blogposts/${page.id}`)).status).toBe(404);
  });

  it('hides trashed and restricted pages from listings, bulk reads and GET', async () => {
    const space = fake.addSpace({ key: 'TMP' });
    const [trashed, restricted, kept] = ['One', 'Two', 'Three'].map((title) =>
      fake.addPage({ spaceKey: 'TMP', title, storage: `<p>${title}</p>` }),
    );
    fake.trashPage(trashed.id);
    fake.restrictPage(restricted.id);
    const listed = await call(`/wiki/api/v2/spaces/${space.id}/pages?status=current`);
    expect(listed.body.results.map((p: any) => p.id)).toEqual([kept.id]);
    const ids = [trashed, restricted, kept].map((p) => `id=${p.id}`).join('&');
    const bulk = await call(`/wiki/api/v2/pages?${ids}`);
    expect(bulk.body.results.map((p: any) => p.id)).toEqual([kept.id]);
    for (const gone of [trashed, restricted])
      expect(await call(`/wiki/api/v2/pages/${gone.id}?body-format=storage`)).toMatchObject({
        status: 404,
        body: { errors: [{ status: 404, code: 'NOT_FOUND', title: 'Not Found' }] },
      });
    // Asking for the trash lists it (restricted pages stay hidden from everyone).
    const trash = await call(`/wiki/api/v2/spaces/${space.id}/pages?status=trashed`);
    expect(trash.body.results.map((p: any) => [p.id, p.status])).toEqual([[trashed.id, 'trashed']]);
  });

  it('refuses a cursor it did not make', async () => {
    const res = await call(`/wiki/api/v2/spaces/${eng.id}/pages?cursor=not-ours`);
    expect(res.status).toBe(400);
  });
});

describe('Jira REST v3', () => {
  it('finds projects by key and lists them a page at a time', async () => {
    const ops = await call('/rest/api/3/project/OPS');
    expect(ops.body).toEqual({ id: expect.any(String), key: 'OPS', name: 'Operations' });
    expect(await call('/rest/api/3/project/NOPE')).toMatchObject({
      status: 404,
      body: { errorMessages: ["No project could be found with key 'NOPE'."], errors: {} },
    });
    const first = await call('/rest/api/3/project/search?startAt=0&maxResults=1');
    expect(first.body).toMatchObject({ values: [{ key: 'OPS' }], startAt: 0, maxResults: 1 });
    expect(first.body.isLast).toBe(false);
    const rest = await call('/rest/api/3/project/search?startAt=1&maxResults=50');
    expect(rest.body.values[0].key).toBe('WEB');
    expect(rest.body.total).toBe(first.body.total);
  });

  it('pages /search/jql with nextPageToken until isLast, by POST and by GET', async () => {
    const keys: string[] = [];
    let token: string | undefined;
    let pages = 0;
    for (;;) {
      const res = await search({
        jql: 'project = OPS',
        maxResults: 3,
        fields: ['summary'],
        ...(token ? { nextPageToken: token } : {}),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      pages++;
      keys.push(...res.body.issues.map((i: any) => i.key));
      if (res.body.isLast) {
        expect(res.body).not.toHaveProperty('nextPageToken');
        break;
      }
      expect(res.body.nextPageToken).toEqual(expect.any(String));
      token = res.body.nextPageToken;
    }
    expect(pages).toBe(3);
    expect(keys).toEqual(['OPS-1', 'OPS-2', 'OPS-3', 'OPS-4', 'OPS-5', 'OPS-6', 'OPS-7']);

    const query = new URLSearchParams({
      jql: 'project in (OPS, "WEB")',
      maxResults: '5',
      fields: 'summary,status',
    });
    const got = await call(`/rest/api/3/search/jql?${query.toString()}`);
    expect(got.body.issues).toHaveLength(5);
    expect(got.body.isLast).toBe(false);
    expect(got.body.issues[0]).toEqual({
      id: expect.any(String),
      key: 'OPS-1',
      self: `${fake.url}/rest/api/3/issue/${got.body.issues[0].id}`,
      fields: { summary: 'Outage 1', status: { name: 'To Do' } },
    });
    const rest = await call(
      `/rest/api/3/search/jql?${query.toString()}&nextPageToken=${got.body.nextPageToken}`,
    );
    expect(rest.body.issues.map((i: any) => i.key)).toEqual(['OPS-6', 'OPS-7', 'WEB-1']);
    expect(rest.body.isLast).toBe(true);
  });

  it('finds what changed since an epoch-ms bound; an edit or a comment bumps updated', async () => {
    fake.addProject({ key: 'CHG' });
    for (const summary of ['a', 'b', 'c']) fake.addIssue({ projectKey: 'CHG', summary });
    await sleep(5);
    const since = Date.now();
    await sleep(2);
    fake.editIssue('CHG-2', { addComment: { author: 'Grace Hopper', body: 'Rolled back.' } });
    const changed = await search({ jql: `project = CHG AND updated >= ${since}` });
    expect(changed.body.issues.map((i: any) => i.key)).toEqual(['CHG-2']);
    const fields = changed.body.issues[0].fields;
    expect(Date.parse(fields.updated)).toBeGreaterThanOrEqual(since);
    expect(fields.comment.total).toBe(1);
    expect(fields.comment.comments[0].author.displayName).toBe('Grace Hopper');
    const older = await search({ jql: `project = CHG and UPDATED <= ${since}` });
    expect(older.body.issues.map((i: any) => i.key)).toEqual(['CHG-1', 'CHG-3']);
    const bounded = await search({ jql: `updated >= ${since} ORDER BY key` });
    expect(bounded.body.issues.map((i: any) => i.key)).toEqual(['CHG-2']);
  });

  it('orders by updated and key, either way', async () => {
    fake.addProject({ key: 'ORD' });
    // The three are created in one millisecond (a tie that `key ASC` breaks), even on a busy
    // machine; the edit comes later.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      for (const summary of ['x', 'y', 'z']) fake.addIssue({ projectKey: 'ORD', summary });
      vi.setSystemTime(Date.now() + 5);
      fake.editIssue('ORD-1', { summary: 'x, edited' });
    } finally {
      vi.useRealTimers();
    }
    const byUpdated = await search({ jql: 'project = ORD ORDER BY updated DESC, key ASC' });
    expect(byUpdated.body.issues.map((i: any) => i.key)).toEqual(['ORD-1', 'ORD-2', 'ORD-3']);
    const byKey = await search({ jql: 'PROJECT = "ord" order by key desc' });
    expect(byKey.body.issues.map((i: any) => i.key)).toEqual(['ORD-3', 'ORD-2', 'ORD-1']);
    const ascending = await search({ jql: 'project = ORD ORDER BY updated' });
    expect(ascending.body.issues.map((i: any) => i.key)).toEqual(['ORD-2', 'ORD-3', 'ORD-1']);
  });

  it('answers only the requested fields, all of them by default; 20 comments inline', async () => {
    fake.addProject({ key: 'FLD' });
    const { id, key } = fake.addIssue({
      projectKey: 'FLD',
      summary: 'Pods restart',
      description: 'Pods restart every 5 min.',
      comments: Array.from({ length: 25 }, (_, i) => ({ author: 'Grace', body: `Note ${i + 1}` })),
      status: 'In Progress',
      issueType: 'Bug',
      priority: 'High',
      assignee: 'Ada Lovelace',
      labels: ['infra'],
    });
    const all = await search({ jql: 'project = FLD' });
    const fields = all.body.issues[0].fields;
    expect(Object.keys(fields).sort()).toEqual(
      [
        'assignee',
        'comment',
        'created',
        'description',
        'issuetype',
        'labels',
        'priority',
        'project',
        'reporter',
        'status',
        'summary',
        'updated',
      ].sort(),
    );
    expect(fields).toMatchObject({
      summary: 'Pods restart',
      description: {
        version: 1,
        type: 'doc',
        content: [
          { type: 'paragraph', content: [{ type: 'text', text: 'Pods restart every 5 min.' }] },
        ],
      },
      status: { name: 'In Progress' },
      issuetype: { name: 'Bug' },
      priority: { name: 'High' },
      assignee: { accountId: expect.any(String), displayName: 'Ada Lovelace' },
      reporter: null,
      labels: ['infra'],
      project: { key: 'FLD', name: 'FLD' },
    });
    expect(fields.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+0000$/);
    expect(fields.comment).toMatchObject({ startAt: 0, maxResults: 20, total: 25 });
    expect(fields.comment.comments).toHaveLength(20);
    expect(fields.comment.comments[0]).toMatchObject({
      id: expect.any(String),
      author: { displayName: 'Grace' },
      body: { type: 'doc', content: [{ content: [{ text: 'Note 1' }] }] },
    });

    const rest = await call(`/rest/api/3/issue/${key}/comment?startAt=20&maxResults=100`);
    expect(rest.body).toMatchObject({ startAt: 20, total: 25 });
    expect(rest.body.comments.map((c: any) => c.body.content[0].content[0].text)).toEqual([
      'Note 21',
      'Note 22',
      'Note 23',
      'Note 24',
      'Note 25',
    ]);
    const some = await call(`/rest/api/3/issue/${id}?fields=summary,labels`);
    expect(some.body).toMatchObject({ id, key });
    expect(some.body.fields).toEqual({ summary: 'Pods restart', labels: ['infra'] });
    const star = await search({ jql: 'project = FLD', fields: ['*all'] });
    expect(Object.keys(star.body.issues[0].fields)).toHaveLength(12);
  });

  it('caps maxResults at 100, or at 5000 when only ids or keys are asked for', async () => {
    const big = await startFakeAtlassian();
    try {
      big.addApiToken(EMAIL, TOKEN);
      big.addProject({ key: 'BIG' });
      for (let i = 0; i < 5001; i++) big.addIssue({ projectKey: 'BIG', summary: `Issue ${i}` });
      const idsOnly = await search(
        { jql: 'project = BIG', fields: ['id'], maxResults: 9999 },
        undefined,
        big.url,
      );
      expect(idsOnly.body.issues).toHaveLength(5000);
      expect(idsOnly.body.issues[0]).toEqual({
        id: expect.any(String),
        key: 'BIG-1',
        self: expect.any(String),
        fields: {},
      });
      expect(idsOnly.body.isLast).toBe(false);
      const last = await search(
        {
          jql: 'project = BIG',
          fields: ['id'],
          maxResults: 9999,
          nextPageToken: idsOnly.body.nextPageToken,
        },
        undefined,
        big.url,
      );
      expect(last.body.issues.map((i: any) => i.key)).toEqual(['BIG-5001']);
      expect(last.body.isLast).toBe(true);
      const keys = await search(
        { jql: 'project = BIG', fields: ['id', 'key'], maxResults: 5000 },
        undefined,
        big.url,
      );
      expect(keys.body.issues).toHaveLength(5000);
      const withFields = await search(
        { jql: 'project = BIG', fields: ['summary'], maxResults: 5000 },
        undefined,
        big.url,
      );
      expect(withFields.body.issues).toHaveLength(100);
      const byDefault = await search({ jql: 'project = BIG' }, undefined, big.url);
      expect(byDefault.body.issues).toHaveLength(50);
    } finally {
      await big.close();
    }
  });

  it('refuses unbounded, unreadable and unknown-project JQL, and foreign page tokens', async () => {
    const unbounded = {
      errorMessages: [
        'Unbounded JQL queries are not allowed here. Please add a search restriction to your query.',
      ],
      errors: {},
    };
    expect(await search({ jql: 'ORDER BY key DESC' })).toMatchObject({
      status: 400,
      body: unbounded,
    });
    expect(await search({ jql: '' })).toMatchObject({ status: 400, body: unbounded });
    const unreadable = await search({ jql: 'summary ~ "restart"' });
    expect(unreadable.status).toBe(400);
    expect(unreadable.body.errorMessages[0]).toMatch(/JQL/);
    expect(await search({ jql: 'project = OPS OR project = WEB' })).toMatchObject({ status: 400 });
    expect(await search({ jql: 'project = OPS ORDER BY rank' })).toMatchObject({ status: 400 });
    expect(await search({ jql: 'project in (OPS, NOPE)' })).toMatchObject({
      status: 400,
      body: {
        errorMessages: ["The value 'NOPE' does not exist for the field 'project'."],
        errors: {},
      },
    });
    const page = await search({ jql: 'project = OPS', maxResults: 2 });
    const foreign = await search({ jql: 'project = WEB', nextPageToken: page.body.nextPageToken });
    expect(foreign.status).toBe(400);
  });

  it('answers 410 on the removed /search, by GET and by POST', async () => {
    const removed = {
      errorMessages: [
        'The requested API has been removed. Please migrate to the /rest/api/3/search/jql API. A full migration guideline is available at https://developer.atlassian.com/changelog/#CHANGE-2046',
      ],
      errors: {},
    };
    expect(await call('/rest/api/3/search?jql=project%20%3D%20OPS')).toMatchObject({
      status: 410,
      body: removed,
    });
    expect(await call('/rest/api/3/search', { json: { jql: 'project = OPS' } })).toMatchObject({
      status: 410,
      body: removed,
    });
  });

  it('reads one issue by id or key; a deleted issue is gone everywhere', async () => {
    fake.addProject({ key: 'DEL' });
    const doomed = fake.addIssue({ projectKey: 'DEL', summary: 'Soon gone' });
    fake.addIssue({ projectKey: 'DEL', summary: 'Stays' });
    const byKey = await call(`/rest/api/3/issue/${doomed.key}`);
    const byId = await call(`/rest/api/3/issue/${doomed.id}`);
    expect(byKey.body).toEqual(byId.body);
    expect(byKey.body.fields.summary).toBe('Soon gone');
    fake.deleteIssue(doomed.key);
    expect(await call(`/rest/api/3/issue/${doomed.key}`)).toMatchObject({
      status: 404,
      body: {
        errorMessages: ['Issue does not exist or you do not have permission to see it.'],
        errors: {},
      },
    });
    expect((await call(`/rest/api/3/issue/${doomed.id}/comment`)).status).toBe(404);
    const left = await search({ jql: 'project = DEL' });
    expect(left.body.issues.map((i: any) => i.key)).toEqual(['DEL-2']);
  });
});

describe('OAuth 2.0 (3LO)', () => {
  const authorizeQuery = (overrides: Record<string, string> = {}) =>
    new URLSearchParams({
      audience: 'api.atlassian.com',
      client_id: fake.clientId,
      scope: SCOPE,
      redirect_uri: REDIRECT_URI,
      state: 'state-1',
      response_type: 'code',
      prompt: 'consent',
      ...overrides,
    }).toString();

  it('redirects back with a code that is exchanged once for tokens (JSON)', async () => {
    const consent = await call(`/authorize?${authorizeQuery()}`, { auth: null });
    expect(consent.status).toBe(302);
    const back = new URL(consent.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get('state')).toBe('state-1');
    const code = back.searchParams.get('code')!;
    expect(code).toBeTruthy();

    const mark = fake.tokenRequests('authorization_code').length;
    const res = await exchange(code);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      access_token: expect.any(String),
      expires_in: 3600,
      token_type: 'Bearer',
      refresh_token: expect.any(String),
      scope: SCOPE,
    });
    expect(await exchange(code)).toMatchObject({
      status: 403,
      body: { error: 'invalid_grant', error_description: 'Invalid authorization code' },
    });
    expect(fake.tokenRequests('authorization_code')).toHaveLength(mark + 2);
    expect(fake.tokenRequests('authorization_code').at(-1)!.body.code).toBe(code);
    expect(fake.tokenRequests('refresh_token').length).toBeLessThan(fake.tokenRequests().length);
  });

  it('takes form bodies too; refuses a wrong secret and a different redirect_uri', async () => {
    const code = fake.issueCode({ redirectUri: REDIRECT_URI });
    const form = {
      grant_type: 'authorization_code',
      client_id: fake.clientId,
      client_secret: fake.clientSecret,
      code,
      redirect_uri: REDIRECT_URI,
    };
    expect(
      await call('/oauth/token', { auth: null, form: { ...form, client_secret: 'guess' } }),
    ).toMatchObject({
      status: 401,
      body: { error: 'access_denied', error_description: 'Unauthorized' },
    });
    expect(
      await call('/oauth/token', {
        auth: null,
        form: { ...form, redirect_uri: 'https://evil.example/cb' },
      }),
    ).toMatchObject({ status: 403, body: { error: 'invalid_grant' } });
    const ok = await call('/oauth/token', { auth: null, form });
    expect(ok.status).toBe(200);
    expect(ok.body.access_token).toEqual(expect.any(String));
    expect(fake.tokenRequests().at(-1)!.body).toMatchObject({ grant_type: 'authorization_code' });
  });

  it('refuses unknown clients; without autoConsent shows a page whose links decide', async () => {
    const badClient = await call(`/authorize?${authorizeQuery({ client_id: 'other' })}`, {
      auth: null,
    });
    expect(badClient.status).toBe(400);
    const badType = await call(`/authorize?${authorizeQuery({ response_type: 'token' })}`, {
      auth: null,
    });
    expect(badType.status).toBe(400);

    fake.autoConsent = false;
    try {
      const page = await call(`/authorize?${authorizeQuery()}`, { auth: null });
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
      const href = (id: string) =>
        new RegExp(`id="${id}" href="([^"]+)"`).exec(page.body)![1].replace(/&#38;/g, '&');
      const accepted = await call(href('accept'), { auth: null });
      expect(accepted.status).toBe(302);
      const code = new URL(accepted.headers.get('location')!).searchParams.get('code')!;
      expect((await exchange(code)).status).toBe(200);
      const denied = await call(href('deny'), { auth: null });
      const back = new URL(denied.headers.get('location')!);
      expect(back.searchParams.get('error')).toBe('access_denied');
      expect(back.searchParams.get('state')).toBe('state-1');
      expect(back.searchParams.get('code')).toBeNull();
    } finally {
      fake.autoConsent = true;
    }
  });

  it('rotates refresh tokens: each works once', async () => {
    const first = await tokens();
    const renewed = await refresh(first.refresh_token);
    expect(renewed.status).toBe(200);
    expect(renewed.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: SCOPE });
    expect(renewed.body.refresh_token).not.toBe(first.refresh_token);
    expect(renewed.body.access_token).not.toBe(first.access_token);
    const invalid = {
      status: 403,
      body: { error: 'invalid_grant', error_description: 'Unknown or invalid refresh token.' },
    };
    expect(await refresh(first.refresh_token)).toMatchObject(invalid);
    expect(await refresh('never-issued')).toMatchObject(invalid);
    expect(await refresh(renewed.body.refresh_token, 'guess')).toMatchObject({ status: 401 });
    expect((await refresh(renewed.body.refresh_token)).status).toBe(200);
    expect(fake.tokenRequests('refresh_token').length).toBeGreaterThanOrEqual(5);
  });

  it('serves both products under /ex/{product}/{cloudId} to a live Bearer token', async () => {
    const { access_token: token } = await tokens();
    const bearer = `Bearer ${token}`;
    const resources = await call('/oauth/token/accessible-resources', { auth: bearer });
    expect(resources.body).toEqual([
      { id: fake.cloudId, name: 'Fake site', url: fake.url, scopes: SCOPE.split(' ') },
    ]);

    const wiki = `/ex/confluence/${fake.cloudId}`;
    const first = await call(`${wiki}/wiki/api/v2/spaces/${eng.id}/pages?limit=4`, {
      auth: bearer,
    });
    expect(first.status).toBe(200);
    // Next links stay in the site's /wiki/… form; the client re-roots them.
    expect(first.body._links.next).toMatch(/^\/wiki\/api\/v2\/spaces\//);
    expect(linkTarget(first)).toBe(first.body._links.next);
    const second = await call(`${wiki}${first.body._links.next}`, { auth: bearer });
    expect(second.body.results).toHaveLength(3);
    expect(fake.requests.at(-1)!.path).toBe(`${wiki}/wiki/api/v2/spaces/${eng.id}/pages`);

    const jira = `/ex/jira/${fake.cloudId}`;
    expect((await call(`${jira}/rest/api/3/project/OPS`, { auth: bearer })).body.key).toBe('OPS');
    const found = await search({ jql: 'project = WEB' }, bearer, jira);
    expect(found.body.issues.map((i: any) => i.key)).toEqual(['WEB-1']);

    const unauthorized = { status: 401, body: { code: 401, message: 'Unauthorized' } };
    expect(await call(`/ex/jira/not-this-site/rest/api/3/myself`, { auth: bearer })).toMatchObject(
      unauthorized,
    );
    expect(await call(`${jira}/rest/api/3/myself`, { auth: basic() })).toMatchObject(unauthorized);
    expect((await call('/rest/api/3/myself', { auth: bearer })).status).toBe(401);
  });

  it('answers 401 once access tokens expire, until a refresh', async () => {
    const { access_token: token, refresh_token: refreshToken } = await tokens();
    const spaces = `/ex/confluence/${fake.cloudId}/wiki/api/v2/spaces`;
    expect((await call(spaces, { auth: `Bearer ${token}` })).status).toBe(200);
    fake.expireAccessTokens();
    const unauthorized = { status: 401, body: { code: 401, message: 'Unauthorized' } };
    expect(await call(spaces, { auth: `Bearer ${token}` })).toMatchObject(unauthorized);
    expect(
      await call('/oauth/token/accessible-resources', { auth: `Bearer ${token}` }),
    ).toMatchObject(unauthorized);
    const renewed = await refresh(refreshToken);
    expect((await call(spaces, { auth: `Bearer ${renewed.body.access_token}` })).status).toBe(200);
  });

  it('lists the resources a test sets; a site not among them is refused', async () => {
    const { access_token: token } = await tokens();
    const bearer = `Bearer ${token}`;
    fake.setResources([
      {
        id: 'other-cloud',
        name: 'Other',
        url: 'https://other.example',
        scopes: ['read:jira-work'],
      },
      { id: fake.cloudId, name: 'Fake site', url: fake.url },
    ]);
    try {
      const listed = await call('/oauth/token/accessible-resources', { auth: bearer });
      expect(listed.body.map((r: any) => [r.id, r.scopes])).toEqual([
        ['other-cloud', ['read:jira-work']],
        [fake.cloudId, SCOPE.split(' ')],
      ]);
      fake.setResources([{ id: 'other-cloud', name: 'Other', url: 'https://other.example' }]);
      const site = `/ex/confluence/${fake.cloudId}/wiki/api/v2/spaces`;
      expect((await call(site, { auth: bearer })).status).toBe(401);
    } finally {
      fake.setResources([{ id: fake.cloudId, name: 'Fake site', url: fake.url }]);
    }
  });

  it('lets codes and access tokens lapse after their ttl', async () => {
    const short = await startFakeAtlassian({ codeTtlSeconds: 1, accessTokenTtlSeconds: 1 });
    try {
      const grant = (code: string) => ({
        grant_type: 'authorization_code',
        client_id: short.clientId,
        client_secret: short.clientSecret,
        code,
        redirect_uri: REDIRECT_URI,
      });
      const code = short.issueCode({ redirectUri: REDIRECT_URI });
      const issued = await call(`${short.url}/oauth/token`, {
        auth: null,
        json: grant(short.issueCode({ redirectUri: REDIRECT_URI })),
      });
      expect(issued.body.expires_in).toBe(1);
      const spaces = `${short.url}/ex/confluence/${short.cloudId}/wiki/api/v2/spaces`;
      const bearer = `Bearer ${issued.body.access_token}`;
      expect((await call(spaces, { auth: bearer })).status).toBe(200);
      await sleep(1100);
      expect((await call(spaces, { auth: bearer })).status).toBe(401);
      const late = await call(`${short.url}/oauth/token`, { auth: null, json: grant(code) });
      expect(late).toMatchObject({ status: 403, body: { error: 'invalid_grant' } });
    } finally {
      await short.close();
    }
  });
});

describe('faults', () => {
  it('failNext answers the next matching requests with the fault, before auth', async () => {
    fake.failNext(
      { method: 'GET', path: '/wiki/api/v2/spaces' },
      { status: 503, headers: { 'Retry-After': '1' }, body: { message: 'down' } },
      2,
    );
    for (let i = 0; i < 2; i++) {
      const res = await call('/wiki/api/v2/spaces', { auth: null });
      expect(res).toMatchObject({ status: 503, body: { message: 'down' } });
      expect(res.headers.get('retry-after')).toBe('1');
    }
    expect((await call('/wiki/api/v2/spaces')).status).toBe(200);

    fake.failNext((r) => r.query.get('keys') === 'OPS', { status: 500 });
    expect((await call('/wiki/api/v2/spaces?keys=ENG')).status).toBe(200);
    expect(await call('/wiki/api/v2/spaces?keys=OPS')).toMatchObject({ status: 500, body: {} });
    expect((await call('/wiki/api/v2/spaces?keys=OPS')).status).toBe(200);

    // A string path also matches the same route under /ex; a string body goes out as it is.
    fake.failNext(
      { path: '/rest/api/3/myself' },
      { status: 502, body: '<html>Bad gateway</html>' },
    );
    const gateway = await call(`/ex/jira/${fake.cloudId}/rest/api/3/myself`, { auth: null });
    expect(gateway).toMatchObject({ status: 502, body: '<html>Bad gateway</html>' });
    expect(gateway.headers.get('content-type')).toMatch(/text\/plain/);
  });

  it('rateLimit answers 429 with Retry-After and X-RateLimit-Reset, then serves', async () => {
    fake.rateLimit({ path: /\/myself$/ }, 7, 2);
    for (let i = 0; i < 2; i++) {
      const res = await call('/rest/api/3/myself');
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('7');
      const reset = Date.parse(res.headers.get('x-ratelimit-reset')!);
      expect(Math.abs(reset - (Date.now() + 7000))).toBeLessThan(2000);
    }
    expect((await call('/rest/api/3/myself')).status).toBe(200);
  });

  it('emptyPageWithNext serves one empty list that still links to a next page', async () => {
    const pages = `/wiki/api/v2/spaces/${eng.id}/pages?limit=3`;
    const normal = await call(pages);
    fake.emptyPageWithNext((r) => r.path.endsWith('/pages') && !r.query.get('cursor'));
    const empty = await call(pages);
    expect(empty.status).toBe(200);
    expect(empty.body.results).toEqual([]);
    expect(empty.body._links.next).toMatch(/^\/wiki\/api\/v2\/spaces\/.+cursor=/);
    expect(linkTarget(empty)).toBe(empty.body._links.next);
    // Following it loses nothing: the page that should have been there.
    const followed = await call(empty.body._links.next);
    expect(followed.body.results).toEqual(normal.body.results);
    expect((await call(pages)).body).toEqual(normal.body);
  });

  it('clearFaults drops faults not yet served', async () => {
    fake.failNext({ path: '/rest/api/3/myself' }, { status: 500 }, 5);
    fake.emptyPageWithNext({ path: /pages$/ });
    fake.clearFaults();
    expect((await call('/rest/api/3/myself')).status).toBe(200);
    const listed = await call(`/wiki/api/v2/spaces/${eng.id}/pages`);
    expect(listed.body.results).toHaveLength(7);
  });
});

describe('latency and concurrency', () => {
  it('delays every response, faults included, and counts requests in flight', async () => {
    const slow = await startFakeAtlassian({ latencyMs: 150 });
    try {
      slow.addApiToken(EMAIL, TOKEN);
      const started = Date.now();
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => call(`${slow.url}/rest/api/3/myself`)),
      );
      const elapsed = Date.now() - started;
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(elapsed).toBeGreaterThanOrEqual(145);
      expect(elapsed).toBeLessThan(600); // concurrent, not one after another
      expect(slow.maxInFlight).toBe(6);

      slow.failNext({ path: '/rest/api/3/myself' }, { status: 500 });
      const faultStarted = Date.now();
      expect((await call(`${slow.url}/rest/api/3/myself`)).status).toBe(500);
      expect(Date.now() - faultStarted).toBeGreaterThanOrEqual(145);

      slow.setLatency(0);
      const quickStarted = Date.now();
      await call(`${slow.url}/rest/api/3/myself`);
      expect(Date.now() - quickStarted).toBeLessThan(100);
      expect(slow.maxInFlight).toBe(6);
    } finally {
      await slow.close();
    }
  });

  it('closes at once, even with a request waiting out a long latency', async () => {
    const slow = await startFakeAtlassian({ latencyMs: 10_000 });
    const pending = fetch(`${slow.url}/rest/api/3/myself`).then(
      () => 'answered',
      () => 'cut',
    );
    await vi.waitFor(() => expect(slow.requests).toHaveLength(1));
    const started = Date.now();
    await slow.close();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await pending).toBe('cut');
  });
});
