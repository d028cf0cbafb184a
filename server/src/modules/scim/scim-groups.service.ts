import type { DataSource, EntityManager } from 'typeorm';
import { isId } from '../../shared/ids.js';
import type { AuditLog } from '../audit/audit-log.js';
import type { AuditAction } from '../audit/audit-actions.js';
import { MAX_GROUP_MEMBERS, MAX_GROUPS } from '../access/access-limits.js';
import { Group } from '../access/group.entity.js';
import { ScimErrors } from './scim.errors.js';
import { whereFilter, type SqlAttribute } from './scim-filter-sql.js';
import { applyGroupPatch, groupFromBody, type ScimGroupFields } from './scim-group-input.js';
import type { GroupRow, ScimGroupMember } from './scim-resources.js';
import type { ScimCaller } from './scim-tokens.service.js';
import { scimActor } from './scim-users.service.js';

const GROUP_ATTRIBUTES: Record<string, SqlAttribute> = {
  id: { sql: 'g.id::text', type: 'exact' },
  displayname: { sql: 'g.name', type: 'ci' },
  externalid: { sql: 'g.scim_external_id', type: 'exact' },
  'meta.created': { sql: 'g.created_at', type: 'time' },
  members: member(),
  'members.value': member(),
};

function member(): SqlAttribute {
  return {
    sql: 'gm.user_id::text',
    type: 'exact',
    exists: 'SELECT 1 FROM group_members gm WHERE gm.group_id = g.id',
  };
}

export interface ScimGroup {
  group: GroupRow;
  members: ScimGroupMember[] | null;
}

/**
 * SCIM Groups are Lumen's access groups (Team settings → Groups), so source access granted to a
 * group follows the identity provider. A group SCIM writes is marked `scim_managed`: admins then
 * cannot change its name or members by hand. Members are members of the token's workspace only.
 */
export class ScimGroupsService {
  constructor(
    private readonly db: DataSource,
    private readonly audit: AuditLog,
  ) {}

  async list(
    caller: ScimCaller,
    filter: string | undefined,
    startIndex: number,
    count: number,
    withMembers: boolean,
  ) {
    const query = this.db
      .getRepository(Group)
      .createQueryBuilder('g')
      .where('g.workspace_id = :ws', { ws: caller.workspaceId });
    if (filter) whereFilter(query, filter, GROUP_ATTRIBUTES);
    const total = await query.getCount();
    const groups =
      count === 0
        ? []
        : await query
            .orderBy('g.created_at', 'ASC')
            .addOrderBy('g.id', 'ASC')
            .offset(startIndex - 1)
            .limit(count)
            .getMany();
    const members = withMembers
      ? await this.membersOf(
          this.db.manager,
          groups.map((g) => g.id),
        )
      : null;
    return {
      groups: groups.map((g) => ({
        group: row(g),
        members: members?.get(g.id) ?? (members ? [] : null),
      })),
      total,
    };
  }

  async get(caller: ScimCaller, id: string, withMembers = true): Promise<ScimGroup> {
    const group = await this.find(this.db.manager, caller, id);
    const members = withMembers
      ? ((await this.membersOf(this.db.manager, [id])).get(id) ?? [])
      : null;
    return { group: row(group), members };
  }

  async create(caller: ScimCaller, body: unknown): Promise<ScimGroup> {
    const fields = groupFromBody(body, null);
    const group = await this.db.transaction(async (m) => {
      // One creation at a time per workspace keeps the count and the name check honest.
      await m.query('SELECT id FROM workspaces WHERE id = $1 FOR UPDATE', [caller.workspaceId]);
      const [{ n }]: { n: number }[] = await m.query(
        'SELECT count(*)::int AS n FROM groups WHERE workspace_id = $1',
        [caller.workspaceId],
      );
      if (n >= MAX_GROUPS) throw ScimErrors.tooManyGroups(MAX_GROUPS);
      await this.requireUniqueName(m, caller.workspaceId, fields.displayName, null);
      const group = await m.getRepository(Group).save({
        workspaceId: caller.workspaceId,
        name: fields.displayName,
        nameKey: nameKey(fields.displayName),
        scimManaged: true,
        scimExternalId: fields.externalId,
      });
      await this.setMembers(m, caller.workspaceId, group.id, [], fields.memberIds ?? []);
      return group;
    });
    await this.record(caller, 'scim.group_created', group, {
      members: fields.memberIds?.length ?? 0,
    });
    return this.get(caller, group.id);
  }

  async replace(caller: ScimCaller, id: string, body: unknown): Promise<ScimGroup> {
    return this.change(caller, id, (current) => {
      const next = groupFromBody(body, current);
      // PUT replaces the whole group: no members listed means none.
      return { ...next, memberIds: next.memberIds ?? [] };
    });
  }

  async patch(caller: ScimCaller, id: string, body: unknown): Promise<void> {
    await this.change(caller, id, (current) => applyGroupPatch(current, body));
  }

  async delete(caller: ScimCaller, id: string): Promise<void> {
    const [gone]: { id: string; name: string }[] = isId(id)
      ? await this.db.query(
          `WITH gone AS (DELETE FROM groups WHERE id = $1 AND workspace_id = $2 RETURNING id, name)
           SELECT * FROM gone`,
          [id, caller.workspaceId],
        )
      : [];
    if (!gone) throw ScimErrors.groupNotFound(id);
    // Its memberships and its grants on sources go with it (cascades).
    await this.audit.record(scimActor(caller), 'scim.group_deleted', {
      type: 'group',
      id,
      label: gone.name,
      details: { scimTokenId: caller.tokenId },
    });
  }

