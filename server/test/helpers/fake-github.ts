import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A loopback stand-in for GitHub (github.com and Enterprise Server), so connector tests speak
 * real HTTP to the documented shapes without a network or an account. One server plays:
 * - the REST API at `/` (as api.github.com) and under `/api/v3` (as GHES): /user, /repos/{o}/{r},
 *   issues (PRs included, with a `pull_request` key) and their comments, git trees and blobs,
 *   contents; also /repositories/{id}/… where its Link headers point, as GitHub's do;
 * - GraphQL at `/graphql` and `/api/graphql`: the repository's discussions (listing and one by
 *   number), `viewer` and `rateLimit`, recognised by the query's shape, not a GraphQL engine;
 * - the web root as the origin of `html_url`s, and an OAuth app's web flow there: GET
 *   /login/oauth/authorize (redirects back with a code for the signed-in user) and POST
 *   /login/oauth/access_token (JSON when asked with Accept: application/json, else form-encoded;
 *   errors with 200 and an `error`, as GitHub answers); /user/emails lists the token user's
 *   emails with their primary and verified flags (scope user:email).
 * Tokens (`Bearer` or `token`) reach a set of repositories; others answer 404, as GitHub hides
 * private repositories. Every answer carries x-ratelimit-* headers from a budget tests can
 * exhaust; faults and latency can be injected; every request is logged.
 * Shapes follow shared/research/connectors.md §5.
 *
 * Permissions (shared/research/permissions.md §2.4) come from one world model, `fake.world`:
 * users, organizations (owners, members, base permission, nested teams with repository grants)
 * and each repository's visibility and direct collaborators. It serves
 * GET /repos/{o}/{r}/collaborators (affiliation, permission; push access needed) and
 * GET /orgs/{org}/members (role), paged with Link headers, and a repository of a world
 * organization is visible to a token only when its user can read it. `canRead` is the oracle:
 * GitHub's rules applied to the world directly. A private repository of a world user (addUser)
 * shows to a world user's token only when it is its owner or a collaborator; one whose owner is
 * in neither keeps the token-only visibility above.
 */

export interface FakeGitHubRequest {
  method: string;
  /** As sent, without the query. */
  path: string;
  /** The REST path without the /api/v3 prefix ('/repos/o/r/issues'), or '/graphql'. */
  route: string;
  query: URLSearchParams;
  headers: Record<string, string | undefined>;
  /** Parsed JSON body, else undefined. */
  body: any;
  /** Date.now() when received. */
  at: number;
  /** The status answered (set once the answer is written). */
  status?: number;
}

export interface FakeGitHubFault {
  status: number;
  headers?: Record<string, string>;
  /** Sent as JSON; a string is sent as it is. */
  body?: unknown;
}

/**
 * Which requests a fault applies to: `path` as a string matches the route (prefix stripped)
 * exactly or at its end; a RegExp is tested against the route.
 */
export type FakeGitHubMatcher =
  { method?: string; path?: string | RegExp } | ((req: FakeGitHubRequest) => boolean);

export interface FakeGitHubOptions {
  /** Delay before every answer (default 0). */
  latencyMs?: number;
  /** The OAuth app (default fake-github-client-id / fake-github-client-secret). */
  clientId?: string;
  clientSecret?: string;
  /** Requests per hour of each budget (core, graphql); default 5000 like a user token. */
  rateLimit?: number;
}

export interface NewComment {
  body: string;
  user?: string;
}

export type RateResource = 'core' | 'graphql';

/** A GitHub user's email, as GET /user/emails lists it. */
export interface FakeGitHubEmail {
  email: string;
  primary?: boolean;
  verified?: boolean;
}

export type FakeGitHubVisibility = 'public' | 'private' | 'internal';

/** A repository role, lowest first, as the REST API names it in `permissions`. */
export type FakeGitHubPermission = 'pull' | 'triage' | 'push' | 'maintain' | 'admin';

export interface FakeGitHubTeam {
  id: number;
  slug: string;
  /** The parent team's slug: members of this team get the parent's repositories too. */
  parent: string | null;
  /** Lower-case logins; each must be a member of the organization. */
  members: Set<string>;
  /** Lower-case repository full name -> role. */
  repos: Map<string, FakeGitHubPermission>;
}

export interface FakeGitHubOrg {
  id: number;
  login: string;
  /** Every member may read every repository with 'read' or more ('none': only through grants). */
  basePermission: 'none' | 'read' | 'write' | 'admin';
  /** Lower-case login -> role; an 'admin' is an owner (admin on every repository). */
  members: Map<string, 'admin' | 'member'>;
  /** By slug. */
  teams: Map<string, FakeGitHubTeam>;
}

/** What a repository's permissions depend on (the served repository itself, mutable). */
export interface FakeGitHubRepoAccess {
  fullName: string;
  owner: string;
  visibility: FakeGitHubVisibility;
  /** Lower-case login -> role granted on the repository itself (members or outside collaborators). */
  collaborators: Map<string, FakeGitHubPermission>;
}

/**
 * The one world the permission endpoints, the content endpoints and `canRead` all read. Mutate
 * it freely: a repository deleted from `repos` answers 404 everywhere.
 */
export interface FakeGitHubWorld {
  /** By lower-case login (addUser). */
  users: Map<string, { id: number; login: string }>;
  /** By lower-case login (addOrg). */
  orgs: Map<string, FakeGitHubOrg>;
  /** By lower-case full name (addRepo). */
  repos: Map<string, FakeGitHubRepoAccess>;
}

export interface FakeGitHub {
  /** http://127.0.0.1:<port>: the REST root (api.github.com style) and the web root. */
  url: string;
  /** The OAuth app's credentials (GITHUB_CLIENT_ID, GITHUB_CLIENT_SECRET). */
  clientId: string;
  clientSecret: string;
  /** Default true: /login/oauth/authorize redirects straight back with a code. */
  autoConsent: boolean;
  /** The login of whoever is signed in on the web (the one an authorize grants). */
  signedIn: string | null;
  /** A user who can sign in and authorize the OAuth app; answers their numeric id. */
  addUser(input: { login: string; emails?: FakeGitHubEmail[] }): { id: number; login: string };
  /** POST /login/oauth/access_token calls. */
  tokenRequests(): FakeGitHubRequest[];
  /** `${url}/api/v3`: the same API as Enterprise Server serves it. */
  enterpriseApiBase: string;
  requests: FakeGitHubRequest[];
  /** Delay before every answer; can be changed at any time. */
  latencyMs: number;
  /** Highest number of requests being handled at once (latency included). */
  maxInFlight: number;
  /** A recursive tree with more entries than this is cut and marked truncated (GitHub: 100,000). */
  maxTreeEntries: number;
  /** `repos` omitted: every repository; given: exactly those (a fine-grained token's selection). */
  addToken(token: string, access: { login: string; repos?: string[] }): void;
  /** The token now answers 401 Bad credentials. */
  revokeToken(token: string): void;
  /** Every token of this user (added or from the web flow) now answers 401 (access revoked). */
  revokeTokensOf(login: string): void;
  addRepo(input: {
    owner: string;
    name: string;
    private?: boolean;
    /** Wins over `private` (default public). */
    visibility?: FakeGitHubVisibility;
    hasDiscussions?: boolean;
    /** Default true; false: the issues listing answers 410 as GitHub does. */
    hasIssues?: boolean;
    defaultBranch?: string;
  }): { id: number; fullName: string; htmlUrl: string };
  /** An issue, or a pull request with `pull: true`; numbers are shared with discussions. */
  addIssue(input: {
    repo: string;
    title: string;
    body?: string;
    user?: string;
    labels?: string[];
    pull?: boolean;
    state?: 'open' | 'closed';
    comments?: (string | NewComment)[];
  }): number;
  /** Bumps updated_at. */
  editIssue(
    repo: string,
    number: number,
    change: { title?: string; body?: string; state?: 'open' | 'closed'; labels?: string[] },
  ): void;
  /** On an issue, pull request or discussion; bumps its updated time. Returns the comment id. */
  addComment(repo: string, number: number, comment: string | NewComment): number;
  /** GET answers 410 "This issue was deleted"; listings leave it out. */
  deleteIssue(repo: string, number: number): void;
  addDiscussion(input: {
    repo: string;
    title: string;
    body?: string;
    user?: string;
    category?: string;
    comments?: (string | NewComment)[];
  }): number;
  /** Bumps updatedAt. */
  editDiscussion(repo: string, number: number, change: { title?: string; body?: string }): void;
  deleteDiscussion(repo: string, number: number): void;
  /** Adds or replaces a file on the default branch; returns its new blob sha. */
  putFile(repo: string, path: string, content: string | Buffer): string;
  deleteFile(repo: string, path: string): void;
  /** The next `times` (default 1) matching requests get `fault` (before auth is checked). */
  fault(match: FakeGitHubMatcher, fault: FakeGitHubFault, times?: number): void;
  /** GitHub's secondary limit: 403 (or 429) with Retry-After and its message. */
  secondaryRateLimit(
    match: FakeGitHubMatcher,
    retryAfterSeconds: number,
    options?: { status?: 403 | 429; times?: number },
  ): void;
  clearFaults(): void;
  /**
   * Sets a budget: at 0, requests answer GitHub's exhausted-limit error (REST: 403 with
   * x-ratelimit-remaining 0; GraphQL: 200 with a RATE_LIMITED error) until the reset (epoch
   * seconds, default an hour from now), when the budget refills.
   */
  setRateLimit(remaining: number, resetEpochSeconds?: number, resource?: RateResource): void;
  /**
   * Moves the rate limits' clock forward (their resets are read against it), so a test reaches
   * a reset without waiting on the wall clock. Nothing else in the fake reads it.
   */
  advanceRateClock(ms: number): void;
  rateLimit(resource?: RateResource): {
    limit: number;
    remaining: number;
    reset: number;
    used: number;
  };
  /** Requests matching, counted (e.g. `{ path: /\/comments$/ }`). */
  count(match: FakeGitHubMatcher): number;
  /** A moment no earlier than every change so far: changes made after it are stamped at or after it. */
  now(): Date;
  /** Moves the fake's clock (its timestamps) forward. */
  advanceClock(ms: number): void;
  close(): Promise<void>;
  /** Users, organizations, teams and repository grants (see FakeGitHubWorld). */
  world: FakeGitHubWorld;
  /** An organization of known users (addUser first); `members` maps login to role. */
  addOrg(input: {
    login: string;
    basePermission?: FakeGitHubOrg['basePermission'];
    members: Record<string, 'admin' | 'member'>;
  }): FakeGitHubOrg;
  /** A team of organization members, granted roles on repositories; answers its id. */
  addTeam(
    org: string,
    input: {
      slug: string;
      parent?: string;
      members: string[];
      repos?: Record<string, FakeGitHubPermission>;
    },
  ): number;
  /** A direct grant on the repository (an outside collaborator when not an org member). */
  addCollaborator(repo: string, login: string, permission?: FakeGitHubPermission): void;
  /** The oracle: whether GitHub lets this user (login) read this item (`issue:o/r#1`, …) now. */
  canRead(login: string, externalId: string): boolean;
  /** The user's own principals for accessAllows: `user:<numeric id>` (none for an unknown login). */
  principalsOf(login: string): Set<string>;
  /** The permission endpoints (collaborators, org members) answer this status while set. */
  failPermissions: 403 | 500 | null;
}

