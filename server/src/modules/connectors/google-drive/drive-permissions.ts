import type { ConnectorContext } from '../connector.js';
import { ConnectorConfigError } from '../tool-failures.js';
import {
  PermissionsUnreadableError,
  type ItemAccess,
  type PermissionReader,
} from '../permissions/permission-reader.js';
import { driveUrl, type GoogleDriveSettings } from './drive-api.js';

/**
 * Who may read Drive files, with the connection's own token (Drive v3 for files and shared
 * drives, the Admin SDK Directory for groups). A file's access is one clause: its permissions
 * (its own and its folders', as Drive lists them) plus, in a shared drive, the drive's members.
 */

type Ctx = ConnectorContext<GoogleDriveSettings>;

interface Permission {
  type?: string;
  emailAddress?: string;
  domain?: string;
  role?: string;
  allowFileDiscovery?: boolean;
  /** The account or group behind a user or group permission was deleted. */
  deleted?: boolean;
}

interface FileAcl {
  id: string;
  driveId?: string;
  trashed?: boolean;
  /** Absent for shared drive items, and when the account may not share the file. */
  permissions?: Permission[];
}

interface PermissionList {
  permissions?: Permission[];
  nextPageToken?: string;
}

interface MemberList {
  members?: { email?: string; type?: string }[];
  nextPageToken?: string;
}

const PERMISSION_FIELDS = 'type,emailAddress,domain,role,allowFileDiscovery,deleted';
/** The most permissions.list and members.list pages hold. */
const PERMISSIONS_PAGE = 100;
const MEMBERS_PAGE = 200;

/** Shared drives' members by drive id, for one call. */
type DriveCache = Map<string, Promise<Permission[] | null>>;

export const googleDrivePermissions: PermissionReader<GoogleDriveSettings> = {
  async itemAccess(ctx, externalIds) {
    const drives: DriveCache = new Map();
    const access = new Map<string, ItemAccess>();
    await Promise.all(
      [...new Set(externalIds)].map(async (externalId) => {
        const fileId = /^file:([\w-]+)$/.exec(externalId)?.[1];
        const found = fileId ? await fileAccess(ctx, fileId, drives) : null;
        if (found) access.set(externalId, found);
      }),
    );
    return access;
  },

  async groupMembers(ctx, groupIds) {
    const direct = new Map<string, Promise<MemberList['members']>>();
    const result = new Map<string, string[]>();
    for (const groupId of new Set(groupIds))
      result.set(groupId, await expandGroup(ctx, groupId.toLowerCase(), direct));
    return result;
  },
};

// ---- Files ----------------------------------------------------------------------------------

/** One file's access; null when it is gone, trashed, or its sharing is hidden from the account. */
async function fileAccess(
  ctx: Ctx,
  fileId: string,
  drives: DriveCache,
): Promise<ItemAccess | null> {
  const file = await readDrive(async () => {
    const { status, body } = await ctx.http.get<FileAcl>(
      driveUrl(ctx.settings.apiBase, `/files/${fileId}`, {
        fields: `id,driveId,trashed,permissions(${PERMISSION_FIELDS})`,
        supportsAllDrives: 'true',
      }),
      { allowNotFound: true },
    );
    return status === 404 ? null : (body ?? null);
  });
  // Trashed files are out of the index (the connector's fetchOne drops them too).
  if (!file || file.trashed) return null;
  const own = file.permissions ?? (await listPermissions(ctx, fileId));
  if (!own) return null;
  const members = file.driveId ? await driveMembers(ctx, file.driveId, drives) : [];
  // Without the drive's members the file's readers are unknown: left out, never guessed.
  if (!members) return null;
  return toAccess([...own, ...members]);
}

/** A shared drive's members (permissions.list on the drive's id), read once per call. */
function driveMembers(ctx: Ctx, driveId: string, drives: DriveCache) {
  if (!drives.has(driveId)) drives.set(driveId, listPermissions(ctx, driveId));
  return drives.get(driveId)!;
}

/** permissions.list, every page; null when Drive hides this one file's sharing (a 403 on it). */
async function listPermissions(ctx: Ctx, fileId: string): Promise<Permission[] | null> {
  return readDrive(async () => {
    const found: Permission[] = [];
    let pageToken: string | undefined;
    do {
      const { status, body } = await ctx.http.get<PermissionList>(
        driveUrl(ctx.settings.apiBase, `/files/${fileId}/permissions`, {
          supportsAllDrives: 'true',
          pageSize: PERMISSIONS_PAGE,
          pageToken,
          fields: `nextPageToken,permissions(${PERMISSION_FIELDS})`,
        }),
        { allowNotFound: true },
      );
      if (status === 404) return null;
      found.push(...(body?.permissions ?? []));
      pageToken = body?.nextPageToken;
    } while (pageToken);
    return found;
  });
}

