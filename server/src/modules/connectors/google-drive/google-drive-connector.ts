import type { Connector, StepResult, SyncContext } from '../connector.js';
import { ConnectorHttpError } from '../tool-failures.js';
import {
  ALL_DRIVES,
  FILE_FIELDS,
  FOLDER,
  ID_PAGE_SIZE,
  MAX_FOLDERS,
  PARENTS_PER_QUERY,
  driveUrl,
  externalId,
  kindOf,
  parentsFilter,
  parseFolderId,
  typeFilter,
  type ChangeList,
  type DriveContext as Ctx,
  type DriveFile,
  type FileList,
  type GoogleDriveSettings,
} from './drive-api.js';
import { indexFiles, toItem } from './drive-content.js';
import { belowChosenFolders, findFolder, folderScope } from './drive-folders.js';

export type { GoogleDriveSettings } from './drive-api.js';

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

/**
 * What a source keeps from one clean sync to the next (`ctx.cursor`): the changes page token,
 * and with chosen folders the scope the sync ended with (the folders, complete), so the next
 * sync can tell a folder that left it. Stored as JSON; a bare token (no folders chosen, a scope
 * cut at MAX_FOLDERS, or a cursor saved before scopes were kept) is the token alone.
 */
interface DriveCursor {
  pageToken: string;
  scope?: string[];
}

type Listing = AllFiles | FolderWalk;
type Change = NonNullable<ChangeList['changes']>[number];

/** Files per listing step; each new or changed one is fetched within the step. */
const PAGE_SIZE = 100;
/** Listing requests per step at most (Drive can answer sparse, even empty, pages). */
const REQUESTS_PER_STEP = 10;