export async function startFakeGitHub(options: FakeGitHubOptions = {}): Promise<FakeGitHub> {
  const fake = new Fake(options);
  await fake.listen();
  return fake;
}

// ---- State -----------------------------------------------------------------------------------

interface Comment {
  id: number;
  body: string;
  user: string;
  created: number;
  updated: number;
}

interface Issue {
  number: number;
  title: string;
  body: string;
  user: string;
  labels: string[];
  pull: boolean;
  state: 'open' | 'closed';
  comments: Comment[];
  created: number;
  updated: number;
  closed: number | null;
  deleted: boolean;
}

interface Discussion {
  number: number;
  nodeId: string;
  title: string;
  body: string;
  user: string;
  category: string;
  comments: Comment[];
  created: number;
  updated: number;
  deleted: boolean;
}

interface Repo {
  id: number;
  owner: string;
  name: string;
  fullName: string;
  visibility: FakeGitHubVisibility;
  collaborators: Map<string, FakeGitHubPermission>;
  hasDiscussions: boolean;
  hasIssues: boolean;
  defaultBranch: string;
  created: number;
  pushed: number;
  lastNumber: number;
  issues: Map<number, Issue>;
  discussions: Map<number, Discussion>;
  /** path -> content; sorted when listed. */
  files: Map<string, { content: Buffer; sha: string }>;
}

interface Token {
  login: string;
  userId: number;
  repos: Set<string> | null;
  revoked: boolean;
  /** An OAuth app token's scopes; undefined for tokens added by tests (every scope). */
  scopes?: string[];
}

interface User {
  id: number;
  login: string;
  emails: FakeGitHubEmail[];
}

interface Bucket {
  limit: number;
  remaining: number;
  reset: number;
  used: number;
}

interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

interface Planned {
  match: FakeGitHubMatcher;
  remaining: number;
  fault: () => Reply;
}

/** What a handler knows of the request once it is authenticated. */
interface Call {
  req: FakeGitHubRequest;
  token: Token;
  /** The REST root the request came through (for Link headers): url or url/api/v3. */
  base: string;
}

const DOCS = 'https://docs.github.com/rest';
const NOT_FOUND = { message: 'Not Found', documentation_url: DOCS, status: '404' };
const SECONDARY_MESSAGE =
  'You have exceeded a secondary rate limit. Please wait a few minutes before you try again. If you reach out to GitHub Support for help, please include the request ID.';
const API_VERSIONS = ['2022-11-28', '2026-03-10'];

class Fake implements FakeGitHub {
  url = '';
  enterpriseApiBase = '';
  readonly clientId: string;
  readonly clientSecret: string;
  autoConsent = true;
  signedIn: string | null = null;
  readonly requests: FakeGitHubRequest[] = [];
  latencyMs: number;
  maxInFlight = 0;
  maxTreeEntries = 100_000;

  private inFlight = 0;
  private lastId = 1000;
  private lastStamp = 0;
  private skewMs = 0;
  private readonly hourly: number;
  private readonly tokens = new Map<string, Token>();
  private readonly users = new Map<string, User>(); // by lower-case login
  private readonly codes = new Map<
    string,
    { login: string; redirectUri: string; scopes: string[]; expiresAt: number; used: boolean }
  >();
  private readonly repos = new Map<string, Repo>(); // by lower-case full name
  private readonly orgs = new Map<string, FakeGitHubOrg>(); // by lower-case login
  readonly world: FakeGitHubWorld = { users: this.users, orgs: this.orgs, repos: this.repos };
  failPermissions: 403 | 500 | null = null;
  private readonly buckets: Record<RateResource, Bucket>;
  private readonly planned: Planned[] = [];
  private readonly sockets = new Set<Socket>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly server = http.createServer((req, res) => this.receive(req, res));

  constructor(options: FakeGitHubOptions) {
    this.latencyMs = options.latencyMs ?? 0;
    this.clientId = options.clientId ?? 'fake-github-client-id';
    this.clientSecret = options.clientSecret ?? 'fake-github-client-secret';
    this.hourly = options.rateLimit ?? 5000;
    const fresh = (): Bucket => ({
      limit: this.hourly,
      remaining: this.hourly,
      reset: epochSeconds() + 3600,
      used: 0,
    });
    this.buckets = { core: fresh(), graphql: fresh() };
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    this.enterpriseApiBase = `${this.url}/api/v3`;
  }

  close(): Promise<void> {
    return new Promise<void>((resolve) => {
      for (const timer of this.timers) clearTimeout(timer);
      this.timers.clear();
      this.server.close(() => resolve());
      for (const socket of this.sockets) socket.destroy();
    });
  }

  // ---- Test-side state -----------------------------------------------------------------------

  addToken(token: string, access: { login: string; repos?: string[] }) {
    this.tokens.set(token, {
      login: access.login,
      userId: this.users.get(access.login.toLowerCase())?.id ?? ++this.lastId,
      repos: access.repos ? new Set(access.repos.map((r) => r.toLowerCase())) : null,
      revoked: false,
    });
  }

  addUser(input: { login: string; emails?: FakeGitHubEmail[] }) {
    const user: User = { id: ++this.lastId, login: input.login, emails: input.emails ?? [] };
    this.users.set(input.login.toLowerCase(), user);
    this.signedIn ??= user.login;
    return { id: user.id, login: user.login };
  }

  tokenRequests() {
    return this.requests.filter(
      (r) => r.method === 'POST' && r.path === '/login/oauth/access_token',
    );
  }

  revokeToken(token: string) {
    const found = this.tokens.get(token);
    if (found) found.revoked = true;
  }

  revokeTokensOf(login: string) {
    for (const token of this.tokens.values())
      if (token.login.toLowerCase() === login.toLowerCase()) token.revoked = true;
  }

  addRepo(input: {
    owner: string;
    name: string;
    private?: boolean;
    visibility?: FakeGitHubVisibility;
    hasDiscussions?: boolean;
    hasIssues?: boolean;
    defaultBranch?: string;
  }) {
    const fullName = `${input.owner}/${input.name}`;
    if (this.repos.has(fullName.toLowerCase())) throw new Error(`Repository ${fullName} exists`);
    const now = this.stamp();
    const repo: Repo = {
      id: ++this.lastId,
      owner: input.owner,
      name: input.name,
      fullName,
      visibility: input.visibility ?? (input.private ? 'private' : 'public'),
      collaborators: new Map(),
      hasDiscussions: input.hasDiscussions ?? false,
      hasIssues: input.hasIssues ?? true,
      defaultBranch: input.defaultBranch ?? 'main',
      created: now,
      pushed: now,
      lastNumber: 0,
      issues: new Map(),
      discussions: new Map(),
      files: new Map(),
    };
    this.repos.set(fullName.toLowerCase(), repo);
    return { id: repo.id, fullName, htmlUrl: `${this.url}/${fullName}` };
  }