/**
 * A Drive read where a 403 about one file (the account may see it but not share it) means "left
 * out", and any other 403 (a missing scope) means no file's permissions can be read.
 */
async function readDrive<T>(read: () => Promise<T | null>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (!(error instanceof ConnectorConfigError)) throw error;
    // ConnectorHttp turns every 403 into ConnectorConfigError, Google's reason in its message.
    if (/\((insufficientFilePermissions|appNotAuthorizedToFile)\)/.test(error.message)) return null;
    throw new PermissionsUnreadableError(
      `${error.message} Lumen reads who files are shared with through the drive.readonly (or drive.metadata.readonly) scope: connect Google Drive again with it.`,
    );
  }
}

/** Drive's grants as one clause; every role reads. Link-only shares grant nothing. */
function toAccess(permissions: Permission[]): ItemAccess {
  const principals = new Set(permissions.map(principalOf).filter((p) => p !== null));
  // A discoverable "anyone" share is public on the web: nothing narrower matters.
  if (principals.has('everyone')) return [['everyone']];
  return [[...principals]];
}

function principalOf(p: Permission): string | null {
  if (p.deleted) return null;
  switch (p.type) {
    case 'user':
      return p.emailAddress ? `email:${p.emailAddress.toLowerCase()}` : null;
    case 'group':
      return p.emailAddress ? `group:${p.emailAddress.toLowerCase()}` : null;
    case 'domain':
      return p.allowFileDiscovery && p.domain ? `domain:${p.domain.toLowerCase()}` : null;
    case 'anyone':
      return p.allowFileDiscovery ? 'everyone' : null;
    default:
      return null;
  }
}

// ---- Groups ---------------------------------------------------------------------------------

/** Every account below a group, nested groups expanded once each (cycles end there). */
async function expandGroup(
  ctx: Ctx,
  groupKey: string,
  direct: Map<string, Promise<MemberList['members']>>,
): Promise<string[]> {
  const accounts = new Set<string>();
  const seen = new Set([groupKey]);
  const queue = [groupKey];
  for (let group = queue.shift(); group !== undefined; group = queue.shift()) {
    if (!direct.has(group)) direct.set(group, listMembers(ctx, group));
    for (const member of (await direct.get(group)!) ?? []) {
      const email = member.email?.toLowerCase();
      // CUSTOMER (everyone in the Workspace account) has no address: it is left out.
      if (!email || member.type === 'CUSTOMER') continue;
      if (member.type !== 'GROUP') accounts.add(`email:${email}`);
      else if (!seen.has(email)) {
        seen.add(email);
        queue.push(email);
      }
    }
  }
  return [...accounts];
}

/** members.list, every page; [] for a group Google no longer knows. */
async function listMembers(ctx: Ctx, groupKey: string): Promise<MemberList['members']> {
  const found: NonNullable<MemberList['members']> = [];
  let pageToken: string | undefined;
  do {
    let answer;
    try {
      answer = await ctx.http.get<MemberList>(directoryUrl(ctx, groupKey, pageToken), {
        allowNotFound: true,
      });
    } catch (error) {
      if (error instanceof ConnectorConfigError)
        throw new PermissionsUnreadableError(
          'Group members need a Google Workspace admin to connect Drive (admin.directory.group.member.readonly)',
        );
      throw error;
    }
    if (answer.status === 404) return [];
    found.push(...(answer.body?.members ?? []));
    pageToken = answer.body?.nextPageToken;
  } while (pageToken);
  return found;
}

/** The Admin SDK Directory API, served from the same host as Drive (www.googleapis.com). */
function directoryUrl(ctx: Ctx, groupKey: string, pageToken: string | undefined): string {
  const query = new URLSearchParams({
    maxResults: String(MEMBERS_PAGE),
    fields: 'nextPageToken,members(email,type)',
  });
  if (pageToken) query.set('pageToken', pageToken);
  const base = ctx.settings.apiBase.replace(/\/+$/, '');
  return `${base}/admin/directory/v1/groups/${encodeURIComponent(groupKey)}/members?${query}`;
}
