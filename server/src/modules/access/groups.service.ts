import { In, type DataSource, type EntityManager } from 'typeorm';
import { badInput } from '../../shared/app-error.js';
import { assertId, isId } from '../../shared/ids.js';
import type { AuditLog } from '../audit/audit-log.js';
import { hasCurrentPermission, requireCurrentPermission } from '../identity/require-permission.js';
import type { Viewer } from '../identity/viewer.js';
import type { User } from '../identity/user.entity.js';
import { AccessErrors } from './access.errors.js';
import { MAX_GROUP_MEMBERS, MAX_GROUP_NAME, MAX_GROUPS } from './access-limits.js';
import { Group, GroupMember } from './group.entity.js';

export interface GroupInput {
  name: unknown;
  memberIds?: unknown;
}

/** A group with its members, as the API shows it. */
export interface GroupWithMembers {
  group: Group;
  members: User[];
}

/**
 * Groups of members: admins (user.write) create, rename, fill and delete them; a member sees the
 * groups they belong to. A group grants nothing by itself: source access names it (the readers
 * are resolved per request, so leaving a group takes effect on the next request).
 */
export class GroupsService {
  constructor(
    private readonly db: DataSource,
    private readonly audit: AuditLog,
  ) {}

  /** Admins: every group of the workspace; others: the ones they are in. Sorted by name. */
  async list(viewer: Viewer): Promise<GroupWithMembers[]> {
    const all = hasCurrentPermission(viewer, 'user.write');
    const query = this.db
      .getRepository(Group)
      .createQueryBuilder('g')
      .where('g.workspace_id = :ws', { ws: viewer.workspaceId })
      .orderBy('g.name_key', 'ASC');
    if (!all)
      query.andWhere(
        'EXISTS (SELECT 1 FROM group_members m WHERE m.group_id = g.id AND m.user_id = :me)',
        { me: viewer.userId },
      );
    return this.withMembers(this.db, await query.getMany());
  }

  /** Groups of the workspace by id (for the source access panel); unknown ids are left out. */
  async byIds(workspaceId: string, ids: readonly string[]): Promise<GroupWithMembers[]> {
    if (ids.length === 0) return [];
    const groups = await this.db
      .getRepository(Group)
      .find({ where: { workspaceId, id: In([...ids]) }, order: { nameKey: 'ASC' } });
    return this.withMembers(this.db, groups);
  }

  async create(viewer: Viewer, input: GroupInput): Promise<GroupWithMembers> {
    requireCurrentPermission(viewer, 'user.write');
    const name = groupName(input.name);
    const memberIds = idList(input.memberIds, 'memberIds', MAX_GROUP_MEMBERS);
    const created = await this.db.transaction(async (m) => {
      const [{ n }]: { n: number }[] = await m.query(
        'SELECT count(*)::int AS n FROM groups WHERE workspace_id = $1',
        [viewer.workspaceId],
      );
      if (n >= MAX_GROUPS) throw AccessErrors.tooManyGroups(MAX_GROUPS);
      await this.requireUniqueName(m, viewer.workspaceId, name, null);
      const group = await m.getRepository(Group).save({
        workspaceId: viewer.workspaceId,
        name,
        nameKey: nameKey(name),
      });
      await this.replaceMembers(m, viewer.workspaceId, group.id, memberIds);
      return group;
    });
    await this.audit.record(viewer, 'group.created', {
      type: 'group',
      id: created.id,
      label: created.name,
      details: { members: memberIds.length },
    });
    return (await this.withMembers(this.db, [created]))[0]!;
  }