  addIssue(input: {
    repo: string;
    title: string;
    body?: string;
    user?: string;
    labels?: string[];
    pull?: boolean;
    state?: 'open' | 'closed';
    comments?: (string | NewComment)[];
  }) {
    const repo = this.repo(input.repo);
    const now = this.stamp();
    const issue: Issue = {
      number: ++repo.lastNumber,
      title: input.title,
      body: input.body ?? '',
      user: input.user ?? 'octocat',
      labels: input.labels ?? [],
      pull: input.pull ?? false,
      state: input.state ?? 'open',
      comments: (input.comments ?? []).map((c) => this.newComment(c, now)),
      created: now,
      updated: now,
      closed: input.state === 'closed' ? now : null,
      deleted: false,
    };
    repo.issues.set(issue.number, issue);
    return issue.number;
  }

  editIssue(
    repoName: string,
    number: number,
    change: { title?: string; body?: string; state?: 'open' | 'closed'; labels?: string[] },
  ) {
    const issue = this.issue(repoName, number);
    const now = this.stamp();
    if (change.title !== undefined) issue.title = change.title;
    if (change.body !== undefined) issue.body = change.body;
    if (change.labels !== undefined) issue.labels = change.labels;
    if (change.state !== undefined && change.state !== issue.state) {
      issue.state = change.state;
      issue.closed = change.state === 'closed' ? now : null;
    }
    issue.updated = now;
  }

  addComment(repoName: string, number: number, comment: string | NewComment) {
    const repo = this.repo(repoName);
    const target = repo.issues.get(number) ?? repo.discussions.get(number);
    if (!target || target.deleted) throw new Error(`No issue or discussion ${repoName}#${number}`);
    const now = this.stamp();
    const added = this.newComment(comment, now);
    target.comments.push(added);
    target.updated = now;
    return added.id;
  }

  deleteIssue(repoName: string, number: number) {
    this.issue(repoName, number).deleted = true;
  }

  addDiscussion(input: {
    repo: string;
    title: string;
    body?: string;
    user?: string;
    category?: string;
    comments?: (string | NewComment)[];
  }) {
    const repo = this.repo(input.repo);
    const now = this.stamp();
    const discussion: Discussion = {
      number: ++repo.lastNumber,
      nodeId: `D_kwDO${randomBytes(6).toString('base64url')}`,
      title: input.title,
      body: input.body ?? '',
      user: input.user ?? 'octocat',
      category: input.category ?? 'General',
      comments: (input.comments ?? []).map((c) => this.newComment(c, now)),
      created: now,
      updated: now,
      deleted: false,
    };
    repo.discussions.set(discussion.number, discussion);
    return discussion.number;
  }

  editDiscussion(repoName: string, number: number, change: { title?: string; body?: string }) {
    const discussion = this.discussion(repoName, number);
    if (change.title !== undefined) discussion.title = change.title;
    if (change.body !== undefined) discussion.body = change.body;
    discussion.updated = this.stamp();
  }

  deleteDiscussion(repoName: string, number: number) {
    this.discussion(repoName, number).deleted = true;
  }

  putFile(repoName: string, path: string, content: string | Buffer) {
    const repo = this.repo(repoName);
    const bytes = Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8');
    const sha = gitSha('blob', bytes);
    repo.files.set(path.replace(/^\/+/, ''), { content: bytes, sha });
    repo.pushed = this.stamp();
    return sha;
  }

  deleteFile(repoName: string, path: string) {
    const repo = this.repo(repoName);
    if (!repo.files.delete(path.replace(/^\/+/, ''))) throw new Error(`No file ${path}`);
    repo.pushed = this.stamp();
  }

  // ---- Permissions world -----------------------------------------------------------------------

  addOrg(input: {
    login: string;
    basePermission?: FakeGitHubOrg['basePermission'];
    members: Record<string, 'admin' | 'member'>;
  }) {
    const members = new Map<string, 'admin' | 'member'>();
    for (const [login, role] of Object.entries(input.members))
      members.set(this.knownUser(login), role);
    const org: FakeGitHubOrg = {
      id: ++this.lastId,
      login: input.login,
      basePermission: input.basePermission ?? 'none',
      members,
      teams: new Map(),
    };
    this.orgs.set(input.login.toLowerCase(), org);
    return org;
  }

  addTeam(
    orgLogin: string,
    input: {
      slug: string;
      parent?: string;
      members: string[];
      repos?: Record<string, FakeGitHubPermission>;
    },
  ) {
    const org = this.orgs.get(orgLogin.toLowerCase());
    if (!org) throw new Error(`No organization ${orgLogin}`);
    if (input.parent && !org.teams.has(input.parent)) throw new Error(`No team ${input.parent}`);
    const members = input.members.map((login) => login.toLowerCase());
    const outsider = members.find((login) => !org.members.has(login));
    if (outsider) throw new Error(`${outsider} is not a member of ${org.login}`);
    const team: FakeGitHubTeam = {
      id: ++this.lastId,
      slug: input.slug,
      parent: input.parent ?? null,
      members: new Set(members),
      repos: new Map(
        Object.entries(input.repos ?? {}).map(([repo, role]) => [repo.toLowerCase(), role]),
      ),
    };
    org.teams.set(team.slug, team);
    return team.id;
  }

  addCollaborator(repoName: string, login: string, permission: FakeGitHubPermission = 'push') {
    this.repo(repoName).collaborators.set(this.knownUser(login), permission);
  }

  canRead(login: string, externalId: string): boolean {
    const repo = this.repoOfExisting(externalId);
    if (!repo) return false;
    return repo.visibility === 'public' || this.readsNonPublic(login.toLowerCase(), repo);
  }

  principalsOf(login: string): Set<string> {
    const user = this.users.get(login.toLowerCase());
    return new Set(user ? [`user:${user.id}`] : []);
  }

  private knownUser(login: string): string {
    const key = login.toLowerCase();
    if (!this.users.has(key)) throw new Error(`No user ${login} (addUser first)`);
    return key;
  }

  /** The repository of an item that exists now (an issue, discussion or file), else undefined. */
  private repoOfExisting(externalId: string): Repo | undefined {
    const numbered = /^(issue|discussion):([^/\s]+\/[^#\s]+)#(\d+)$/.exec(externalId);
    const file = /^file:([^/:\s]+\/[^/:\s]+):(.+)$/.exec(externalId);
    const repo = this.repos.get((numbered?.[2] ?? file?.[1] ?? '').toLowerCase());
    if (!repo) return undefined;
    if (file) return repo.files.has(file[2]!) ? repo : undefined;
    const number = Number(numbered![3]);
    const item =
      numbered![1] === 'issue'
        ? repo.issues.get(number)
        : repo.hasDiscussions
          ? repo.discussions.get(number)
          : undefined;
    return item && !item.deleted ? repo : undefined;
  }

  /**
   * GitHub's rules for a private or internal repository, read from the world directly (not
   * through the collaborators listing): a direct grant; in an organization, an owner, any
   * member when the base permission or an internal repository allows, else a team granted the
   * repository or any team below it; outside one, the owner.
   */
  private readsNonPublic(user: string, repo: Repo): boolean {
    if (!this.users.has(user)) return false;
    if (repo.collaborators.has(user)) return true;
    const org = this.orgs.get(repo.owner.toLowerCase());
    if (!org) return repo.owner.toLowerCase() === user;
    const role = org.members.get(user);
    if (!role) return false;
    if (role === 'admin' || org.basePermission !== 'none' || repo.visibility === 'internal')
      return true;
    const granted = [...org.teams.values()].filter((t) => t.repos.has(repo.fullName.toLowerCase()));
    return granted.some((team) => teamAndBelow(org, team).some((t) => t.members.has(user)));
  }

  /**
   * The user's highest role on the repository, from every source GitHub counts: the grant, the
   * organization's owners and base permission, and teams (a team gets its parents' grants).
   */
  private permissionOf(user: string, repo: Repo): FakeGitHubPermission | null {
    const grants: (FakeGitHubPermission | null | undefined)[] = [repo.collaborators.get(user)];
    const org = this.orgs.get(repo.owner.toLowerCase());
    if (!org) return highest([...grants, repo.owner.toLowerCase() === user ? 'admin' : null]);
    const role = org.members.get(user);
    if (!role) return highest(grants);
    grants.push(role === 'admin' ? 'admin' : null, BASE_ROLE[org.basePermission]);
    if (repo.visibility === 'internal') grants.push('pull');
    for (const team of org.teams.values())
      if (team.members.has(user))
        for (const t of teamAndAbove(org, team))
          grants.push(t.repos.get(repo.fullName.toLowerCase()));
    return highest(grants);
  }

  // ---- Faults, budgets, clock ------------------------------------------------------------------

  fault(match: FakeGitHubMatcher, fault: FakeGitHubFault, times = 1) {
    this.planned.push({
      match,
      remaining: times,
      fault: () => ({ status: fault.status, headers: fault.headers, body: fault.body ?? {} }),
    });
  }

  secondaryRateLimit(
    match: FakeGitHubMatcher,
    retryAfterSeconds: number,
    options: { status?: 403 | 429; times?: number } = {},
  ) {
    this.planned.push({
      match,
      remaining: options.times ?? 1,
      fault: () => ({
        status: options.status ?? 403,
        headers: { 'retry-after': String(retryAfterSeconds) },
        body: {
          message: SECONDARY_MESSAGE,
          documentation_url:
            'https://docs.github.com/free-pro-team@latest/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits',
          status: String(options.status ?? 403),
        },
      }),
    });
  }

  clearFaults() {
    this.planned.length = 0;
  }

  setRateLimit(remaining: number, resetEpochSeconds?: number, resource: RateResource = 'core') {
    const bucket = this.buckets[resource];
    bucket.remaining = remaining;
    bucket.used = Math.max(0, bucket.limit - remaining);
    bucket.reset = resetEpochSeconds ?? this.rateEpochSeconds() + 3600;
  }

  /** How far the rate limits' clock runs ahead of the wall clock (advanceRateClock). */
  private rateClockMs = 0;

  advanceRateClock(ms: number) {
    this.rateClockMs += ms;
  }

  private rateEpochSeconds() {
    return Math.floor((Date.now() + this.rateClockMs) / 1000);
  }

  rateLimit(resource: RateResource = 'core') {
    return { ...this.refreshed(resource) };
  }

  count(match: FakeGitHubMatcher) {
    return this.requests.filter((r) => matches(match, r)).length;
  }

  now() {
    return new Date(Math.max(this.clock(), this.lastStamp + 1000));
  }

  advanceClock(ms: number) {
    this.skewMs += ms;
  }

  // ---- Serving -------------------------------------------------------------------------------

  private receive(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('error', () => undefined);
    req.on('end', () => {
      const request = toRequest(req, Buffer.concat(chunks));
      this.requests.push(request);
      this.inFlight++;
      this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        this.inFlight--;
        const reply = this.answer(request);
        request.status = reply.status;
        write(res, reply);
      }, this.latencyMs);
      this.timers.add(timer);
    });
  }

