import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGitHub, type FakeGitHub } from './helpers/fake-github.js';

// The fake itself, spoken to with plain fetch, so connector tests can trust what it answers.

const TOKEN = 'ghp_fake_all';
const NARROW = 'github_pat_only_docs';
const REPO = 'acme/api';

let fake: FakeGitHub;

interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

async function call(
  path: string,
  init: { token?: string | null; scheme?: string; json?: unknown; accept?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { accept: init.accept ?? 'application/vnd.github+json' };
  const token = init.token === undefined ? TOKEN : init.token;
  if (token) headers.authorization = `${init.scheme ?? 'Bearer'} ${token}`;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(path.startsWith('http') ? path : `${fake.url}${path}`, {
    method: init.json === undefined ? 'GET' : 'POST',
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, headers: res.headers, body };
}

const next = (res: Answer) => /<([^>]+)>; rel="next"/.exec(res.headers.get('link') ?? '')?.[1];
const rel = (res: Answer, name: string) =>
  new RegExp(`<([^>]+)>; rel="${name}"`).exec(res.headers.get('link') ?? '')?.[1];

const DISCUSSIONS = `query($owner: String!, $name: String!, $after: String) {
  repository(owner: $owner, name: $name) {
    discussions(first: 3, after: $after, orderBy: { field: UPDATED_AT, direction: DESC }) {
      nodes { number title updatedAt author { login } comments(first: 5) { nodes { body } } }
      pageInfo { hasNextPage endCursor }
    }
  }
}`;

const graphql = (query: string, variables: object = {}, token?: string | null, path = '/graphql') =>
  call(path, { json: { query, variables }, token });

beforeAll(async () => {
  fake = await startFakeGitHub();
  fake.addToken(TOKEN, { login: 'ada' });
  fake.addToken(NARROW, { login: 'bob', repos: ['acme/docs'] });
  fake.addRepo({ owner: 'acme', name: 'api', hasDiscussions: true });
  fake.addRepo({ owner: 'acme', name: 'docs', private: true, defaultBranch: 'trunk' });
  for (let i = 1; i <= 70; i++)
    fake.addIssue({ repo: REPO, title: `Issue ${i}`, state: i % 10 === 0 ? 'closed' : 'open' });
  fake.addIssue({ repo: REPO, title: 'Add caching', pull: true, comments: ['LGTM'] });
  for (let i = 1; i <= 7; i++)
    fake.addDiscussion({ repo: REPO, title: `Idea ${i}`, comments: [`Reply to ${i}`] });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.clearFaults();
  fake.latencyMs = 0;
});

describe('auth', () => {
  it('accepts Bearer and token schemes, and answers 401 in GitHub’s words otherwise', async () => {
    expect((await call('/user')).body.login).toBe('ada');
    expect((await call('/user', { scheme: 'token' })).status).toBe(200);
    expect(await call('/user', { token: null })).toMatchObject({
      status: 401,
      body: { message: 'Requires authentication' },
    });
    const bad = await call('/user', { token: 'ghp_nope' });
    expect(bad.status).toBe(401);
    expect(bad.body).toMatchObject({ message: 'Bad credentials', status: '401' });
    expect(bad.body.documentation_url).toMatch(/^https:\/\/docs\.github\.com/);
    expect((await graphql('{ viewer { login } }', {}, 'ghp_nope')).status).toBe(401);

    fake.addToken('ghp_short_lived', { login: 'eve' });
    expect((await call('/user', { token: 'ghp_short_lived' })).status).toBe(200);
    fake.revokeToken('ghp_short_lived');
    expect((await call('/user', { token: 'ghp_short_lived' })).body.message).toBe(
      'Bad credentials',
    );
  });

  it('hides repositories a token cannot reach (404, as for private ones)', async () => {
    expect((await call('/repos/acme/docs', { token: NARROW })).body).toMatchObject({
      full_name: 'acme/docs',
      private: true,
      default_branch: 'trunk',
    });
    expect((await call('/repos/ACME/Docs', { token: NARROW })).status).toBe(200);
    const hidden = await call('/repos/acme/api', { token: NARROW });
    expect(hidden).toMatchObject({ status: 404, body: { message: 'Not Found' } });
    expect((await call('/repos/acme/api/issues', { token: NARROW })).status).toBe(404);
    expect((await call('/repos/acme/nothing')).status).toBe(404);
    const gql = await graphql(DISCUSSIONS, { owner: 'acme', name: 'api' }, NARROW);
    expect(gql.status).toBe(200);
    expect(gql.body.data.repository).toBeNull();
    expect(gql.body.errors[0]).toMatchObject({ type: 'NOT_FOUND', path: ['repository'] });
  });
});

describe('issues', () => {
  it('pages by Link headers with absolute next, last, prev and first links', async () => {
    const first = await call(
      '/repos/acme/api/issues?state=all&per_page=30&sort=created&direction=asc',
    );
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(30);
    const nextUrl = next(first)!;
    expect(nextUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/repositories\/\d+\/issues\?/);
    expect(new URL(nextUrl).searchParams.get('page')).toBe('2');
    expect(new URL(nextUrl).searchParams.get('state')).toBe('all');
    expect(new URL(rel(first, 'last')!).searchParams.get('page')).toBe('3');
    expect(rel(first, 'prev')).toBeUndefined();

    const numbers: number[] = first.body.map((i: any) => i.number);
    let page = first;
    while (next(page)) {
      page = await call(next(page)!);
      numbers.push(...page.body.map((i: any) => i.number));
    }
    expect(numbers).toEqual(Array.from({ length: 71 }, (_, i) => i + 1));
    expect(rel(page, 'prev')).toBeDefined();
    expect(rel(page, 'first')).toBeDefined();
    expect(next(page)).toBeUndefined();
  });

  it('lists open issues by default, newest first, 30 a page, and clamps per_page to 100', async () => {
    const open = await call('/repos/acme/api/issues');
    expect(open.body).toHaveLength(30);
    expect(open.body[0].number).toBe(71);
    expect(open.body.every((i: any) => i.state === 'open')).toBe(true);
    const all = await call('/repos/acme/api/issues?state=all&per_page=500');
    expect(all.body).toHaveLength(71);
    expect(next(all)).toBeUndefined();
    expect((await call('/repos/acme/api/issues?state=everything')).status).toBe(422);
  });

  it('includes pull requests, marked by a pull_request key', async () => {
    const all = await call('/repos/acme/api/issues?state=all&per_page=100&direction=asc');
    const pulls = all.body.filter((i: any) => i.pull_request);
    expect(pulls).toHaveLength(1);
    expect(pulls[0]).toMatchObject({ title: 'Add caching', comments: 1 });
    expect(pulls[0].html_url).toBe(`${fake.url}/acme/api/pull/71`);
    expect(all.body[0].html_url).toBe(`${fake.url}/acme/api/issues/1`);
    expect(all.body[0]).not.toHaveProperty('pull_request');
    expect(all.body[0].updated_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('filters on since (updated at or after it) and sorts by update time', async () => {
    const since = fake.now();
    fake.editIssue(REPO, 5, { body: 'Now with steps' });
    fake.addComment(REPO, 3, { body: 'Still broken', user: 'carol' });
    const changed = await call(
      `/repos/acme/api/issues?state=all&sort=updated&direction=asc&since=${since.toISOString()}`,
    );
    expect(changed.body.map((i: any) => i.number)).toEqual([5, 3]);
    expect(Date.parse(changed.body[0].updated_at)).toBeGreaterThanOrEqual(since.getTime());
    expect((await call('/repos/acme/api/issues?since=yesterday')).status).toBe(422);

    const comments = await call('/repos/acme/api/issues/3/comments');
    expect(comments.body).toEqual([
      expect.objectContaining({
        body: 'Still broken',
        user: expect.objectContaining({ login: 'carol' }),
      }),
    ]);
  });

  it('answers one issue, 410 once deleted, 404 when unknown', async () => {
    const n = fake.addIssue({ repo: REPO, title: 'Spam', comments: ['a', 'b', 'c'] });
    expect((await call(`/repos/acme/api/issues/${n}`)).body.title).toBe('Spam');
    const page = await call(`/repos/acme/api/issues/${n}/comments?per_page=2`);
    expect(page.body.map((c: any) => c.body)).toEqual(['a', 'b']);
    expect((await call(next(page)!)).body.map((c: any) => c.body)).toEqual(['c']);
    fake.deleteIssue(REPO, n);
    expect(await call(`/repos/acme/api/issues/${n}`)).toMatchObject({
      status: 410,
      body: { message: 'This issue was deleted' },
    });
    const listed = await call('/repos/acme/api/issues?state=all&per_page=100');
    expect(listed.body.some((i: any) => i.number === n)).toBe(false);
    expect((await call('/repos/acme/api/issues/9999')).status).toBe(404);
  });
});

describe('files', () => {
  it('lists a recursive tree, serves base64 contents in lines, and changes a blob sha on edit', async () => {
    expect(
      (await call('/repos/acme/docs/git/trees/trunk?recursive=1', { token: NARROW })).status,
    ).toBe(409);
    const sha = fake.putFile(
      'acme/docs',
      'docs/guide.md',
      `# Guide\n\n${'Lorem ipsum. '.repeat(20)}`,
    );
    fake.putFile('acme/docs', 'README.md', '# Docs');
    const tree = await call('/repos/acme/docs/git/trees/trunk?recursive=1', { token: NARROW });
    expect(tree.body.truncated).toBe(false);
    expect(tree.body.tree.map((e: any) => [e.path, e.type])).toEqual([
      ['README.md', 'blob'],
      ['docs', 'tree'],
      ['docs/guide.md', 'blob'],
    ]);
    expect(tree.body.tree[2]).toMatchObject({ sha, size: expect.any(Number), mode: '100644' });
    const top = await call('/repos/acme/docs/git/trees/trunk', { token: NARROW });
    expect(top.body.tree.map((e: any) => e.path)).toEqual(['README.md', 'docs']);
    expect(
      (await call('/repos/acme/docs/git/trees/main?recursive=1', { token: NARROW })).status,
    ).toBe(404);

    const file = await call('/repos/acme/docs/contents/docs/guide.md?ref=trunk', { token: NARROW });
    expect(file.body).toMatchObject({
      type: 'file',
      encoding: 'base64',
      sha,
      path: 'docs/guide.md',
    });
    expect(file.body.content).toMatch(/^[A-Za-z0-9+/=]{60}\n/);
    expect(Buffer.from(file.body.content, 'base64').toString('utf8')).toMatch(/^# Guide\n\nLorem/);
    const raw = await call('/repos/acme/docs/contents/README.md', {
      token: NARROW,
      accept: 'application/vnd.github.raw+json',
    });
    expect(raw.body).toBe('# Docs');
    expect(
      (await call('/repos/acme/docs/contents/docs?ref=trunk', { token: NARROW })).body,
    ).toEqual([expect.objectContaining({ type: 'file', path: 'docs/guide.md' })]);
    expect(
      (await call('/repos/acme/docs/contents/README.md?ref=nope', { token: NARROW })).status,
    ).toBe(404);
    const blob = await call(`/repos/acme/docs/git/blobs/${sha}`, { token: NARROW });
    expect(Buffer.from(blob.body.content, 'base64').toString('utf8')).toMatch(/^# Guide/);

    expect(fake.putFile('acme/docs', 'docs/guide.md', '# Guide v2')).not.toBe(sha);
    fake.deleteFile('acme/docs', 'README.md');
    expect((await call('/repos/acme/docs/contents/README.md', { token: NARROW })).status).toBe(404);
  });

  it('marks a tree over the entry limit as truncated', async () => {
    fake.maxTreeEntries = 1;
    try {
      const tree = await call('/repos/acme/docs/git/trees/trunk?recursive=1', { token: NARROW });
      expect(tree.body).toMatchObject({ truncated: true });
      expect(tree.body.tree).toHaveLength(1);
    } finally {
      fake.maxTreeEntries = 100_000;
    }
  });
});

describe('GraphQL discussions', () => {
  it('pages newest-updated first by endCursor; an item edited meanwhile moves ahead, the rest neither repeat nor shift', async () => {
    const vars = { owner: 'acme', name: 'api' };
    const first = await graphql(DISCUSSIONS, vars);
    const conn = first.body.data.repository.discussions;
    expect(conn.nodes.map((d: any) => d.title)).toEqual(['Idea 7', 'Idea 6', 'Idea 5']);
    // Only the fields asked for, as GraphQL answers.
    expect(conn.nodes[0]).toEqual({
      number: expect.any(Number),
      title: 'Idea 7',
      updatedAt: expect.stringMatching(/Z$/),
      author: { login: 'octocat' },
      comments: { nodes: [{ body: 'Reply to 7' }] },
    });
    expect(conn.pageInfo.hasNextPage).toBe(true);

    fake.editDiscussion(REPO, conn.nodes[0].number - 5, { body: 'edited' }); // Idea 2
    const titles: string[] = conn.nodes.map((d: any) => d.title);
    let info = conn.pageInfo;
    while (info.hasNextPage) {
      const page = await graphql(DISCUSSIONS, { ...vars, after: info.endCursor });
      titles.push(...page.body.data.repository.discussions.nodes.map((d: any) => d.title));
      info = page.body.data.repository.discussions.pageInfo;
    }
    expect(titles).toEqual(['Idea 7', 'Idea 6', 'Idea 5', 'Idea 4', 'Idea 3', 'Idea 1']);
    const again = await graphql(DISCUSSIONS, vars);
    expect(again.body.data.repository.discussions.nodes[0].title).toBe('Idea 2');
    const bad = await graphql(DISCUSSIONS, { ...vars, after: 'bm90IGEgY3Vyc29y' });
    expect(bad.body.errors[0].type).toBe('INVALID_CURSOR_ARGUMENTS');
  });

  it('answers one discussion by number, NOT_FOUND once deleted, and checks first', async () => {
    const number = fake.addDiscussion({ repo: REPO, title: 'Roadmap', category: 'Ideas' });
    const one = `query($owner: String!, $name: String!, $number: Int!) {
      repository(owner: $owner, name: $name) { discussion(number: $number) { title url category { name } } } }`;
    const vars = { owner: 'acme', name: 'api', number };
    expect((await graphql(one, vars)).body.data.repository.discussion).toEqual({
      title: 'Roadmap',
      url: `${fake.url}/acme/api/discussions/${number}`,
      category: { name: 'Ideas' },
    });
    fake.deleteDiscussion(REPO, number);
    const gone = await graphql(one, vars);
    expect(gone.body.data.repository.discussion).toBeNull();
    expect(gone.body.errors[0].type).toBe('NOT_FOUND');
    const tooMany = await graphql(DISCUSSIONS.replace('first: 3', 'first: 101'), vars);
    expect(tooMany.body.errors[0].type).toBe('EXCESSIVE_PAGINATION');
  });
});

describe('rate limits and faults', () => {
  it('sends x-ratelimit headers on every answer and counts the budget down', async () => {
    const a = await call('/repos/acme/api');
    const b = await call('/repos/acme/nothing');
    for (const res of [a, b]) {
      expect(res.headers.get('x-ratelimit-limit')).toBe('5000');
      expect(res.headers.get('x-ratelimit-resource')).toBe('core');
      expect(Number(res.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
    }
    expect(Number(b.headers.get('x-ratelimit-remaining'))).toBe(
      Number(a.headers.get('x-ratelimit-remaining')) - 1,
    );
    expect(Number(b.headers.get('x-ratelimit-used'))).toBeGreaterThan(0);
    const gql = await graphql('{ viewer { login } }');
    expect(gql.body.data.viewer.login).toBe('ada');
    expect(gql.headers.get('x-ratelimit-resource')).toBe('graphql');
  });

  it('answers 403 with remaining 0 when the budget is spent, until the reset', async () => {
    // The reset is a minute away and reached by moving the fake's rate clock, not by waiting:
    // two calls can no longer straddle it (a reset one second ahead once raced the wall clock).
    const reset = Math.floor(Date.now() / 1000) + 60;
    fake.setRateLimit(1, reset);
    expect((await call('/repos/acme/api')).status).toBe(200);
    const spent = await call('/repos/acme/api');
    expect(spent.status).toBe(403);
    expect(spent.body.message).toMatch(/^API rate limit exceeded for user ID \d+\.$/);
    expect(spent.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(spent.headers.get('x-ratelimit-reset')).toBe(String(reset));
    expect((await call('/repos/acme/api')).status).toBe(403);
    fake.advanceRateClock(61_000);
    const after = await call('/repos/acme/api');
    expect(after.status).toBe(200);
    expect(Number(after.headers.get('x-ratelimit-remaining'))).toBe(4999);
  });

  it('answers GraphQL’s spent budget as a RATE_LIMITED error in a 200', async () => {
    fake.setRateLimit(0, Math.floor(Date.now() / 1000) + 600, 'graphql');
    try {
      const res = await graphql(DISCUSSIONS, { owner: 'acme', name: 'api' });
      expect(res.status).toBe(200);
      expect(res.body.errors[0]).toMatchObject({ type: 'RATE_LIMITED' });
      expect(res.headers.get('x-ratelimit-remaining')).toBe('0');
      expect((await call('/repos/acme/api')).status).toBe(200);
    } finally {
      fake.setRateLimit(5000, undefined, 'graphql');
    }
  });

  it('injects secondary limits and faults on matching requests only, and logs requests', async () => {
    fake.secondaryRateLimit({ path: /\/issues$/ }, 7);
    fake.secondaryRateLimit({ path: '/repos/acme/api' }, 3, { status: 429 });
    const limited = await call('/repos/acme/api/issues');
    expect(limited.status).toBe(403);
    expect(limited.headers.get('retry-after')).toBe('7');
    expect(limited.body.message).toMatch(/secondary rate limit/);
    expect((await call('/repos/acme/api/issues')).status).toBe(200);
    expect((await call('/repos/acme/api')).status).toBe(429);

    fake.fault({ method: 'GET', path: '/user' }, { status: 502, body: 'Bad gateway' }, 2);
    expect((await call('/user')).status).toBe(502);
    expect((await call('/user')).body).toBe('Bad gateway');
    expect((await call('/user')).status).toBe(200);
    const before = fake.count({ path: '/user' });
    await call('/user');
    expect(fake.count({ path: '/user' })).toBe(before + 1);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', route: '/user', status: 200 });
  });

  it('delays answers by latencyMs', async () => {
    fake.latencyMs = 150;
    const started = Date.now();
    await call('/user');
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });
});

describe('Enterprise Server paths', () => {
  it('serves the same API under /api/v3 (links included) and GraphQL at /api/graphql', async () => {
    const repo = await call(`${fake.enterpriseApiBase}/repos/acme/api`);
    expect(repo.body.html_url).toBe(`${fake.url}/acme/api`);
    const page = await call(
      `${fake.enterpriseApiBase}/repos/acme/api/issues?state=all&per_page=50`,
    );
    expect(next(page)).toMatch(new RegExp(`^${fake.url}/api/v3/repositories/\\d+/issues\\?`));
    expect((await call(next(page)!)).body).toHaveLength(21);
    const gql = await graphql('{ viewer { login } }', {}, undefined, '/api/graphql');
    expect(gql.body.data.viewer.login).toBe('ada');
    expect(fake.requests.at(-1)!.route).toBe('/graphql');
  });
});
