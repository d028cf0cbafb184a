import { MAX_INPUT_BYTES, ParseError } from '../../sources/parsing/index.js';
import type {
  Connector,
  ConnectorContext,
  ConnectorItem,
  ItemFailure,
  StepResult,
  SyncContext,
} from '../connector.js';
import { ConnectorConfigError, ConnectorHttpError, mustStop } from '../connector-errors.js';
import { ConnectorTooLargeError } from '../connector-http.js';
import {
  ALL_DRIVES,
  FILE_FIELDS,
  FOLDER,
  driveUrl,
  fileNameFor,
  kindOf,
  parentsFilter,
  parseFolderId,
  quote,
  typeFilter,
  type ChangeList,
  type DriveFile,
  type FileList,
} from './drive-api.js';

export interface GoogleDriveSettings {
  /** GOOGLE_API_URL, e.g. https://www.googleapis.com (a fake's URL in tests); API paths are /drive/v3/… */
  apiBase: string;
  /** Folder ids to sync (with everything below them); empty: everything the account can see (My Drive and shared drives). */
  folderIds: string[];
  /** Resolved by validate: the folders' names, for display. */
  folders?: { id: string; name: string }[];
  /** Resolved by validate: the account's email (about.user.emailAddress). */
  account?: string;
}

/** Listing every indexed file the account can see (no folders chosen). */
interface AllFiles {
  kind: 'all';
  pageToken: string | null;
}

/** Walking the chosen folders breadth-first: the children of `batch`, then of the queued folders. */
interface FolderWalk {
  kind: 'walk';
  batch: string[];
  queue: string[];
  pageToken: string | null;
  /** Folders taken into batches so far (bounded by MAX_FOLDERS). */
  walked: number;
}

/** Reading the changes feed from the last clean sync's page token. */
interface ChangesFeed {
  kind: 'changes';
  pageToken: string;
  /** The chosen folders and every folder below them when the sync began; null: everything. */
  scope: string[] | null;
  /** False when the scope stopped at MAX_FOLDERS: a file outside it is then not taken as moved out. */
  scopeComplete: boolean;
  /** Folders that came into scope (created, moved in): walked after the feed, for their files. */
  walk: string[];
}

export type GoogleDriveCheckpoint = AllFiles | FolderWalk | ChangesFeed;
type Listing = AllFiles | FolderWalk;
type Ctx = ConnectorContext<GoogleDriveSettings>;
type Change = NonNullable<ChangeList['changes']>[number];

/** Files per listing step; each new or changed one is fetched within the step. */
const PAGE_SIZE = 100;
/** Ids per id-listing page (Drive's largest page). */
const ID_PAGE_SIZE = 1000;
/** Folders per `in parents` query, so a walk of many small folders takes few requests. */
const PARENTS_PER_QUERY = 20;
/** Folders walked or kept in scope at most: their ids ride in the checkpoint. */
const MAX_FOLDERS = 5000;
/** Listing requests per step at most (Drive can answer sparse, even empty, pages). */
const REQUESTS_PER_STEP = 10;
/** Files downloaded and parsed at once (each may hold up to MAX_INPUT_BYTES in memory). */
const FETCH_CONCURRENCY = 4;
/** Parents followed up from a file to find a chosen folder above it. */
const MAX_DEPTH = 50;

const externalId = (fileId: string) => `file:${fileId}`;
const versionOf = (file: DriveFile) => file.version ?? file.modifiedTime ?? '';

/**
 * Google Drive API v3 (Docs, Sheets, Slides and uploaded office files, PDFs and text, in My
 * Drive and shared drives). A first sync takes the changes feed's start token, then lists every
 * file (or walks the chosen folders); later syncs read only the changes feed from the token the
 * last clean sync left, and the id listing that follows them prunes anything missed.
 */
