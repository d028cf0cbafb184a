import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A loopback stand-in for Atlassian Cloud, so connector tests exercise real HTTP against the
 * documented shapes without a network or an account. One server plays every host:
 * - auth.atlassian.com: GET /authorize and POST /oauth/token (OAuth 2.0 3LO, rotating refresh
 *   tokens);
 * - api.atlassian.com: GET /me (the token's user, scope read:me), GET
 *   /oauth/token/accessible-resources and /ex/{confluence|jira}/{cloudId}/… (Bearer), which serve
 *   the same handlers as the site;
 * - one site: Confluence REST v2 under /wiki/api/v2 and Jira REST v3 under /rest/api/3 (Basic
 *   email:token).
 * Tests add content, edit and delete it, inject faults and latency; every request is logged.
 * Shapes follow shared/research/connectors.md §2, §3 and §8.1.
 *
 * Permissions come from one world model (`fake.world`: users, nested groups, product access,
 * space grants, page restrictions and tree, permission schemes, project roles, issue security
 * levels), served by the documented permission endpoints (shared/research/permissions.md §2) and
 * judged independently by `fake.canRead`, the oracle the permission readers are tested against.
 * A Bearer token of a world person (`issueToken`, or the OAuth flow as one) sees only what
 * `canRead` lets them read, as Atlassian shows each user their own view; other credentials see
 * everything. The default world is empty, so content-only tests see no change.
 */

export interface FakeAtlassianRequest {
  method: string;
  /** Without the query. */
  path: string;
  /** Multi-valued parameters (id=1&id=2) are kept. */
  query: URLSearchParams;
  headers: Record<string, string | undefined>;
  /** Parsed JSON or form body, else undefined. */
  body: any;
  /** Date.now() when received. */
  at: number;
}

export interface FakeFault {
  status: number;
  headers?: Record<string, string>;
  /** Sent as JSON; a string is sent as it is (text/plain unless headers say otherwise). */
  body?: unknown;
}

/**
 * Which requests a fault applies to. `path` as a string matches the whole path or its end, so
 * '/wiki/api/v2/pages' also matches the same route under /ex/confluence/{cloudId}; a RegExp is
 * tested against the whole path.
 */
export type RequestMatcher =
  { method?: string; path?: RegExp | string } | ((req: FakeAtlassianRequest) => boolean);

export interface FakeAtlassianOptions {
  /** Delay before every response (default 0). */
  latencyMs?: number;
  clientId?: string;
  clientSecret?: string;
  /** Default 3600. */
  accessTokenTtlSeconds?: number;
  /** How long an authorization code can be exchanged (default 600). */
  codeTtlSeconds?: number;
}

export interface FakeAtlassianResource {
  id: string;
  name: string;
  url: string;
  scopes?: string[];
}

/** A person at Atlassian, as GET /me describes them. */
export interface FakeAtlassianUser {
  accountId: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

export interface FakeAtlassian {
  /** http://127.0.0.1:<port>: the auth server, the API gateway and the site's base URL. */
  url: string;
  cloudId: string;
  clientId: string;
  clientSecret: string;
  requests: FakeAtlassianRequest[];
  /** Highest number of requests being handled at once (latency included). */
  maxInFlight: number;
  setLatency(ms: number): void;
  addApiToken(email: string, token: string): void;
  addSpace(input: { key: string; name?: string; type?: string }): {
    id: string;
    key: string;
    name: string;
  };
  addPage(input: {
    spaceKey: string;
    title: string;
    storage: string;
    type?: 'page' | 'blogpost';
    /** A page's parent page (default: at the top of the space). */
    parentId?: string;
  }): {
    id: string;
    title: string;
    webui: string;
  };
  /** Bumps version.number; version.createdAt = now. */
  editPage(id: string, change: { title?: string; storage?: string }): void;
  /** Out of status=current listings; GET by id answers 404; its children move up to its parent. */
  trashPage(id: string): void;
  /** Visible to no one: not listed, GET answers 404. */
  restrictPage(id: string): void;
  addProject(input: { key: string; name?: string }): { id: string; key: string };
  addIssue(input: NewIssue): { id: string; key: string };
  /** Bumps fields.updated. */
  editIssue(
    key: string,
    change: { summary?: string; description?: unknown; addComment?: NewComment },
  ): void;
  deleteIssue(key: string): void;
  /** Default true: GET /authorize redirects straight back with a code. */
  autoConsent: boolean;
  /** A code as if the user had consented (by default as `signedIn`). */
  issueCode(input: { redirectUri: string; scope?: string; accountId?: string }): string;
  /** A person who can consent; account id generated unless given, email verified by default. */
  addUser(input: {
    email: string;
    emailVerified?: boolean;
    name?: string;
    accountId?: string;
  }): FakeAtlassianUser;
  /** The account id of whoever is signed in at the consent screen (a default user at first). */
  signedIn: string;
  /** Default: one resource, { id: cloudId, name: 'Fake site', url }. */
  setResources(resources: FakeAtlassianResource[]): void;
  /**
   * A live access token, as if the OAuth flow ran for this world person (scope: the Confluence and
   * Jira read scopes, read:me and offline_access unless given). Its calls see what they may read.
   */
  issueToken(userKey: string, scope?: string): string;
  /** Every live access token now answers 401. */
  expireAccessTokens(): void;
  /** POST /oauth/token calls, optionally of one grant_type. */
  tokenRequests(grantType?: string): FakeAtlassianRequest[];
  /** The next `times` (default 1) matching requests get `fault`, before auth is checked. */
  failNext(match: RequestMatcher, fault: FakeFault, times?: number): void;
  /** 429 with Retry-After and X-RateLimit-Reset. */
  rateLimit(match: RequestMatcher, retryAfterSeconds: number, times?: number): void;
  /** The next matching Confluence list answer is `results: []` with a next link all the same. */
  emptyPageWithNext(match: RequestMatcher): void;
  /** Drops every fault and empty page not yet served. */
  clearFaults(): void;
  close(): Promise<void>;
  /** Who may read what, mutable: the permission endpoints answer from it, and so does canRead. */
  world: FakeAtlassianWorld;
  /**
   * The oracle, straight from the world: may this world user read `page:<id>`, `blogpost:<id>`
   * or `issue:<id>` (false for what is gone).
   */
  canRead(userKey: string, externalId: string): boolean;
  /** A world user's own principals (`user:<accountId>`), as accessAllows takes them. */
  principalsOf(userKey: string): ReadonlySet<string>;
  /** Every permission endpoint answers this status (null: they work). */
  failPermissions: 403 | 500 | null;
  /** At most this many entries per page of a permission listing (null: Atlassian's limits). */
  permissionPageSize: number | null;
}

/** Whom a grant names: world user keys and world group keys. */
export interface WorldGrants {
  users: string[];
  groups: string[];
}

export interface WorldUser {
  accountId: string;
  email: string;
  /** Also how issues name their reporter and assignee. */
  name: string;
}

export interface WorldGroup {
  /** Atlassian group ids are UUIDs. */
  id: string;
  name: string;
  /** User keys. */
  users: string[];
  /** Nested group keys (cycles allowed). The APIs answer the flattened membership. */
  groups: string[];
}

/** A Jira permission holder, naming world keys. */
export type WorldHolder =
  | { type: 'anyone' }
  | { type: 'group'; group: string }
  | { type: 'user'; user: string }
  | { type: 'projectRole'; role: string }
  /** Product access through the application role's groups; without `application`: any. */
  | { type: 'applicationRole'; application?: string }
  | { type: 'reporter' | 'assignee' | 'projectLead' };

export interface WorldSpace {
  /** By `operation/targetType` ('read/space', 'create/page'…); `anonymous` grants anyone. */
  permissions: Record<string, WorldGrants & { anonymous?: boolean }>;
}

export interface WorldContent {
  parentId: string | null;
  /** Read restriction; both lists empty: none (the page inherits). */
  readRestriction: WorldGrants;
}

export interface WorldRole extends WorldGrants {
  name: string;
}

export interface WorldProject {
  /** User key. */
  lead: string | null;
  /** The permission scheme's grants by permission key ('BROWSE_PROJECTS', 'CREATE_ISSUES'…). */
  permissions: Record<string, WorldHolder[]>;
  /** This project's actors of each project role, by role id. */
  roles: Record<string, WorldRole>;
  securitySchemeId: string;
  /** Issue security levels by level id (ids unique across the site). */
  securityLevels: Record<string, { name: string; holders: WorldHolder[] }>;
}

export interface WorldIssue {
  /** A level id of the project's scheme, or null. */
  securityLevel: string | null;
  reporter: string | null;
  assignee: string | null;
}

export interface FakeAtlassianWorld {
  /** By key (the tests' handle for a person). */
  users: Map<string, WorldUser>;
  /** By key. */
  groups: Map<string, WorldGroup>;
  /** Product access by application key ('jira-software'): held through these group keys. */
  applicationRoles: Map<string, { name: string; groups: string[] }>;
  /**
   * A person (account id generated, email `<key>@example.com` unless given), who can also consent
   * and sign in: GET /me answers them.
   */
  addUser(key: string, input?: { name?: string; email?: string }): WorldUser;
  addGroup(key: string, members?: Partial<WorldGrants>): WorldGroup;
  /** The live records, to mutate. */
  space(key: string): WorldSpace;
  content(id: string): WorldContent;
  project(key: string): WorldProject;
  issue(key: string): WorldIssue;
}

export interface NewComment {
  /** A display name (default 'Someone'). */
  author?: string;
  /** An ADF document, or a string made into one. */
  body: unknown;
  /** Restricted to a group or a project role, as Jira's comment `visibility`. */
  visibility?: { type: 'group' | 'role'; value: string };
}

export interface NewIssue {
  projectKey: string;
  summary: string;
  /** An ADF document, or a string made into one. */
  description?: unknown;
  comments?: NewComment[];
  status?: string;
  issueType?: string;
  priority?: string;
  assignee?: string;
  reporter?: string;
  labels?: string[];
  /** An issue security level id of the project's scheme. */
  securityLevel?: string;
}

export async function startFakeAtlassian(
  options: FakeAtlassianOptions = {},
): Promise<FakeAtlassian> {
  const fake = new Fake(options);
  await fake.listen();
  return fake;
}

// ---- The model ------------------------------------------------------------------------------

type ContentType = 'page' | 'blogpost';

interface Space extends WorldSpace {
  id: string;
  key: string;
  name: string;
  type: string;
}

interface Content extends WorldContent {
  id: string;
  type: ContentType;
  space: Space;
  title: string;
  storage: string;
  version: number;
  createdAt: number;
  versionAt: number;
  status: 'current' | 'trashed';
  restricted: boolean;
}

interface Project extends WorldProject {
  id: string;
  key: string;
  name: string;
  issueCount: number;
}

interface Comment {
  id: string;
  author: string;
  body: unknown;
  created: number;
  visibility?: NewComment['visibility'];
}

interface Issue extends WorldIssue {
  id: string;
  key: string;
  project: Project;
  number: number;
  summary: string;
  description: unknown;
  comments: Comment[];
  status: string;
  issueType: string;
  priority: string;
  labels: string[];
  created: number;
  updated: number;
  deleted: boolean;
}

/** What a handler answers; written out in one place. */
interface Reply {
  status: number;
  /** JSON, or a string sent as it is. */
  body?: unknown;
  headers?: Record<string, string>;
  html?: string;
}

interface Planned {
  match: RequestMatcher;
  remaining: number;
  /** A fault, built when served (so a rate limit's reset time is counted from then). */
  fault?: () => Reply;
  emptyPage?: boolean;
}

// Error bodies as Atlassian sends them.
const CONFLUENCE_UNAUTHENTICATED = {
  message: 'Client must be authenticated to access this resource.',
  'status-code': 401,
};
const JIRA_UNAUTHENTICATED = {
  errorMessages: ['You are not authenticated. Authentication required to perform this operation.'],
  errors: {},
};
const GATEWAY_UNAUTHORIZED = { code: 401, message: 'Unauthorized' };
const CONFLUENCE_NOT_FOUND = {
  errors: [{ status: 404, code: 'NOT_FOUND', title: 'Not Found' }],
};
const SEARCH_REMOVED =
  'The requested API has been removed. Please migrate to the /rest/api/3/search/jql API. A full migration guideline is available at https://developer.atlassian.com/changelog/#CHANGE-2046';
const UNBOUNDED_JQL =
  'Unbounded JQL queries are not allowed here. Please add a search restriction to your query.';

const DEFAULT_SCOPE = 'read:page:confluence read:space:confluence offline_access';
/** What a member's own token holds in `issueToken`. */
const MEMBER_SCOPE =
  'read:me read:page:confluence read:blogpost:confluence read:space:confluence read:jira-work offline_access';
/** Comments inline in an issue's `comment` field; the rest come from /issue/{key}/comment. */
const INLINE_COMMENTS = 20;

class Fake implements FakeAtlassian {
  url = '';
  readonly cloudId = randomUUID();
  readonly clientId: string;
  readonly clientSecret: string;
  readonly requests: FakeAtlassianRequest[] = [];
  maxInFlight = 0;
  autoConsent = true;
  signedIn: string;
  failPermissions: 403 | 500 | null = null;
  permissionPageSize: number | null = null;

  private latency: number;
  private readonly tokenTtlSeconds: number;
  private readonly codeTtlSeconds: number;
  private inFlight = 0;
  private lastId = 10_000;
  private readonly apiTokens = new Map<string, string>(); // email -> token
  private readonly spaces = new Map<string, Space>(); // by id
  // By id; ids only grow, so insertion order is id order, the order listings use.
  private readonly contents = new Map<string, Content>();
  private readonly projects = new Map<string, Project>(); // by upper-case key
  private readonly issues = new Map<string, Issue>(); // by id, in creation order
  private readonly codes = new Map<
    string,
    { redirectUri: string; scope: string; accountId: string; expiresAt: number; used: boolean }
  >();
  private readonly accessTokens = new Map<
    string,
    { expiresAt: number; scope: string; accountId: string }
  >();
  private readonly refreshTokens = new Map<
    string,
    { live: boolean; scope: string; accountId: string }
  >();
  private readonly users = new Map<string, FakeAtlassianUser>(); // by account id
  // Account ids of world people, kept after one leaves the world (their token then sees nothing).
  private readonly worldAccounts = new Set<string>();
  private resources: FakeAtlassianResource[] | null = null;
  private readonly planned: Planned[] = [];
  // Tracked so close() cuts keep-alive connections and pending latency at once.
  private readonly sockets = new Set<Socket>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly server = http.createServer((req, res) => this.receive(req, res));

  readonly world: FakeAtlassianWorld = {
    users: new Map(),
    groups: new Map(),
    applicationRoles: new Map(),
    addUser: (key, input = {}) => {
      const user: WorldUser = {
        accountId: `557058:${randomUUID()}`,
        email: input.email ?? `${key}@example.com`,
        name: input.name ?? key,
      };
      this.world.users.set(key, user);
      this.worldAccounts.add(user.accountId);
      this.addUser({ accountId: user.accountId, email: user.email, name: user.name });
      return user;
    },
    addGroup: (key, members = {}) => {
      const group: WorldGroup = {
        id: randomUUID(),
        name: key,
        users: members.users ?? [],
        groups: members.groups ?? [],
      };
      this.world.groups.set(key, group);
      return group;
    },
    space: (key) => {
      const space = this.spaceByKey(key);
      if (!space) throw new Error(`No space ${key}`);
      return space;
    },
    content: (id) => this.contentById(id),
    project: (key) => {
      const project = this.projects.get(key.toUpperCase());
      if (!project) throw new Error(`No project ${key}`);
      return project;
    },
    issue: (key) => {
      const issue = this.issueByIdOrKey(key);
      if (!issue) throw new Error(`No issue ${key}`);
      return issue;
    },
  };

  constructor(options: FakeAtlassianOptions) {
    this.clientId = options.clientId ?? 'fake-client-id';
    this.clientSecret = options.clientSecret ?? 'fake-client-secret';
    this.tokenTtlSeconds = options.accessTokenTtlSeconds ?? 3600;
    // Codes are short-lived; ten minutes is the usual OAuth bound.
    this.codeTtlSeconds = options.codeTtlSeconds ?? 600;
    this.latency = options.latencyMs ?? 0;
    this.signedIn = this.addUser({ email: 'oauth-user@fake.test', name: 'OAuth User' }).accountId;
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    return new Promise<void>((resolve) => {
      for (const timer of this.timers) clearTimeout(timer);
      this.timers.clear();
      this.server.close(() => resolve());
      for (const socket of this.sockets) socket.destroy();
    });
  }

  setLatency(ms: number) {
    this.latency = ms;
  }

  addApiToken(email: string, token: string) {
    this.apiTokens.set(email, token);
  }

  // ---- Test-side state: Confluence -----------------------------------------------------------

  addSpace(input: { key: string; name?: string; type?: string }) {
    if (this.spaceByKey(input.key)) throw new Error(`Space ${input.key} already exists`);
    const space: Space = {
      id: this.newId(),
      key: input.key,
      name: input.name ?? input.key,
      type: input.type ?? 'global',
      permissions: {},
    };
    this.spaces.set(space.id, space);
    return { id: space.id, key: space.key, name: space.name };
  }

  addPage(input: {
    spaceKey: string;
    title: string;
    storage: string;
    type?: ContentType;
    parentId?: string;
  }) {
    const space = this.spaceByKey(input.spaceKey);
    if (!space) throw new Error(`No space ${input.spaceKey}`);
    if (input.parentId !== undefined) this.contentById(input.parentId);
    const now = Date.now();
    const content: Content = {
      id: this.newId(),
      type: input.type ?? 'page',
      space,
      title: input.title,
      storage: input.storage,
      version: 1,
      createdAt: now,
      versionAt: now,
      status: 'current',
      restricted: false,
      parentId: input.parentId ?? null,
      readRestriction: { users: [], groups: [] },
    };
    this.contents.set(content.id, content);
    return { id: content.id, title: content.title, webui: webuiOf(content) };
  }

  editPage(id: string, change: { title?: string; storage?: string }) {
    const content = this.contentById(id);
    if (change.title !== undefined) content.title = change.title;
    if (change.storage !== undefined) content.storage = change.storage;
    content.version++;
    // Strictly later, so "changed since" comparisons see an edit made in the same millisecond.
    content.versionAt = Math.max(Date.now(), content.versionAt + 1);
  }

  trashPage(id: string) {
    const content = this.contentById(id);
    content.status = 'trashed';
    // As Confluence does: the children of a deleted page move up to its parent.
    for (const child of this.contents.values())
      if (child.parentId === id) child.parentId = content.parentId;
  }

  restrictPage(id: string) {
    this.contentById(id).restricted = true;
  }

  // ---- Test-side state: Jira -----------------------------------------------------------------

  addProject(input: { key: string; name?: string }) {
    const key = input.key.toUpperCase();
    if (this.projects.has(key)) throw new Error(`Project ${input.key} already exists`);
    const project: Project = {
      id: this.newId(),
      key,
      name: input.name ?? key,
      issueCount: 0,
      lead: null,
      permissions: {},
      roles: {},
      securitySchemeId: this.newId(),
      securityLevels: {},
    };
    this.projects.set(key, project);
    return { id: project.id, key: project.key };
  }

  addIssue(input: NewIssue) {
    const project = this.projects.get(input.projectKey.toUpperCase());
    if (!project) throw new Error(`No project ${input.projectKey}`);
    const now = Date.now();
    const number = ++project.issueCount;
    const issue: Issue = {
      id: this.newId(),
      key: `${project.key}-${number}`,
      project,
      number,
      summary: input.summary,
      description: toAdf(input.description),
      comments: (input.comments ?? []).map((c) => this.newComment(c, now)),
      status: input.status ?? 'To Do',
      issueType: input.issueType ?? 'Task',
      priority: input.priority ?? 'Medium',
      assignee: input.assignee ?? null,
      reporter: input.reporter ?? null,
      labels: input.labels ?? [],
      created: now,
      updated: now,
      deleted: false,
      securityLevel: input.securityLevel ?? null,
    };
    this.issues.set(issue.id, issue);
    return { id: issue.id, key: issue.key };
  }

  editIssue(
    key: string,
    change: { summary?: string; description?: unknown; addComment?: NewComment },
  ) {
    const issue = this.issueByIdOrKey(key);
    if (!issue) throw new Error(`No issue ${key}`);
    const now = Date.now();
    if (change.summary !== undefined) issue.summary = change.summary;
    if (change.description !== undefined) issue.description = toAdf(change.description);
    if (change.addComment) issue.comments.push(this.newComment(change.addComment, now));
    // Strictly later, so `updated >= <last sync>` always catches the edit.
    issue.updated = Math.max(now, issue.updated + 1);
  }

  deleteIssue(key: string) {
    const issue = this.issueByIdOrKey(key);
    if (!issue) throw new Error(`No issue ${key}`);
    issue.deleted = true;
  }

  // ---- Test-side state: OAuth ----------------------------------------------------------------

  addUser(input: { email: string; emailVerified?: boolean; name?: string; accountId?: string }) {
    // Atlassian account ids look like 557058:<uuid> or a 24-hex id; the shape is opaque to callers.
    const user: FakeAtlassianUser = {
      accountId: input.accountId ?? `557058:${randomUUID()}`,
      email: input.email,
      emailVerified: input.emailVerified ?? true,
      name: input.name ?? input.email.split('@')[0]!,
    };
    this.users.set(user.accountId, user);
    return { ...user };
  }

  issueCode(input: { redirectUri: string; scope?: string; accountId?: string }) {
    const code = `fake-code-${randomBytes(12).toString('hex')}`;
    this.codes.set(code, {
      redirectUri: input.redirectUri,
      accountId: input.accountId ?? this.signedIn,
      scope: input.scope || DEFAULT_SCOPE,
      expiresAt: Date.now() + this.codeTtlSeconds * 1000,
      used: false,
    });
    return code;
  }

  setResources(resources: FakeAtlassianResource[]) {
    this.resources = resources;
  }

  issueToken(userKey: string, scope = MEMBER_SCOPE) {
    const user = this.world.users.get(userKey);
    if (!user) throw new Error(`No world user ${userKey}`);
    return this.newTokens(scope, user.accountId).access_token;
  }

  expireAccessTokens() {
    for (const token of this.accessTokens.values()) token.expiresAt = 0;
  }

  tokenRequests(grantType?: string) {
    return this.requests.filter(
      (r) =>
        r.method === 'POST' &&
        r.path === '/oauth/token' &&
        (grantType === undefined || r.body?.grant_type === grantType),
    );
  }

  // ---- The oracle: each product's rules, straight from the world ------------------------------

  canRead(userKey: string, externalId: string): boolean {
    if (!this.world.users.has(userKey)) return false;
    const content = /^(?:page|blogpost):(\d+)$/.exec(externalId);
    if (content) {
      const c = this.contents.get(content[1]);
      return (
        c !== undefined && externalId.startsWith(`${c.type}:`) && this.readsContent(userKey, c)
      );
    }
    const issue = /^issue:(\d+)$/.exec(externalId);
    const found = issue ? this.issues.get(issue[1]) : undefined;
    return found !== undefined && this.readsIssue(userKey, found);
  }

  principalsOf(userKey: string): ReadonlySet<string> {
    const user = this.world.users.get(userKey);
    return new Set(user ? [`user:${user.accountId}`] : []);
  }

  /**
   * The world person whose Bearer token made this request ('' when they have left the world: no
   * one), or null for any other credential, which sees everything as before.
   */
  private viewerOf(req: FakeAtlassianRequest): string | null {
    const accountId = this.liveAccessToken(req)?.accountId;
    if (accountId === undefined || !this.worldAccounts.has(accountId)) return null;
    const found = [...this.world.users].find(([, u]) => u.accountId === accountId);
    return found ? found[0] : '';
  }

  /** Whether this request's caller sees an item: the oracle for a world person, else yes. */
  private shows(req: FakeAtlassianRequest, externalId: string): boolean {
    const viewer = this.viewerOf(req);
    return viewer === null || this.canRead(viewer, externalId);
  }

  /** Confluence: the space's read grant, then every restriction up the tree (none: inherits). */
  private readsContent(userKey: string, c: Content): boolean {
    if (!isVisible(c)) return false;
    const read = c.space.permissions['read/space'];
    if (!read || !(read.anonymous || this.granted(userKey, read))) return false;
    const seen = new Set<string>();
    for (let at: Content | undefined = c; at && !seen.has(at.id); at = this.parentOf(at)) {
      seen.add(at.id);
      if (isRestricted(at) && !this.granted(userKey, at.readRestriction)) return false;
    }
    return true;
  }

  /** Confluence: the space's read grant (anonymous access included). */
  private readsSpace(userKey: string, space: Space): boolean {
    const read = space.permissions['read/space'];
    return (
      this.world.users.has(userKey) &&
      read !== undefined &&
      (read.anonymous === true || this.granted(userKey, read))
    );
  }

  /** Jira: Browse projects, and the issue's security level when it has one. */
  private readsIssue(userKey: string, issue: Issue): boolean {
    if (issue.deleted) return false;
    const holds = (h: WorldHolder) => this.holds(userKey, h, issue);
    if (!(issue.project.permissions.BROWSE_PROJECTS ?? []).some(holds)) return false;
    if (issue.securityLevel === null) return true;
    const level = issue.project.securityLevels[issue.securityLevel];
    return level !== undefined && level.holders.some(holds);
  }

  private holds(userKey: string, h: WorldHolder, issue: Issue): boolean {
    const name = this.world.users.get(userKey)?.name;
    switch (h.type) {
      case 'anyone':
        return true;
      case 'group':
        return this.inGroup(userKey, h.group);
      case 'user':
        return h.user === userKey;
      case 'projectRole': {
        const role = issue.project.roles[h.role];
        return role !== undefined && this.granted(userKey, role);
      }
      case 'applicationRole':
        return [...this.world.applicationRoles]
          .filter(([key]) => h.application === undefined || key === h.application)
          .some(([, role]) => role.groups.some((g) => this.inGroup(userKey, g)));
      case 'reporter':
        return issue.reporter === name;
      case 'assignee':
        return issue.assignee === name;
      case 'projectLead':
        return issue.project.lead === userKey;
    }
  }

  private granted(userKey: string, grants: WorldGrants): boolean {
    return grants.users.includes(userKey) || grants.groups.some((g) => this.inGroup(userKey, g));
  }

  /** Through nested groups; a cycle is walked once. */
  private inGroup(userKey: string, groupKey: string, seen = new Set<string>()): boolean {
    const group = this.world.groups.get(groupKey);
    if (!group || seen.has(groupKey)) return false;
    seen.add(groupKey);
    return (
      group.users.includes(userKey) || group.groups.some((g) => this.inGroup(userKey, g, seen))
    );
  }

  /** A group's users through its nested groups, in a stable order (world user keys). */
  private groupUsers(groupKey: string): string[] {
    return [...this.world.users.keys()].filter((key) => this.inGroup(key, groupKey));
  }

  private parentOf(c: Content): Content | undefined {
    return c.parentId === null ? undefined : this.contents.get(c.parentId);
  }

  // ---- Faults --------------------------------------------------------------------------------

  failNext(match: RequestMatcher, fault: FakeFault, times = 1) {
    this.planned.push({
      match,
      remaining: times,
      fault: () => ({ status: fault.status, headers: fault.headers, body: fault.body ?? {} }),
    });
  }

  rateLimit(match: RequestMatcher, retryAfterSeconds: number, times = 1) {
    this.planned.push({
      match,
      remaining: times,
      fault: () => ({
        status: 429,
        headers: {
          'retry-after': String(retryAfterSeconds),
          'x-ratelimit-reset': new Date(Date.now() + retryAfterSeconds * 1000).toISOString(),
        },
        body: { message: 'Rate limit exceeded.' },
      }),
    });
  }

  emptyPageWithNext(match: RequestMatcher) {
    this.planned.push({ match, remaining: 1, emptyPage: true });
  }

  clearFaults() {
    this.planned.length = 0;
  }

  /** Uses up one serving of the first planned fault (or empty page) this request matches. */
  private take(req: FakeAtlassianRequest, kind: 'fault' | 'emptyPage'): Planned | undefined {
    const found = this.planned.find(
      (p) => p.remaining > 0 && Boolean(p[kind]) && matches(p.match, req),
    );
    if (found) found.remaining--;
    return found;
  }

  // ---- Serving -------------------------------------------------------------------------------

  private receive(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('error', () => undefined); // a client hanging up mid-body is not the fake's failure
    req.on('end', () => {
      const request = toRequest(req, Buffer.concat(chunks));
      this.requests.push(request);
      this.inFlight++;
      this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        this.inFlight--;
        write(res, this.answer(request));
      }, this.latency);
      this.timers.add(timer);
    });
  }

  private answer(req: FakeAtlassianRequest): Reply {
    const planned = this.take(req, 'fault');
    if (planned?.fault) return planned.fault();
    try {
      return this.route(req);
    } catch (error) {
      return { status: 500, body: { message: `Fake Atlassian broke: ${String(error)}` } };
    }
  }

  private route(req: FakeAtlassianRequest): Reply {
    const { method, path } = req;
    if (path === '/authorize') return method === 'GET' ? this.authorize(req) : methodNotAllowed();
    if (path === '/oauth/token') return method === 'POST' ? this.token(req) : methodNotAllowed();
    if (path === '/oauth/token/accessible-resources') return this.accessibleResources(req);
    if (path === '/me') return method === 'GET' ? this.me(req) : methodNotAllowed();
    const gateway = /^\/ex\/(confluence|jira)\/([^/]+)(\/.*)?$/.exec(path);
    if (gateway) return this.gateway(req, gateway[1], gateway[2], gateway[3] ?? '/');
    if (path.startsWith('/wiki/')) {
      if (!this.basicUser(req)) return { status: 401, body: CONFLUENCE_UNAUTHENTICATED };
      return this.confluence(req, path);
    }
    if (path.startsWith('/rest/')) {
      if (!this.basicUser(req)) return { status: 401, body: JIRA_UNAUTHENTICATED };
      return this.jira(req, path);
    }
    return { status: 404, body: { message: `No route for ${method} ${path}` } };
  }

  /** /ex/{product}/{cloudId}/…: a live Bearer token granted this site, then the site. */
  private gateway(req: FakeAtlassianRequest, product: string, cloudId: string, rest: string) {
    const token = this.liveAccessToken(req);
    const granted = token && this.siteResources(token.scope).some((r) => r.id === cloudId);
    if (!granted || cloudId !== this.cloudId) return { status: 401, body: GATEWAY_UNAUTHORIZED };
    if (product === 'confluence' && rest.startsWith('/wiki/')) return this.confluence(req, rest);
    if (product === 'jira' && rest.startsWith('/rest/')) return this.jira(req, rest);
    return { status: 404, body: { message: `No route for ${req.method} ${req.path}` } };
  }

  private basicUser(req: FakeAtlassianRequest): string | null {
    const match = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    if (!match) return null;
    const decoded = Buffer.from(match[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return null;
    const email = decoded.slice(0, colon);
    return this.apiTokens.get(email) === decoded.slice(colon + 1) ? email : null;
  }

  private liveAccessToken(req: FakeAtlassianRequest) {
    const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    const token = match ? this.accessTokens.get(match[1]) : undefined;
    return token && token.expiresAt > Date.now() ? token : null;
  }

  // ---- OAuth 2.0 (3LO) -----------------------------------------------------------------------

  /**
   * The consent screen. With autoConsent it answers at once as if the user clicked Accept; else a
   * tiny page whose links come back here with consent=accept or consent=deny (for e2e clicks).
   */
  private authorize(req: FakeAtlassianRequest): Reply {
    const q = req.query;
    if (q.get('client_id') !== this.clientId)
      return oauthError(400, 'invalid_client', 'Unknown client_id.');
    if (q.get('response_type') !== 'code')
      return oauthError(400, 'unsupported_response_type', 'response_type must be code.');
    const redirectUri = q.get('redirect_uri') ?? '';
    if (!URL.canParse(redirectUri))
      return oauthError(400, 'invalid_request', 'redirect_uri must be an absolute URL.');
    const state = q.get('state');
    const consent = q.get('consent');
    if (consent === 'deny') {
      const error = 'access_denied';
      return redirect(redirectUri, { error, error_description: 'User denied access.', state });
    }
    if (!this.autoConsent && consent !== 'accept') return { status: 200, html: consentPage(q) };
    const code = this.issueCode({ redirectUri, scope: q.get('scope') ?? undefined });
    return redirect(redirectUri, { code, state });
  }

  private token(req: FakeAtlassianRequest): Reply {
    const body: Record<string, unknown> = isObject(req.body) ? req.body : {};
    const grantType = body.grant_type;
    if (grantType !== 'authorization_code' && grantType !== 'refresh_token')
      return oauthError(400, 'unsupported_grant_type', 'Unsupported grant type.');
    // A wrong secret answers access_denied, the same code as a user declining (research §2.2).
    if (body.client_id !== this.clientId || body.client_secret !== this.clientSecret)
      return oauthError(401, 'access_denied', 'Unauthorized');
    return grantType === 'authorization_code' ? this.exchangeCode(body) : this.refresh(body);
  }

  private exchangeCode(body: Record<string, unknown>): Reply {
    const grant = this.codes.get(String(body.code ?? ''));
    const usable =
      grant &&
      !grant.used &&
      grant.expiresAt > Date.now() &&
      grant.redirectUri === body.redirect_uri;
    if (!grant || !usable) return oauthError(403, 'invalid_grant', 'Invalid authorization code');
    grant.used = true;
    return { status: 200, body: this.newTokens(grant.scope, grant.accountId) };
  }

  /** Rotating refresh tokens: the one presented is disabled, a new one comes back. */
  private refresh(body: Record<string, unknown>): Reply {
    const held = this.refreshTokens.get(String(body.refresh_token ?? ''));
    if (!held?.live) return oauthError(403, 'invalid_grant', 'Unknown or invalid refresh token.');
    held.live = false;
    return { status: 200, body: this.newTokens(held.scope, held.accountId) };
  }

  private newTokens(scope: string, accountId: string) {
    const accessToken = `fake-at-${randomBytes(16).toString('hex')}`;
    const refreshToken = `fake-rt-${randomBytes(16).toString('hex')}`;
    this.accessTokens.set(accessToken, {
      expiresAt: Date.now() + this.tokenTtlSeconds * 1000,
      scope,
      accountId,
    });
    this.refreshTokens.set(refreshToken, { live: true, scope, accountId });
    return {
      access_token: accessToken,
      expires_in: this.tokenTtlSeconds,
      token_type: 'Bearer',
      refresh_token: refreshToken,
      scope,
    };
  }

  private accessibleResources(req: FakeAtlassianRequest): Reply {
    if (req.method !== 'GET') return methodNotAllowed();
    const token = this.liveAccessToken(req);
    if (!token) return { status: 401, body: GATEWAY_UNAUTHORIZED };
    return { status: 200, body: this.siteResources(token.scope) };
  }

  /** GET /me: the token's user (scope read:me), as Atlassian's user identity API answers. */
  private me(req: FakeAtlassianRequest): Reply {
    const token = this.liveAccessToken(req);
    if (!token) return { status: 401, body: GATEWAY_UNAUTHORIZED };
    if (!token.scope.split(' ').includes('read:me'))
      return { status: 403, body: { code: 403, message: 'Unauthorized; scope does not match' } };
    const user = this.users.get(token.accountId);
    if (!user) return { status: 404, body: { code: 404, message: 'User not found' } };
    return {
      status: 200,
      body: {
        account_type: 'atlassian',
        account_id: user.accountId,
        email: user.email,
        email_verified: user.emailVerified,
        name: user.name,
        picture: `https://avatar-management.example/${encodeURIComponent(user.accountId)}`,
        account_status: 'active',
        nickname: user.name,
        zoneinfo: 'Europe/London',
        locale: 'en-GB',
        extended_profile: {},
      },
    };
  }

  /** The sites a token reaches; scopes default to the token's own. */
  private siteResources(scope: string): Required<FakeAtlassianResource>[] {
    const list = this.resources ?? [{ id: this.cloudId, name: 'Fake site', url: this.url }];
    return list.map((r) => ({ ...r, scopes: r.scopes ?? scope.split(' ').filter(Boolean) }));
  }

  // ---- Confluence Cloud REST v2 --------------------------------------------------------------

  /** `path` is the site path (/wiki/…), the /ex prefix already stripped. */
  private confluence(req: FakeAtlassianRequest, path: string): Reply {
    if (req.method !== 'GET') return methodNotAllowed();
    if (path.startsWith('/wiki/rest/api/')) return this.confluenceV1(req, path.slice(14));
    const route = path.startsWith('/wiki/api/v2/') ? path.slice('/wiki/api/v2'.length) : '';
    let m: RegExpExecArray | null;
    if (route === '/spaces') return this.listSpaces(req, path);
    if ((m = /^\/spaces\/([^/]+)\/permissions$/.exec(route)))
      return this.permissionFault('confluence') ?? this.spacePermissions(req, path, m[1]);
    if ((m = /^\/pages\/([^/]+)\/ancestors$/.exec(route))) return this.ancestors(req, m[1]);
    if ((m = /^\/spaces\/([^/]+)\/(pages|blogposts)$/.exec(route)))
      return this.listSpaceContent(req, path, m[1], contentType(m[2]));
    if ((m = /^\/(pages|blogposts)$/.exec(route)))
      return this.listContentByIds(req, path, contentType(m[1]));
    if ((m = /^\/(pages|blogposts)\/([^/]+)$/.exec(route)))
      return this.getContent(req, contentType(m[1]), m[2]);
    return { status: 404, body: CONFLUENCE_NOT_FOUND };
  }

  private listSpaces(req: FakeAtlassianRequest, path: string): Reply {
    const keys = listParam(req.query, 'keys');
    const viewer = this.viewerOf(req);
    const list = [...this.spaces.values()]
      .filter((s) => keys.length === 0 || keys.includes(s.key))
      .filter((s) => viewer === null || this.readsSpace(viewer, s))
      .map((s) => ({
        id: s.id,
        key: s.key,
        name: s.name,
        type: s.type,
        status: 'current',
        _links: { webui: `/spaces/${s.key}` },
      }));
    return this.page(req, path, list);
  }

  private listSpaceContent(
    req: FakeAtlassianRequest,
    path: string,
    spaceId: string,
    type: ContentType,
  ): Reply {
    if (!this.spaces.has(spaceId)) return { status: 404, body: CONFLUENCE_NOT_FOUND };
    const statuses = listParam(req.query, 'status');
    const wanted = statuses.length > 0 ? statuses : ['current'];
    const withBody = req.query.get('body-format') === 'storage';
    const list = [...this.contents.values()]
      .filter((c) => c.space.id === spaceId && c.type === type && !c.restricted)
      .filter((c) => wanted.includes(c.status) && this.shows(req, `${c.type}:${c.id}`))
      .map((c) => contentJson(c, withBody));
    return this.page(req, path, list);
  }

  /**
   * GET /pages?id=1&id=2: those that exist and the caller may view; the others are just absent.
   */
  private listContentByIds(req: FakeAtlassianRequest, path: string, type: ContentType): Reply {
    const ids = listParam(req.query, 'id');
    const withBody = req.query.get('body-format') === 'storage';
    const list = [...this.contents.values()]
      .filter((c) => c.type === type && isVisible(c) && (ids.length === 0 || ids.includes(c.id)))
      .filter((c) => this.shows(req, `${c.type}:${c.id}`))
      .map((c) => contentJson(c, withBody));
    return this.page(req, path, list);
  }

  private getContent(req: FakeAtlassianRequest, type: ContentType, id: string): Reply {
    const content = this.contents.get(id);
    if (!content || content.type !== type || !isVisible(content))
      return { status: 404, body: CONFLUENCE_NOT_FOUND };
    // Confluence answers 404, not 403, for content the caller may not view.
    if (!this.shows(req, `${type}:${id}`)) return { status: 404, body: CONFLUENCE_NOT_FOUND };
    const json = contentJson(content, req.query.get('body-format') === 'storage');
    return { status: 200, body: { ...json, _links: { ...json._links, base: this.wikiBase() } } };
  }

  /**
   * GET /spaces/{id}/permissions: one assignment per principal and operation, anonymous access
   * as the ANONYMOUS role.
   */
  private spacePermissions(req: FakeAtlassianRequest, path: string, spaceId: string): Reply {
    const space = this.spaces.get(spaceId);
    if (!space) return { status: 404, body: CONFLUENCE_NOT_FOUND };
    const list = Object.entries(space.permissions).flatMap(([operation, grants]) => {
      const [key, targetType] = operation.split('/');
      const principals = [
        ...(grants.anonymous ? [{ type: 'role', id: 'ANONYMOUS' }] : []),
        ...this.accountIds(grants.users).map((id) => ({ type: 'user', id })),
        ...this.groupIds(grants.groups).map((id) => ({ type: 'group', id })),
      ];
      return principals.map((principal) => ({ principal, operation: { key, targetType } }));
    });
    list.forEach((assignment, i) => Object.assign(assignment, { id: String(i + 1) }));
    return this.page(req, path, list, this.permissionPageSize ?? 250);
  }

  /**
   * GET /pages/{id}/ancestors: top-down, the nearest `limit` only (the rest come from asking again
   * with the highest one's id).
   */
  private ancestors(req: FakeAtlassianRequest, id: string): Reply {
    const page = this.contents.get(id);
    if (!page || page.type !== 'page' || !isVisible(page))
      return { status: 404, body: CONFLUENCE_NOT_FOUND };
    const limit = intParam(req.query.get('limit'), 25, 1, 250);
    const chain: Content[] = [];
    for (let at = this.parentOf(page); at && !chain.includes(at); at = this.parentOf(at))
      chain.unshift(at);
    const results = chain.slice(-limit).map((c) => ({ id: c.id, type: c.type }));
    return { status: 200, body: { results, _links: { base: this.wikiBase() } } };
  }

  // ---- Confluence REST v1: restrictions and groups -------------------------------------------

  /** `route` is under /wiki/rest/api. */
  private confluenceV1(req: FakeAtlassianRequest, route: string): Reply {
    let m: RegExpExecArray | null;
    if ((m = /^\/content\/([^/]+)\/restriction\/byOperation\/(read|update)$/.exec(route)))
      return this.permissionFault('confluence') ?? this.restriction(req, m[1], m[2]);
    if ((m = /^\/group\/([^/]+)\/membersByGroupId$/.exec(route)))
      return this.permissionFault('confluence') ?? this.groupMembersV1(req, m[1]);
    return v1NotFound(`No API at ${req.method} ${req.path}`);
  }

  /** GET …/restriction/byOperation/{op}: its users and groups, paged together by start/limit. */
  private restriction(req: FakeAtlassianRequest, id: string, operation: string): Reply {
    const c = this.contents.get(id);
    if (!c || !isVisible(c)) return v1NotFound(`No content found with id : ${id}`);
    const start = intParam(req.query.get('start'), 0, 0, Number.MAX_SAFE_INTEGER);
    const limit = Math.min(intParam(req.query.get('limit'), 100, 1, 100), this.permissionCap());
    // Only read restrictions are modelled; an update restriction is always empty.
    const grants = operation === 'read' ? c.readRestriction : { users: [], groups: [] };
    const users = grants.users.flatMap((key) => this.confluenceUser(key) ?? []);
    const groups = grants.groups.flatMap((key) => {
      const g = this.world.groups.get(key);
      return g ? [{ type: 'group', name: g.name, id: g.id }] : [];
    });
    const slice = <T>(all: T[]) => {
      const results = all.slice(start, start + limit);
      return { results, start, limit, size: results.length, totalSize: all.length };
    };
    return {
      status: 200,
      body: {
        operation,
        restrictions: { user: slice(users), group: slice(groups) },
        _expandable: { content: `/rest/api/content/${id}` },
        _links: { base: this.wikiBase(), context: '/wiki' },
      },
    };
  }

  /** GET /group/{groupId}/membersByGroupId: users only (nested groups come flattened). */
  private groupMembersV1(req: FakeAtlassianRequest, groupId: string): Reply {
    const group = [...this.world.groups.entries()].find(([, g]) => g.id === groupId);
    if (!group) return v1NotFound(`No group found with id : ${groupId}`);
    const start = intParam(req.query.get('start'), 0, 0, Number.MAX_SAFE_INTEGER);
    const limit = Math.min(intParam(req.query.get('limit'), 200, 1, 200), this.permissionCap());
    const all = this.groupUsers(group[0]).flatMap((key) => this.confluenceUser(key) ?? []);
    const results = all.slice(start, start + limit);
    const more = start + limit < all.length;
    const next = `/rest/api/group/${groupId}/membersByGroupId?start=${start + limit}&limit=${limit}`;
    return {
      status: 200,
      body: {
        results,
        start,
        limit,
        size: results.length,
        _links: { base: this.wikiBase(), context: '/wiki', ...(more ? { next } : {}) },
      },
    };
  }

  private confluenceUser(key: string) {
    const u = this.world.users.get(key);
    if (!u) return null;
    return {
      type: 'known',
      accountId: u.accountId,
      accountType: 'atlassian',
      email: u.email,
      publicName: u.name,
      displayName: u.name,
    };
  }

  // ---- Permission endpoints: shared --------------------------------------------------------

  /** The switch tests flip: every permission endpoint answers 403 or 500 in the product's shape. */
  private permissionFault(product: 'confluence' | 'jira'): Reply | null {
    const status = this.failPermissions;
    if (status === null) return null;
    const message =
      status === 403
        ? 'You do not have permission to view these permissions.'
        : 'Internal server error.';
    if (product === 'jira') return jiraError(status, message);
    return { status, body: { errors: [{ status, code: String(status), title: message }] } };
  }

  private permissionCap(): number {
    return this.permissionPageSize ?? Number.MAX_SAFE_INTEGER;
  }

  private accountIds(userKeys: string[]): string[] {
    return userKeys.flatMap((key) => this.world.users.get(key)?.accountId ?? []);
  }

  private groupIds(groupKeys: string[]): string[] {
    return groupKeys.flatMap((key) => this.world.groups.get(key)?.id ?? []);
  }

  /**
   * Cursor pagination as in every v2 list: `limit` (default 25, at most 250), an opaque `cursor`,
   * and when more remain both a Link header and `_links.next`, a /wiki/… path even under /ex
   * (Atlassian's answer; the client re-roots it).
   */
  private page(req: FakeAtlassianRequest, path: string, all: unknown[], max = 250): Reply {
    const limit = Math.min(intParam(req.query.get('limit'), 25, 1, 250), max);
    const offset = decodeCursor(req.query.get('cursor'));
    if (offset === null)
      return {
        status: 400,
        body: {
          errors: [{ status: 400, code: 'INVALID_REQUEST_PARAMETER', title: 'Invalid cursor' }],
        },
      };
    let results = all.slice(offset, offset + limit);
    let next = offset + limit < all.length ? nextLink(path, req.query, offset + limit) : undefined;
    if (this.take(req, 'emptyPage')) {
      // The quirk: nothing on this page, yet a next link (here: back to where this page was).
      results = [];
      next = nextLink(path, req.query, offset);
    }
    return {
      status: 200,
      headers: next ? { link: `<${next}>; rel="next"` } : {},
      body: { results, _links: { ...(next ? { next } : {}), base: this.wikiBase() } },
    };
  }

  private wikiBase() {
    return `${this.url}/wiki`;
  }

  // ---- Jira Cloud REST v3 --------------------------------------------------------------------

  /** `path` is the site path (/rest/…), the /ex prefix already stripped. */
  private jira(req: FakeAtlassianRequest, path: string): Reply {
    const route = path.startsWith('/rest/api/3/') ? path.slice('/rest/api/3'.length) : '';
    if (route === '/search') return jiraError(410, SEARCH_REMOVED);
    if (route === '/search/jql')
      return req.method === 'GET' || req.method === 'POST'
        ? this.searchJql(req)
        : methodNotAllowed();
    if (route === '/issue/bulkfetch')
      return req.method === 'POST' ? this.bulkFetch(req) : methodNotAllowed();
    if (req.method !== 'GET') return methodNotAllowed();
    const permissions = this.jiraPermissionRoute(req, route);
    if (permissions) return this.permissionFault('jira') ?? permissions();
    let m: RegExpExecArray | null;
    if (route === '/myself') return this.myself(req);
    if (route === '/project/search') return this.searchProjects(req);
    if ((m = /^\/project\/([^/]+)$/.exec(route))) return this.getProject(decodeURIComponent(m[1]));
    if ((m = /^\/issue\/([^/]+)\/comment$/.exec(route)))
      return this.listComments(req, decodeURIComponent(m[1]));
    if ((m = /^\/issue\/([^/]+)$/.exec(route))) {
      const issue = this.issueByIdOrKey(decodeURIComponent(m[1]));
      if (!issue || issue.deleted || !this.shows(req, `issue:${issue.id}`)) return issueNotFound();
      return { status: 200, body: this.issueJson(issue, listParam(req.query, 'fields')) };
    }
    return jiraError(404, `No API at ${req.method} ${req.path}.`);
  }

  private myself(req: FakeAtlassianRequest): Reply {
    const email = this.basicUser(req) ?? 'oauth-user@fake.test';
    return { status: 200, body: { ...person(email)!, emailAddress: email, active: true } };
  }

  private searchProjects(req: FakeAtlassianRequest): Reply {
    const all = [...this.projects.values()];
    const startAt = intParam(req.query.get('startAt'), 0, 0, Number.MAX_SAFE_INTEGER);
    const maxResults = intParam(req.query.get('maxResults'), 50, 1, 50);
    return {
      status: 200,
      body: {
        values: all.slice(startAt, startAt + maxResults).map(projectJson),
        startAt,
        maxResults,
        total: all.length,
        isLast: startAt + maxResults >= all.length,
      },
    };
  }

  private getProject(keyOrId: string): Reply {
    const project = this.projectByKeyOrId(keyOrId);
    if (!project) return projectNotFound(keyOrId);
    const lead = project.lead === null ? undefined : this.world.users.get(project.lead);
    return {
      status: 200,
      body: { ...projectJson(project), ...(lead ? { lead: this.jiraUser(lead) } : {}) },
    };
  }

  /** The permission endpoints (Administer Jira, or Browse users and groups), else null. */
  private jiraPermissionRoute(req: FakeAtlassianRequest, route: string): (() => Reply) | null {
    const scheme = /^\/project\/([^/]+)\/permissionscheme$/.exec(route);
    if (scheme) return () => this.permissionScheme(req, decodeURIComponent(scheme[1]));
    const role = /^\/project\/([^/]+)\/role\/([^/]+)$/.exec(route);
    if (role) return () => this.projectRole(decodeURIComponent(role[1]), role[2]);
    if (route === '/applicationrole')
      return () => ({
        status: 200,
        body: [...this.world.applicationRoles.keys()].map((key) => this.applicationRoleJson(key)),
      });
    const application = /^\/applicationrole\/([^/]+)$/.exec(route);
    if (application) {
      const key = decodeURIComponent(application[1]);
      return () =>
        this.world.applicationRoles.has(key)
          ? { status: 200, body: this.applicationRoleJson(key) }
          : jiraError(404, `The application role '${key}' does not exist.`);
    }
    if (route === '/issuesecurityschemes/level/member') return () => this.levelMembers(req);
    if (route === '/group/member') return () => this.groupMembersV3(req);
    return null;
  }

  /** GET /project/{key}/permissionscheme: its grants only when something is expanded. */
  private permissionScheme(req: FakeAtlassianRequest, keyOrId: string): Reply {
    const project = this.projectByKeyOrId(keyOrId);
    if (!project) return projectNotFound(keyOrId);
    const expand = expandParam(req.query);
    const permissions = Object.entries(project.permissions).flatMap(([permission, holders]) =>
      holders.flatMap((h) => {
        const holder = this.holderJson(h, project, expand);
        return holder ? [{ holder, permission }] : [];
      }),
    );
    return {
      status: 200,
      body: {
        expand: 'permissions,user,group,projectRole,field,all',
        id: Number(project.id),
        self: `${this.url}/rest/api/3/permissionscheme/${project.id}`,
        name: `${project.key} permission scheme`,
        description: '',
        // Any expand value brings the grants (Jira's documented quirk).
        ...(expand.size > 0
          ? {
              permissions: permissions.map((grant, i) => ({
                id: i + 1,
                self: `${this.url}/rest/api/3/permissionscheme/${project.id}/permission/${i + 1}`,
                ...grant,
              })),
            }
          : {}),
      },
    };
  }

  /** A holder as Jira writes it: `parameter` (name or id) and `value` (id), objects when expanded. */
  private holderJson(h: WorldHolder, project: Project, expand: Set<string>) {
    switch (h.type) {
      case 'group': {
        const g = this.world.groups.get(h.group);
        if (!g) return null;
        const group = { name: g.name, groupId: g.id, self: this.groupSelf(g) };
        return {
          type: 'group',
          parameter: g.name,
          value: g.id,
          expand: 'group',
          ...(expand.has('group') ? { group } : {}),
        };
      }
      case 'user': {
        const u = this.world.users.get(h.user);
        if (!u) return null;
        return {
          type: 'user',
          parameter: u.accountId,
          value: u.accountId,
          expand: 'user',
          ...(expand.has('user') ? { user: this.jiraUser(u) } : {}),
        };
      }
      case 'projectRole': {
        const projectRole = {
          self: `${this.url}/rest/api/3/role/${h.role}`,
          name: project.roles[h.role]?.name ?? `Role ${h.role}`,
          id: Number(h.role),
        };
        return {
          type: 'projectRole',
          parameter: h.role,
          value: h.role,
          expand: 'projectRole',
          ...(expand.has('projectRole') ? { projectRole } : {}),
        };
      }
      case 'applicationRole':
        return h.application === undefined
          ? { type: 'applicationRole' }
          : { type: 'applicationRole', parameter: h.application, value: h.application };
      default:
        return { type: h.type };
    }
  }

  /** GET /project/{key}/role/{id}: this project's actors of the role. */
  private projectRole(keyOrId: string, roleId: string): Reply {
    const project = this.projectByKeyOrId(keyOrId);
    if (!project) return projectNotFound(keyOrId);
    const role = project.roles[roleId];
    if (!role) return jiraError(404, `No project role with id '${roleId}' could be found.`);
    const users = role.users.flatMap((key) => {
      const u = this.world.users.get(key);
      if (!u) return [];
      const actorUser = { accountId: u.accountId };
      return [{ displayName: u.name, type: 'atlassian-user-role-actor', actorUser }];
    });
    const groups = role.groups.flatMap((key) => {
      const g = this.world.groups.get(key);
      if (!g) return [];
      const actorGroup = { name: g.name, displayName: g.name, groupId: g.id };
      return [
        { displayName: g.name, type: 'atlassian-group-role-actor', name: g.name, actorGroup },
      ];
    });
    return {
      status: 200,
      body: {
        self: `${this.url}/rest/api/3/project/${project.id}/role/${roleId}`,
        name: role.name,
        id: Number(roleId),
        description: '',
        actors: [...users, ...groups].map((actor, i) => ({ id: i + 1, ...actor })),
      },
    };
  }

  private applicationRoleJson(key: string) {
    const role = this.world.applicationRoles.get(key)!;
    const groups = role.groups.flatMap((k) => this.world.groups.get(k) ?? []);
    const details = groups.map((g) => ({ name: g.name, groupId: g.id, self: this.groupSelf(g) }));
    const users = new Set(role.groups.flatMap((g) => this.groupUsers(g)));
    return {
      key,
      name: role.name,
      groups: groups.map((g) => g.name),
      groupDetails: details,
      defaultGroups: groups.map((g) => g.name),
      defaultGroupsDetails: details,
      selectedByDefault: false,
      defined: true,
      numberOfSeats: 100,
      remainingSeats: 100 - users.size,
      userCount: users.size,
      userCountDescription: 'users',
      hasUnlimitedSeats: false,
      platform: false,
    };
  }

  /**
   * GET /issuesecurityschemes/level/member: the holders of the levels (`levelId`) and schemes
   * (`schemeId`) asked for, inclusively; none asked: every level.
   */
  private levelMembers(req: FakeAtlassianRequest): Reply {
    const levelIds = listParam(req.query, 'levelId');
    const schemeIds = listParam(req.query, 'schemeId');
    const expand = expandParam(req.query);
    const all = [...this.projects.values()].flatMap((project) =>
      Object.entries(project.securityLevels)
        .filter(
          ([levelId]) =>
            (levelIds.length === 0 && schemeIds.length === 0) ||
            levelIds.includes(levelId) ||
            schemeIds.includes(project.securitySchemeId),
        )
        .flatMap(([levelId, level]) =>
          level.holders.flatMap((h) => {
            const holder = this.holderJson(h, project, expand);
            const ids = {
              issueSecurityLevelId: levelId,
              issueSecuritySchemeId: project.securitySchemeId,
            };
            return holder ? [{ ...ids, holder }] : [];
          }),
        ),
    );
    const members = all.map((member, i) => ({ id: String(i + 1), ...member }));
    return this.offsetPage(req, '/rest/api/3/issuesecurityschemes/level/member', members, 50);
  }

  /** GET /group/member?groupId= (or groupname=): users, nested groups flattened. */
  private groupMembersV3(req: FakeAtlassianRequest): Reply {
    const id = req.query.get('groupId');
    const name = req.query.get('groupname');
    const group = [...this.world.groups.entries()].find(([, g]) =>
      id !== null ? g.id === id : g.name === name,
    );
    if (!group) return jiraError(404, 'Group does not exist.');
    const users = this.groupUsers(group[0]).map((key) => this.jiraUser(this.world.users.get(key)!));
    return this.offsetPage(req, '/rest/api/3/group/member', users, 50);
  }

  /** Jira's offset pages: startAt, maxResults (at most `max`), total, isLast, nextPage. */
  private offsetPage(req: FakeAtlassianRequest, path: string, all: unknown[], max: number): Reply {
    const startAt = intParam(req.query.get('startAt'), 0, 0, Number.MAX_SAFE_INTEGER);
    const maxResults = Math.min(
      intParam(req.query.get('maxResults'), max, 1, max),
      this.permissionCap(),
    );
    const isLast = startAt + maxResults >= all.length;
    const next = new URLSearchParams(req.query);
    next.set('startAt', String(startAt + maxResults));
    return {
      status: 200,
      body: {
        self: `${this.url}${path}?${req.query.toString()}`,
        ...(isLast ? {} : { nextPage: `${this.url}${path}?${next.toString()}` }),
        maxResults,
        startAt,
        total: all.length,
        isLast,
        values: all.slice(startAt, startAt + maxResults),
      },
    };
  }

  /**
   * POST /issue/bulkfetch: up to 100 issues by id or key; the missing ones, and those the caller
   * may not browse (indistinguishable, as in Jira), as issueErrors.
   */
  private bulkFetch(req: FakeAtlassianRequest): Reply {
    const body: Record<string, unknown> = isObject(req.body) ? req.body : {};
    const wanted = Array.isArray(body.issueIdsOrKeys) ? body.issueIdsOrKeys.map(String) : [];
    if (wanted.length === 0 || wanted.length > 100)
      return jiraError(400, 'issueIdsOrKeys must name between 1 and 100 issues.');
    const fields = Array.isArray(body.fields) ? body.fields.map(String) : [];
    const issues = [];
    const issueErrors = [];
    for (const idOrKey of wanted) {
      const issue = this.issueByIdOrKey(idOrKey);
      if (issue && !issue.deleted && this.shows(req, `issue:${issue.id}`))
        issues.push(this.issueJson(issue, fields));
      else
        issueErrors.push({
          id: idOrKey,
          errorMessage: 'Issue does not exist or you do not have permission to see it.',
        });
    }
    return { status: 200, body: { expand: 'schema,names', issues, issueErrors } };
  }

  private jiraUser(u: WorldUser) {
    return {
      self: `${this.url}/rest/api/3/user?accountId=${encodeURIComponent(u.accountId)}`,
      accountId: u.accountId,
      accountType: 'atlassian',
      emailAddress: u.email,
      displayName: u.name,
      active: true,
      timeZone: 'Europe/London',
    };
  }

  private groupSelf(g: WorldGroup): string {
    return `${this.url}/rest/api/3/group?groupId=${g.id}`;
  }

  /** A reporter or assignee: a world user by display name, else a made-up account. */
  private personJson(name: string | null) {
    const user = [...this.world.users.values()].find((u) => u.name === name);
    return user ? { accountId: user.accountId, displayName: user.name } : person(name);
  }

  private securityJson(issue: Issue) {
    const id = issue.securityLevel;
    const level = id === null ? undefined : issue.project.securityLevels[id];
    if (id === null || !level) return null;
    const self = `${this.url}/rest/api/3/securitylevel/${id}`;
    return { self, id, name: level.name, description: '' };
  }

  private listComments(req: FakeAtlassianRequest, idOrKey: string): Reply {
    const issue = this.issueByIdOrKey(idOrKey);
    if (!issue || issue.deleted || !this.shows(req, `issue:${issue.id}`)) return issueNotFound();
    const startAt = intParam(req.query.get('startAt'), 0, 0, Number.MAX_SAFE_INTEGER);
    const maxResults = intParam(req.query.get('maxResults'), 50, 1, 100);
    return {
      status: 200,
      body: {
        startAt,
        maxResults,
        total: issue.comments.length,
        comments: issue.comments.slice(startAt, startAt + maxResults).map(commentJson),
      },
    };
  }

  /** GET (query) or POST (JSON body) /search/jql: a page of issues and a nextPageToken. */
  private searchJql(req: FakeAtlassianRequest): Reply {
    const input = searchInput(req);
    const query = parseJql(input.jql);
    if ('error' in query) return jiraError(400, query.error);
    const unknown = query.projectSets.flat().find((key) => !this.projects.has(key));
    if (unknown)
      return jiraError(400, `The value '${unknown}' does not exist for the field 'project'.`);
    // Jira hands out far bigger pages when only ids or keys are asked for.
    const idsOnly = input.fields.length > 0 && input.fields.every((f) => f === 'id' || f === 'key');
    const maxResults = intParam(input.maxResults, 50, 1, idsOnly ? 5000 : 100);
    const offset = decodePageToken(input.nextPageToken, input.jql);
    if (offset === null)
      return jiraError(400, 'The provided next page token is invalid or expired.');
    const found = [...this.issues.values()].filter(
      (i) => !i.deleted && query.matches(i) && this.shows(req, `issue:${i.id}`),
    );
    found.sort(query.order);
    const page = found.slice(offset, offset + maxResults);
    const isLast = offset + maxResults >= found.length;
    return {
      status: 200,
      body: {
        issues: page.map((i) => this.issueJson(i, input.fields)),
        // Absent, not null, on the last page (as Jira answers).
        ...(isLast ? {} : { nextPageToken: encodePageToken(offset + maxResults, input.jql) }),
        isLast,
      },
    };
  }

  /** Only the requested fields; none, *all or *navigable: every field. */
  private issueJson(issue: Issue, fields: string[]) {
    const all: Record<string, unknown> = {
      summary: issue.summary,
      description: issue.description,
      comment: {
        comments: issue.comments.slice(0, INLINE_COMMENTS).map(commentJson),
        startAt: 0,
        maxResults: INLINE_COMMENTS,
        total: issue.comments.length,
      },
      updated: jiraTime(issue.updated),
      created: jiraTime(issue.created),
      project: projectJson(issue.project),
      status: { name: issue.status },
      issuetype: { name: issue.issueType },
      priority: { name: issue.priority },
      assignee: this.personJson(issue.assignee),
      reporter: this.personJson(issue.reporter),
      labels: issue.labels,
      security: this.securityJson(issue),
    };
    const everything =
      fields.length === 0 || fields.includes('*all') || fields.includes('*navigable');
    // An issue without a level shows no security field unless it is asked for by name.
    const wanted = everything
      ? Object.keys(all).filter((f) => f !== 'security' || all.security !== null)
      : fields.filter((f) => f in all);
    return {
      id: issue.id,
      key: issue.key,
      self: `${this.url}/rest/api/3/issue/${issue.id}`,
      fields: Object.fromEntries(wanted.map((f) => [f, all[f]])),
    };
  }

  // ---- Small lookups -------------------------------------------------------------------------

  private newId(): string {
    return String(++this.lastId);
  }

  private newComment(input: NewComment, at: number): Comment {
    return {
      id: this.newId(),
      author: input.author ?? 'Someone',
      body: toAdf(input.body),
      created: at,
      visibility: input.visibility,
    };
  }

  private spaceByKey(key: string): Space | undefined {
    return [...this.spaces.values()].find((s) => s.key === key);
  }

  private contentById(id: string): Content {
    const content = this.contents.get(id);
    if (!content) throw new Error(`No page or blog post ${id}`);
    return content;
  }

  private projectByKeyOrId(keyOrId: string): Project | undefined {
    return (
      this.projects.get(keyOrId.toUpperCase()) ??
      [...this.projects.values()].find((p) => p.id === keyOrId)
    );
  }

  private issueByIdOrKey(idOrKey: string): Issue | undefined {
    const upper = idOrKey.toUpperCase();
    return this.issues.get(idOrKey) ?? [...this.issues.values()].find((i) => i.key === upper);
  }
}

// ---- HTTP plumbing --------------------------------------------------------------------------

function toRequest(req: http.IncomingMessage, bytes: Buffer): FakeAtlassianRequest {
  const url = new URL(req.url ?? '/', 'http://fake');
  return {
    method: req.method ?? 'GET',
    path: url.pathname,
    query: url.searchParams,
    headers: Object.fromEntries(
      Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v]),
    ),
    body: parseBody(bytes, req.headers['content-type']),
    at: Date.now(),
  };
}