  private answer(req: FakeGitHubRequest): Reply {
    const resource: RateResource = req.route === '/graphql' ? 'graphql' : 'core';
    const planned = this.planned.find((p) => p.remaining > 0 && matches(p.match, req));
    if (planned) {
      planned.remaining--;
      const fault = planned.fault();
      return { ...fault, headers: { ...this.rateHeaders(resource), ...fault.headers } };
    }
    let reply: Reply;
    try {
      reply = this.route(req, resource);
    } catch (error) {
      reply = { status: 500, body: { message: `Fake GitHub broke: ${String(error)}` } };
    }
    return { ...reply, headers: { ...this.rateHeaders(resource), ...reply.headers } };
  }

  private route(req: FakeGitHubRequest, resource: RateResource): Reply {
    // github.com's web flow, not the API: no token, no rate budget.
    if (req.path === '/login/oauth/authorize')
      return req.method === 'GET' ? this.authorize(req) : { status: 404, body: NOT_FOUND };
    if (req.path === '/login/oauth/access_token')
      return req.method === 'POST' ? this.accessToken(req) : { status: 404, body: NOT_FOUND };
    const version = req.headers['x-github-api-version'];
    if (version && !API_VERSIONS.includes(version))
      return {
        status: 400,
        body: { message: `Unsupported 'X-GitHub-Api-Version' header value: ${version}` },
      };
    const token = this.tokenOf(req);
    if (typeof token === 'string')
      return {
        status: 401,
        body: {
          message: token,
          documentation_url: resource === 'graphql' ? 'https://docs.github.com/graphql' : DOCS,
          status: '401',
        },
      };
    const bucket = this.refreshed(resource);
    if (bucket.remaining <= 0) return this.exhausted(resource, token);
    bucket.remaining--;
    bucket.used++;
    const base = req.path.startsWith('/api/') ? this.enterpriseApiBase : this.url;
    const call: Call = { req, token, base };
    if (resource === 'graphql')
      return req.method === 'POST' ? this.graphql(call) : { status: 404, body: NOT_FOUND };
    if (req.method !== 'GET') return { status: 404, body: NOT_FOUND };
    return this.rest(call);
  }

  /** The token, or the 401 message GitHub answers. */
  private tokenOf(req: FakeGitHubRequest): Token | string {
    const header = req.headers.authorization;
    if (!header) return 'Requires authentication';
    const match = /^(?:Bearer|token)\s+(\S+)$/i.exec(header);
    const token = match ? this.tokens.get(match[1]!) : undefined;
    return token && !token.revoked ? token : 'Bad credentials';
  }

  private exhausted(resource: RateResource, token: Token): Reply {
    const message = `API rate limit exceeded for user ID ${token.userId}.`;
    if (resource === 'graphql')
      return { status: 200, body: { errors: [{ type: 'RATE_LIMITED', message }] } };
    return {
      status: 403,
      body: {
        message,
        documentation_url:
          'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-primary-rate-limits',
        status: '403',
      },
    };
  }

  private rateHeaders(resource: RateResource): Record<string, string> {
    const b = this.refreshed(resource);
    return {
      'x-ratelimit-limit': String(b.limit),
      'x-ratelimit-remaining': String(Math.max(0, b.remaining)),
      'x-ratelimit-reset': String(b.reset),
      'x-ratelimit-used': String(b.used),
      'x-ratelimit-resource': resource,
      'x-github-request-id': randomBytes(8).toString('hex').toUpperCase(),
    };
  }

  /** The bucket, refilled when its reset time has passed. */
  private refreshed(resource: RateResource): Bucket {
    const b = this.buckets[resource];
    if (Date.now() + this.rateClockMs >= b.reset * 1000) {
      b.remaining = b.limit;
      b.used = 0;
      b.reset = this.rateEpochSeconds() + 3600;
    }
    return b;
  }

  // ---- REST ----------------------------------------------------------------------------------

  private rest(call: Call): Reply {
    const { route } = call.req;
    if (route === '/user') return { status: 200, body: this.userJson(call.token) };
    if (route === '/user/emails') return this.userEmails(call);
    if (route === '/rate_limit') return this.rateLimitJson();
    let m: RegExpExecArray | null;
    if ((m = /^\/orgs\/([^/]+)\/members$/.exec(route)))
      return this.listOrgMembers(call, this.orgs.get(decode(m[1]!).toLowerCase()));
    if ((m = /^\/organizations\/(\d+)\/members$/.exec(route)))
      return this.listOrgMembers(
        call,
        [...this.orgs.values()].find((o) => o.id === Number(m![1])),
      );
    let repo: Repo | undefined;
    let rest: string;
    if ((m = /^\/repos\/([^/]+)\/([^/]+)(\/.*)?$/.exec(route))) {
      repo = this.visibleRepo(call.token, `${decode(m[1]!)}/${decode(m[2]!)}`);
      rest = m[3] ?? '';
    } else if ((m = /^\/repositories\/(\d+)(\/.*)?$/.exec(route))) {
      repo = [...this.repos.values()].find((r) => r.id === Number(m![1]));
      if (repo && !this.canSee(call.token, repo)) repo = undefined;
      rest = m[2] ?? '';
    } else return { status: 404, body: NOT_FOUND };
    if (!repo) return { status: 404, body: NOT_FOUND };
    if (rest === '') return { status: 200, body: this.repoJson(repo, call.token) };
    if (rest === '/collaborators') return this.listCollaborators(call, repo);
    if (rest === '/issues') return this.listIssues(call, repo);
    if ((m = /^\/issues\/(\d+)$/.exec(rest))) return this.getIssue(repo, Number(m[1]));
    if ((m = /^\/issues\/(\d+)\/comments$/.exec(rest)))
      return this.listComments(call, repo, Number(m[1]));
    if ((m = /^\/git\/trees\/(.+)$/.exec(rest))) return this.tree(call, repo, decode(m[1]!));
    if ((m = /^\/git\/blobs\/([0-9a-f]{40})$/.exec(rest))) return this.blob(repo, m[1]!);
    if ((m = /^\/contents(?:\/(.*))?$/.exec(rest)))
      return this.contents(call, repo, decode(m[1] ?? '').replace(/\/+$/, ''));
    return { status: 404, body: NOT_FOUND };
  }

  private listIssues(call: Call, repo: Repo): Reply {
    if (!repo.hasIssues)
      return {
        status: 410,
        body: {
          message: 'Issues are disabled for this repo',
          documentation_url: DOCS,
          status: '410',
        },
      };
    const q = call.req.query;
    const state = q.get('state') ?? 'open';
    const sort = q.get('sort') ?? 'created';
    const direction = q.get('direction') ?? 'desc';
    const since = q.get('since');
    const sinceMs = since === null ? null : Date.parse(since);
    if (
      !['open', 'closed', 'all'].includes(state) ||
      !['created', 'updated', 'comments'].includes(sort) ||
      !['asc', 'desc'].includes(direction) ||
      Number.isNaN(sinceMs)
    )
      return validationFailed();
    const key = (i: Issue) =>
      sort === 'created' ? i.created : sort === 'updated' ? i.updated : i.comments.length;
    const sign = direction === 'asc' ? 1 : -1;
    const list = [...repo.issues.values()]
      .filter((i) => !i.deleted && (state === 'all' || i.state === state))
      .filter((i) => sinceMs === null || i.updated >= sinceMs)
      .sort((a, b) => sign * (key(a) - key(b) || a.number - b.number));
    return this.paged(call, `/repositories/${repo.id}/issues`, list, (i) =>
      this.issueJson(call, repo, i),
    );
  }