export const googleDriveConnector: Connector<GoogleDriveSettings, GoogleDriveCheckpoint> = {
  kind: 'google_docs',
  label: 'Google Drive',

  async validate(ctx) {
    const { body } = await ctx.http.get<{ user?: { emailAddress?: string } }>(
      driveUrl(ctx.settings.apiBase, '/about', { fields: 'user(emailAddress,displayName)' }),
    );
    const ids = [...new Set(ctx.settings.folderIds.map(parseFolderId))];
    const found = await Promise.all(ids.map((id) => findFolder(ctx, id, false)));
    // Folder ids as Drive names them ('root' becomes My Drive's id): files' parents use those.
    const folders = [...new Map(found.map((f) => [f.id, f])).values()];
    return {
      ...ctx.settings,
      folderIds: folders.map((f) => f.id),
      folders,
      account: body?.user?.emailAddress,
    };
  },

  listsEverything: (ctx) => ctx.cursor === null,

  async step(ctx, checkpoint) {
    if (checkpoint?.kind === 'changes') return readChanges(ctx, checkpoint);
    if (checkpoint) return listStep(ctx, checkpoint);
    if (ctx.cursor === null) return startFullListing(ctx);
    const scope = await folderScope(ctx);
    const feed: ChangesFeed = {
      kind: 'changes',
      pageToken: ctx.cursor,
      scope: scope?.ids ?? null,
      scopeComplete: scope?.complete ?? true,
      walk: [],
    };
    // A cut-short scope may make files look moved out: nothing is pruned this sync.
    return readChanges(ctx, feed, scope !== null && !scope.complete);
  },

  async fetchOne(ctx, id) {
    const fileId = /^file:([\w-]+)$/.exec(id)?.[1];
    if (!fileId) return null;
    const { status, body } = await ctx.http.get<DriveFile>(
      driveUrl(ctx.settings.apiBase, `/files/${fileId}`, {
        fields: FILE_FIELDS,
        supportsAllDrives: 'true',
      }),
      { allowNotFound: true },
    );
    if (status === 404 || !body || body.trashed || !kindOf(body)) return null;
    if (ctx.settings.folderIds.length > 0 && !(await belowChosenFolders(ctx, body))) return null;
    return toItem(ctx, body);
  },

  async listIds(ctx, cursor) {
    const at = cursor ? (JSON.parse(cursor) as Listing) : await firstListing(ctx);
    const page = await listFiles(ctx, at, true);
    return {
      ids: page.files.map((f) => externalId(f.id)),
      next: page.next ? JSON.stringify(page.next) : null,
    };
  },

  describe(settings) {
    const keys = settings.folderIds.map(
      (id) => settings.folders?.find((f) => f.id === id)?.name ?? id,
    );
    return {
      site: 'https://drive.google.com',
      keys,
      name: `Google Drive · ${keys.length > 0 ? keys.join(', ') : (settings.account ?? 'My Drive')}`,
      description:
        'Documents from Google Drive' + (settings.account ? ` (${settings.account})` : ''),
    };
  },
};

// ---- Full listing ---------------------------------------------------------------------------

async function startFullListing(
  ctx: SyncContext<GoogleDriveSettings>,
): Promise<StepResult<GoogleDriveCheckpoint>> {
  // Taken before listing, so what changes while the listing runs is read by the next sync.
  const { body } = await ctx.http.get<{ startPageToken?: string }>(
    driveUrl(ctx.settings.apiBase, '/changes/startPageToken', { supportsAllDrives: 'true' }),
  );
  const result = await listStep(ctx, await firstListing(ctx));
  return body?.startPageToken ? { ...result, cursor: body.startPageToken } : result;
}

async function firstListing(ctx: Ctx): Promise<Listing> {
  const { folderIds } = ctx.settings;
  if (folderIds.length === 0) return { kind: 'all', pageToken: null };
  // A chosen folder that is gone stops the sync: walking nothing would prune everything.
  await Promise.all(folderIds.map((id) => findFolder(ctx, id, true)));
  return { kind: 'walk', batch: [], queue: [...folderIds], pageToken: null, walked: 0 };
}