/** JSON or form (the token endpoint takes both); anything else is undefined. */
function parseBody(bytes: Buffer, contentType: string | undefined): any {
  if (bytes.length === 0) return undefined;
  const text = bytes.toString('utf8');
  if (contentType?.includes('application/x-www-form-urlencoded'))
    return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function write(res: http.ServerResponse, reply: Reply) {
  if (res.destroyed || res.writableEnded) return;
  const headers = Object.fromEntries(
    Object.entries(reply.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]),
  );
  let payload: string | undefined;
  if (reply.html !== undefined) {
    headers['content-type'] ??= 'text/html; charset=utf-8';
    payload = reply.html;
  } else if (typeof reply.body === 'string') {
    headers['content-type'] ??= 'text/plain; charset=utf-8';
    payload = reply.body;
  } else if (reply.body !== undefined) {
    headers['content-type'] ??= 'application/json;charset=UTF-8';
    payload = JSON.stringify(reply.body);
  }
  res.writeHead(reply.status, headers);
  res.end(payload);
}

function matches(match: RequestMatcher, req: FakeAtlassianRequest): boolean {
  if (typeof match === 'function') return match(req);
  if (match.method && match.method.toUpperCase() !== req.method.toUpperCase()) return false;
  if (match.path instanceof RegExp) return match.path.test(req.path);
  if (typeof match.path === 'string') return req.path.endsWith(match.path);
  return true;
}

