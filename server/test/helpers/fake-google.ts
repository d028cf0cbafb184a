import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A loopback stand-in for Google, so Drive connector tests exercise real HTTP against the
 * documented shapes without a network or an account. One server plays every host:
 * - accounts.google.com: GET /o/oauth2/v2/auth (the consent page, or a redirect at once);
 * - oauth2.googleapis.com: POST /token (code exchange, refresh without rotation), POST /revoke;
 * - www.googleapis.com: Drive v3 under /drive/v3 (about, files, export, changes, drives, and
 *   permissions.list), the Admin SDK Directory's members.list under /admin/directory/v1, and the
 *   OpenID Connect userinfo at /oauth2/v3/userinfo (sub, email, email_verified), Bearer;
 * - docs.google.com / drive.google.com: the files' webViewLink pages (a title, for e2e clicks).
 * Tests add files, edit, trash, delete and move them (each appends to the changes feed), inject
 * faults and latency; every request is logged. Shapes follow shared/research/connectors.md §4.
 *
 * Who may read what is one world model (`world`): Workspace domains, accounts, admins, nested
 * groups, and each file's, folder's and shared drive's grants. The permission endpoints serve it,
 * the content endpoints hide from a world account what it may not read (a token of an account
 * outside `world.users` sees every file, as before), and `canRead` is the oracle tests compare a
 * permission reader with. Files start owned by `email`, shared drives with it as organizer.
 * As on Drive, files.list (and drives.list) show a world account only what it may read, while
 * files.get and export by id also answer a file shared by link (discovery off) to whoever the
 * link reaches: anyone, or the domain's accounts. Holding the link is not being granted it.
 */

export const GOOGLE_MIME = {
  folder: 'application/vnd.google-apps.folder',
  document: 'application/vnd.google-apps.document',
  spreadsheet: 'application/vnd.google-apps.spreadsheet',
  presentation: 'application/vnd.google-apps.presentation',
  form: 'application/vnd.google-apps.form',
  shortcut: 'application/vnd.google-apps.shortcut',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  txt: 'text/plain',
  png: 'image/png',
} as const;

export const DRIVE_READONLY = 'https://www.googleapis.com/auth/drive.readonly';
/** Lists and reads files' metadata (files.list, files.get), never their content. */
export const DRIVE_METADATA_READONLY = 'https://www.googleapis.com/auth/drive.metadata.readonly';

export interface FakeGoogleRequest {
  method: string;
  /** Without the query. */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | undefined>;
  /** Parsed form or JSON body, else undefined. */
  body: any;
  at: number;
}

export interface FakeGoogleFault {
  status: number;
  headers?: Record<string, string>;
  /** Sent as JSON; a string is sent as it is. See googleError() for Google's error shape. */
  body?: unknown;
}

/** `path` as a string matches the whole path or its end ('/export'); a RegExp the whole path. */
export type GoogleRequestMatcher =
  { method?: string; path?: RegExp | string } | ((req: FakeGoogleRequest) => boolean);

export interface FakeGoogleOptions {
  latencyMs?: number;
  clientId?: string;
  clientSecret?: string;
  /** The account every token belongs to unless given (default ada@example.com). */
  email?: string;
  /** Default 3599, as Google answers. */
  accessTokenTtlSeconds?: number;
  /** How long an authorization code can be exchanged (default 600). */
  codeTtlSeconds?: number;
  /**
   * Most items a files.list, changes, permissions.list or members.list page holds, whatever
   * pageSize or maxResults asks (default 1000; those lists stop at 100 and 200 anyway).
   */
  maxPageSize?: number;
  /** Exports larger than this answer 403 exportSizeLimitExceeded (default 10 MB, Google's). */
  exportLimitBytes?: number;
}

/** A file or folder as it is now. */
export interface FakeGoogleFile {
  id: string;
  name: string;
  mimeType: string;
  parents: string[];
  driveId: string | null;
  webViewLink: string;
  version: string;
  modifiedTime: string;
  trashed: boolean;
}

export interface NewGoogleFile {
  name: string;
  mimeType: string;
  /**
   * Docs and Slides: their text (export text/plain or text/markdown); Sheets: xlsx bytes (export
   * xlsx); other files: their bytes (alt=media). Default empty.
   */
  content?: string | Buffer;
  /** Default: the root of My Drive, or of the shared drive `driveId`. */
  parents?: string[];
  /** A shared drive (from addDrive); taken from the parent when omitted. */
  driveId?: string;
}

