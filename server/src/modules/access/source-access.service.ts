import { can } from '../policies/index.js';
import { In, type DataSource, type EntityManager } from 'typeorm';
import { badInput } from '../../shared/app-error.js';
import { assertId } from '../../shared/ids.js';
import type { AuditLog } from '../audit/audit-log.js';
import { hasCurrentPermission } from '../identity/require-permission.js';
import type { Viewer } from '../identity/viewer.js';
import {
  canReadSource,
  providerOf,
  type Readers,
  Source,
  type SourceAccessMode,
  SourceErrors,
} from '../corpus/index.js';
import { User } from '../identity/user.entity.js';
import { UserType } from '../identity/identity.types.js';
import { AccessErrors } from './access.errors.js';
import { MAX_SOURCE_GROUPS, MAX_SOURCE_MEMBERS } from './access-limits.js';
import { GroupType, SourceAccessModeEnum, type AccessView } from './access.types.js';
import { Group, GroupMember } from './group.entity.js';
import { idList, requireMembers } from './groups.service.js';

/** Who reads a source, as stored: its mode and the chosen members and groups (owner implied). */
export interface SourceAccessSetting {
  mode: SourceAccessMode;
  memberIds: string[];
  groupIds: string[];
  /** MIRROR: minutes between permission syncs (null: the server's default). */
  permissionSyncMinutes?: number | null;
}

/** The API's SourceAccessInput before it is checked. */
export interface SourceAccessInputValue {
  mode?: unknown;
  memberIds?: unknown;
  groupIds?: unknown;
  permissionSyncMinutes?: unknown;
}

const MODE_TO_API: Record<SourceAccessMode, SourceAccessModeEnum> = {
  workspace: SourceAccessModeEnum.WORKSPACE,
  restricted: SourceAccessModeEnum.RESTRICTED,
  mirror: SourceAccessModeEnum.MIRROR,
};

export const WORKSPACE_ACCESS: SourceAccessSetting = {
  mode: 'workspace',
  memberIds: [],
  groupIds: [],
};

/** A connected tool's own permissions, item by item (connectors/permissions). */
export const MIRROR_ACCESS: SourceAccessSetting = { mode: 'mirror', memberIds: [], groupIds: [] };

/**
 * Who may read each source, and who may change it: its owner or an admin. A change replaces the
 * whole setting, is audited with its before and after, and takes effect on the next request
 * (readers are resolved per request; nothing is re-indexed).
 */
export class SourceAccessService {
  /** Reads a source's tool permissions at once when it starts mirroring them (set at startup). */
  onMirrored?: (sourceId: string) => Promise<void>;

  constructor(
    private readonly db: DataSource,
    private readonly readers: Readers,
    private readonly audit: AuditLog,
    /** CONNECTOR_PERMISSION_SYNC_MINUTES: a mirrored source's interval unless it has its own. */
    private readonly defaultPermissionSyncMinutes = 15,
  ) {}

  /** The settings of these sources (one query per table, for a list of sources). */
  async settingsOf(sourceIds: readonly string[]): Promise<Map<string, SourceAccessSetting>> {
    const out = new Map<string, SourceAccessSetting>();
    if (sourceIds.length === 0) return out;
    const ids = [...sourceIds];
    const [sources, members, groups]: [
      { id: string; access_mode: SourceAccessMode; minutes: number | null }[],
      { source_id: string; user_id: string }[],
      { source_id: string; group_id: string }[],
    ] = await Promise.all([
      this.db.query(
        'SELECT id, access_mode, permission_sync_minutes AS minutes FROM sources WHERE id = ANY($1::uuid[])',
        [ids],
      ),
      this.db.query(
        'SELECT source_id, user_id FROM source_member_grants WHERE source_id = ANY($1::uuid[])',
        [ids],
      ),
      this.db.query(
        'SELECT source_id, group_id FROM source_group_grants WHERE source_id = ANY($1::uuid[])',
        [ids],
      ),
    ]);
    for (const s of sources)
      out.set(s.id, {
        mode: s.access_mode,
        memberIds: [],
        groupIds: [],
        permissionSyncMinutes: s.minutes,
      });
    for (const m of members) out.get(m.source_id)?.memberIds.push(m.user_id);
    for (const g of groups) out.get(g.source_id)?.groupIds.push(g.group_id);
    return out;
  }