  /** Replaces the group's name and members (refused for a group the IdP manages via SCIM). */
  async update(viewer: Viewer, id: string, input: GroupInput): Promise<GroupWithMembers> {
    requireCurrentPermission(viewer, 'user.write');
    assertId(id, 'No such group in this workspace.');
    const name = groupName(input.name);
    const memberIds = idList(input.memberIds, 'memberIds', MAX_GROUP_MEMBERS);
    const { group, before } = await this.db.transaction(async (m) => {
      const group = await m
        .getRepository(Group)
        .createQueryBuilder('g')
        .setLock('pessimistic_write')
        .where('g.id = :id AND g.workspace_id = :ws', { id, ws: viewer.workspaceId })
        .getOne();
      if (!group) throw AccessErrors.groupNotFound();
      await this.requireUniqueName(m, viewer.workspaceId, name, group.id);
      const before = (await m.getRepository(GroupMember).find({ where: { groupId: id } })).map(
        (r) => r.userId,
      );
      // The identity provider owns a SCIM group: a hand edit would be undone at its next sync.
      const sameMembers =
        before.length === memberIds.length && before.every((u) => memberIds.includes(u));
      if (group.scimManaged && (name !== group.name || !sameMembers))
        throw AccessErrors.scimManaged();
      await m.getRepository(Group).update(group.id, { name, nameKey: nameKey(name) });
      await this.replaceMembers(m, viewer.workspaceId, group.id, memberIds);
      return { group: Object.assign(group, { name, nameKey: nameKey(name) }), before };
    });
    const added = memberIds.filter((u) => !before.includes(u));
    const removed = before.filter((u) => !memberIds.includes(u));
    await this.audit.record(viewer, 'group.changed', {
      type: 'group',
      id: group.id,
      label: group.name,
      details: { added, removed },
    });
    return (await this.withMembers(this.db, [group]))[0]!;
  }

  async delete(viewer: Viewer, id: string): Promise<void> {
    requireCurrentPermission(viewer, 'user.write');
    assertId(id, 'No such group in this workspace.');
    const [gone]: { id: string; name: string }[] = await this.db.query(
      `WITH gone AS (DELETE FROM groups WHERE id = $1 AND workspace_id = $2 RETURNING id, name)
       SELECT * FROM gone`,
      [id, viewer.workspaceId],
    );
    if (!gone) throw AccessErrors.groupNotFound();
    // Its members and its grants on sources go with it (cascades).
    await this.audit.record(viewer, 'group.deleted', { type: 'group', id, label: gone.name });
  }

  private async withMembers(
    db: DataSource | EntityManager,
    groups: Group[],
  ): Promise<GroupWithMembers[]> {
    if (groups.length === 0) return [];
    const rows = await db
      .getRepository(GroupMember)
      .createQueryBuilder('m')
      .innerJoinAndSelect('m.user', 'u')
      .where('m.group_id IN (:...ids)', { ids: groups.map((g) => g.id) })
      .orderBy('lower(u.email)', 'ASC')
      .getMany();
    return groups.map((group) => ({
      group,
      members: rows.filter((r) => r.groupId === group.id).map((r) => r.user!),
    }));
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
    if (clash) throw AccessErrors.groupNameTaken(name);
  }

  /** The group's members become exactly `userIds`, each of whom must be in the workspace. */
  private async replaceMembers(
    m: EntityManager,
    workspaceId: string,
    groupId: string,
    userIds: string[],
  ) {
    await requireMembers(m, workspaceId, userIds);
    await m.query('DELETE FROM group_members WHERE group_id = $1', [groupId]);
    if (userIds.length > 0)
      await m.query(`INSERT INTO group_members (group_id, user_id) SELECT $1, unnest($2::uuid[])`, [
        groupId,
        userIds,
      ]);
  }
}

/** A list of ids from the API: distinct, each a uuid, at most `max`. */
export function idList(raw: unknown, field: string, max: number): string[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw badInput(`${field} is a list of ids.`, { field });
  const ids = [...new Set(raw.map((v) => String(v)))];
  if (ids.length > max) throw badInput(`At most ${max} in ${field}.`, { field });
  const bad = ids.find((id) => !isId(id));
  if (bad !== undefined)
    throw badInput(`${field} holds an id that is not one: ${bad.slice(0, 60)}`, { field });
  return ids;
}

/** Every id must be a member of the workspace; the first that is not is named. */
export async function requireMembers(
  m: DataSource | EntityManager,
  workspaceId: string,
  userIds: readonly string[],
) {
  if (userIds.length === 0) return;
  const rows: { id: string }[] = await m.query(
    'SELECT id FROM users WHERE workspace_id = $1 AND id = ANY($2::uuid[])',
    [workspaceId, [...userIds]],
  );
  const found = new Set(rows.map((r) => r.id));
  const missing = userIds.find((id) => !found.has(id));
  if (missing) throw AccessErrors.notAMember(missing);
}

function groupName(raw: unknown): string {
  const name = typeof raw === 'string' ? raw.replace(/\s+/g, ' ').trim() : '';
  if (!name) throw badInput('Give the group a name.', { field: 'name' });
  if (name.length > MAX_GROUP_NAME)
    throw badInput(`A group name is at most ${MAX_GROUP_NAME} characters.`, { field: 'name' });
  return name;
}

const nameKey = (name: string) => name.toLowerCase();