/** A Google account, as the OpenID userinfo describes it. */
export interface FakeGoogleUser {
  /** The stable account id (digits, as Google's). */
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

/** A Drive permission's role: every one of them reads the file. */
export type DriveRole = 'owner' | 'organizer' | 'fileOrganizer' | 'writer' | 'commenter' | 'reader';

/** A grant on a file, a folder (inherited below it) or a shared drive (its members). */
export type FakeDriveGrant =
  | { type: 'user' | 'group'; emailAddress: string; role: DriveRole }
  /** allowFileDiscovery false: a link-only share. */
  | { type: 'domain'; domain: string; role: DriveRole; allowFileDiscovery: boolean }
  | { type: 'anyone'; role: DriveRole; allowFileDiscovery: boolean };

/** Who may read what: mutate it freely, every endpoint and `canRead` read it as it is now. */
export interface FakeGoogleWorld {
  /** Google Workspace domains: their accounts hold `domain:<d>` (gmail.com is none). */
  domains: string[];
  /** Accounts whose access the content endpoints enforce (lower case). */
  users: string[];
  /** Workspace admins: the Admin SDK answers them only. */
  admins: string[];
  /** Google groups by address: their direct members' addresses (accounts or groups). */
  groups: Map<string, string[]>;
  /** Grants by file, folder or shared drive id (a drive's grants are its members). */
  grants: Map<string, FakeDriveGrant[]>;
}

export interface FakeGoogle {
  /** http://127.0.0.1:<port>: GOOGLE_API_URL, and the base of authUrl and tokenUrl. */
  url: string;
  /** GOOGLE_AUTH_URL: url + /o/oauth2/v2/auth. */
  authUrl: string;
  /** GOOGLE_TOKEN_URL: url + /token. */
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** The default account's email (about.user.emailAddress). */
  email: string;
  /** My Drive's root folder id ('root' is an alias for it). */
  rootId: string;
  requests: FakeGoogleRequest[];
  /** Highest number of requests being handled at once (latency included). */
  maxInFlight: number;
  /** Delay before every response. */
  latencyMs: number;
  /** Default true: the consent page redirects straight back with a code. */
  autoConsent: boolean;
  /** The email of whoever is signed in at the consent page (default `email`). */
  signedIn: string;
  /** An account (sub generated unless given, email verified by default); others get defaults. */
  addUser(input: {
    email: string;
    emailVerified?: boolean;
    name?: string;
    sub?: string;
  }): FakeGoogleUser;
  /** An access token as if the user had consented (scope default drive.readonly). */
  issueToken(email?: string, scope?: string): string;
  /** An authorization code as if the user had consented (offline: with a refresh token). */
  issueCode(input: {
    redirectUri: string;
    scope?: string;
    email?: string;
    offline?: boolean;
  }): string;
  /** Every access and refresh token stops working (the user removed the app's access). */
  revokeAll(): void;
  /** Every live access token answers 401; refresh tokens still work. */
  expireAccessTokens(): void;
  /** POST /token calls, optionally of one grant_type. */
  tokenRequests(grantType?: string): FakeGoogleRequest[];
  /** Requests matching, e.g. count({ path: '/export' }). */
  count(match: GoogleRequestMatcher): number;
  /** Exports larger than this answer 403 exportSizeLimitExceeded; may be changed at any time. */
  exportLimitBytes: number;
  /** A shared drive; its id is also its root folder's id. */
  addDrive(input: { name: string }): { id: string; name: string };
  /**
   * The account leaves (or is removed from) a shared drive: its files are no longer listed,
   * readable or in the changes feed, which reports only the drive's own change (changeType
   * 'drive', removed: true), as Drive does.
   */
  leaveDrive(id: string): void;
  /**
   * files.list over all drives (corpora=allDrives) leaves these shared drives' files out and
   * answers incompleteSearch: true, as Google does when it cannot search every drive; [] ends it.
   */
  searchSkipsDrives(ids: string[]): void;
  addFolder(input: { name: string; parents?: string[]; driveId?: string }): FakeGoogleFile;
  addFile(input: NewGoogleFile): FakeGoogleFile;
  file(id: string): FakeGoogleFile;
  /** New name and/or content: version and modifiedTime move on. */
  editFile(id: string, change: { name?: string; content?: string | Buffer }): FakeGoogleFile;
  /** To the trash, with everything below a folder. */
  trashFile(id: string): void;
  /** Gone for good (a removed change), with everything below a folder. */
  deleteFile(id: string): void;
  /** New parents (version moves on, modifiedTime does not, as in Drive). */
  moveFile(id: string, parents: string[]): FakeGoogleFile;
  /** Every changes page token handed out so far answers 410 (as if it had expired). */
  expireChangeTokens(): void;
  /** The next `times` (default 1) matching requests get `fault`, before auth is checked. */
  fault(match: GoogleRequestMatcher, fault: FakeGoogleFault, times?: number): void;
  /** The permissions model (empty but for owners and organizers by default). */
  world: FakeGoogleWorld;
  /**
   * The oracle: whether this account may read `file:<id>` as Drive decides it (its grants, its
   * folders', its shared drive's members; groups nested; domain and anyone shares only when
   * discoverable). Trashed, deleted or unknown files: false.
   */
  canRead(email: string, externalId: string): boolean;
  /** An account's own principals: `email:<address>`, and `domain:<d>` in a Workspace domain. */
  principalsOf(email: string): Set<string>;
  /**
   * permissions.list, files.get asking for `permissions` and the Admin SDK answer this (403:
   * missing scope or not an admin; 500: backendError) until set back to null.
   */
  failPermissions: 403 | 500 | null;
  clearFaults(): void;
  close(): Promise<void>;
}

/** Google's error body: { error: { code, message, errors: [{ reason, domain, message }] } }. */
export function googleError(code: number, reason: string, message: string, domain = 'global') {
  return { error: { code, message, errors: [{ message, domain, reason }] } };
}

export async function startFakeGoogle(options: FakeGoogleOptions = {}): Promise<FakeGoogle> {
  const fake = new Fake(options);
  await fake.listen();
  return fake;
}

// ---- The model ------------------------------------------------------------------------------

interface Item {
  /** Creation order: files.list pages by it, so deletions never shift a page. */
  n: number;
  id: string;
  name: string;
  mimeType: string;
  parents: string[];
  driveId: string | null;
  content: Buffer;
  version: number;
  createdTime: number;
  modifiedTime: number;
  trashed: boolean;
  explicitlyTrashed: boolean;
  deleted: boolean;
  /** My Drive's or a shared drive's root: not listed, but readable by id. */
  root: boolean;
}

interface Change {
  seq: number;
  /** A file's change; a shared drive's own change has none. */
  fileId: string;
  time: number;
  /** A shared drive's change: the drive the account left. */
  driveId?: string;
}

interface Reply {
  status: number;
  body?: unknown;
  bytes?: Buffer;
  headers?: Record<string, string>;
  html?: string;
}

interface Planned {
  match: GoogleRequestMatcher;
  remaining: number;
  fault: FakeGoogleFault;
}

const FOLDER = GOOGLE_MIME.folder;
const NATIVE = 'application/vnd.google-apps.';
const XLSX = GOOGLE_MIME.xlsx;
const UNAUTHENTICATED = {
  error: {
    code: 401,
    message:
      'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
    errors: [
      {
        message: 'Invalid Credentials',
        domain: 'global',
        reason: 'authError',
        location: 'Authorization',
        locationType: 'header',
      },
    ],
    status: 'UNAUTHENTICATED',
  },
};
const INSUFFICIENT_SCOPE = {
  error: {
    ...googleError(
      403,
      'insufficientPermissions',
      'Request had insufficient authentication scopes.',
    ).error,
    status: 'PERMISSION_DENIED',
  },
};
/** What the Admin SDK answers a caller who is not a Workspace admin. */
const NOT_AUTHORIZED = googleError(403, 'forbidden', 'Not Authorized to access this resource/api');
/** Scopes that may read a group's members (members.list). */
const MEMBER_SCOPES = [
  'admin.directory.group.member.readonly',
  'admin.directory.group.member',
  'admin.directory.group.readonly',
  'admin.directory.group',
].map((s) => `https://www.googleapis.com/auth/${s}`);
/** Roles that may share a file, so Drive shows them its permissions. */
const SHARERS = new Set<DriveRole>(['owner', 'organizer', 'fileOrganizer', 'writer']);
const RANK: DriveRole[] = ['reader', 'commenter', 'writer', 'fileOrganizer', 'organizer', 'owner'];
/** What Drive answers without `fields` (v3 returns a few fields only). */
const DEFAULT_FIELDS = {
  list: 'kind,incompleteSearch,nextPageToken,files(kind,id,name,mimeType)',
  permissions: 'kind,nextPageToken,permissions(kind,id,type,role)',
  get: 'kind,id,name,mimeType',
  changes:
    'kind,nextPageToken,newStartPageToken,changes(kind,changeType,time,removed,fileId,driveId,file(kind,id,name,mimeType))',
};

class Fake implements FakeGoogle {
  url = '';
  authUrl = '';
  tokenUrl = '';
  readonly clientId: string;
  readonly clientSecret: string;
  readonly email: string;
  readonly rootId = driveStyleId('0A');
  readonly requests: FakeGoogleRequest[] = [];
  maxInFlight = 0;
  latencyMs: number;
  autoConsent = true;
  signedIn: string;
  world: FakeGoogleWorld = {
    domains: [],
    users: [],
    admins: [],
    groups: new Map(),
    grants: new Map(),
  };
  failPermissions: 403 | 500 | null = null;

  private readonly tokenTtl: number;
  private readonly codeTtl: number;
  private readonly maxPageSize: number;
  exportLimitBytes: number;
  private inFlight = 0;
  private lastN = 0;
  private lastVersion = 100;
  private lastTime = 0;
  private readonly items = new Map<string, Item>();
  private readonly drives = new Map<string, string>(); // id -> name
  /** Shared drives the account left: nothing of theirs is visible. */
  private readonly lostDrives = new Set<string>();
  /** Shared drives an allDrives search leaves out (incompleteSearch). */
  private readonly unsearched = new Set<string>();
  private readonly changes: Change[] = [];
  /** Page tokens are positions plus this; below it they answer 410 (expired). */
  private tokenBase = 0;
  private readonly codes = new Map<
    string,
    {
      redirectUri: string;
      scope: string;
      email: string;
      offline: boolean;
      expiresAt: number;
      used: boolean;
    }
  >();
  private readonly accessTokens = new Map<
    string,
    { email: string; scope: string; expiresAt: number }
  >();
  private readonly refreshTokens = new Map<
    string,
    { email: string; scope: string; live: boolean }
  >();
  private readonly users = new Map<string, FakeGoogleUser>(); // by email
  private readonly planned: Planned[] = [];
  private readonly sockets = new Set<Socket>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly server = http.createServer((req, res) => this.receive(req, res));

  constructor(options: FakeGoogleOptions) {
    this.clientId = options.clientId ?? 'fake-google-client.apps.googleusercontent.com';
    this.clientSecret = options.clientSecret ?? 'fake-google-secret';
    this.email = options.email ?? 'ada@example.com';
    this.signedIn = this.email;
    this.tokenTtl = options.accessTokenTtlSeconds ?? 3599;
    this.codeTtl = options.codeTtlSeconds ?? 600;
    this.maxPageSize = options.maxPageSize ?? 1000;
    this.exportLimitBytes = options.exportLimitBytes ?? 10 * 1024 * 1024;
    this.latencyMs = options.latencyMs ?? 0;
    this.items.set(this.rootId, this.newItem({ id: this.rootId, name: 'My Drive', root: true }));
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    this.authUrl = `${this.url}/o/oauth2/v2/auth`;
    this.tokenUrl = `${this.url}/token`;
  }

