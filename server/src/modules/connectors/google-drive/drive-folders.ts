/** The chosen folders of a Google Drive source: finding them, their subfolders, and what is below them. */
import { ConnectorConfigError } from '../tool-failures.js';
import {
  ALL_DRIVES,
  FOLDER,
  ID_PAGE_SIZE,
  MAX_FOLDERS,
  PARENTS_PER_QUERY,
  driveUrl,
  parentsFilter,
  quote,
  type DriveContext as Ctx,
  type DriveFile,
  type FileList,
} from './drive-api.js';

/** Parents followed up from a file to find a chosen folder above it. */
const MAX_DEPTH = 50;

/**
 * The chosen folders and every folder below them (folders only, level by level, many parents
 * per query), so a change can be told in or out of scope by its parents. Recomputed at the start
 * of each incremental sync, so it is never stale (the one the last sync ended with is kept in the
 * source's cursor only to tell a folder that left it); it rides in the checkpoint, so at most
 * MAX_FOLDERS are kept (complete: false beyond).
 */
export async function folderScope(ctx: Ctx): Promise<{ ids: string[]; complete: boolean } | null> {
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
export async function belowChosenFolders(ctx: Ctx, file: DriveFile): Promise<boolean> {
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
export async function findFolder(ctx: Ctx, id: string, syncing: boolean) {
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