async function listStep(
  ctx: SyncContext<GoogleDriveSettings>,
  at: Listing,
): Promise<StepResult<GoogleDriveCheckpoint>> {
  const page = await listFiles(ctx, at, false);
  const known = await ctx.knownVersions(page.files.map((f) => externalId(f.id)));
  const result = await indexFiles(ctx, page.files, known);
  return { ...result, next: page.next, ...(page.incomplete ? { incomplete: true } : {}) };
}

/**
 * Up to a page of indexed files from `at`: every file the account sees, or the children of the
 * folders being walked (their subfolders join the queue; Drive's `in parents` lists direct
 * children only).
 */
async function listFiles(
  ctx: Ctx,
  at: Listing,
  idsOnly: boolean,
): Promise<{ files: DriveFile[]; next: Listing | null; incomplete: boolean }> {
  const target = idsOnly ? ID_PAGE_SIZE : PAGE_SIZE;
  const files: DriveFile[] = [];
  let incomplete = false;
  let state: Listing | null = at.kind === 'walk' ? { ...at, queue: [...at.queue] } : at;
  for (let requests = 0; state && files.length < target && requests < REQUESTS_PER_STEP;) {
    if (state.kind === 'walk' && state.batch.length === 0) {
      if (state.queue.length === 0) {
        state = null;
        break;
      }
      const batch = state.queue.slice(0, PARENTS_PER_QUERY);
      const queue = state.queue.slice(batch.length);
      state = { ...state, batch, queue, pageToken: null, walked: state.walked + batch.length };
    }
    const walk: FolderWalk | null = state.kind === 'walk' ? state : null;
    const q: string = walk
      ? `${parentsFilter(walk.batch)} and trashed = false and ${typeFilter(true)}`
      : `trashed = false and ${typeFilter(false)}`;
    const fields: string = idsOnly
      ? `nextPageToken,files(id${walk ? ',mimeType' : ''})`
      : `nextPageToken,incompleteSearch,files(${FILE_FIELDS})`;
    const { body }: { body: FileList | undefined } = await ctx.http.get<FileList>(
      driveUrl(ctx.settings.apiBase, '/files', {
        q,
        fields,
        pageSize: target,
        pageToken: state.pageToken,
        corpora: 'allDrives',
        ...ALL_DRIVES,
      }),
    );
    requests++;
    if (body?.incompleteSearch) incomplete = true;
    for (const file of body?.files ?? []) {
      if (walk && file.mimeType === FOLDER) {
        if (walk.walked + walk.queue.length >= MAX_FOLDERS) incomplete = true;
        else walk.queue.push(file.id);
      } else if (!walk || kindOf(file)) files.push(file); // q already chose the kinds of `all`
    }
    const token: string | null = body?.nextPageToken ?? null;
    if (token) state = { ...state, pageToken: token };
    else if (walk && walk.queue.length > 0) state = { ...walk, batch: [], pageToken: null };
    else state = null;
  }
  return { files, next: state, incomplete };
}

// ---- Changes feed ---------------------------------------------------------------------------