  close(): Promise<void> {
    return new Promise<void>((resolve) => {
      for (const timer of this.timers) clearTimeout(timer);
      this.timers.clear();
      this.server.close(() => resolve());
      for (const socket of this.sockets) socket.destroy();
    });
  }

  // ---- Test-side state: Drive ----------------------------------------------------------------

  addDrive(input: { name: string }) {
    const id = driveStyleId('0A');
    this.drives.set(id, input.name);
    this.items.set(id, this.newItem({ id, name: input.name, driveId: id, root: true }));
    this.world.grants.set(id, [{ type: 'user', emailAddress: this.email, role: 'organizer' }]);
    return { id, name: input.name };
  }

  leaveDrive(id: string) {
    if (!this.drives.delete(id)) throw new Error(`No shared drive ${id}`);
    this.lostDrives.add(id);
    this.changes.push({ seq: this.changes.length + 1, fileId: '', driveId: id, time: this.tick() });
  }

  searchSkipsDrives(ids: string[]) {
    this.unsearched.clear();
    for (const id of ids) this.unsearched.add(id);
  }

  addFolder(input: { name: string; parents?: string[]; driveId?: string }) {
    return this.addFile({ ...input, mimeType: FOLDER });
  }

  addFile(input: NewGoogleFile) {
    const parents = input.parents ?? [input.driveId ?? this.rootId];
    const parentItems = parents.map((p) => this.live(this.resolve(p)));
    const item = this.newItem({
      name: input.name,
      mimeType: input.mimeType,
      parents: parentItems.map((p) => p.id),
      driveId: input.driveId ?? parentItems[0]?.driveId ?? null,
      content: toBuffer(input.content),
    });
    this.items.set(item.id, item);
    // Files in My Drive have an owner; in a shared drive the drive owns them.
    if (!item.driveId)
      this.world.grants.set(item.id, [{ type: 'user', emailAddress: this.email, role: 'owner' }]);
    this.changed(item);
    return this.file(item.id);
  }

  file(id: string): FakeGoogleFile {
    const item = this.items.get(id);
    if (!item) throw new Error(`No file ${id}`);
    return {
      id: item.id,
      name: item.name,
      mimeType: item.mimeType,
      parents: [...item.parents],
      driveId: item.driveId,
      webViewLink: this.webViewLink(item),
      version: String(item.version),
      modifiedTime: iso(item.modifiedTime),
      trashed: item.trashed,
    };
  }

  editFile(id: string, change: { name?: string; content?: string | Buffer }) {
    const item = this.live(id);
    if (change.name !== undefined) item.name = change.name;
    if (change.content !== undefined) item.content = toBuffer(change.content);
    item.version = ++this.lastVersion;
    item.modifiedTime = this.tick();
    this.changed(item);
    return this.file(id);
  }

  trashFile(id: string) {
    const item = this.live(id);
    for (const it of [item, ...this.below(item)]) {
      if (it.trashed) continue;
      it.trashed = true;
      it.explicitlyTrashed = it === item;
      it.version = ++this.lastVersion;
      this.changed(it);
    }
  }

  deleteFile(id: string) {
    const item = this.live(id);
    for (const it of [item, ...this.below(item)]) {
      it.deleted = true;
      this.changed(it);
    }
  }

  moveFile(id: string, parents: string[]) {
    const item = this.live(id);
    const parentItems = parents.map((p) => this.live(this.resolve(p)));
    item.parents = parentItems.map((p) => p.id);
    item.driveId = parentItems[0]?.driveId ?? null;
    item.version = ++this.lastVersion;
    this.changed(item);
    return this.file(id);
  }

  expireChangeTokens() {
    this.tokenBase += 1_000_000_000;
  }

  // ---- Test-side state: permissions ---------------------------------------------------------

  canRead(email: string, externalId: string): boolean {
    const item = this.items.get(/^file:(.+)$/.exec(externalId)?.[1] ?? '');
    if (!item || item.deleted || item.trashed || item.root) return false;
    return this.roleOf(email.toLowerCase(), item) !== null;
  }

  principalsOf(email: string): Set<string> {
    const address = email.toLowerCase();
    const domain = domainOf(address);
    return new Set([
      `email:${address}`,
      ...(this.world.domains.includes(domain) ? [`domain:${domain}`] : []),
    ]);
  }

  // ---- Test-side state: OAuth ----------------------------------------------------------------

  issueToken(email = this.email, scope = DRIVE_READONLY) {
    const token = `ya29.fake-${randomBytes(18).toString('base64url')}`;
    this.accessTokens.set(token, { email, scope, expiresAt: Date.now() + this.tokenTtl * 1000 });
    return token;
  }

  addUser(input: { email: string; emailVerified?: boolean; name?: string; sub?: string }) {
    const user: FakeGoogleUser = {
      sub: input.sub ?? subOf(input.email),
      email: input.email,
      emailVerified: input.emailVerified ?? true,
      name: input.name ?? input.email.split('@')[0]!,
    };
    this.users.set(input.email, user);
    return { ...user };
  }

  /** The account behind an email: added, or a default verified one. */
  private userOf(email: string): FakeGoogleUser {
    return this.users.get(email) ?? this.addUser({ email });
  }

  issueCode(input: { redirectUri: string; scope?: string; email?: string; offline?: boolean }) {
    const code = `4/0fake-${randomBytes(18).toString('base64url')}`;
    this.codes.set(code, {
      redirectUri: input.redirectUri,
      scope: input.scope ?? DRIVE_READONLY,
      email: input.email ?? this.signedIn,
      offline: input.offline ?? true,
      expiresAt: Date.now() + this.codeTtl * 1000,
      used: false,
    });
    return code;
  }

  revokeAll() {
    this.accessTokens.clear();
    for (const token of this.refreshTokens.values()) token.live = false;
  }

  expireAccessTokens() {
    for (const token of this.accessTokens.values()) token.expiresAt = 0;
  }

  tokenRequests(grantType?: string) {
    return this.requests.filter(
      (r) =>
        r.method === 'POST' &&
        r.path === '/token' &&
        (grantType === undefined || r.body?.grant_type === grantType),
    );
  }

  count(match: GoogleRequestMatcher) {
    return this.requests.filter((r) => matches(match, r)).length;
  }

  // ---- Faults --------------------------------------------------------------------------------

  fault(match: GoogleRequestMatcher, fault: FakeGoogleFault, times = 1) {
    this.planned.push({ match, remaining: times, fault });
  }