/**
 * Google Drive API v3 (Docs, Sheets, Slides and uploaded office files, PDFs and text, in My
 * Drive and shared drives). A first sync takes the changes feed's start token, then lists every
 * file (or walks the chosen folders); later syncs read only the changes feed from the token the
 * last clean sync left. The feed reports removed, trashed and moved-out files itself, so the id
 * listing (and the prune after it) runs only where the feed cannot tell (a folder of the scope
 * moved out, trashed or deleted; a shared drive the account left; an expired token: `sweep`),
 * or once per sweep interval as a safety net.
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
  deletions: 'interval',

  async step(ctx, checkpoint) {
    if (checkpoint?.kind === 'changes') return readChanges(ctx, checkpoint);
    if (checkpoint) return listStep(ctx, checkpoint);
    if (ctx.cursor === null) return startFullListing(ctx);
    const saved = readCursor(ctx.cursor);
    const scope = await folderScope(ctx);
    const feed: ChangesFeed = {
      kind: 'changes',
      pageToken: saved.pageToken,
      scope: scope?.ids ?? null,
      scopeComplete: scope?.complete ?? true,
      walk: [],
    };
    // A cut-short scope may make files look moved out: nothing is pruned this sync.
    const result = await readChanges(ctx, feed, scope !== null && !scope.complete);
    // A folder of the last sync's scope that is not in this one was moved out, trashed or
    // deleted since, and the feed does not list its files: the id listing finds them gone.
    // (Without the last scope, it cannot be told: the sync sweeps too.)
    const now = new Set(scope?.ids);
    const left = scope?.complete && (!saved.scope || saved.scope.some((id) => !now.has(id)));
    return left ? { ...result, sweep: true } : result;
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
      // Google searched only some drives, or the walk stopped at MAX_FOLDERS: nothing is pruned.
      ...(page.incomplete ? { incomplete: true } : {}),
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
  // The scope, kept with the token for the next sync (it checks the chosen folders, as
  // firstListing does).
  const scope = await folderScope(ctx);
  const result = await listStep(ctx, listingOf(ctx.settings));
  if (!body?.startPageToken) return result;
  return { ...result, cursor: writeCursor(body.startPageToken, scope) };
}

async function firstListing(ctx: Ctx): Promise<Listing> {
  // A chosen folder that is gone stops the sync: walking nothing would prune everything.
  await Promise.all(ctx.settings.folderIds.map((id) => findFolder(ctx, id, true)));
  return listingOf(ctx.settings);
}

function listingOf({ folderIds }: GoogleDriveSettings): Listing {
  if (folderIds.length === 0) return { kind: 'all', pageToken: null };
  return { kind: 'walk', batch: [], queue: [...folderIds], pageToken: null, walked: 0 };
}

function readCursor(cursor: string): DriveCursor {
  return cursor.startsWith('{') ? (JSON.parse(cursor) as DriveCursor) : { pageToken: cursor };
}

function writeCursor(
  pageToken: string,
  scope: { ids: Iterable<string>; complete: boolean } | null,
): string {
  return scope?.complete ? JSON.stringify({ pageToken, scope: [...scope.ids] }) : pageToken;
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
      ? `nextPageToken,incompleteSearch,files(id${walk ? ',mimeType' : ''})`
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
    // Google keeps page tokens for a while only. An expired (or refused) one means a full
    // listing within this sync instead. It reports no deletions, so the sync sweeps: the id
    // listing (listsEverything is false, the sync began with a cursor) prunes what is gone.
    if (page === 'expired') return { ...(await startFullListing(ctx)), sweep: true };
    collected.push(...(page.changes ?? []));
    pageToken = page.nextPageToken ?? null;
    newStart = page.newStartPageToken ?? newStart;
  }

  const scope = at.scope ? new Set(at.scope) : null;
  const chosen = new Set(ctx.settings.folderIds);
  const walk = [...at.walk];
  const wanted: DriveFile[] = [];
  const gone: string[] = [];
  // The feed does not list the files of a shared drive the account left or lost: only the
  // drive's own change says so (changeType 'drive', removed). The id listing finds them gone.
  let sweep = collected.some((c) => c.changeType === 'drive' && c.removed);
  for (const change of latestPerFile(collected)) {
    const file = change.file;
    if (change.removed || !file || file.trashed) {
      // A folder of the scope trashed or deleted: its files may not each be in the feed.
      if (scope ? scope.has(change.fileId!) : file?.mimeType === FOLDER) sweep = true;
      gone.push(change.fileId!);
      continue;
    }
    const inScope = !scope || Boolean(file.parents?.some((p) => scope.has(p)));
    if (file.mimeType === FOLDER) {
      if (!scope || chosen.has(file.id)) continue;
      // A folder created or moved in brings files the feed does not list: walk it after the
      // feed. One moved out leaves scope, and its files are not in the feed either: the sync
      // sweeps, and the id listing's prune takes them out.
      if (inScope && !walk.includes(file.id) && walk.length < MAX_FOLDERS) {
        walk.push(file.id);
        scope.add(file.id);
      } else if (!inScope && scope.delete(file.id)) sweep = true;
      continue;
    }
    if (!kindOf(file)) continue;
    if (inScope) wanted.push(file);
    else if (at.scopeComplete) gone.push(file.id); // moved out of the chosen folders
  }

  const known = await ctx.knownVersions([...wanted.map((f) => f.id), ...gone].map(externalId));
  const result = await indexFiles(ctx, wanted, known);
  // Only what the index holds is reported gone: a removed change does not say what the file
  // was (an image, say). A failed document is "known" while it waits for its retry; after
  // that, the retry of failures (fetchOne answers null) or a sweep takes it out.
  const deleted = gone.map(externalId).filter((id) => known.has(id));
  let next: GoogleDriveCheckpoint | null = null;
  if (pageToken) next = { ...at, pageToken, scope: scope ? [...scope] : null, walk };
  else if (walk.length > 0)
    next = { kind: 'walk', batch: [], queue: walk, pageToken: null, walked: 0 };
  return {
    ...result,
    deleted,
    next,
    ...(!pageToken && newStart
      ? { cursor: writeCursor(newStart, scope && { ids: scope, complete: at.scopeComplete }) }
      : {}),
    ...(incomplete ? { incomplete: true } : {}),
    ...(sweep ? { sweep: true as const } : {}),
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
        fields: `nextPageToken,newStartPageToken,changes(changeType,fileId,driveId,removed,file(${FILE_FIELDS}))`,
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
