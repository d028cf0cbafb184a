import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RetryLaterError } from '../src/jobs/job-queue.js';
import type {
  ConnectorItem,
  ItemFailure,
  SyncContext,
} from '../src/modules/connectors/connector.js';
import {
  ConnectorAuthError,
  ConnectorConfigError,
} from '../src/modules/connectors/tool-failures.js';
import { ConnectorHttp } from '../src/modules/connectors/connector-http.js';
import { bearerAuth } from '../src/modules/connectors/credentials.js';
import {
  type GitHubCheckpoint,
  githubConnector,
  type GitHubSettings,
} from '../src/modules/connectors/github/github-connector.js';
import { startFakeGitHub, type FakeGitHub } from './helpers/fake-github.js';

// The GitHub connector against the loopback fake, without the app or a database: steps are
// driven directly with a small in-memory index of versions.

const TOKEN = 'ghp_lumen_sync';
const API = 'acme/api';
const DOCS = 'acme/docs';

let fake: FakeGitHub;
let settings: GitHubSettings;

function http(token = TOKEN) {
  return new ConnectorHttp({
    label: 'GitHub',
    auth: bearerAuth(token),
    allowPrivateHosts: true,
    retryBaseMs: 5,
  });
}

const parse = async (): Promise<never> => {
  throw new Error('The GitHub connector parses no files.');
};

/** What a database would hold: external id -> indexed version. */
type Index = Map<string, string>;

function syncContext(
  s: GitHubSettings,
  index: Index,
  since: Date | null,
  token = TOKEN,
): SyncContext<GitHubSettings> {
  return {
    http: http(token),
    settings: s,
    parse,
    since,
    cursor: null,
    knownVersions: async (ids) =>
      new Map(ids.filter((id) => index.has(id)).map((id) => [id, index.get(id)!])),
  };
}

interface SyncRun {
  items: ConnectorItem[];
  unchanged: string[];
  failures: ItemFailure[];
  incomplete: boolean;
  steps: number;
  /** The complete id listing, when the sync needed one. */
  ids: string[] | null;
}

/**
 * A whole sync as the service runs it: steps (checkpoints saved as JSON), then the id listing
 * (the service runs it when the sync sweeps: once per CONNECTOR_SWEEP_HOURS for GitHub).
 */
async function sync(
  s: GitHubSettings,
  index: Index,
  since: Date | null,
  token = TOKEN,
): Promise<SyncRun> {
  const ctx = syncContext(s, index, since, token);
  const run: SyncRun = {
    items: [],
    unchanged: [],
    failures: [],
    incomplete: false,
    steps: 0,
    ids: null,
  };
  let checkpoint: GitHubCheckpoint | null = null;
  do {
    const result = await githubConnector.step(ctx, checkpoint);
    run.steps++;
    run.items.push(...result.items);
    run.unchanged.push(...result.unchanged);
    run.failures.push(...result.failures);
    run.incomplete ||= Boolean(result.incomplete);
    for (const item of result.items) index.set(item.externalId, item.version);
    checkpoint = result.next && JSON.parse(JSON.stringify(result.next));
    expect(run.steps).toBeLessThan(200);
  } while (checkpoint);
  if (!githubConnector.listsEverything(ctx) && !run.incomplete) {
    run.ids = [];
    let cursor: string | null = null;
    do {
      const page: { ids: string[]; next: string | null } = await githubConnector.listIds(
        ctx,
        cursor,
      );
      run.ids.push(...page.ids);
      cursor = page.next;
      expect(typeof (cursor ?? '')).toBe('string');
    } while (cursor);
  }
  return run;
}

const text = (item: ConnectorItem) => item.sections.map((s) => s.text).join('\n\n');
const byId = (run: SyncRun, id: string) => run.items.find((i) => i.externalId === id);