async function readChanges(
  ctx: SyncContext<GoogleDriveSettings>,
  at: ChangesFeed,
  incomplete = false,
): Promise<StepResult<GoogleDriveCheckpoint>> {
  const collected: Change[] = [];
  let pageToken: string | null = at.pageToken;
  let newStart: string | undefined;
  for (let n = 0; pageToken && collected.length < PAGE_SIZE && n < REQUESTS_PER_STEP; n++) {
    const page = await changesPage(ctx, pageToken);
    // Google keeps page tokens for a while only. An expired (or refused) one means a full listing within
    // this sync instead; the sync still ends with the id listing (listsEverything is false, it
    // began with a cursor), which prunes what is gone.
    if (page === 'expired') return startFullListing(ctx);
    collected.push(...(page.changes ?? []));
    pageToken = page.nextPageToken ?? null;
    newStart = page.newStartPageToken ?? newStart;
  }

  const scope = at.scope ? new Set(at.scope) : null;
  const chosen = new Set(ctx.settings.folderIds);
  const walk = [...at.walk];
  const wanted: DriveFile[] = [];
  const gone: string[] = [];
  for (const change of latestPerFile(collected)) {
    const file = change.file;
    if (change.removed || !file || file.trashed) {
      gone.push(change.fileId!);
      continue;
    }
    const inScope = !scope || Boolean(file.parents?.some((p) => scope.has(p)));
    if (file.mimeType === FOLDER) {
      if (!scope || chosen.has(file.id)) continue;
      // A folder created or moved in brings files the feed does not list: walk it after the
      // feed. One moved out leaves scope; its files leave the index by the id listing's prune.
      if (inScope && !walk.includes(file.id) && walk.length < MAX_FOLDERS) {
        walk.push(file.id);
        scope.add(file.id);
      } else if (!inScope) scope.delete(file.id);
      continue;
    }
    if (!kindOf(file)) continue;
    if (inScope) wanted.push(file);
    else if (at.scopeComplete) gone.push(file.id); // moved out of the chosen folders
  }

  const known = await ctx.knownVersions([...wanted.map((f) => f.id), ...gone].map(externalId));
  const result = await indexFiles(ctx, wanted, known);
  // Only what the index holds is reported gone: a removed change does not say what the file
  // was (an image, say). Failed documents are not "known": the retry of failures (fetchOne
  // answers null) and the id listing's prune take them out.
  const deleted = gone.map(externalId).filter((id) => known.has(id));
  let next: GoogleDriveCheckpoint | null = null;
  if (pageToken) next = { ...at, pageToken, scope: scope ? [...scope] : null, walk };
  else if (walk.length > 0)
    next = { kind: 'walk', batch: [], queue: walk, pageToken: null, walked: 0 };
  return {
    ...result,
    deleted,
    next,
    ...(!pageToken && newStart ? { cursor: newStart } : {}),
    ...(incomplete ? { incomplete: true } : {}),
  };
}

async function changesPage(ctx: Ctx, pageToken: string): Promise<ChangeList | 'expired'> {
  try {
    const { status, body } = await ctx.http.get<ChangeList>(
      driveUrl(ctx.settings.apiBase, '/changes', {
        pageToken,
        pageSize: PAGE_SIZE,
        includeRemoved: 'true',
        ...ALL_DRIVES,
        fields: `nextPageToken,newStartPageToken,changes(changeType,fileId,removed,file(${FILE_FIELDS}))`,
      }),
      { allowNotFound: true },
    );
    return status === 404 ? 'expired' : (body ?? {});
  } catch (error) {
    // 400 too: the token is the only varying parameter, and a saved token refused every time
    // would otherwise fail every sync (the cursor is replaced only by a clean one).
    if (error instanceof ConnectorHttpError && (error.status === 410 || error.status === 400))
      return 'expired';
    throw error;
  }
}

/** A file's changes within the pages read: the latest wins (it carries the file as it is now). */
function latestPerFile(changes: Change[]): Change[] {
  const latest = new Map<string, Change>();
  for (const change of changes) {
    if (!change.fileId || (change.changeType ?? 'file') !== 'file') continue;
    latest.delete(change.fileId);
    latest.set(change.fileId, change);
  }
  return [...latest.values()];
}

// ---- Chosen folders -------------------------------------------------------------------------

/**
 * The chosen folders and every folder below them (folders only, level by level, many parents
 * per query), so a change can be told in or out of scope by its parents. Recomputed at the start
 * of each incremental sync rather than kept between syncs, so it is never stale; it rides in
 * the checkpoint, so at most MAX_FOLDERS are kept (complete: false beyond).
 */