  clearFaults() {
    this.planned.length = 0;
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
        write(res, this.answer(request));
      }, this.latencyMs);
      this.timers.add(timer);
    });
  }

  private answer(req: FakeGoogleRequest): Reply {
    const planned = this.planned.find((p) => p.remaining > 0 && matches(p.match, req));
    if (planned) {
      planned.remaining--;
      const { status, headers, body } = planned.fault;
      return { status, headers, body: body ?? {} };
    }
    try {
      return this.route(req);
    } catch (error) {
      return { status: 500, body: googleError(500, 'backendError', `Fake Google broke: ${error}`) };
    }
  }

  private route(req: FakeGoogleRequest): Reply {
    const { method, path } = req;
    if (path === '/o/oauth2/v2/auth') return method === 'GET' ? this.authorize(req) : notAllowed();
    if (path === '/token') return method === 'POST' ? this.token(req) : notAllowed();
    if (path === '/revoke') return method === 'POST' ? this.revoke(req) : notAllowed();
    const page = /^\/(file|document|spreadsheets|presentation)\/d\/([^/]+)\/(view|edit)$/.exec(
      path,
    );
    if (page) return this.webPage(page[2]);
    if (path === '/oauth2/v3/userinfo') return this.userinfo(req);
    if (path.startsWith('/admin/directory/v1/')) return this.directory(req);
    if (!path.startsWith('/drive/v3/'))
      return { status: 404, body: googleError(404, 'notFound', `No route for ${method} ${path}`) };
    const token = this.liveToken(req);
    if (!token) return unauthenticated();
    if (!token.scope.split(' ').some((s) => s.startsWith('https://www.googleapis.com/auth/drive')))
      return { status: 403, body: INSUFFICIENT_SCOPE };
    if (method !== 'GET') return notAllowed();
    return this.drive(req, path.slice('/drive/v3'.length), token);
  }

  private liveToken(req: FakeGoogleRequest) {
    const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    const token = match ? this.accessTokens.get(match[1]) : undefined;
    return token && token.expiresAt > Date.now() ? token : null;
  }

  /**
   * OpenID Connect userinfo (GET or POST, Bearer): sub always; email and email_verified with the
   * `email` scope. A token without openid, email or profile scope answers 401, as Google does.
   */
  private userinfo(req: FakeGoogleRequest): Reply {
    const token = this.liveToken(req);
    const scopes = token?.scope.split(' ') ?? [];
    const openid = scopes.some((s) =>
      ['openid', 'email', 'profile'].includes(
        s.replace(/^https:\/\/www\.googleapis\.com\/auth\/userinfo\./, ''),
      ),
    );
    if (!token || !openid)
      return {
        status: 401,
        headers: {
          'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"',
        },
        body: { error: 'invalid_request', error_description: 'Invalid Credentials' },
      };
    const user = this.userOf(token.email);
    const withEmail = scopes.some((s) => s === 'email' || s.endsWith('/auth/userinfo.email'));
    return {
      status: 200,
      body: {
        sub: user.sub,
        name: user.name,
        picture: `https://lh3.googleusercontent.example/a/${user.sub}`,
        ...(withEmail ? { email: user.email, email_verified: user.emailVerified } : {}),
      },
    };
  }

  // ---- OAuth 2.0 web-server flow -------------------------------------------------------------

  /**
   * The consent screen. With autoConsent it answers as if the user clicked Allow; else a tiny
   * page whose links come back here with consent=allow or consent=deny (for e2e clicks). Errors
   * about the client or redirect are shown on Google's page, never sent to the redirect URI.
   */
  private authorize(req: FakeGoogleRequest): Reply {
    const q = req.query;
    if (q.get('client_id') !== this.clientId)
      return errorPage(401, 'invalid_client', 'The OAuth client was not found.');
    const redirectUri = q.get('redirect_uri') ?? '';
    if (!URL.canParse(redirectUri))
      return errorPage(400, 'redirect_uri_mismatch', 'redirect_uri must be an absolute URL.');
    if (!q.get('scope'))
      return errorPage(400, 'invalid_request', 'Missing required parameter: scope');
    const state = q.get('state');
    if (q.get('response_type') !== 'code')
      return redirect(redirectUri, { error: 'unsupported_response_type', state });
    const consent = q.get('consent');
    if (consent === 'deny') return redirect(redirectUri, { error: 'access_denied', state });
    if (!this.autoConsent && consent !== 'allow') return { status: 200, html: consentPage(q) };
    const scope = q.get('scope')!;
    const code = this.issueCode({
      redirectUri,
      scope,
      offline: q.get('access_type') === 'offline',
    });
    return redirect(redirectUri, { state, code, scope });
  }

  private token(req: FakeGoogleRequest): Reply {
    const body: Record<string, string> = isObject(req.body) ? req.body : {};
    // client_secret_post, or client_secret_basic in the Authorization header.
    let [clientId, clientSecret] = [body.client_id, body.client_secret];
    const basic = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    if (basic) {
      const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
      [clientId, clientSecret] = [decoded.split(':')[0], decoded.split(':').slice(1).join(':')];
    }
    if (clientId !== this.clientId)
      return oauthError(401, 'invalid_client', 'The OAuth client was not found.');
    if (clientSecret !== this.clientSecret)
      return oauthError(401, 'invalid_client', 'Unauthorized');
    if (body.grant_type === 'authorization_code') return this.exchangeCode(body);
    if (body.grant_type === 'refresh_token') return this.refresh(body);
    return oauthError(
      400,
      'unsupported_grant_type',
      `Invalid grant_type: ${body.grant_type ?? ''}`,
    );
  }

  private exchangeCode(body: Record<string, string>): Reply {
    const grant = this.codes.get(body.code ?? '');
    if (!grant) return oauthError(400, 'invalid_grant', 'Malformed auth code.');
    if (grant.used || grant.expiresAt <= Date.now())
      return oauthError(400, 'invalid_grant', 'Bad Request');
    if (grant.redirectUri !== body.redirect_uri)
      return oauthError(400, 'redirect_uri_mismatch', 'Bad Request');
    grant.used = true;
    const refreshToken = grant.offline ? `1//0fake-${randomBytes(24).toString('base64url')}` : null;
    if (refreshToken)
      this.refreshTokens.set(refreshToken, { email: grant.email, scope: grant.scope, live: true });
    return {
      status: 200,
      body: {
        access_token: this.issueToken(grant.email, grant.scope),
        expires_in: this.tokenTtl,
        ...(refreshToken ? { refresh_token: refreshToken } : {}),
        scope: grant.scope,
        token_type: 'Bearer',
      },
    };
  }

  /** Google does not rotate: the same refresh token keeps working until revoked. */
  private refresh(body: Record<string, string>): Reply {
    const held = this.refreshTokens.get(body.refresh_token ?? '');
    if (!held?.live) return oauthError(400, 'invalid_grant', 'Token has been expired or revoked.');
    return {
      status: 200,
      body: {
        access_token: this.issueToken(held.email, held.scope),
        expires_in: this.tokenTtl,
        scope: held.scope,
        token_type: 'Bearer',
      },
    };
  }

  /** POST /revoke?token=…: an access token or a refresh token (which takes its grant with it). */
  private revoke(req: FakeGoogleRequest): Reply {
    const token = req.query.get('token') ?? (isObject(req.body) ? req.body.token : undefined);
    const refresh = this.refreshTokens.get(token ?? '');
    if (refresh?.live) {
      refresh.live = false;
      for (const [t, a] of this.accessTokens)
        if (a.email === refresh.email) this.accessTokens.delete(t);
      return { status: 200, body: {} };
    }
    if (token && this.accessTokens.delete(token)) return { status: 200, body: {} };
    return oauthError(400, 'invalid_token', 'Token expired or revoked');
  }

  // ---- Drive v3 ------------------------------------------------------------------------------

  private drive(req: FakeGoogleRequest, route: string, token: { email: string; scope: string }) {
    let m: RegExpExecArray | null;
    if (route === '/about') return this.about(req, token.email);
    if (route === '/files') return this.listFiles(req, token.email);
    if (route === '/changes/startPageToken')
      return {
        status: 200,
        body: {
          kind: 'drive#startPageToken',
          startPageToken: this.pageToken(this.changes.length + 1),
        },
      };
    if (route === '/changes') return this.listChanges(req);
    if (route === '/drives') return this.listDrives(req, token.email);
    if ((m = /^\/files\/([^/]+)\/permissions$/.exec(route)))
      return this.listPermissions(req, decodeURIComponent(m[1]), token.email);
    // drive.metadata.readonly lists files but reads no content.
    const metadataOnly = !token.scope.split(' ').some((s) => /\/auth\/drive(\.readonly)?$/.test(s));
    if ((m = /^\/files\/([^/]+)\/export$/.exec(route)))
      return metadataOnly
        ? { status: 403, body: INSUFFICIENT_SCOPE }
        : this.exportFile(req, m[1], token.email);
    if ((m = /^\/files\/([^/]+)$/.exec(route))) {
      if (req.query.get('alt') === 'media' && metadataOnly)
        return { status: 403, body: INSUFFICIENT_SCOPE };
      return this.getFile(req, decodeURIComponent(m[1]), token.email);
    }
    return { status: 404, body: googleError(404, 'notFound', 'Not Found') };
  }

  private about(req: FakeGoogleRequest, email: string): Reply {
    const fields = req.query.get('fields');
    if (!fields)
      return {
        status: 400,
        body: googleError(400, 'required', "The 'fields' parameter is required for this method."),
      };
    const user = {
      kind: 'drive#user',
      displayName: email.split('@')[0],
      emailAddress: email,
      me: true,
      permissionId: permissionIdOf(email),
    };
    return masked({ kind: 'drive#about', user }, fields);
  }

  private listFiles(req: FakeGoogleRequest, caller: string): Reply {
    const q = req.query;
    let where: (item: Item) => boolean;
    try {
      where = parseQuery(q.get('q') ?? '', this.rootId);
    } catch (error) {
      return invalid('q', `Invalid Value (${(error as Error).message})`);
    }
    const corpora = q.get('corpora') ?? 'user';
    const allDrives = q.get('includeItemsFromAllDrives') === 'true';
    if (allDrives && q.get('supportsAllDrives') !== 'true')
      return invalid(
        'supportsAllDrives',
        'The includeItemsFromAllDrives parameter can only be set to true when supportsAllDrives is also true.',
      );
    if (corpora === 'allDrives' && !allDrives)
      return invalid(
        'corpora',
        'The includeItemsFromAllDrives parameter must be set to true when the corpora parameter is allDrives.',
      );
    const driveId = q.get('driveId');
    if (corpora === 'drive' && (!driveId || !allDrives))
      return invalid(
        'driveId',
        'The driveId parameter is required when corpora is drive, with includeItemsFromAllDrives.',
      );
    // corpora=user: My Drive, and with all drives the shared drive files shared with the caller
    // themselves (a grant on the file or its folders, not the drive's membership).
    const inCorpus = (item: Item) =>
      corpora === 'drive'
        ? item.driveId === driveId
        : item.driveId === null ||
          corpora === 'allDrives' ||
          (allDrives && this.sharedWith(caller, item));
    const pageSize = intParam(q.get('pageSize'), 100, 1, Math.min(1000, this.maxPageSize));
    const key = listKey(q);
    const after = decodeToken(q.get('pageToken'), key);
    if (after === null) return invalid('pageToken', 'Invalid Value');
    const skipped = (item: Item) =>
      corpora === 'allDrives' && item.driveId !== null && this.unsearched.has(item.driveId);
    const found = [...this.items.values()].filter(
      (item) =>
        item.n > after &&
        !item.deleted &&
        !item.root &&
        !this.lost(item) &&
        this.sees(caller, item) &&
        !skipped(item) &&
        inCorpus(item) &&
        where(item),
    );
    const page = found.slice(0, pageSize);
    const more = found.length > pageSize;
    return masked(
      {
        kind: 'drive#fileList',
        incompleteSearch: corpora === 'allDrives' && this.unsearched.size > 0,
        ...(more ? { nextPageToken: encodeToken(page.at(-1)!.n, key) } : {}),
        files: page.map((item) => this.fileJson(item)),
      },
      q.get('fields') ?? DEFAULT_FIELDS.list,
    );
  }

  private getFile(req: FakeGoogleRequest, id: string, caller: string): Reply {
    const fields = req.query.get('fields');
    const failed = /\bpermissions\b/.test(fields ?? '') && this.permissionFailure(false);
    if (failed) return failed;
    const item = this.visible(id, req.query.get('supportsAllDrives') === 'true', caller);
    if (!item) return fileNotFound(id);
    if (req.query.get('alt') !== 'media') {
      // Drive shows a file's permissions only to who may share it, and never in a shared drive.
      const shown = !item.driveId && this.canShare(caller, item);
      const json = {
        ...this.fileJson(item),
        ...(shown ? { permissions: this.permissionsOf(item) } : {}),
      };
      return masked(json, fields ?? DEFAULT_FIELDS.get);
    }
    if (item.mimeType.startsWith(NATIVE))
      return {
        status: 403,
        body: googleError(
          403,
          'fileNotDownloadable',
          'Only files with binary content can be downloaded. Use Export with Docs Editors files.',
        ),
      };
    return { status: 200, bytes: item.content, headers: { 'content-type': item.mimeType } };
  }

  private exportFile(req: FakeGoogleRequest, id: string, caller: string): Reply {
    const item = this.visible(decodeURIComponent(id), true, caller);
    if (!item) return fileNotFound(id);
    const wanted = req.query.get('mimeType') ?? '';
    if (!wanted) return invalid('mimeType', 'Required parameter: mimeType');
    if (!item.mimeType.startsWith(NATIVE) || item.mimeType === FOLDER)
      return {
        status: 403,
        body: googleError(403, 'fileNotExportable', 'Export only supports Docs Editors files.'),
      };
    const text =
      item.mimeType === GOOGLE_MIME.document || item.mimeType === GOOGLE_MIME.presentation;
    let bytes: Buffer;
    if (text && wanted === 'text/plain')
      bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), item.content]); // Google adds a BOM
    else if (item.mimeType === GOOGLE_MIME.document && wanted === 'text/markdown')
      bytes = item.content;
    else if (item.mimeType === GOOGLE_MIME.spreadsheet && wanted === XLSX) bytes = item.content;
    else
      return {
        status: 400,
        body: googleError(400, 'badRequest', 'The requested conversion is not supported.'),
      };
    if (bytes.length > this.exportLimitBytes)
      return {
        status: 403,
        body: googleError(403, 'exportSizeLimitExceeded', 'This file is too large to be exported.'),
      };
    const charset = wanted.startsWith('text/') ? '; charset=utf-8' : '';
    return { status: 200, bytes, headers: { 'content-type': wanted + charset } };
  }

  /**
   * The changes feed: page tokens are positions in the log; each file appears once, at its latest
   * change, with its state now (as Drive answers). Removed files come with removed: true only.
   */
  private listChanges(req: FakeGoogleRequest): Reply {
    const q = req.query;
    const token = q.get('pageToken');
    if (!token) return invalid('pageToken', 'Required parameter: pageToken');
    if (/^\d+$/.test(token) && Number(token) < this.tokenBase)
      return {
        status: 410,
        body: googleError(410, 'invalid', 'The page token is no longer valid.'),
      };
    const from = Number(token) - this.tokenBase;
    if (!Number.isInteger(from) || from < 1 || from > this.changes.length + 1)
      return invalid('pageToken', 'Invalid Value');
    const allDrives =
      q.get('includeItemsFromAllDrives') === 'true' && q.get('supportsAllDrives') === 'true';
    const includeRemoved = q.get('includeRemoved') !== 'false';
    const latest = new Map<string, Change>();
    for (const change of this.changes.slice(from - 1)) {
      const key = change.driveId ? `drive:${change.driveId}` : change.fileId;
      latest.delete(key); // re-inserted: ordered by its latest change
      latest.set(key, change);
    }
    const list = [...latest.values()].filter((c) => {
      if (c.driveId) return allDrives;
      const item = this.items.get(c.fileId)!;
      return (
        (allDrives || item.driveId === null) &&
        !this.lost(item) &&
        (includeRemoved || !item.deleted)
      );
    });
    const pageSize = intParam(q.get('pageSize'), 100, 1, Math.min(1000, this.maxPageSize));
    const page = list.slice(0, pageSize);
    const more = list.length > pageSize;
    const body = {
      kind: 'drive#changeList',
      ...(more
        ? { nextPageToken: this.pageToken(page.at(-1)!.seq + 1) }
        : { newStartPageToken: this.pageToken(this.changes.length + 1) }),
      changes: page.map((c) => {
        if (c.driveId)
          return {
            kind: 'drive#change',
            changeType: 'drive',
            time: iso(c.time),
            removed: true,
            driveId: c.driveId,
          };
        const item = this.items.get(c.fileId)!;
        return {
          kind: 'drive#change',
          changeType: 'file',
          time: iso(c.time),
          removed: item.deleted,
          fileId: item.id,
          ...(item.driveId ? { driveId: item.driveId } : {}),
          ...(item.deleted ? {} : { file: this.fileJson(item) }),
        };
      }),
    };
    return masked(body, q.get('fields') ?? DEFAULT_FIELDS.changes);
  }

  /** permissions.list: a file's permissions (its own and its folders'), or a shared drive's members. */
  private listPermissions(req: FakeGoogleRequest, id: string, caller: string): Reply {
    const failed = this.permissionFailure(false);
    if (failed) return failed;
    const item = this.visible(id, req.query.get('supportsAllDrives') === 'true', caller);
    if (!item) return fileNotFound(id);
    if (!this.canShare(caller, item))
      return {
        status: 403,
        body: googleError(
          403,
          'insufficientFilePermissions',
          'The user does not have sufficient permissions for this file.',
        ),
      };
    const size = intParam(req.query.get('pageSize'), 100, 1, Math.min(100, this.maxPageSize));
    const page = paged(this.permissionsOf(item), req.query.get('pageToken'), size, item.id);
    if (!page) return invalid('pageToken', 'Invalid Value');
    return masked(
      {
        kind: 'drive#permissionList',
        ...(page.next ? { nextPageToken: page.next } : {}),
        permissions: page.items,
      },
      req.query.get('fields') ?? DEFAULT_FIELDS.permissions,
    );
  }

  /** drives.list: the shared drives a world account is a member of (others: every drive). */
  private listDrives(req: FakeGoogleRequest, caller: string): Reply {
    const drives = [...this.drives]
      .filter(([id]) => this.sees(caller, this.items.get(id)!))
      .map(([id, name]) => ({ kind: 'drive#drive', id, name }));
    const size = intParam(req.query.get('pageSize'), 10, 1, Math.min(100, this.maxPageSize));
    const page = paged(drives, req.query.get('pageToken'), size, 'drives');
    if (!page) return invalid('pageToken', 'Invalid Value');
    return masked(
      {
        kind: 'drive#driveList',
        ...(page.next ? { nextPageToken: page.next } : {}),
        drives: page.items,
      },
      req.query.get('fields') ?? 'kind,nextPageToken,drives(kind,id,name)',
    );
  }

  private webPage(id: string): Reply {
    const item = this.items.get(id);
    if (!item || item.deleted) return { status: 404, html: '<h1>File not found</h1>' };
    return {
      status: 200,
      html: `<!doctype html><title>${escapeHtml(item.name)}</title><h1>${escapeHtml(item.name)}</h1>`,
    };
  }

  // ---- Admin SDK Directory -------------------------------------------------------------------

  /** members.list: a group's direct members, to a Workspace admin with a group scope. */
  private directory(req: FakeGoogleRequest): Reply {
    const token = this.liveToken(req);
    if (!token) return unauthenticated();
    if (!token.scope.split(' ').some((s) => MEMBER_SCOPES.includes(s)))
      return { status: 403, body: INSUFFICIENT_SCOPE };
    const m = /^\/admin\/directory\/v1\/groups\/([^/]+)\/members$/.exec(req.path);
    if (!m) return { status: 404, body: googleError(404, 'notFound', 'Not Found') };
    if (req.method !== 'GET') return notAllowed();
    if (!this.world.admins.includes(token.email.toLowerCase()))
      return { status: 403, body: NOT_AUTHORIZED };
    const failed = this.permissionFailure(true);
    if (failed) return failed;
    const groupKey = decodeURIComponent(m[1]).toLowerCase();
    const members = this.world.groups.get(groupKey);
    if (!members)
      return { status: 404, body: googleError(404, 'notFound', 'Resource Not Found: groupKey') };
    const size = intParam(req.query.get('maxResults'), 200, 1, Math.min(200, this.maxPageSize));
    const page = paged(members, req.query.get('pageToken'), size, groupKey);
    if (!page) return invalid('pageToken', 'Invalid Value');
    return masked(
      {
        kind: 'admin#directory#members',
        etag: `"${createHash('md5').update(members.join()).digest('hex')}"`,
        // An empty page has no `members` at all, as Google answers.
        ...(page.items.length > 0 ? { members: page.items.map((a) => this.memberJson(a)) } : {}),
        ...(page.next ? { nextPageToken: page.next } : {}),
      },
      req.query.get('fields') ?? '*',
    );
  }

  private memberJson(address: string) {
    const email = address.toLowerCase();
    return {
      kind: 'admin#directory#member',
      id: subOf(email),
      email,
      role: 'MEMBER',
      type: this.world.groups.has(email) ? 'GROUP' : 'USER',
      status: 'ACTIVE',
    };
  }

  /** What the permission endpoints answer while `failPermissions` is set, else null. */
  private permissionFailure(admin: boolean): Reply | null {
    if (this.failPermissions === 500)
      return { status: 500, body: googleError(500, 'backendError', 'Backend Error') };
    if (this.failPermissions === 403)
      return { status: 403, body: admin ? NOT_AUTHORIZED : INSUFFICIENT_SCOPE };
    return null;
  }

  // ---- Permissions model ---------------------------------------------------------------------

  /** The grants on an item and its folders (a shared drive's members aside). */
  private grantsOf(item: Item): FakeDriveGrant[] {
    const grants: FakeDriveGrant[] = [];
    const seen = new Set<string>();
    const visit = (it: Item | undefined) => {
      if (!it || it.root || seen.has(it.id)) return;
      seen.add(it.id);
      grants.push(...(this.world.grants.get(it.id) ?? []));
      for (const parent of it.parents) visit(this.items.get(parent));
    };
    visit(item);
    return grants;
  }

  /** The best role an account (lower case) holds on an item through any grant, or null. */
  private roleOf(email: string, item: Item): DriveRole | null {
    const members = item.driveId ? (this.world.grants.get(item.driveId) ?? []) : [];
    let best: DriveRole | null = null;
    for (const grant of [...this.grantsOf(item), ...members])
      if (this.holds(email, grant) && (!best || RANK.indexOf(grant.role) > RANK.indexOf(best)))
        best = grant.role;
    return best;
  }

  /** Link-only shares (discovery off) give nothing here: the oracle's rule. */
  private holds(email: string, grant: FakeDriveGrant): boolean {
    switch (grant.type) {
      case 'user':
        return grant.emailAddress.toLowerCase() === email;
      case 'group':
        return this.inGroup(email, grant.emailAddress.toLowerCase(), new Set());
      case 'domain': {
        const domain = domainOf(email);
        return (
          grant.allowFileDiscovery &&
          domain === grant.domain.toLowerCase() &&
          this.world.domains.includes(domain)
        );
      }
      case 'anyone':
        return grant.allowFileDiscovery;
    }
  }

  /** Through nested groups; a group met twice (a cycle) adds nothing. */
  private inGroup(email: string, group: string, seen: Set<string>): boolean {
    if (seen.has(group)) return false;
    seen.add(group);
    return (this.world.groups.get(group) ?? []).some((member) => {
      const address = member.toLowerCase();
      return address === email || this.inGroup(email, address, seen);
    });
  }

  /** Content endpoints hide what a world account may not read; other accounts see everything. */
  private sees(caller: string, item: Item): boolean {
    const email = caller.toLowerCase();
    return !this.world.users.includes(email) || this.roleOf(email, item) !== null;
  }

  /** Whether a world account holds a grant of the item or its folders itself. */
  private sharedWith(caller: string, item: Item): boolean {
    const email = caller.toLowerCase();
    return (
      this.world.users.includes(email) && this.grantsOf(item).some((g) => this.holds(email, g))
    );
  }

  /**
   * Whether an account holds a link share of the item or its folders (discovery off) that reaches
   * it: Drive then answers the file by id, though it never lists it for them.
   */
  private holdsLink(caller: string, item: Item): boolean {
    const email = caller.toLowerCase();
    return this.grantsOf(item).some(
      (grant) =>
        (grant.type === 'anyone' || grant.type === 'domain') &&
        !grant.allowFileDiscovery &&
        this.holds(email, { ...grant, allowFileDiscovery: true }),
    );
  }

  private canShare(caller: string, item: Item): boolean {
    const email = caller.toLowerCase();
    if (!this.world.users.includes(email)) return true;
    const role = this.roleOf(email, item);
    return role !== null && SHARERS.has(role);
  }

  /** As Drive lists them: one per principal, with its highest role. */
  private permissionsOf(item: Item) {
    const grants = item.root ? (this.world.grants.get(item.id) ?? []) : this.grantsOf(item);
    const byId = new Map<string, ReturnType<typeof permissionJson>>();
    for (const json of grants.map(permissionJson)) {
      const held = byId.get(json.id);
      if (!held || RANK.indexOf(json.role) > RANK.indexOf(held.role)) byId.set(json.id, json);
    }
    return [...byId.values()];
  }

  // ---- Model helpers -------------------------------------------------------------------------

  private newItem(input: Partial<Item> & { name: string }): Item {
    const now = this.tick();
    return {
      n: ++this.lastN,
      id: input.id ?? driveStyleId('1'),
      name: input.name,
      mimeType: input.mimeType ?? FOLDER,
      parents: input.parents ?? [],
      driveId: input.driveId ?? null,
      content: input.content ?? Buffer.alloc(0),
      version: ++this.lastVersion,
      createdTime: now,
      modifiedTime: now,
      trashed: false,
      explicitlyTrashed: false,
      deleted: false,
      root: input.root ?? false,
    };
  }

  /** A changes page token: a position in the log (numeric, as Google's are). */
  private pageToken(position: number): string {
    return String(this.tokenBase + position);
  }

  private changed(item: Item) {
    this.changes.push({ seq: this.changes.length + 1, fileId: item.id, time: this.tick() });
  }

  /** Strictly later each time, so two edits in one millisecond still order. */
  private tick(): number {
    this.lastTime = Math.max(Date.now(), this.lastTime + 1);
    return this.lastTime;
  }

  private resolve(id: string): string {
    return id === 'root' ? this.rootId : id;
  }

  private live(id: string): Item {
    const item = this.items.get(this.resolve(id));
    if (!item || item.deleted) throw new Error(`No file ${id}`);
    return item;
  }

  /**
   * By id, as files.get sees it: shared drive items only with supportsAllDrives=true, and a
   * world account's link shares count (by id, the link is all it takes).
   */
  private visible(id: string, allDrives: boolean, caller: string): Item | null {
    const item = this.items.get(this.resolve(id));
    if (!item || item.deleted || this.lost(item) || (item.driveId && !allDrives)) return null;
    return this.sees(caller, item) || this.holdsLink(caller, item) ? item : null;
  }

  /** In a shared drive the account left. */
  private lost(item: Item): boolean {
    return item.driveId !== null && this.lostDrives.has(item.driveId);
  }

  private below(folder: Item): Item[] {
    const found: Item[] = [];
    const walk = (id: string) => {
      for (const item of this.items.values())
        if (!item.deleted && item.parents.includes(id) && !found.includes(item)) {
          found.push(item);
          walk(item.id);
        }
    };
    walk(folder.id);
    return found;
  }

  private webViewLink(item: Item): string {
    const kind: Record<string, string> = {
      [GOOGLE_MIME.document]: 'document',
      [GOOGLE_MIME.spreadsheet]: 'spreadsheets',
      [GOOGLE_MIME.presentation]: 'presentation',
    };
    if (item.mimeType === FOLDER) return `${this.url}/drive/folders/${item.id}`;
    const native = kind[item.mimeType];
    return native
      ? `${this.url}/${native}/d/${item.id}/edit`
      : `${this.url}/file/d/${item.id}/view`;
  }

  private fileJson(item: Item) {
    const binary = !item.mimeType.startsWith(NATIVE);
    return {
      kind: 'drive#file',
      id: item.id,
      name: item.name,
      mimeType: item.mimeType,
      ...(item.root ? {} : { parents: [...item.parents] }),
      ...(item.driveId ? { driveId: item.driveId } : {}),
      trashed: item.trashed,
      explicitlyTrashed: item.explicitlyTrashed,
      version: String(item.version),
      createdTime: iso(item.createdTime),
      modifiedTime: iso(item.modifiedTime),
      webViewLink: this.webViewLink(item),
      ownedByMe: item.driveId === null,
      ...(binary
        ? {
            size: String(item.content.length),
            md5Checksum: createHash('md5').update(item.content).digest('hex'),
          }
        : {}),
    };
  }
}