  private getIssue(repo: Repo, number: number): Reply {
    const issue = repo.issues.get(number);
    if (!issue) return { status: 404, body: NOT_FOUND };
    if (issue.deleted)
      return {
        status: 410,
        body: { message: 'This issue was deleted', documentation_url: DOCS, status: '410' },
      };
    return { status: 200, body: this.issueJson(null, repo, issue) };
  }

  private listComments(call: Call, repo: Repo, number: number): Reply {
    const issue = repo.issues.get(number);
    if (!issue || issue.deleted) return { status: 404, body: NOT_FOUND };
    const since = call.req.query.get('since');
    const sinceMs = since === null ? null : Date.parse(since);
    if (Number.isNaN(sinceMs)) return validationFailed();
    const list = issue.comments.filter((c) => sinceMs === null || c.updated >= sinceMs);
    return this.paged(call, `/repositories/${repo.id}/issues/${number}/comments`, list, (c) =>
      this.commentJson(repo, issue, c),
    );
  }

  /**
   * One page (per_page ≤ 100, default 30; page from 1) and GitHub's Link header: first, prev,
   * next and last, absolute, at /repositories/{id}/… like api.github.com's.
   */
  private paged<T>(call: Call, path: string, list: T[], json: (item: T) => unknown): Reply {
    const q = call.req.query;
    const perPage = clamp(intParam(q.get('per_page'), 30), 1, 100);
    const page = Math.max(1, intParam(q.get('page'), 1));
    const last = Math.max(1, Math.ceil(list.length / perPage));
    const link = (n: number) => {
      const params = new URLSearchParams(q);
      params.set('page', String(n));
      return `${call.base}${path}?${params.toString()}`;
    };
    const rels: string[] = [];
    if (page > 1) rels.push(`<${link(page - 1)}>; rel="prev"`);
    if (page < last) rels.push(`<${link(page + 1)}>; rel="next"`, `<${link(last)}>; rel="last"`);
    if (page > 1) rels.push(`<${link(1)}>; rel="first"`);
    const body = list.slice((page - 1) * perPage, page * perPage).map(json);
    return { status: 200, body, headers: rels.length > 0 ? { link: rels.join(', ') } : {} };
  }

  /**
   * GET /repos/{o}/{r}/collaborators: everyone with a role on the repository (affiliation=all),
   * or only direct grants (direct), or only non-members' grants (outside); `permission` keeps
   * those with at least that role. The caller needs push access (and, in an organization, to be
   * a member).
   */
  private listCollaborators(call: Call, repo: Repo): Reply {
    if (this.failPermissions)
      return this.permissionFailure('Must have push access to view repository collaborators.');
    const q = call.req.query;
    const affiliation = q.get('affiliation') ?? 'all';
    const wanted = q.get('permission');
    if (
      !['outside', 'direct', 'all'].includes(affiliation) ||
      (wanted !== null && !ROLES.includes(wanted as FakeGitHubPermission))
    )
      return validationFailed();
    const org = this.orgs.get(repo.owner.toLowerCase());
    const self = call.token.login.toLowerCase();
    if (rank(this.permissionOf(self, repo)) < rank('push') || (org && !org.members.has(self)))
      return this.forbidden('Must have push access to view repository collaborators.');
    const list = [...this.users.values()]
      .map((user) => ({ user, role: this.permissionOf(user.login.toLowerCase(), repo) }))
      .filter(({ user, role }) => {
        const key = user.login.toLowerCase();
        if (!role || (wanted && rank(role) < rank(wanted as FakeGitHubPermission))) return false;
        if (affiliation === 'all') return true;
        return repo.collaborators.has(key) && (affiliation === 'direct' || !org?.members.has(key));
      })
      .sort((a, b) => a.user.id - b.user.id);
    return this.paged(call, `/repositories/${repo.id}/collaborators`, list, ({ user, role }) => ({
      ...this.accountJson(user),
      permissions: permissionsJson(role),
      role_name: ROLE_NAMES[role!],
    }));
  }

  /**
   * GET /orgs/{org}/members (role=all|admin|member). Concealed memberships show to members only,
   * and the fake has no public ones: a non-member sees an empty list, as GitHub would show it
   * only the public members.
   */
  private listOrgMembers(call: Call, org: FakeGitHubOrg | undefined): Reply {
    if (!org) return { status: 404, body: NOT_FOUND };
    if (this.failPermissions)
      return this.permissionFailure('Resource not accessible by personal access token');
    const role = call.req.query.get('role') ?? 'all';
    if (!['all', 'admin', 'member'].includes(role)) return validationFailed();
    const shown = org.members.has(call.token.login.toLowerCase()) ? [...org.members] : [];
    const list = shown
      .filter(([, r]) => role === 'all' || r === role)
      .map(([login]) => this.users.get(login)!)
      .sort((a, b) => a.id - b.id);
    return this.paged(call, `/organizations/${org.id}/members`, list, (u) => this.accountJson(u));
  }

  private permissionFailure(forbiddenMessage: string): Reply {
    if (this.failPermissions === 403) return this.forbidden(forbiddenMessage);
    return { status: 500, body: { message: 'Server Error' } };
  }

  private forbidden(message: string): Reply {
    return { status: 403, body: { message, documentation_url: DOCS, status: '403' } };
  }

  private tree(call: Call, repo: Repo, ref: string): Reply {
    const entries = treeEntries(repo);
    if (entries.length === 0)
      return {
        status: 409,
        body: { message: 'Git Repository is empty.', documentation_url: DOCS, status: '409' },
      };
    const treeSha = gitSha(
      'tree',
      Buffer.from(entries.map((e) => `${e.path} ${e.sha}`).join('\n')),
    );
    if (!this.refMatches(repo, ref, treeSha)) return { status: 404, body: NOT_FOUND };
    const recursive = call.req.query.has('recursive');
    const listed = recursive ? entries : entries.filter((e) => !e.path.includes('/'));
    const truncated = listed.length > this.maxTreeEntries;
    return {
      status: 200,
      body: {
        sha: treeSha,
        url: `${call.base}/repos/${repo.fullName}/git/trees/${treeSha}`,
        tree: listed.slice(0, this.maxTreeEntries).map((e) => ({
          path: e.path,
          mode: e.type === 'blob' ? '100644' : '040000',
          type: e.type,
          sha: e.sha,
          ...(e.type === 'blob' ? { size: e.size } : {}),
          url: `${call.base}/repos/${repo.fullName}/git/${e.type}s/${e.sha}`,
        })),
        truncated,
      },
    };
  }

  private blob(repo: Repo, sha: string): Reply {
    const file = [...repo.files.values()].find((f) => f.sha === sha);
    if (!file) return { status: 404, body: NOT_FOUND };
    return {
      status: 200,
      body: {
        sha,
        node_id: `B_${sha.slice(0, 12)}`,
        size: file.content.length,
        url: `${this.url}/repos/${repo.fullName}/git/blobs/${sha}`,
        content: base64Lines(file.content),
        encoding: 'base64',
      },
    };
  }

  /** A file (base64 in lines of 60, as GitHub sends it) or a folder's listing. */
  private contents(call: Call, repo: Repo, path: string): Reply {
    const ref = call.req.query.get('ref');
    if (ref !== null && !this.refMatches(repo, ref, null))
      return {
        status: 404,
        body: {
          message: `No commit found for the ref ${ref}`,
          documentation_url: DOCS,
          status: '404',
        },
      };
    const file = repo.files.get(path);
    if (file) {
      const accept = call.req.headers.accept ?? '';
      if (/vnd\.github(\.v3)?\.raw/.test(accept))
        return {
          status: 200,
          body: file.content.toString('utf8'),
          headers: { 'content-type': 'text/plain; charset=utf-8' },
        };
      const tooLarge = file.content.length > 1024 * 1024;
      return {
        status: 200,
        body: {
          ...this.contentEntry(call, repo, path, 'file', file),
          encoding: tooLarge ? 'none' : 'base64',
          content: tooLarge ? '' : base64Lines(file.content),
        },
      };
    }
    const prefix = path ? `${path}/` : '';
    const children = new Map<string, 'file' | 'dir'>();
    for (const p of repo.files.keys()) {
      if (!p.startsWith(prefix)) continue;
      const [head, ...tail] = p.slice(prefix.length).split('/');
      children.set(prefix + head, tail.length > 0 ? 'dir' : 'file');
    }
    if (children.size === 0) return { status: 404, body: NOT_FOUND };
    return {
      status: 200,
      body: [...children.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([p, type]) => this.contentEntry(call, repo, p, type, repo.files.get(p))),
    };
  }