  /**
   * What the caller is shown of these sources' access, loaded at once for a list: the mode and
   * counts for everyone who sees the row; the chosen people and groups for its owner and admins.
   */
  async views(viewer: Viewer, sources: readonly Source[]): Promise<Map<string, AccessView>> {
    const out = new Map<string, AccessView>();
    if (sources.length === 0) return out;
    const [settings, reader] = await Promise.all([
      this.settingsOf(sources.map((s) => s.id)),
      this.readers.forViewer(viewer),
    ]);
    const managed = new Set(sources.filter((s) => this.canManage(viewer, s)).map((s) => s.id));
    const userIds = new Set<string>();
    const groupIds = new Set<string>();
    for (const s of sources) {
      if (s.createdById) userIds.add(s.createdById);
      if (!managed.has(s.id)) continue;
      settings.get(s.id)?.memberIds.forEach((id) => userIds.add(id));
      settings.get(s.id)?.groupIds.forEach((id) => groupIds.add(id));
    }
    const [users, groups, groupMembers] = await Promise.all([
      userIds.size
        ? this.db.getRepository(User).find({
            where: { id: In([...userIds]), workspaceId: viewer.workspaceId },
          })
        : [],
      groupIds.size
        ? this.db.getRepository(Group).find({
            where: { id: In([...groupIds]), workspaceId: viewer.workspaceId },
          })
        : [],
      groupIds.size
        ? this.db.getRepository(GroupMember).find({
            where: { groupId: In([...groupIds]) },
            relations: { user: true },
          })
        : [],
    ]);
    const userById = new Map(users.map((u) => [u.id, u]));
    const groupById = new Map(
      groups.map((g) => [
        g.id,
        GroupType.from({
          group: g,
          members: groupMembers.filter((m) => m.groupId === g.id).map((m) => m.user!),
        }),
      ]),
    );
    for (const s of sources) {
      const setting = settings.get(s.id) ?? { mode: s.accessMode, memberIds: [], groupIds: [] };
      const shown = managed.has(s.id);
      out.set(s.id, {
        access: {
          mode: MODE_TO_API[setting.mode] ?? SourceAccessModeEnum.RESTRICTED,
          members: shown
            ? setting.memberIds.flatMap((id) => {
                const user = userById.get(id);
                return user ? [UserType.from(user)] : [];
              })
            : [],
          groups: shown ? setting.groupIds.flatMap((id) => groupById.get(id) ?? []) : [],
          memberCount: setting.memberIds.length,
          groupCount: setting.groupIds.length,
          permissionSyncMinutes:
            setting.mode === 'mirror'
              ? (setting.permissionSyncMinutes ?? this.defaultPermissionSyncMinutes)
              : null,
        },
        owner: (s.createdById && userById.get(s.createdById)) || null,
        canManage: managed.has(s.id),
        readable: canReadSource(reader, s.id),
      });
    }
    return out;
  }

  /** Whether the caller may change this source's access (and rename or delete it): owner or admin. */
  canManage(viewer: Viewer, source: Pick<Source, 'createdById' | 'accessMode'>): boolean {
    return can(viewer, 'source.manage', source);
  }

  /**
   * Replaces a source's access. A source the caller cannot see at all answers NOT_FOUND; one
   * they read but do not own (and are no admin of) answers FORBIDDEN.
   */
  async set(viewer: Viewer, sourceId: string, input: SourceAccessInputValue): Promise<Source> {
    assertId(sourceId, 'No such source in this workspace.');
    const setting = parseAccess(input);
    const reader = await this.readers.forViewer(viewer);
    const { source, before } = await this.db.transaction(async (m) => {
      const source = await m
        .getRepository(Source)
        .createQueryBuilder('s')
        .setLock('pessimistic_write')
        .where('s.id = :id AND s.workspace_id = :ws', { id: sourceId, ws: viewer.workspaceId })
        .getOne();
      const admin = hasCurrentPermission(viewer, 'user.write');
      if (!source || (!admin && !canReadSource(reader, source.id)))
        throw SourceErrors.sourceNotFound();
      if (!this.canManage(viewer, source)) throw AccessErrors.cannotChangeAccess();
      if (setting.mode === 'mirror' && !providerOf(source.kind))
        throw badInput(
          'Only a connected tool has permissions to mirror; choose WORKSPACE or RESTRICTED.',
          {
            field: 'access.mode',
          },
        );
      const before = (await this.settingsIn(m, source.id))!;
      await this.write(m, viewer.workspaceId, source.id, setting);
      return { source: Object.assign(source, { accessMode: setting.mode }), before };
    });
    this.readers.forget(viewer);
    if (setting.mode === 'mirror') await this.onMirrored?.(source.id);
    await this.audit.record(viewer, 'source.access_changed', {
      type: 'source',
      id: source.id,
      label: `${source.kind}: ${source.name}`,
      details: { before, after: setting },
    });
    return source;
  }