async function folderScope(ctx: Ctx): Promise<{ ids: string[]; complete: boolean } | null> {
  const { folderIds } = ctx.settings;
  if (folderIds.length === 0) return null;
  await Promise.all(folderIds.map((id) => findFolder(ctx, id, true)));
  const found = new Set(folderIds);
  let level = [...folderIds];
  while (level.length > 0) {
    const batches: string[][] = [];
    for (let i = 0; i < level.length; i += PARENTS_PER_QUERY)
      batches.push(level.slice(i, i + PARENTS_PER_QUERY));
    const children = (await Promise.all(batches.map((b) => childFolders(ctx, b)))).flat();
    level = [];
    for (const id of children) {
      if (found.has(id)) continue;
      if (found.size >= MAX_FOLDERS) return { ids: [...found], complete: false };
      found.add(id);
      level.push(id);
    }
  }
  return { ids: [...found], complete: true };
}

async function childFolders(ctx: Ctx, parents: string[]): Promise<string[]> {
  const ids: string[] = [];
  let pageToken: string | null = null;
  do {
    const { body }: { body: FileList } = await ctx.http.get<FileList>(
      driveUrl(ctx.settings.apiBase, '/files', {
        q: `${parentsFilter(parents)} and trashed = false and mimeType = ${quote(FOLDER)}`,
        fields: 'nextPageToken,files(id)',
        pageSize: ID_PAGE_SIZE,
        pageToken,
        corpora: 'allDrives',
        ...ALL_DRIVES,
      }),
    );
    ids.push(...(body?.files ?? []).map((f) => f.id));
    pageToken = body?.nextPageToken ?? null;
  } while (pageToken);
  return ids;
}

/** Whether a chosen folder is above the file (its parents followed up, a bounded number of levels). */
async function belowChosenFolders(ctx: Ctx, file: DriveFile): Promise<boolean> {
  const chosen = new Set(ctx.settings.folderIds);
  const seen = new Set<string>();
  let level = file.parents ?? [];
  for (let depth = 0; level.length > 0 && depth < MAX_DEPTH; depth++) {
    if (level.some((id) => chosen.has(id))) return true;
    const next: string[] = [];
    for (const id of level.filter((p) => !seen.has(p))) {
      seen.add(id);
      const { status, body } = await ctx.http.get<DriveFile>(
        driveUrl(ctx.settings.apiBase, `/files/${encodeURIComponent(id)}`, {
          fields: 'id,parents,trashed',
          supportsAllDrives: 'true',
        }),
        { allowNotFound: true },
      );
      if (status !== 404 && body && !body.trashed) next.push(...(body.parents ?? []));
    }
    level = next;
  }
  return false;
}

/** A chosen folder by id; `syncing` words the error for a folder that was there when saved. */
async function findFolder(ctx: Ctx, id: string, syncing: boolean) {
  const { status, body } = await ctx.http.get<DriveFile>(
    driveUrl(ctx.settings.apiBase, `/files/${encodeURIComponent(id)}`, {
      fields: 'id,name,mimeType,trashed',
      supportsAllDrives: 'true',
    }),
    { allowNotFound: true },
  );
  const name = body?.name ?? ctx.settings.folders?.find((f) => f.id === id)?.name ?? id;
  if (status === 404 || !body)
    throw new ConnectorConfigError(
      syncing
        ? `The Google Drive folder "${name}" is gone or no longer visible to this account. Choose the folders again.`
        : `Google Drive has no folder "${id}", or this account cannot see it.`,
    );
  if (body.mimeType !== FOLDER)
    throw new ConnectorConfigError(`"${name}" is a file in Google Drive, not a folder.`);
  if (body.trashed)
    throw new ConnectorConfigError(`The Google Drive folder "${name}" is in the trash.`);
  return { id: body.id ?? id, name };
}

// ---- Content --------------------------------------------------------------------------------