/** A Drive permission resource (v3) for a grant. */
function permissionJson(grant: FakeDriveGrant) {
  const base = { kind: 'drive#permission', type: grant.type, role: grant.role };
  switch (grant.type) {
    case 'user':
    case 'group':
      return {
        ...base,
        id: permissionIdOf(grant.emailAddress.toLowerCase()),
        emailAddress: grant.emailAddress,
        displayName: grant.emailAddress.split('@')[0],
        deleted: false,
      };
    case 'domain':
      return {
        ...base,
        id: permissionIdOf(grant.domain.toLowerCase()),
        domain: grant.domain,
        displayName: grant.domain,
        allowFileDiscovery: grant.allowFileDiscovery,
      };
    case 'anyone':
      return {
        ...base,
        id: grant.allowFileDiscovery ? 'anyone' : 'anyoneWithLink',
        allowFileDiscovery: grant.allowFileDiscovery,
      };
  }
}

/** Drive's permission id for an account, a group or a domain (stable, as Google's). */
function permissionIdOf(key: string): string {
  return createHash('md5').update(key).digest('hex').slice(0, 20);
}

/** One page of a list, its token an offset bound to the list (null: a token from elsewhere). */
function paged<T>(list: T[], token: string | null, size: number, key: string) {
  const after = decodeToken(token, key);
  if (after === null) return null;
  const items = list.slice(after, after + size);
  return { items, next: after + size < list.length ? encodeToken(after + size, key) : null };
}

function domainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1);
}

// ---- Drive's query language: the part connectors send --------------------------------------

type Token = { kind: 'str' | 'word' | 'op' | 'paren'; value: string };

/**
 * Reads `trashed = false`, `'<id>' in parents`, `mimeType = '…'`, `mimeType != '…'`,
 * `name = | != | contains '…'`, `modifiedTime|createdTime <op> 'RFC 3339'`, joined by `and`,
 * `or`, `not` and parentheses (and binds tighter than or). Anything else throws.
 */
function parseQuery(text: string, rootId = 'root'): (item: Item) => boolean {
  const tokens = tokenize(text);
  let at = 0;
  const peek = () => tokens[at];
  const isWord = (w: string) => peek()?.kind === 'word' && peek()!.value.toLowerCase() === w;
  const take = (kind: Token['kind']) => {
    const token = tokens[at++];
    if (token?.kind !== kind) throw new Error(`expected ${kind} at token ${at}`);
    return token.value;
  };
  type Pred = (item: Item) => boolean;
  const or = (): Pred => {
    const parts = [and()];
    while (isWord('or')) {
      at++;
      parts.push(and());
    }
    return (item) => parts.some((p) => p(item));
  };
  const and = (): Pred => {
    const parts = [unary()];
    while (isWord('and')) {
      at++;
      parts.push(unary());
    }
    return (item) => parts.every((p) => p(item));
  };
  const unary = (): Pred => {
    if (isWord('not')) {
      at++;
      const inner = unary();
      return (item) => !inner(item);
    }
    if (peek()?.kind === 'paren' && peek()!.value === '(') {
      at++;
      const inner = or();
      if (take('paren') !== ')') throw new Error('unbalanced parentheses');
      return inner;
    }
    return clause();
  };
  const clause = (): Pred => {
    if (peek()?.kind === 'str') {
      const id = take('str');
      if (!isWord('in')) throw new Error(`expected "in" after '${id}'`);
      at++;
      if (!isWord('parents')) throw new Error('only "in parents" is supported');
      at++;
      const parent = id === 'root' ? rootId : id;
      return (item) => item.parents.includes(parent);
    }
    const field = take('word');
    let op: string;
    if (isWord('contains')) {
      at++;
      op = 'contains';
    } else op = take('op');
    const value = peek()?.kind === 'str' ? take('str') : take('word');
    return compare(field, op, value);
  };
  if (tokens.length === 0) return () => true;
  const predicate = or();
  if (at !== tokens.length) throw new Error(`unexpected "${tokens[at]!.value}"`);
  return predicate;
}