  /** Writes a setting inside the caller's transaction (a new source's, or a change). */
  async write(
    m: EntityManager,
    workspaceId: string,
    sourceId: string,
    setting: SourceAccessSetting,
  ): Promise<void> {
    await requireMembers(m, workspaceId, setting.memberIds);
    if (setting.groupIds.length > 0) {
      const rows: { id: string }[] = await m.query(
        'SELECT id FROM groups WHERE workspace_id = $1 AND id = ANY($2::uuid[])',
        [workspaceId, setting.groupIds],
      );
      const found = new Set(rows.map((r) => r.id));
      const missing = setting.groupIds.find((id) => !found.has(id));
      if (missing) throw AccessErrors.unknownGroup(missing);
    }
    await m.query(
      'UPDATE sources SET access_mode = $2, permission_sync_minutes = $3 WHERE id = $1',
      [
        sourceId,
        setting.mode,
        setting.mode === 'mirror' ? (setting.permissionSyncMinutes ?? null) : null,
      ],
    );
    await m.query('DELETE FROM source_member_grants WHERE source_id = $1', [sourceId]);
    await m.query('DELETE FROM source_group_grants WHERE source_id = $1', [sourceId]);
    if (setting.memberIds.length > 0)
      await m.query(
        'INSERT INTO source_member_grants (source_id, user_id) SELECT $1, unnest($2::uuid[])',
        [sourceId, setting.memberIds],
      );
    if (setting.groupIds.length > 0)
      await m.query(
        'INSERT INTO source_group_grants (source_id, group_id) SELECT $1, unnest($2::uuid[])',
        [sourceId, setting.groupIds],
      );
  }

  private async settingsIn(m: EntityManager, sourceId: string) {
    const [row]: { access_mode: SourceAccessMode; minutes: number | null }[] = await m.query(
      'SELECT access_mode, permission_sync_minutes AS minutes FROM sources WHERE id = $1',
      [sourceId],
    );
    if (!row) return null;
    const members: { user_id: string }[] = await m.query(
      'SELECT user_id FROM source_member_grants WHERE source_id = $1 ORDER BY user_id',
      [sourceId],
    );
    const groups: { group_id: string }[] = await m.query(
      'SELECT group_id FROM source_group_grants WHERE source_id = $1 ORDER BY group_id',
      [sourceId],
    );
    return {
      mode: row.access_mode,
      memberIds: members.map((r) => r.user_id),
      groupIds: groups.map((r) => r.group_id),
      ...(row.access_mode === 'mirror' ? { permissionSyncMinutes: row.minutes } : {}),
    };
  }
}

/**
 * SourceAccessInput checked: WORKSPACE (everyone; chosen lists are cleared) or RESTRICTED (the
 * owner plus the chosen members and groups; none chosen keeps it to its owner). Absent: WORKSPACE.
 */
export function parseAccess(input: SourceAccessInputValue | null | undefined): SourceAccessSetting {
  if (!input) return WORKSPACE_ACCESS;
  const mode = String(input.mode ?? '').toUpperCase();
  if (mode === 'WORKSPACE') return WORKSPACE_ACCESS;
  if (mode === 'MIRROR')
    return { ...MIRROR_ACCESS, permissionSyncMinutes: syncMinutes(input.permissionSyncMinutes) };
  if (mode !== 'RESTRICTED')
    throw badInput('mode is WORKSPACE, RESTRICTED or MIRROR.', { field: 'access.mode' });
  return {
    mode: 'restricted',
    memberIds: idList(input.memberIds, 'memberIds', MAX_SOURCE_MEMBERS),
    groupIds: idList(input.groupIds, 'groupIds', MAX_SOURCE_GROUPS),
  };
}

/** MIRROR's permission sync interval: whole minutes, 1 to a week; absent or null: the default. */
function syncMinutes(value: unknown): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 10_080)
    throw badInput('permissionSyncMinutes is a whole number of minutes from 1 to 10080.', {
      field: 'access.permissionSyncMinutes',
    });
  return value;
}