function redirect(to: string, params: Record<string, string | null>): Reply {
  const url = new URL(to);
  for (const [name, value] of Object.entries(params))
    if (value !== null) url.searchParams.set(name, value);
  return { status: 302, headers: { location: url.toString() } };
}

function methodNotAllowed(): Reply {
  return { status: 405, body: { message: 'Method Not Allowed' } };
}

function oauthError(status: number, error: string, description: string): Reply {
  return { status, body: { error, error_description: description } };
}

function jiraError(status: number, message: string): Reply {
  return { status, body: { errorMessages: [message], errors: {} } };
}

function projectNotFound(keyOrId: string): Reply {
  return jiraError(404, `No project could be found with key '${keyOrId}'.`);
}

/** `expand=a,b`; `all` stands for every expansion. */
function expandParam(query: URLSearchParams): Set<string> {
  const asked = listParam(query, 'expand');
  if (asked.includes('all')) return new Set(['permissions', 'user', 'group', 'projectRole']);
  return new Set(asked);
}

function issueNotFound(): Reply {
  return jiraError(404, 'Issue does not exist or you do not have permission to see it.');
}

/** The fake's consent screen: links back to /authorize with consent=accept|deny. */
function consentPage(query: URLSearchParams): string {
  const link = (consent: string) => {
    const q = new URLSearchParams(query);
    q.set('consent', consent);
    return `/authorize?${escapeHtml(q.toString())}`;
  };
  return `<!doctype html><html><head><title>Fake Atlassian</title></head><body>
<h1>Allow access to your Atlassian account?</h1>
<p>Scopes: ${escapeHtml(query.get('scope') ?? '')}</p>
<a id="accept" href="${link('accept')}">Accept</a> <a id="deny" href="${link('deny')}">Deny</a>
</body></html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

// ---- Query parameters and cursors -----------------------------------------------------------

/** A list parameter given repeated (id=1&id=2) or comma-separated (keys=A,B), or both. */
function listParam(query: URLSearchParams, name: string): string[] {
  return query
    .getAll(name)
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
}

/** An integer parameter, clamped; missing or not a number: the fallback. */
function intParam(value: unknown, fallback: number, min: number, max: number): number {
  const n = value === null || value === undefined || value === '' ? NaN : Number(value);
  return Number.isInteger(n) ? Math.min(Math.max(n, min), max) : fallback;
}

function encodeCursor(offset: number): string {
  return Buffer.from(JSON.stringify({ offset })).toString('base64url');
}

/** The offset a cursor stands for: 0 without one, null when it is not one of ours. */
function decodeCursor(cursor: string | null): number | null {
  if (!cursor) return 0;
  try {
    const offset = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')).offset;
    return Number.isInteger(offset) && offset >= 0 ? offset : null;
  } catch {
    return null;
  }
}

/** The same list from `offset`, other parameters kept, as a /wiki/… path. */
function nextLink(path: string, query: URLSearchParams, offset: number): string {
  const next = new URLSearchParams(query);
  next.set('cursor', encodeCursor(offset));
  return `${path}?${next.toString()}`;
}

/** A page token names its query, so one from another query is refused as Jira would. */
function encodePageToken(offset: number, jql: string): string {
  return Buffer.from(JSON.stringify({ offset, jql })).toString('base64url');
}

function decodePageToken(token: string | undefined, jql: string): number | null {
  if (!token) return 0;
  try {
    const parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    return parsed.jql === jql && Number.isInteger(parsed.offset) ? parsed.offset : null;
  } catch {
    return null;
  }
}

// ---- Confluence shapes ----------------------------------------------------------------------

function contentType(plural: string): ContentType {
  return plural === 'pages' ? 'page' : 'blogpost';
}

function isVisible(c: Content): boolean {
  return c.status === 'current' && !c.restricted;
}

/** A read restriction that names anyone; an empty one is none (the page inherits). */
function isRestricted(c: Content): boolean {
  return c.readRestriction.users.length > 0 || c.readRestriction.groups.length > 0;
}

/** Confluence REST v1's 404 body. */
function v1NotFound(message: string): Reply {
  return {
    status: 404,
    body: { statusCode: 404, data: { authorized: false, valid: true, errors: [] }, message },
  };
}

/** `/spaces/KEY/pages/<id>/Title+With+Plus`, or `/spaces/KEY/blog/<id>/Title` for a blog post. */
function webuiOf(c: Content): string {
  const slug = encodeURIComponent(c.title).replace(/%20/g, '+');
  const kind = c.type === 'page' ? 'pages' : 'blog';
  return `/spaces/${c.space.key}/${kind}/${c.id}/${slug}`;
}

function contentJson(c: Content, withBody: boolean) {
  return {
    id: c.id,
    status: c.status,
    title: c.title,
    spaceId: c.space.id,
    ...(c.type === 'page'
      ? { parentId: c.parentId, parentType: c.parentId ? 'page' : null, position: 0 }
      : {}),
    authorId: 'fake-account',
    createdAt: new Date(c.createdAt).toISOString(),
    version: {
      number: c.version,
      createdAt: new Date(c.versionAt).toISOString(),
      message: '',
      minorEdit: false,
      authorId: 'fake-account',
    },
    ...(withBody ? { body: { storage: { representation: 'storage', value: c.storage } } } : {}),
    _links: { webui: webuiOf(c), tinyui: `/x/${c.id}` },
  };
}

// ---- Jira shapes ----------------------------------------------------------------------------

function projectJson(p: Project) {
  return { id: p.id, key: p.key, name: p.name };
}

function commentJson(c: Comment) {
  const at = jiraTime(c.created);
  return {
    id: c.id,
    author: person(c.author),
    body: c.body,
    created: at,
    updated: at,
    ...(c.visibility ? { visibility: c.visibility } : {}),
  };
}

/** A user from a display name (or an email), with a stable made-up account id. */
function person(name: string | null) {
  if (!name) return null;
  return { accountId: `acc-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`, displayName: name };
}

/** Jira's timestamps: 2024-05-01T10:00:00.000+0000. */
function jiraTime(ms: number): string {
  return new Date(ms).toISOString().replace('Z', '+0000');
}

/** Jira Cloud stores text as ADF: a string becomes paragraphs (blank lines) with hard breaks. */
function toAdf(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') return value;
  const paragraphs = value.split(/\n{2,}/).filter((p) => p.trim() !== '');
  return {
    version: 1,
    type: 'doc',
    content: paragraphs.map((p) => ({
      type: 'paragraph',
      content: p
        .split('\n')
        .flatMap((line, i) => [
          ...(i > 0 ? [{ type: 'hardBreak' }] : []),
          ...(line ? [{ type: 'text', text: line }] : []),
        ]),
    })),
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// ---- JQL: the part connectors send ----------------------------------------------------------

interface JqlQuery {
  /** Each `project = / in` clause; an issue must be in all of them (upper-case keys). */
  projectSets: string[][];
  matches: (issue: Issue) => boolean;
  order: (a: Issue, b: Issue) => number;
}

interface SearchInput {
  jql: string;
  nextPageToken?: string;
  maxResults?: unknown;
  fields: string[];
}

function searchInput(req: FakeAtlassianRequest): SearchInput {
  if (req.method === 'POST') {
    const body: Record<string, unknown> = isObject(req.body) ? req.body : {};
    return {
      jql: String(body.jql ?? ''),
      nextPageToken: typeof body.nextPageToken === 'string' ? body.nextPageToken : undefined,
      maxResults: body.maxResults,
      fields: Array.isArray(body.fields) ? body.fields.map(String) : [],
    };
  }
  return {
    jql: req.query.get('jql') ?? '',
    nextPageToken: req.query.get('nextPageToken') ?? undefined,
    maxResults: req.query.get('maxResults'),
    fields: listParam(req.query, 'fields'),
  };
}

/**
 * Reads `project = KEY`, `project in (A, "B")`, `updated >=|<=|>|< <epoch ms>` joined by AND,
 * then an optional `ORDER BY field [ASC|DESC], …` over key, id, created and updated.
 */
function parseJql(jql: string): JqlQuery | { error: string } {
  const [where, orderBy] = splitOrderBy(jql.trim());
  const projectSets: string[][] = [];
  const bounds: ((issue: Issue) => boolean)[] = [];
  for (const clause of where ? where.split(/\s+AND\s+/i) : []) {
    const keys = projectClause(clause.trim());
    const bound = updatedClause(clause.trim());
    if (keys) projectSets.push(keys);
    else if (bound) bounds.push(bound);
    else return { error: `Error in the JQL Query: the fake cannot read '${clause.trim()}'.` };
  }
  if (projectSets.length === 0 && bounds.length === 0) return { error: UNBOUNDED_JQL };
  const order = orderBy === undefined ? compareKeys : parseOrderBy(orderBy);
  if (typeof order === 'string') return { error: order };
  return {
    projectSets,
    order,
    matches: (issue) =>
      projectSets.every((keys) => keys.includes(issue.project.key)) &&
      bounds.every((bound) => bound(issue)),
  };
}

function splitOrderBy(jql: string): [string, string | undefined] {
  const m = /^(.*?)(?:^|\s+)ORDER\s+BY\s+(.*)$/is.exec(jql);
  return m ? [m[1].trim(), m[2].trim()] : [jql, undefined];
}

function projectClause(clause: string): string[] | null {
  const one = /^project\s*=\s*(?:"([^"]+)"|([\w-]+))$/i.exec(clause);
  if (one) return [(one[1] ?? one[2]).toUpperCase()];
  const many = /^project\s+in\s*\(([^)]*)\)$/i.exec(clause);
  if (!many) return null;
  const keys = many[1].split(',').map((k) =>
    k
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .toUpperCase(),
  );
  return keys.every(Boolean) ? keys : null;
}

/** Unquoted numbers are epoch milliseconds in JQL (quoted dates would use the user's timezone). */
function updatedClause(clause: string): ((issue: Issue) => boolean) | null {
  const m = /^updated\s*(>=|<=|>|<)\s*(\d+)$/i.exec(clause);
  if (!m) return null;
  const ms = Number(m[2]);
  const compare: Record<string, (u: number) => boolean> = {
    '>=': (u) => u >= ms,
    '<=': (u) => u <= ms,
    '>': (u) => u > ms,
    '<': (u) => u < ms,
  };
  return (issue) => compare[m[1]](issue.updated);
}

function parseOrderBy(text: string): ((a: Issue, b: Issue) => number) | string {
  const byField: Record<string, (a: Issue, b: Issue) => number> = {
    key: compareKeys,
    id: (a, b) => Number(a.id) - Number(b.id),
    created: (a, b) => a.created - b.created,
    updated: (a, b) => a.updated - b.updated,
  };
  const parts: ((a: Issue, b: Issue) => number)[] = [];
  for (const term of text.split(',')) {
    const m = /^(\w+)(?:\s+(ASC|DESC))?$/i.exec(term.trim());
    const compare = m ? byField[m[1].toLowerCase()] : undefined;
    if (!m || !compare) return `Error in the JQL Query: not able to sort using '${term.trim()}'.`;
    parts.push(m[2]?.toUpperCase() === 'DESC' ? (a, b) => compare(b, a) : compare);
  }
  // Ties fall back to key order, so pages never shuffle between requests.
  return (a, b) => parts.reduce((result, part) => result || part(a, b), 0) || compareKeys(a, b);
}

function compareKeys(a: Issue, b: Issue): number {
  return a.project.key.localeCompare(b.project.key) || a.number - b.number;
}