  private contentEntry(
    call: Call,
    repo: Repo,
    path: string,
    type: 'file' | 'dir',
    file: { content: Buffer; sha: string } | undefined,
  ) {
    const sha = file?.sha ?? gitSha('tree', Buffer.from(path));
    const branch = repo.defaultBranch;
    return {
      type,
      name: path.split('/').pop(),
      path,
      sha,
      size: file?.content.length ?? 0,
      url: `${call.base}/repos/${repo.fullName}/contents/${path}?ref=${branch}`,
      html_url: `${this.url}/${repo.fullName}/${type === 'file' ? 'blob' : 'tree'}/${branch}/${path}`,
      git_url: `${call.base}/repos/${repo.fullName}/git/${type === 'file' ? 'blobs' : 'trees'}/${sha}`,
      download_url: type === 'file' ? `${this.url}/${repo.fullName}/raw/${branch}/${path}` : null,
    };
  }

  /** The default branch by name (or heads/name), or the current tree sha. */
  private refMatches(repo: Repo, ref: string, treeSha: string | null): boolean {
    const name = ref.replace(/^(refs\/)?heads\//, '');
    return name === repo.defaultBranch || (treeSha !== null && ref === treeSha);
  }

  // ---- GraphQL -------------------------------------------------------------------------------

  private graphql(call: Call): Reply {
    const body = isObject(call.req.body) ? call.req.body : {};
    const query = typeof body.query === 'string' ? body.query : '';
    const variables = isObject(body.variables) ? body.variables : {};
    if (!query)
      return {
        status: 400,
        body: {
          message: 'Problems parsing JSON',
          documentation_url: 'https://docs.github.com/graphql',
        },
      };
    const data: Record<string, unknown> = {};
    const errors: Record<string, unknown>[] = [];
    if (/\bviewer\s*\{/.test(query)) data.viewer = { login: call.token.login };
    if (/\brateLimit\s*\{/.test(query)) {
      const b = this.refreshed('graphql');
      data.rateLimit = {
        cost: 1,
        limit: b.limit,
        remaining: b.remaining,
        used: b.used,
        resetAt: new Date(b.reset * 1000).toISOString(),
      };
    }
    const repoArgs = /\brepository\s*\(([^)]*)\)/.exec(query);
    if (repoArgs) {
      const owner = argValue(repoArgs[1]!, 'owner', variables);
      const name = argValue(repoArgs[1]!, 'name', variables);
      const repo = this.visibleRepo(call.token, `${owner}/${name}`);
      if (!repo) {
        data.repository = null;
        errors.push(
          notFoundError(
            ['repository'],
            `Could not resolve to a Repository with the name '${owner}/${name}'.`,
          ),
        );
      } else data.repository = this.repositoryData(repo, query, variables, errors);
    }
    if (Object.keys(data).length === 0 && errors.length === 0)
      errors.push({ message: 'The fake GitHub does not know this query.' });
    const picked = pick(data, parseSelection(query));
    return { status: 200, body: errors.length > 0 ? { data: picked, errors } : { data: picked } };
  }

  private repositoryData(
    repo: Repo,
    query: string,
    variables: Record<string, unknown>,
    errors: Record<string, unknown>[],
  ): Record<string, unknown> {
    const out: Record<string, unknown> = {
      id: `R_${repo.id}`,
      name: repo.name,
      nameWithOwner: repo.fullName,
      url: `${this.url}/${repo.fullName}`,
      hasDiscussionsEnabled: repo.hasDiscussions,
    };
    const commentsFirst = connectionFirst(query, 'comments', variables, errors);
    const list = connectionArgs(query, 'discussions');
    if (list !== null) {
      const first = connectionFirst(query, 'discussions', variables, errors);
      if (first === null) return out;
      const after = argValue(list, 'after', variables);
      const field = /field\s*:\s*(\w+)/.exec(list)?.[1] ?? 'UPDATED_AT';
      const direction = /direction\s*:\s*(\w+)/.exec(list)?.[1] ?? 'DESC';
      const items = repo.hasDiscussions
        ? [...repo.discussions.values()].filter((d) => !d.deleted)
        : [];
      const key = (d: Discussion) => (field === 'CREATED_AT' ? d.created : d.updated);
      const sign = direction === 'ASC' ? 1 : -1;
      items.sort((a, b) => sign * (key(a) - key(b) || a.number - b.number));
      const position = (d: Discussion) => ({ t: key(d), n: d.number });
      const cursor = after ? decodeCursor(String(after)) : null;
      if (after && !cursor) {
        errors.push({
          type: 'INVALID_CURSOR_ARGUMENTS',
          message: `\`${String(after)}\` does not appear to be a valid cursor.`,
        });
        return out;
      }
      // Keyset paging, like GitHub's cursors: an item edited meanwhile moves, others do not shift.
      const rest = cursor
        ? items.filter((d) => sign * (key(d) - cursor.t || d.number - cursor.n) > 0)
        : items;
      const page = rest.slice(0, first);
      out.discussions = {
        totalCount: items.length,
        nodes: page.map((d) => this.discussionJson(repo, d, commentsFirst ?? 100)),
        edges: page.map((d) => ({
          cursor: encodeCursor(position(d)),
          node: this.discussionJson(repo, d, commentsFirst ?? 100),
        })),
        pageInfo: {
          hasNextPage: rest.length > page.length,
          hasPreviousPage: Boolean(cursor),
          startCursor: page[0] ? encodeCursor(position(page[0])) : null,
          endCursor: page.length > 0 ? encodeCursor(position(page[page.length - 1]!)) : null,
        },
      };
    }
    const one = /\bdiscussion\s*\(([^)]*)\)/.exec(query);
    if (one) {
      const number = Number(argValue(one[1]!, 'number', variables));
      const d = repo.hasDiscussions ? repo.discussions.get(number) : undefined;
      if (!d || d.deleted) {
        out.discussion = null;
        errors.push(
          notFoundError(
            ['repository', 'discussion'],
            `Could not resolve to a Discussion with the number of ${number}.`,
          ),
        );
      } else out.discussion = this.discussionJson(repo, d, commentsFirst ?? 100);
    }
    return out;
  }

  private discussionJson(repo: Repo, d: Discussion, commentsFirst: number) {
    const comments = d.comments.slice(0, commentsFirst);
    return {
      id: d.nodeId,
      number: d.number,
      title: d.title,
      body: d.body,
      bodyText: d.body,
      url: `${this.url}/${repo.fullName}/discussions/${d.number}`,
      createdAt: iso(d.created),
      updatedAt: iso(d.updated),
      author: { login: d.user },
      category: { name: d.category },
      answer: null,
      comments: {
        totalCount: d.comments.length,
        nodes: comments.map((c) => ({
          id: `DC_${c.id}`,
          body: c.body,
          bodyText: c.body,
          createdAt: iso(c.created),
          updatedAt: iso(c.updated),
          url: `${this.url}/${repo.fullName}/discussions/${d.number}#discussioncomment-${c.id}`,
          author: { login: c.user },
        })),
        pageInfo: { hasNextPage: d.comments.length > comments.length, endCursor: null },
      },
    };
  }

  // ---- JSON shapes ---------------------------------------------------------------------------

  // ---- OAuth app web flow --------------------------------------------------------------------

  /**
   * The authorize page. With autoConsent (and a signed-in user) it redirects back at once as if
   * the user clicked Authorize; `consent=deny` redirects with error=access_denied. A wrong client
   * or redirect is shown on GitHub's page, never sent back.
   */
  private authorize(req: FakeGitHubRequest): Reply {
    const q = req.query;
    if (q.get('client_id') !== this.clientId)
      return { status: 404, body: 'The OAuth application was not found.' };
    const redirectUri = q.get('redirect_uri') ?? '';
    if (!URL.canParse(redirectUri))
      return { status: 400, body: 'The redirect_uri MUST match the registered callback URL.' };
    const state = q.get('state');
    const back = (params: Record<string, string | null>) => {
      const to = new URL(redirectUri);
      for (const [k, v] of Object.entries(params)) if (v !== null) to.searchParams.set(k, v);
      return { status: 302, headers: { location: to.toString() } };
    };
    if (q.get('consent') === 'deny')
      return back({
        error: 'access_denied',
        error_description: 'The user has denied your application access.',
        error_uri: 'https://docs.github.com/apps/troubleshooting-authorization-request-errors',
        state,
      });
    const user = this.signedIn ? this.users.get(this.signedIn.toLowerCase()) : undefined;
    if (!user) return { status: 200, body: 'Sign in to GitHub to continue.' };
    if (!this.autoConsent && q.get('consent') !== 'allow')
      return { status: 200, body: `Authorize ${this.clientId} for ${user.login}?` };
    const code = randomBytes(10).toString('hex');
    this.codes.set(code, {
      login: user.login,
      redirectUri,
      scopes: (q.get('scope') ?? '').split(/[ ,]+/).filter(Boolean),
      expiresAt: Date.now() + 10 * 60 * 1000,
      used: false,
    });
    return back({ code, state });
  }

  /** The code exchange: errors come back with 200 and an `error`, as GitHub's do. */
  private accessToken(req: FakeGitHubRequest): Reply {
    const body: Record<string, string> = { ...Object.fromEntries(req.query) };
    if (req.body && typeof req.body === 'object') Object.assign(body, req.body);
    const json = (req.headers.accept ?? '').includes('application/json');
    const answer = (fields: Record<string, string>): Reply =>
      json
        ? { status: 200, body: fields }
        : {
            status: 200,
            headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
            body: new URLSearchParams(fields).toString(),
          };
    const docs =
      'https://docs.github.com/apps/troubleshooting-oauth-app-access-token-request-errors';
    if (body.client_id !== this.clientId || body.client_secret !== this.clientSecret)
      return answer({
        error: 'incorrect_client_credentials',
        error_description: 'The client_id and/or client_secret passed are incorrect.',
        error_uri: `${docs}/#incorrect-client-credentials`,
      });
    const grant = this.codes.get(body.code ?? '');
    if (!grant || grant.used || grant.expiresAt <= Date.now())
      return answer({
        error: 'bad_verification_code',
        error_description: 'The code passed is incorrect or expired.',
        error_uri: `${docs}/#bad-verification-code`,
      });
    if (body.redirect_uri && body.redirect_uri !== grant.redirectUri)
      return answer({
        error: 'redirect_uri_mismatch',
        error_description:
          'The redirect_uri MUST match the registered callback URL for this application.',
        error_uri: `${docs}/#redirect-uri-mismatch`,
      });
    grant.used = true;
    const token = `gho_${randomBytes(18).toString('base64url')}`;
    const user = this.users.get(grant.login.toLowerCase())!;
    this.tokens.set(token, {
      login: user.login,
      userId: user.id,
      repos: null,
      revoked: false,
      scopes: grant.scopes,
    });
    return answer({ access_token: token, scope: grant.scopes.join(','), token_type: 'bearer' });
  }

  /** GET /user/emails: needs user:email (or user) on an OAuth token; 404 otherwise, as GitHub. */
  private userEmails(call: Call): Reply {
    const { scopes } = call.token;
    if (scopes && !scopes.includes('user:email') && !scopes.includes('user'))
      return { status: 404, body: NOT_FOUND };
    const user = this.users.get(call.token.login.toLowerCase());
    return {
      status: 200,
      body: (user?.emails ?? []).map((e) => ({
        email: e.email,
        primary: e.primary ?? false,
        verified: e.verified ?? false,
        visibility: e.primary ? 'private' : null,
      })),
    };
  }

  private userJson(token: Token) {
    return {
      login: token.login,
      id: token.userId,
      node_id: `U_${token.userId}`,
      type: 'User',
      site_admin: false,
      name: token.login,
      html_url: `${this.url}/${token.login}`,
      url: `${this.url}/users/${token.login}`,
    };
  }

  private accountJson(user: User) {
    return {
      login: user.login,
      id: user.id,
      node_id: `U_${user.id}`,
      avatar_url: `${this.url}/avatars/u/${user.id}`,
      url: `${this.url}/users/${user.login}`,
      html_url: `${this.url}/${user.login}`,
      type: 'User',
      site_admin: false,
    };
  }

  private repoJson(repo: Repo, token: Token) {
    return {
      id: repo.id,
      node_id: `R_${repo.id}`,
      name: repo.name,
      full_name: repo.fullName,
      private: repo.visibility !== 'public',
      visibility: repo.visibility,
      owner: { login: repo.owner, type: 'Organization', html_url: `${this.url}/${repo.owner}` },
      html_url: `${this.url}/${repo.fullName}`,
      url: `${this.url}/repos/${repo.fullName}`,
      description: null,
      fork: false,
      archived: false,
      default_branch: repo.defaultBranch,
      has_issues: repo.hasIssues,
      has_discussions: repo.hasDiscussions,
      has_wiki: false,
      created_at: iso(repo.created),
      updated_at: iso(repo.pushed),
      pushed_at: iso(repo.pushed),
      // The token's own role: read only, unless the world says more.
      permissions: this.orgs.has(repo.owner.toLowerCase())
        ? permissionsJson(this.permissionOf(token.login.toLowerCase(), repo))
        : permissionsJson('pull'),
    };
  }

  private issueJson(call: Call | null, repo: Repo, i: Issue) {
    const api = `${call?.base ?? this.url}/repos/${repo.fullName}`;
    const web = `${this.url}/${repo.fullName}`;
    return {
      url: `${api}/issues/${i.number}`,
      repository_url: api,
      comments_url: `${api}/issues/${i.number}/comments`,
      html_url: `${web}/${i.pull ? 'pull' : 'issues'}/${i.number}`,
      id: repo.id * 100_000 + i.number,
      node_id: `${i.pull ? 'PR' : 'I'}_kwDO${repo.id}_${i.number}`,
      number: i.number,
      title: i.title,
      user: { login: i.user, type: 'User' },
      labels: i.labels.map((name, n) => ({ id: n + 1, name, color: 'ededed', default: false })),
      state: i.state,
      state_reason: i.state === 'closed' ? 'completed' : null,
      locked: false,
      assignee: null,
      assignees: [],
      milestone: null,
      comments: i.comments.length,
      created_at: iso(i.created),
      updated_at: iso(i.updated),
      closed_at: i.closed === null ? null : iso(i.closed),
      author_association: 'MEMBER',
      body: i.body || null,
      ...(i.pull
        ? {
            draft: false,
            pull_request: {
              url: `${api}/pulls/${i.number}`,
              html_url: `${web}/pull/${i.number}`,
              diff_url: `${web}/pull/${i.number}.diff`,
              patch_url: `${web}/pull/${i.number}.patch`,
              merged_at: null,
            },
          }
        : {}),
    };
  }

  private commentJson(repo: Repo, issue: Issue, c: Comment) {
    return {
      id: c.id,
      node_id: `IC_${c.id}`,
      url: `${this.url}/repos/${repo.fullName}/issues/comments/${c.id}`,
      html_url: `${this.url}/${repo.fullName}/issues/${issue.number}#issuecomment-${c.id}`,
      issue_url: `${this.url}/repos/${repo.fullName}/issues/${issue.number}`,
      user: { login: c.user, type: 'User' },
      body: c.body,
      created_at: iso(c.created),
      updated_at: iso(c.updated),
      author_association: 'MEMBER',
    };
  }

  private rateLimitJson(): Reply {
    const core = this.refreshed('core');
    const graphql = this.refreshed('graphql');
    return { status: 200, body: { resources: { core, graphql }, rate: core } };
  }

  // ---- Lookups -------------------------------------------------------------------------------

  private canSee(token: Token, repo: Repo): boolean {
    if (token.repos !== null && !token.repos.has(repo.fullName.toLowerCase())) return false;
    if (repo.visibility === 'public') return true;
    const owner = repo.owner.toLowerCase();
    const login = token.login.toLowerCase();
    // A world organization's repository shows only to who may read it, as on GitHub; so does a
    // world user's own repository to another world user (its owner and collaborators only).
    if (this.orgs.has(owner) || (this.users.has(owner) && this.users.has(login)))
      return this.readsNonPublic(login, repo);
    return true;
  }

  private visibleRepo(token: Token, fullName: string): Repo | undefined {
    const repo = this.repos.get(fullName.toLowerCase());
    return repo && this.canSee(token, repo) ? repo : undefined;
  }

  private repo(fullName: string): Repo {
    const repo = this.repos.get(fullName.toLowerCase());
    if (!repo) throw new Error(`No repository ${fullName}`);
    return repo;
  }

  private issue(repoName: string, number: number): Issue {
    const issue = this.repo(repoName).issues.get(number);
    if (!issue) throw new Error(`No issue ${repoName}#${number}`);
    return issue;
  }

  private discussion(repoName: string, number: number): Discussion {
    const d = this.repo(repoName).discussions.get(number);
    if (!d) throw new Error(`No discussion ${repoName}#${number}`);
    return d;
  }

  private newComment(input: string | NewComment, at: number): Comment {
    const c = typeof input === 'string' ? { body: input } : input;
    return { id: ++this.lastId, body: c.body, user: c.user ?? 'hubot', created: at, updated: at };
  }

  private clock(): number {
    return Math.floor((Date.now() + this.skewMs) / 1000) * 1000;
  }

  /**
   * GitHub's timestamps have whole seconds; each change gets a later one than the last, so two
   * changes in one second still differ in updated_at (the fake's clock may run a little ahead).
   */
  private stamp(): number {
    this.lastStamp = Math.max(this.clock(), this.lastStamp + 1000);
    return this.lastStamp;
  }
}

// ---- Helpers -----------------------------------------------------------------------------------

const ROLES: FakeGitHubPermission[] = ['pull', 'triage', 'push', 'maintain', 'admin'];
const ROLE_NAMES: Record<FakeGitHubPermission, string> = {
  pull: 'read',
  triage: 'triage',
  push: 'write',
  maintain: 'maintain',
  admin: 'admin',
};
const BASE_ROLE: Record<FakeGitHubOrg['basePermission'], FakeGitHubPermission | null> = {
  none: null,
  read: 'pull',
  write: 'push',
  admin: 'admin',
};

/** -1 for no role. */
const rank = (role: FakeGitHubPermission | null | undefined) => (role ? ROLES.indexOf(role) : -1);

function highest(roles: (FakeGitHubPermission | null | undefined)[]): FakeGitHubPermission | null {
  return roles.reduce<FakeGitHubPermission | null>((a, b) => (rank(b) > rank(a) ? b! : a), null);
}

/** `permissions` as the REST API sends it: every role up to the user's. */
function permissionsJson(role: FakeGitHubPermission | null) {
  return Object.fromEntries(ROLES.map((r) => [r, rank(r) <= rank(role)])) as Record<
    FakeGitHubPermission,
    boolean
  >;
}

/** The team and its parents, up to the top (a cycle made by a test stops the walk). */
function teamAndAbove(org: FakeGitHubOrg, team: FakeGitHubTeam): FakeGitHubTeam[] {
  const chain = [team];
  for (let t = team; t.parent !== null;) {
    const parent = org.teams.get(t.parent);
    if (!parent || chain.includes(parent)) break;
    chain.push((t = parent));
  }
  return chain;
}

/** The team and every team nested below it. */
function teamAndBelow(org: FakeGitHubOrg, team: FakeGitHubTeam): FakeGitHubTeam[] {
  const tree = [team];
  for (let i = 0; i < tree.length; i++)
    for (const child of org.teams.values())
      if (child.parent === tree[i]!.slug && !tree.includes(child)) tree.push(child);
  return tree;
}

function toRequest(req: http.IncomingMessage, bytes: Buffer): FakeGitHubRequest {
  const url = new URL(req.url ?? '/', 'http://fake');
  const path = url.pathname;
  let route = path;
  if (path === '/graphql' || path === '/api/graphql') route = '/graphql';
  else if (path === '/api/v3' || path.startsWith('/api/v3/')) route = path.slice(7) || '/';
  let body: unknown;
  const text = bytes.toString('utf8');
  if ((req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'))
    body = Object.fromEntries(new URLSearchParams(text));
  else
    try {
      body = bytes.length > 0 ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
  return {
    method: req.method ?? 'GET',
    path,
    route,
    query: url.searchParams,
    headers: Object.fromEntries(
      Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v]),
    ),
    body,
    at: Date.now(),
  };
}

function write(res: http.ServerResponse, reply: Reply) {
  if (res.destroyed || res.writableEnded) return;
  const headers = Object.fromEntries(
    Object.entries(reply.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]),
  );
  let payload: string | undefined;
  if (typeof reply.body === 'string') {
    headers['content-type'] ??= 'text/plain; charset=utf-8';
    payload = reply.body;
  } else if (reply.body !== undefined) {
    headers['content-type'] ??= 'application/json; charset=utf-8';
    payload = JSON.stringify(reply.body);
  }
  res.writeHead(reply.status, headers);
  res.end(payload);
}

function matches(match: FakeGitHubMatcher, req: FakeGitHubRequest): boolean {
  if (typeof match === 'function') return match(req);
  if (match.method && match.method.toUpperCase() !== req.method.toUpperCase()) return false;
  if (match.path instanceof RegExp) return match.path.test(req.route);
  if (typeof match.path === 'string') return req.route.endsWith(match.path);
  return true;
}

function validationFailed(): Reply {
  return {
    status: 422,
    body: {
      message: 'Validation Failed',
      errors: [{ code: 'invalid' }],
      documentation_url: DOCS,
      status: '422',
    },
  };
}

function notFoundError(path: string[], message: string) {
  return { type: 'NOT_FOUND', path, locations: [{ line: 2, column: 3 }], message };
}

/** Every blob and folder of the branch, sorted by path, as a recursive tree lists them. */
function treeEntries(repo: Repo) {
  const entries = new Map<
    string,
    { path: string; type: 'blob' | 'tree'; sha: string; size: number }
  >();
  for (const [path, file] of repo.files) {
    const parts = path.split('/');
    for (let i = 1; i < parts.length; i++) {
      const dir = parts.slice(0, i).join('/');
      if (!entries.has(dir))
        entries.set(dir, {
          path: dir,
          type: 'tree',
          sha: gitSha('tree', Buffer.from(dir)),
          size: 0,
        });
    }
    entries.set(path, { path, type: 'blob', sha: file.sha, size: file.content.length });
  }
  return [...entries.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** Git's object id: sha1 of "<type> <size>\0<content>". */
function gitSha(type: string, content: Buffer): string {
  return createHash('sha1').update(`${type} ${content.length}\0`).update(content).digest('hex');
}

/** Base64 broken into lines of 60 characters, as the contents API sends it. */
function base64Lines(bytes: Buffer): string {
  return (bytes.toString('base64').match(/.{1,60}/g) ?? []).join('\n') + '\n';
}

/** `(first: 50, after: $after, orderBy: {…})` of a connection field, or null when absent. */
function connectionArgs(query: string, field: string): string | null {
  const m = new RegExp(`\\b${field}\\s*\\(((?:[^()]|\\([^()]*\\))*)\\)`).exec(query);
  return m ? m[1]! : null;
}

/** A connection's `first`, checked as GitHub does (1..100, required). */
function connectionFirst(
  query: string,
  field: string,
  variables: Record<string, unknown>,
  errors: Record<string, unknown>[],
): number | null {
  const args = connectionArgs(query, field);
  if (args === null) return null;
  const first = Number(argValue(args, 'first', variables));
  if (!Number.isInteger(first) || first < 1) {
    errors.push({
      type: 'MISSING_PAGINATION_BOUNDARIES',
      message: `You must provide a \`first\` or \`last\` value to properly paginate the \`${field}\` connection.`,
    });
    return null;
  }
  if (first > 100) {
    errors.push({
      type: 'EXCESSIVE_PAGINATION',
      message: `Requesting ${first} records on the \`${field}\` connection exceeds the \`first\` limit of 100 records.`,
    });
    return null;
  }
  return first;
}

/** An argument's value: a literal ("x", 12, null) or a $variable. */
function argValue(args: string, name: string, variables: Record<string, unknown>): unknown {
  const m = new RegExp(`\\b${name}\\s*:\\s*(\\$\\w+|"(?:[^"\\\\]|\\\\.)*"|-?\\d+|null)`).exec(args);
  if (!m) return undefined;
  const raw = m[1]!;
  if (raw.startsWith('$')) return variables[raw.slice(1)] ?? undefined;
  if (raw.startsWith('"')) return JSON.parse(raw);
  return raw === 'null' ? null : Number(raw);
}

/** A query's selection set: each field to what it selects (empty for a scalar). */
type Selection = Map<string, Selection>;

/**
 * The operation's fields, nested, from the query text: arguments, variables' declarations,
 * aliases and comments are skipped, and `... on Type { }` merges into its parent. Enough to
 * answer only what was asked, as GraphQL does.
 */
function parseSelection(query: string): Selection {
  const tokens: string[] =
    query.replace(/#[^\n]*/g, '').match(/"(?:[^"\\]|\\.)*"|\.\.\.|[A-Za-z_][\w]*|[{}():]|\S/g) ??
    [];
  let at = tokens.indexOf('{');
  const skipParens = () => {
    for (let depth = 0; at < tokens.length; at++) {
      if (tokens[at] === '(') depth++;
      else if (tokens[at] === ')' && --depth === 0) return void at++;
    }
  };
  const block = (): Selection => {
    const fields: Selection = new Map();
    at++; // {
    while (at < tokens.length && tokens[at] !== '}') {
      if (tokens[at] === '...') {
        at += tokens[at + 1] === 'on' ? 3 : 1;
        if (tokens[at] === '{') for (const [k, v] of block()) fields.set(k, v);
        continue;
      }
      let name = tokens[at++]!;
      if (tokens[at] === ':') name = tokens[(at += 2) - 1]!; // alias: field
      if (tokens[at] === '(') skipParens();
      fields.set(name, tokens[at] === '{' ? block() : new Map());
    }
    at++; // }
    return fields;
  };
  return at < 0 ? new Map() : block();
}

/** Only the fields the query selects, as GraphQL answers (a field not asked for is absent). */
function pick(value: unknown, selection: Selection): unknown {
  if (Array.isArray(value)) return value.map((v) => pick(v, selection));
  if (!isObject(value) || selection.size === 0) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => selection.has(key))
      .map(([key, v]) => [key, pick(v, selection.get(key)!)]),
  );
}

function encodeCursor(position: { t: number; n: number }): string {
  return Buffer.from(`cursor:v2:${position.t}:${position.n}`).toString('base64');
}

function decodeCursor(cursor: string): { t: number; n: number } | null {
  const m = /^cursor:v2:(\d+):(\d+)$/.exec(Buffer.from(cursor, 'base64').toString('utf8'));
  return m ? { t: Number(m[1]), n: Number(m[2]) } : null;
}

function decode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

function intParam(value: string | null, fallback: number): number {
  const n = value === null || value === '' ? NaN : Number(value);
  return Number.isInteger(n) ? n : fallback;
}

const clamp = (n: number, min: number, max: number) => Math.min(Math.max(n, min), max);
const epochSeconds = () => Math.floor(Date.now() / 1000);
/** GitHub's form: 2024-05-01T10:00:00Z. */
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

function isObject(value: unknown): value is Record<string, any> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