/** New or changed files fetched and parsed (a few at a time); each failure is the file's alone. */
async function indexFiles(
  ctx: Ctx,
  listed: DriveFile[],
  known: Map<string, string>,
): Promise<{ items: ConnectorItem[]; unchanged: string[]; failures: ItemFailure[] }> {
  const items: ConnectorItem[] = [];
  const unchanged: string[] = [];
  const failures: ItemFailure[] = [];
  const changed: DriveFile[] = [];
  for (const file of new Map(listed.map((f) => [f.id, f])).values()) {
    const version = versionOf(file);
    if (version && known.get(externalId(file.id)) === version) unchanged.push(externalId(file.id));
    else changed.push(file);
  }
  await eachLimited(changed, FETCH_CONCURRENCY, async (file) => {
    try {
      const item = await toItem(ctx, file);
      if (item) items.push(item); // null: gone since it was listed
    } catch (error) {
      if (mustStop(error)) throw error;
      failures.push({
        externalId: externalId(file.id),
        title: file.name || 'Untitled',
        url: file.webViewLink,
        message: failureMessage(error, file),
      });
    }
  });
  return { items, unchanged, failures };
}

/** Google files exported (Docs and Slides as text, Sheets as xlsx), the rest downloaded; then parsed. */
async function toItem(ctx: Ctx, file: DriveFile): Promise<ConnectorItem | null> {
  const kind = kindOf(file);
  if (!kind) return null;
  const title = file.name?.trim() || 'Untitled';
  if (!kind.exportAs && Number(file.size) > MAX_INPUT_BYTES)
    throw new ConnectorTooLargeError(
      `The file is larger than ${MAX_INPUT_BYTES / (1024 * 1024)} MB, the most Lumen reads from Google Drive.`,
    );
  const id = encodeURIComponent(file.id);
  const url = kind.exportAs
    ? driveUrl(ctx.settings.apiBase, `/files/${id}/export`, { mimeType: kind.exportAs })
    : driveUrl(ctx.settings.apiBase, `/files/${id}`, { alt: 'media', supportsAllDrives: 'true' });
  const { status, bytes } = await ctx.http.getBytes(url, {
    maxBytes: MAX_INPUT_BYTES,
    allowNotFound: true,
  });
  if (status === 404) return null;
  let sections: ConnectorItem['sections'];
  try {
    // A plain Uint8Array view: pdf.js refuses Node Buffers when parsing in this thread.
    const view = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    sections = (await ctx.parse(view, fileNameFor(title, kind.extension))).sections;
  } catch (error) {
    // An empty Google Doc is still findable by its title (an empty upload is an error, as uploads are).
    if (!(kind.exportAs && error instanceof ParseError && error.code === 'EMPTY')) throw error;
    sections = [{ text: title, location: { kind: 'document', index: 1 } }];
  }
  return {
    externalId: externalId(file.id),
    title,
    url: file.webViewLink || `https://drive.google.com/file/d/${id}/view`,
    version: versionOf(file),
    updatedAt: file.modifiedTime ? new Date(file.modifiedTime) : null,
    itemType: `google/${kind.type}`,
    sections,
  };
}

/**
 * Why a file could not be read, for the people who see it. Google refuses exports over 10 MB
 * with a 403 (exportSizeLimitExceeded), which the HTTP client reports as refused access.
 */
function failureMessage(error: unknown, file: DriveFile): string {
  const message = error instanceof Error ? error.message : String(error);
  if (!kindOf(file)?.exportAs || !(error instanceof ConnectorConfigError)) return message;
  if (/too large|exportSizeLimitExceeded/i.test(message))
    return 'Google Drive cannot export this file: it is larger than the 10 MB Google exports.';
  return 'Google Drive refused to export this file (HTTP 403): it may be larger than the 10 MB Google exports, or its owner turned off downloading for viewers.';
}

/** Runs `work` over the list, at most `limit` at once; the first error stops the rest. */
async function eachLimited<T>(list: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  let stopped = false;
  const worker = async () => {
    while (!stopped && next < list.length) {
      const item = list[next++]!;
      try {
        await work(item);
      } catch (error) {
        stopped = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, list.length) }, worker));
}