// Requests the sync makes per changed item.
const commentCalls = () => fake.count({ path: /\/issues\/\d+\/comments$/ });
const contentCalls = () => fake.count({ path: /\/contents\// });

/** How each issue of acme/api was made, by number. */
const made = new Map<number, { pull: boolean; comments: number }>();
let discussionNumbers: number[] = [];

beforeAll(async () => {
  fake = await startFakeGitHub();
  fake.addToken(TOKEN, { login: 'lumen-bot' });
  fake.addRepo({ owner: 'acme', name: 'api', hasDiscussions: true });
  fake.addRepo({ owner: 'acme', name: 'docs', private: true, defaultBranch: 'trunk' });

  // 230 issues and pull requests: 3 listing pages; one long thread needs 2 comment pages.
  for (let i = 1; i <= 230; i++) {
    const pull = i % 8 === 0;
    const comments =
      i === 1
        ? Array.from({ length: 150 }, (_, n) => ({ body: `Thread reply ${n + 1}`, user: 'bob' }))
        : i % 10 === 0
          ? [`First reply to ${i}`, { body: `Second reply to ${i}`, user: 'carol' }]
          : [];
    const n = fake.addIssue({
      repo: API,
      title: pull ? `Change ${i}` : `Problem ${i}`,
      body: `<!-- template -->Body of ${i} ![screenshot](https://x.test/${i}.png)`,
      user: 'ada',
      labels: i % 3 === 0 ? ['bug', 'ui'] : [],
      pull,
      state: i % 7 === 0 ? 'closed' : 'open',
      comments,
    });
    made.set(n, { pull, comments: comments.length });
  }
  // 60 discussions: 2 GraphQL pages of 50.
  discussionNumbers = Array.from({ length: 60 }, (_, i) =>
    fake.addDiscussion({
      repo: API,
      title: `Question ${i + 1}`,
      body: `How do I ${i + 1}?`,
      category: 'Q&A',
      comments: [{ body: `Answer to ${i + 1}`, user: 'dan' }],
    }),
  );
  fake.putFile(API, 'README.md', '# Acme API\n\nStart here.');
  fake.putFile(API, 'docs/guide.md', '# Guide\n\nDeploy with care.');
  fake.putFile(API, 'docs/api/reference.mdx', '# Reference\n\n<Endpoint />');
  fake.putFile(API, 'CHANGELOG.markdown', '# Changes\n\n- 1.0');
  fake.putFile(API, 'node_modules/left-pad/README.md', '# left-pad');
  fake.putFile(API, 'vendor/lib/README.md', '# vendored');
  fake.putFile(API, 'src/index.ts', 'export {};');
  fake.putFile(API, 'docs/huge.md', `# Huge\n${'x'.repeat(1024 * 1024 + 10)}`);
  fake.putFile(DOCS, 'README.md', '# Handbook\n\nHow we work.');
  fake.addIssue({ repo: DOCS, title: 'Typo', body: 'In the handbook' });

  settings = await githubConnector.validate({
    http: http(),
    settings: { apiBase: fake.url, repos: [API, DOCS] },
    parse,
  });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.clearFaults();
  fake.latencyMs = 0;
});

describe('validate and describe', () => {
  it('resolves the account, the web root, the GraphQL endpoint and each repository', () => {
    expect(settings).toEqual({
      apiBase: fake.url,
      repos: [API, DOCS],
      graphqlUrl: `${fake.url}/graphql`,
      siteUrl: fake.url,
      account: 'lumen-bot',
      repoInfo: [
        { fullName: API, defaultBranch: 'main', hasDiscussions: true, private: false },
        { fullName: DOCS, defaultBranch: 'trunk', hasDiscussions: false, private: true },
      ],
    });
    const req = fake.requests.find((r) => r.route === '/user')!;
    expect(req.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(req.headers.accept).toBe('application/vnd.github+json');
    expect(req.headers['x-github-api-version']).toBe('2022-11-28');
    expect(req.headers['user-agent']).toBe('Lumen-Connector');
  });

  it('names an unknown or hidden repository in a readable message', async () => {
    fake.addToken('ghp_docs_only', { login: 'narrow', repos: [DOCS] });
    for (const [token, repo] of [
      [TOKEN, 'acme/nope'],
      ['ghp_docs_only', API],
    ]) {
      const error = await githubConnector
        .validate({ http: http(token), settings: { apiBase: fake.url, repos: [repo] }, parse })
        .catch((e) => e);
      expect(error).toBeInstanceOf(ConnectorConfigError);
      expect(error.message).toBe(
        `GitHub has no repository "${repo}", or this token cannot read it.`,
      );
    }
  });

  it('refuses a bad token as an auth error', async () => {
    const error = await githubConnector
      .validate({ http: http('ghp_wrong'), settings: { apiBase: fake.url, repos: [API] }, parse })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ConnectorAuthError);
    expect(error.message).toMatch(/Bad credentials/);
  });

  it('describes the source by its repositories and host', () => {
    expect(githubConnector.describe(settings)).toEqual({
      site: fake.url,
      keys: [API, DOCS],
      name: `GitHub · ${API}, ${DOCS}`,
      description: `Issues, pull requests, discussions and docs from ${new URL(fake.url).host}`,
    });
    expect(
      githubConnector.describe({ apiBase: 'https://api.github.com', repos: [API] }),
    ).toMatchObject({
      site: 'https://github.com',
      description: 'Issues, pull requests, discussions and docs from github.com',
    });
  });
});

describe('syncing', () => {
  const index: Index = new Map();
  let full: SyncRun;

  it('lists everything on a first sync: issues, pull requests, discussions and Markdown', async () => {
    const before = fake.requests.length;
    full = await sync(settings, index, null);
    const requests = fake.requests.slice(before);
    expect(full.failures).toEqual([]);
    expect(full.incomplete).toBe(false);
    expect(full.ids).toBeNull(); // a first sync lists everything: no separate id listing

    const issues = full.items.filter((i) => i.externalId.startsWith(`issue:${API}#`));
    expect(issues).toHaveLength(230);
    expect(issues.filter((i) => i.itemType === 'github/pull')).toHaveLength(28);
    expect(full.items.filter((i) => i.itemType === 'github/discussion')).toHaveLength(60);
    const files = full.items.filter((i) => i.itemType === 'github/markdown');
    expect(files.map((f) => f.externalId).sort()).toEqual([
      `file:${API}:CHANGELOG.markdown`,
      `file:${API}:README.md`,
      `file:${API}:docs/api/reference.mdx`,
      `file:${API}:docs/guide.md`,
      `file:${DOCS}:README.md`,
    ]);
    expect(byId(full, `issue:${DOCS}#1`)!.title).toBe('#1 Typo');

    // Pages follow the Link header (GitHub's /repositories/{id} URLs), 100 a page.
    const listings = requests.filter((r) => /\/issues$/.test(r.route));
    expect(listings.map((r) => [r.route.replace(/\d+/, 'ID'), r.query.get('page')])).toEqual([
      [`/repos/${API}/issues`, null],
      ['/repositories/ID/issues', '2'],
      ['/repositories/ID/issues', '3'],
      [`/repos/${DOCS}/issues`, null],
    ]);
    expect(listings[0]!.query.get('state')).toBe('all');
    expect(listings[0]!.query.get('per_page')).toBe('100');
    expect(listings[0]!.query.has('since')).toBe(false);
    // Comments only for issues that have some: 23 short threads, one long one of 2 pages.
    expect(requests.filter((r) => /\/comments$/.test(r.route))).toHaveLength(
      [...made.values()].filter((m) => m.comments > 0).length + 1,
    );
    expect(requests.filter((r) => r.route === '/graphql')).toHaveLength(2);
  });

  it('turns each kind into searchable text with its GitHub link', () => {
    const issue = byId(full, `issue:${API}#30`)!;
    expect(issue).toMatchObject({
      title: '#30 Problem 30',
      url: `${fake.url}/${API}/issues/30`,
      itemType: 'github/issue',
      version: expect.stringMatching(/Z$/),
    });
    expect(issue.updatedAt).toBeInstanceOf(Date);
    expect(text(issue)).toContain(
      'Repository: acme/api · Issue · State: open · Author: ada · Labels: bug, ui',
    );
    expect(text(issue)).toContain('Body of 30 screenshot');
    expect(text(issue)).not.toContain('template');
    expect(text(issue)).toMatch(/Comment by hubot \(\d{4}-\d\d-\d\d\): First reply to 30/);
    expect(text(issue)).toContain('Comment by carol');

    const pull = byId(full, `issue:${API}#40`)!;
    expect(pull).toMatchObject({ itemType: 'github/pull', url: `${fake.url}/${API}/pull/40` });
    expect(text(pull)).toContain('Pull request');
    const longThread = text(byId(full, `issue:${API}#1`)!);
    expect(longThread).toContain('Thread reply 1\n');
    expect(longThread).toContain('Thread reply 150');

    const n = discussionNumbers[4]!;
    const discussion = byId(full, `discussion:${API}#${n}`)!;
    expect(discussion).toMatchObject({
      title: `#${n} Question 5`,
      url: `${fake.url}/${API}/discussions/${n}`,
    });
    expect(text(discussion)).toContain('Category: Q&A');
    expect(text(discussion)).toContain('How do I 5?');
    expect(text(discussion)).toContain('Comment by dan');

    const guide = byId(full, `file:${API}:docs/guide.md`)!;
    expect(guide).toMatchObject({
      title: 'acme/api: docs/guide.md',
      url: `${fake.url}/${API}/blob/main/docs/guide.md`,
      version: expect.stringMatching(/^[0-9a-f]{40}$/),
    });
    expect(text(guide)).toBe('# Guide\n\nDeploy with care.');
    expect(byId(full, `file:${DOCS}:README.md`)!.url).toBe(
      `${fake.url}/${DOCS}/blob/trunk/README.md`,
    );
  });

  it('fetches nothing again when nothing changed', async () => {
    const [comments, contents] = [commentCalls(), contentCalls()];
    const again = await sync(settings, index, null);
    expect(again.items).toEqual([]);
    expect(again.unchanged).toHaveLength(full.items.length);
    expect(commentCalls()).toBe(comments);
    expect(contentCalls()).toBe(contents);
  });

  it('syncs only what changed since the last sync, and lists every id for deletions', async () => {
    // Deletions only show in the complete listing, which costs a request per 100 issues: the
    // service runs it once per sweep interval, not every sync.
    expect(githubConnector.deletions).toBe('interval');
    const since = fake.now();
    fake.editIssue(API, 5, { body: 'Steps to reproduce, at last' });
    fake.addComment(API, 10, { body: 'Fixed in 2.1', user: 'erin' });
    const fresh = fake.addDiscussion({ repo: API, title: 'Release cadence?', body: 'Monthly?' });
    fake.putFile(API, 'docs/guide.md', '# Guide\n\nDeploy on Tuesdays.');
    fake.putFile(API, 'docs/new.md', '# New page');
    fake.deleteIssue(API, 9);
    fake.deleteFile(API, 'CHANGELOG.markdown');
    fake.deleteDiscussion(API, discussionNumbers[0]!);
    const [comments, contents, before] = [commentCalls(), contentCalls(), fake.requests.length];

    const run = await sync(settings, index, since);

    expect(run.items.map((i) => i.externalId).sort()).toEqual(
      [
        `discussion:${API}#${fresh}`,
        `file:${API}:docs/guide.md`,
        `file:${API}:docs/new.md`,
        `issue:${API}#10`,
        `issue:${API}#5`,
      ].sort(),
    );
    expect(text(byId(run, `issue:${API}#10`)!)).toContain('Comment by erin');
    expect(text(byId(run, `issue:${API}#5`)!)).toContain('Steps to reproduce, at last');
    expect(text(byId(run, `file:${API}:docs/guide.md`)!)).toContain('Tuesdays');
    // Only #10 has comments among the changed issues; only the two changed files are downloaded.
    expect(commentCalls() - comments).toBe(1);
    expect(contentCalls() - contents).toBe(2);
    const requests = fake.requests.slice(before);
    const listing = requests.find(
      (r) => r.route === `/repos/${API}/issues` && r.query.has('since'),
    )!;
    expect(Date.parse(listing.query.get('since')!)).toBe(Math.floor(since.getTime() / 1000) * 1000);
    // Discussions newest first: the first page already reaches back past `since`.
    expect(
      requests.filter((r) => r.route === '/graphql' && /UPDATED_AT/.test(r.body.query)),
    ).toHaveLength(1);

    // The complete listing: what was deleted is absent, everything else present.
    const ids = new Set(run.ids);
    expect(ids.has(`issue:${API}#9`)).toBe(false);
    expect(ids.has(`file:${API}:CHANGELOG.markdown`)).toBe(false);
    expect(ids.has(`discussion:${API}#${discussionNumbers[0]}`)).toBe(false);
    expect(ids.size).toBe(run.ids!.length);
    const expected = [...index.keys()].filter(
      (id) =>
        id !== `issue:${API}#9` &&
        id !== `file:${API}:CHANGELOG.markdown` &&
        id !== `discussion:${API}#${discussionNumbers[0]}`,
    );
    expect([...ids].sort()).toEqual(expected.sort());
  });

  it('fetches one item by id, and null for what is gone', async () => {
    const ctx = syncContext(settings, new Map(), null);
    const issue = await githubConnector.fetchOne(ctx, `issue:${API}#10`);
    expect(issue).toMatchObject({ title: '#10 Problem 10', itemType: 'github/issue' });
    expect(text(issue!)).toContain('Fixed in 2.1');
    expect((await githubConnector.fetchOne(ctx, `issue:${API}#16`))!.itemType).toBe('github/pull');
    const d = await githubConnector.fetchOne(ctx, `discussion:${API}#${discussionNumbers[1]}`);
    expect(d).toMatchObject({
      title: `#${discussionNumbers[1]} Question 2`,
      itemType: 'github/discussion',
    });
    const file = await githubConnector.fetchOne(ctx, `file:${DOCS}:README.md`);
    expect(file).toMatchObject({
      itemType: 'github/markdown',
      url: `${fake.url}/${DOCS}/blob/trunk/README.md`,
    });

    for (const gone of [
      `issue:${API}#9`, // deleted: 410
      `issue:${API}#99999`, // never existed: 404
      `discussion:${API}#${discussionNumbers[0]}`,
      `file:${API}:CHANGELOG.markdown`,
      `file:acme/elsewhere:README.md`, // not a chosen repository
      'page:12',
    ])
      expect(await githubConnector.fetchOne(ctx, gone), gone).toBeNull();
  });

  it('resumes from a saved checkpoint as if never stopped', async () => {
    const ctx = syncContext(settings, new Map(), null);
    const first = await githubConnector.step(ctx, null);
    expect(first.next).toMatchObject({
      repo: 0,
      phase: 'issues',
      next: expect.stringMatching(/page=2/),
    });
    // A new process: the checkpoint comes back from JSON.
    const second = await githubConnector.step(ctx, JSON.parse(JSON.stringify(first.next)));
    const numbers = [...first.items, ...second.items].map((i) =>
      Number(i.externalId.split('#')[1]),
    );
    expect(new Set(numbers).size).toBe(200);
  });
});

describe('failures', () => {
  const small: () => GitHubSettings = () => ({
    ...settings,
    repos: [DOCS],
    repoInfo: settings.repoInfo!.filter((r) => r.fullName === DOCS),
  });

  it('waits out a spent primary limit whose reset is near', async () => {
    const reset = Math.floor(Date.now() / 1000) + 2;
    fake.setRateLimit(0, reset);
    const started = Date.now();
    const run = await sync(small(), new Map(), null);
    expect(Date.now()).toBeGreaterThanOrEqual(reset * 1000 - 20);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(run.items.map((i) => i.externalId).sort()).toEqual([
      `file:${DOCS}:README.md`,
      `issue:${DOCS}#1`,
    ]);
    expect(fake.requests.some((r) => r.status === 403)).toBe(true);
  });

  it('reschedules when the reset is far off', async () => {
    fake.setRateLimit(0, Math.floor(Date.now() / 1000) + 1800);
    try {
      const error = await sync(small(), new Map(), null).catch((e) => e);
      expect(error).toBeInstanceOf(RetryLaterError);
      expect(error.delayMs).toBeGreaterThan(1_700_000);
    } finally {
      fake.setRateLimit(5000);
    }
  });

  it('treats a secondary limit (403 or 429 with Retry-After) as a rate limit', async () => {
    fake.secondaryRateLimit({ path: `/repos/${DOCS}/issues` }, 1);
    fake.secondaryRateLimit({ path: /\/git\/trees\// }, 1, { status: 429 });
    const started = Date.now();
    const run = await sync(small(), new Map(), null);
    expect(run.items).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);

    fake.secondaryRateLimit({ path: `/repos/${DOCS}/issues` }, 600);
    const error = await sync(small(), new Map(), null).catch((e) => e);
    expect(error).toBeInstanceOf(RetryLaterError);
    expect(error.delayMs).toBe(600_000);
  });

  it('reschedules on GraphQL’s RATE_LIMITED error', async () => {
    fake.setRateLimit(0, Math.floor(Date.now() / 1000) + 900, 'graphql');
    try {
      const ctx = syncContext(settings, new Map(), null);
      const error = await githubConnector
        .step(ctx, { repo: 0, phase: 'discussions', next: null })
        .catch((e) => e);
      expect(error).toBeInstanceOf(RetryLaterError);
      expect(error.delayMs).toBeGreaterThan(800_000);
    } finally {
      fake.setRateLimit(5000, undefined, 'graphql');
    }
  });

  it('reports other GraphQL errors as a failure and prunes nothing', async () => {
    fake.fault(
      { path: '/graphql' },
      {
        status: 200,
        body: {
          data: { repository: null },
          errors: [
            { type: 'FORBIDDEN', message: 'Resource not accessible by personal access token' },
          ],
        },
      },
    );
    const ctx = syncContext(settings, new Map(), null);
    const result = await githubConnector.step(ctx, { repo: 0, phase: 'discussions', next: null });
    expect(result.incomplete).toBe(true);
    expect(result.failures).toEqual([
      expect.objectContaining({
        externalId: `discussions:${API}`,
        message: expect.stringContaining('Resource not accessible by personal access token'),
      }),
    ]);
    expect(result.next).toMatchObject({ repo: 0, phase: 'files' });
    expect(await githubConnector.fetchOne(ctx, `discussions:${API}`)).toBeNull();
  });

  it('fails one item alone when its comments cannot be read', async () => {
    fake.fault(
      { path: `/repos/${API}/issues/20/comments` },
      { status: 422, body: { message: 'Nope' } },
    );
    const ctx = syncContext(settings, new Map(), null);
    const result = await githubConnector.step(ctx, null);
    expect(result.failures).toEqual([
      expect.objectContaining({
        externalId: `issue:${API}#20`,
        title: '#20 Problem 20',
        message: expect.stringMatching(/422/),
        // The version that failed: not fetched again until it changes (or a wait is over).
        version: expect.stringMatching(/Z$/),
      }),
    ]);
    expect(result.items).toHaveLength(99);
  });

  it('stops with an auth error once the token is revoked', async () => {
    fake.addToken('ghp_soon_revoked', { login: 'temp' });
    fake.revokeToken('ghp_soon_revoked');
    const error = await sync(small(), new Map(), null, 'ghp_soon_revoked').catch((e) => e);
    expect(error).toBeInstanceOf(ConnectorAuthError);
  });

  it('names a repository the token can no longer read', async () => {
    fake.addToken('ghp_api_only', { login: 'api-only', repos: [API] });
    const error = await sync(small(), new Map(), null, 'ghp_api_only').catch((e) => e);
    expect(error).toBeInstanceOf(ConnectorConfigError);
    expect(error.message).toContain('"acme/docs"');
  });

  it('refuses a next link to another host', async () => {
    fake.fault(
      { path: `/repos/${DOCS}/issues` },
      {
        status: 200,
        headers: { link: '<https://elsewhere.test/repositories/1/issues?page=2>; rel="next"' },
        body: [],
      },
    );
    const error = await sync(small(), new Map(), null).catch((e) => e);
    expect(error).toBeInstanceOf(ConnectorConfigError);
    expect(fake.requests.some((r) => r.headers.host === 'elsewhere.test')).toBe(false);
  });

  it('marks a truncated tree incomplete, so nothing is pruned', async () => {
    fake.maxTreeEntries = 0;
    try {
      const run = await sync(small(), new Map(), fake.now());
      expect(run.incomplete).toBe(true);
      expect(run.ids).toBeNull();
    } finally {
      fake.maxTreeEntries = 100_000;
    }
  });

  it('syncs a repository with issues turned off and no files', async () => {
    fake.addRepo({ owner: 'acme', name: 'empty', hasIssues: false });
    const s = await githubConnector.validate({
      http: http(),
      settings: { apiBase: fake.url, repos: ['acme/empty'] },
      parse,
    });
    const run = await sync(s, new Map(), fake.now());
    expect(run).toMatchObject({ items: [], failures: [], incomplete: false, ids: [] });
  });
});

describe('GitHub Enterprise Server', () => {
  it('works with an /api/v3 root and GraphQL at /api/graphql', async () => {
    const before = fake.requests.length;
    const ghes = await githubConnector.validate({
      http: http(),
      settings: { apiBase: `${fake.url}/api/v3/`, repos: [API] },
      parse,
    });
    expect(ghes).toMatchObject({
      apiBase: `${fake.url}/api/v3`,
      graphqlUrl: `${fake.url}/api/graphql`,
      siteUrl: fake.url,
    });
    const run = await sync(ghes, new Map(), null);
    expect(run.failures).toEqual([]);
    expect(run.items.filter((i) => i.itemType === 'github/discussion')).toHaveLength(60);
    expect(run.items.filter((i) => i.externalId.startsWith('issue:'))).toHaveLength(229);
    const paths = fake.requests.slice(before).map((r) => r.path);
    expect(paths.every((p) => p.startsWith('/api/v3/') || p === '/api/graphql')).toBe(true);
    expect(paths).toContain('/api/graphql');
    expect(paths.some((p) => p.startsWith('/api/v3/repositories/'))).toBe(true);
  });
});