function compare(field: string, op: string, value: string): (item: Item) => boolean {
  const test = (actual: string | number, expected: string | number) => {
    switch (op) {
      case '=':
        return actual === expected;
      case '!=':
        return actual !== expected;
      case '<':
        return actual < expected;
      case '<=':
        return actual <= expected;
      case '>':
        return actual > expected;
      case '>=':
        return actual >= expected;
      default:
        return String(actual).toLowerCase().includes(String(expected).toLowerCase());
    }
  };
  const eqOnly = op === '=' || op === '!=';
  if (field === 'trashed' && eqOnly && (value === 'true' || value === 'false'))
    return (item) => test(String(item.trashed), value);
  if (field === 'mimeType' && eqOnly) return (item) => test(item.mimeType, value);
  if (field === 'name' && (eqOnly || op === 'contains')) return (item) => test(item.name, value);
  if ((field === 'modifiedTime' || field === 'createdTime') && op !== 'contains') {
    const ms = Date.parse(value);
    if (Number.isNaN(ms)) throw new Error(`not a time: ${value}`);
    return (item) => test(field === 'modifiedTime' ? item.modifiedTime : item.createdTime, ms);
  }
  throw new Error(`cannot read "${field} ${op} ${value}"`);
}

function tokenize(text: string): Token[] {
  const pattern = /\s*(?:'((?:[^'\\]|\\.)*)'|(!=|<=|>=|=|<|>)|([()])|([A-Za-z_][\w.]*))/y;
  const tokens: Token[] = [];
  let at = 0;
  while (at < text.length) {
    if (/^\s*$/.test(text.slice(at))) break;
    pattern.lastIndex = at;
    const m = pattern.exec(text);
    if (!m) throw new Error(`cannot read "${text.slice(at, at + 20)}"`);
    at = pattern.lastIndex;
    if (m[1] !== undefined) tokens.push({ kind: 'str', value: m[1].replace(/\\(.)/g, '$1') });
    else if (m[2]) tokens.push({ kind: 'op', value: m[2] });
    else if (m[3]) tokens.push({ kind: 'paren', value: m[3] });
    else tokens.push({ kind: 'word', value: m[4]! });
  }
  return tokens;
}

