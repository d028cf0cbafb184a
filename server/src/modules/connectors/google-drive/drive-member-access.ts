import { ConnectorAuthError, ConnectorConfigError } from '../tool-failures.js';
import type { MemberAccessReader } from '../permissions/permission-reader.js';
import {
  ALL_DRIVES,
  ID_PAGE_SIZE,
  driveUrl,
  typeFilter,
  type DriveContext as Ctx,
  type FileList,
  type GoogleDriveSettings,
} from './drive-api.js';

/**
 * Which of a source's Drive files (`file:<id>`) one member may open, asked with the member's own
 * token. Scope: https://www.googleapis.com/auth/drive.metadata.readonly (drive.readonly will do).
 *
 * Drive has no "get many by id", so this lists what Drive shows the member: files.list with
 * corpora=allDrives (what they own, what is shared with them directly or through a group, a
 * folder or their domain, and their shared drives' files), ids only, 1,000 a page, and keeps the
 * asked ids found there, stopping once every one is found. Cost per member: ceil(V / 1000)
 * requests, V the files of the indexed kinds the member sees, whatever the number of ids asked.
 *
 * files.get is never the test, not even for a few ids: Drive answers it for any file whose link
 * the caller holds ("anyone with the link", or the domain's link), which would make link-only
 * files readable to everyone who has the link; and a file's own metadata cannot tell a link
 * reader from a granted one (permissions are hidden from readers, and a folder's grant leaves no
 * mark on its files). files.list shows a link-only file only to who was granted it.
 *
 * When Drive says the search was incomplete (too many shared drives to search at once), the ids
 * still missing are looked for corpus by corpus, as Google advises: corpora=user, then each of
 * the member's shared drives (drives.list, 100 a page) with corpora=drive. Only then does the
 * cost grow: by the pages of those listings, and one drives.list page per 100 drives.
 */
export const googleDriveMemberAccess: MemberAccessReader<GoogleDriveSettings> = {
  // One listing answers for any number of ids: ask about many at once.
  batchSize: 20_000,
  async readableItems(ctx, externalIds) {
    // Drive file id -> the id as asked.
    const missing = new Map<string, string>();
    for (const externalId of externalIds) {
      const fileId = /^file:([\w-]+)$/.exec(externalId)?.[1];
      if (fileId) missing.set(fileId, externalId);
    }
    const readable = new Set<string>();
    if (missing.size === 0) return readable;
    const complete = await listInto(ctx, { corpora: 'allDrives' }, missing, readable);
    if (complete || missing.size === 0) return readable;
    await listInto(ctx, { corpora: 'user' }, missing, readable);
    for (const driveId of await memberDrives(ctx)) {
      if (missing.size === 0) break;
      await listInto(ctx, { corpora: 'drive', driveId }, missing, readable);
    }
    return readable;
  },
};

/** Trashed files are out of the index; folders, images and the like were never in it. */
const QUERY = `trashed = false and ${typeFilter(false)}`;
/** drives.list's largest page. */
const DRIVES_PAGE = 100;

/**
 * Pages one listing as the member, moving each asked id it shows from `missing` to `readable`.
 * False when Drive said the search left some drives out.
 */
async function listInto(
  ctx: Ctx,
  corpus: { corpora: string; driveId?: string },
  missing: Map<string, string>,
  readable: Set<string>,
): Promise<boolean> {
  let complete = true;
  let pageToken: string | undefined;
  do {
    const body = await listAsMember<FileList>(
      ctx,
      driveUrl(ctx.settings.apiBase, '/files', {
        ...corpus,
        ...ALL_DRIVES,
        q: QUERY,
        fields: 'nextPageToken,incompleteSearch,files(id)',
        pageSize: ID_PAGE_SIZE,
        pageToken,
      }),
    );
    if (body?.incompleteSearch) complete = false;
    for (const file of body?.files ?? []) {
      const externalId = missing.get(file.id);
      if (externalId === undefined) continue;
      readable.add(externalId);
      missing.delete(file.id);
    }
    pageToken = body?.nextPageToken;
  } while (pageToken && missing.size > 0);
  return complete;
}

/** The shared drives the member belongs to (drives.list answers a user's own drives only). */
async function memberDrives(ctx: Ctx): Promise<string[]> {
  const ids: string[] = [];
  let pageToken: string | undefined;
  do {
    const body = await listAsMember<{ drives?: { id: string }[]; nextPageToken?: string }>(
      ctx,
      driveUrl(ctx.settings.apiBase, '/drives', {
        pageSize: DRIVES_PAGE,
        fields: 'nextPageToken,drives(id)',
        pageToken,
      }),
    );
    ids.push(...(body?.drives ?? []).map((d) => d.id));
    pageToken = body?.nextPageToken;
  } while (pageToken);
  return ids;
}

/**
 * A listing as the member. A 403 here (rate limits are waited out before it) is about the token,
 * not a file: without the scope, nothing of theirs can be read.
 */
async function listAsMember<T>(ctx: Ctx, url: string): Promise<T | undefined> {
  try {
    // A shared drive gone since drives.list answers 404: nothing of it is readable.
    return (await ctx.http.get<T>(url, { allowNotFound: true })).body;
  } catch (error) {
    if (!(error instanceof ConnectorConfigError)) throw error;
    throw new ConnectorAuthError(
      `${error.message} Lumen asks Google Drive which files a member may open with their own linked Google account, which needs the drive.metadata.readonly scope: link the account again.`,
    );
  }
}