  /**
   * Locks the group, computes its next state from the current one, writes it, and records what
   * changed. Any SCIM write marks the group as managed by the identity provider.
   */
  private async change(
    caller: ScimCaller,
    id: string,
    next: (current: ScimGroupFields) => ScimGroupFields,
  ): Promise<ScimGroup> {
    const outcome = await this.db.transaction(async (m) => {
      const group = await this.find(m, caller, id, true);
      const before = (await this.membersOf(m, [id])).get(id)?.map((u) => u.id) ?? [];
      const wanted = next({
        displayName: group.name,
        externalId: group.scimExternalId,
        memberIds: before,
      });
      const after = wanted.memberIds ?? before;
      if (wanted.displayName !== group.name)
        await this.requireUniqueName(m, caller.workspaceId, wanted.displayName, group.id);
      await m.getRepository(Group).update(group.id, {
        name: wanted.displayName,
        nameKey: nameKey(wanted.displayName),
        scimExternalId: wanted.externalId,
        scimManaged: true,
      });
      const { added, removed } = await this.setMembers(m, caller.workspaceId, id, before, after);
      const renamed = wanted.displayName !== group.name ? { from: group.name } : {};
      return {
        group: Object.assign(group, {
          name: wanted.displayName,
          scimExternalId: wanted.externalId,
        }),
        details: { added, removed, ...renamed },
        changed:
          added.length > 0 ||
          removed.length > 0 ||
          wanted.displayName !== group.name ||
          wanted.externalId !== group.scimExternalId,
      };
    });
    if (outcome.changed)
      await this.record(caller, 'scim.group_updated', outcome.group, outcome.details);
    return this.get(caller, id);
  }

  private async find(m: EntityManager, caller: ScimCaller, id: string, lock = false) {
    if (!isId(id)) throw ScimErrors.groupNotFound(id);
    const query = m
      .getRepository(Group)
      .createQueryBuilder('g')
      .where('g.id = :id AND g.workspace_id = :ws', { id, ws: caller.workspaceId });
    if (lock) query.setLock('pessimistic_write');
    const group = await query.getOne();
    if (!group) throw ScimErrors.groupNotFound(id);
    return group;
  }

  private async membersOf(m: EntityManager, groupIds: string[]) {
    const byGroup = new Map<string, ScimGroupMember[]>();
    if (groupIds.length === 0) return byGroup;
    const rows: { group_id: string; id: string; email: string }[] = await m.query(
      `SELECT gm.group_id, u.id, u.email FROM group_members gm JOIN users u ON u.id = gm.user_id
        WHERE gm.group_id = ANY($1::uuid[]) ORDER BY u.email`,
      [groupIds],
    );
    for (const r of rows) {
      const list = byGroup.get(r.group_id) ?? [];
      list.push({ id: r.id, email: r.email });
      byGroup.set(r.group_id, list);
    }
    return byGroup;
  }

  /** Makes the members exactly `after`, each a member of the workspace; answers the change. */
  private async setMembers(
    m: EntityManager,
    workspaceId: string,
    groupId: string,
    before: string[],
    after: string[],
  ) {
    if (after.length > MAX_GROUP_MEMBERS) throw ScimErrors.tooManyMembers(MAX_GROUP_MEMBERS);
    const added = after.filter((u) => !before.includes(u));
    const removed = before.filter((u) => !after.includes(u));
    if (added.length > 0) {
      const found: { id: string }[] = await m.query(
        'SELECT id FROM users WHERE workspace_id = $1 AND id = ANY($2::uuid[])',
        [workspaceId, added.filter(isId)],
      );
      const known = new Set(found.map((r) => r.id));
      const missing = added.find((id) => !known.has(id));
      // The same answer for an unknown id and another workspace's user: it names no one.
      if (missing)
        throw ScimErrors.invalidValue(
          `No user ${missing} in this workspace: create the user first.`,
        );
      await m.query(
        `INSERT INTO group_members (group_id, user_id) SELECT $1, unnest($2::uuid[])
         ON CONFLICT DO NOTHING`,
        [groupId, added],
      );
    }
    if (removed.length > 0)
      await m.query('DELETE FROM group_members WHERE group_id = $1 AND user_id = ANY($2::uuid[])', [
        groupId,
        removed,
      ]);
    return { added, removed };
  }

  private async requireUniqueName(
    m: EntityManager,
    workspaceId: string,
    name: string,
    except: string | null,
  ) {
    const [clash] = await m.query(
      `SELECT 1 FROM groups WHERE workspace_id = $1 AND name_key = $2 AND ($3::uuid IS NULL OR id <> $3::uuid)`,
      [workspaceId, nameKey(name), except],
    );
    if (clash) throw ScimErrors.groupNameTaken();
  }

  private record(
    caller: ScimCaller,
    action: AuditAction,
    group: Group,
    details: Record<string, unknown>,
  ) {
    return this.audit.record(scimActor(caller), action, {
      type: 'group',
      id: group.id,
      label: group.name,
      details: { scimTokenId: caller.tokenId, ...details },
    });
  }
}

function row(group: Group): GroupRow {
  return {
    id: group.id,
    name: group.name,
    scimExternalId: group.scimExternalId,
    createdAt: group.createdAt,
    lastModified: group.createdAt,
  };
}

/** Like the groups screen: "Finance" and "finance" are one group. */
const nameKey = (name: string) => name.toLowerCase();