// ---- Partial responses (`fields`) -----------------------------------------------------------

type Mask = Map<string, Mask | null>;

/** `nextPageToken,files(id,name)` as a tree; `*` anywhere keeps everything at that level. */
function parseMask(text: string): Mask {
  let at = 0;
  const list = (): Mask => {
    const mask: Mask = new Map();
    for (;;) {
      let name = '';
      while (at < text.length && !',()'.includes(text[at]!)) name += text[at++];
      let sub: Mask | null = null;
      if (text[at] === '(') {
        at++;
        sub = list();
        if (text[at++] !== ')') throw new Error('unbalanced parentheses');
      }
      if (name.trim()) mask.set(name.trim(), sub);
      if (text[at] !== ',') return mask;
      at++;
    }
  };
  const mask = list();
  if (at !== text.length) throw new Error('unbalanced parentheses');
  return mask;
}

function applyMask(value: unknown, mask: Mask | null): unknown {
  if (mask === null || mask.has('*')) return value;
  if (Array.isArray(value)) return value.map((v) => applyMask(v, mask));
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, sub] of mask) if (key in value) out[key] = applyMask(value[key], sub);
  return out;
}

function masked(body: unknown, fields: string): Reply {
  try {
    return { status: 200, body: applyMask(body, parseMask(fields)) };
  } catch {
    return invalid('fields', `Invalid field selection ${fields}`);
  }
}

// ---- HTTP plumbing --------------------------------------------------------------------------

function toRequest(req: http.IncomingMessage, bytes: Buffer): FakeGoogleRequest {
  const url = new URL(req.url ?? '/', 'http://fake');
  const type = req.headers['content-type'] ?? '';
  let body: unknown;
  if (bytes.length > 0 && type.includes('application/x-www-form-urlencoded'))
    body = Object.fromEntries(new URLSearchParams(bytes.toString('utf8')));
  else if (bytes.length > 0)
    try {
      body = JSON.parse(bytes.toString('utf8'));
    } catch {
      body = undefined;
    }
  return {
    method: req.method ?? 'GET',
    path: url.pathname,
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
  let payload: string | Buffer | undefined;
  if (reply.bytes) payload = reply.bytes;
  else if (reply.html !== undefined) {
    headers['content-type'] ??= 'text/html; charset=utf-8';
    payload = reply.html;
  } else if (typeof reply.body === 'string') {
    headers['content-type'] ??= 'text/plain; charset=utf-8';
    payload = reply.body;
  } else if (reply.body !== undefined) {
    headers['content-type'] ??= 'application/json; charset=UTF-8';
    payload = JSON.stringify(reply.body);
  }
  if (payload !== undefined) headers['content-length'] = String(Buffer.byteLength(payload));
  res.writeHead(reply.status, headers);
  res.end(payload);
}

function matches(match: GoogleRequestMatcher, req: FakeGoogleRequest): boolean {
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

function unauthenticated(): Reply {
  return {
    status: 401,
    headers: { 'www-authenticate': 'Bearer realm="https://accounts.google.com/"' },
    body: UNAUTHENTICATED,
  };
}

function notAllowed(): Reply {
  return { status: 405, body: googleError(405, 'httpMethodNotAllowed', 'Method Not Allowed') };
}

function oauthError(status: number, error: string, description: string): Reply {
  return { status, body: { error, error_description: description } };
}

function invalid(location: string, message: string): Reply {
  const body = googleError(400, 'invalid', message);
  Object.assign(body.error.errors[0]!, { location, locationType: 'parameter' });
  return { status: 400, body };
}

function fileNotFound(id: string): Reply {
  const body = googleError(404, 'notFound', `File not found: ${id}.`);
  Object.assign(body.error.errors[0]!, { location: 'fileId', locationType: 'parameter' });
  return { status: 404, body };
}

function errorPage(status: number, error: string, description: string): Reply {
  return {
    status,
    html: `<!doctype html><title>Error ${status}: ${error}</title><h1>Error ${status}: ${error}</h1><p>${escapeHtml(description)}</p>`,
  };
}

/** The fake's consent screen: links back to the auth URL with consent=allow|deny. */
function consentPage(query: URLSearchParams): string {
  const link = (consent: string) => {
    const q = new URLSearchParams(query);
    q.set('consent', consent);
    return `/o/oauth2/v2/auth?${escapeHtml(q.toString())}`;
  };
  return `<!doctype html><html><head><title>Fake Google</title></head><body>
<h1>Lumen wants to access your Google Account</h1>
<p>Scopes: ${escapeHtml(query.get('scope') ?? '')}</p>
<a id="allow" href="${link('allow')}">Allow</a> <a id="deny" href="${link('deny')}">Deny</a>
</body></html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function intParam(value: string | null, fallback: number, min: number, max: number): number {
  const n = value === null || value === '' ? NaN : Number(value);
  return Number.isInteger(n) ? Math.min(Math.max(n, min), max) : fallback;
}

/** A files.list page token names its query, so one from another query is refused. */
function listKey(q: URLSearchParams): string {
  const parts = ['q', 'corpora', 'driveId', 'includeItemsFromAllDrives'].map((k) => q.get(k));
  return createHash('sha1').update(JSON.stringify(parts)).digest('base64url').slice(0, 12);
}

function encodeToken(after: number, key: string): string {
  return `~!!~${Buffer.from(JSON.stringify({ after, key })).toString('base64url')}`;
}

function decodeToken(token: string | null, key: string): number | null {
  if (!token) return 0;
  try {
    const parsed = JSON.parse(Buffer.from(token.replace(/^~!!~/, ''), 'base64url').toString());
    return parsed.key === key && Number.isInteger(parsed.after) ? parsed.after : null;
  } catch {
    return null;
  }
}

/** Drive-like ids: a prefix and base64url (so '-' and '_' occur, as in real ids). */
function driveStyleId(prefix: string): string {
  return prefix + randomBytes(24).toString('base64url').slice(0, 32);
}

function toBuffer(content: string | Buffer | undefined): Buffer {
  if (content === undefined) return Buffer.alloc(0);
  return typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

function isObject(value: unknown): value is Record<string, any> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A stable, Google-looking numeric account id for an email. */
function subOf(email: string): string {
  const digits = BigInt(`0x${createHash('sha256').update(email).digest('hex').slice(0, 15)}`);
  return `1${digits.toString().padStart(20, '0').slice(0, 20)}`;
}
