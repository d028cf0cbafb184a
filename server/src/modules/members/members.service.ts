import type { AuditLog } from '../audit/audit-log.js';
import type { DataSource } from 'typeorm';
import { assertId } from '../../shared/ids.js';
import type { Logger } from '../../shared/logger.js';
import { ROLES, isRoleKey, type RoleKey } from '../identity/permissions.js';
import { requireCurrentPermission } from '../identity/require-permission.js';
import type { Viewer } from '../identity/viewer.js';
import { MemberErrors } from './members.errors.js';
import { User } from '../identity/user.entity.js';

export type MemberSort = 'FIRST_NAME' | 'LAST_NAME' | 'EMAIL';
export type MemberFilter = 'EVERYONE' | 'ADMINS' | 'PRODUCT_EXPERTS' | 'CUSTOMER_FACING';

const FILTER_ROLE: Record<MemberFilter, RoleKey | null> = {
  EVERYONE: null,
  ADMINS: 'admin',
  PRODUCT_EXPERTS: 'product_expert',
  CUSTOMER_FACING: 'customer_facing',
};

const ORDER: Record<MemberSort, string> = {
  FIRST_NAME: 'lower(first_name), lower(last_name), email, id',
  LAST_NAME: 'lower(last_name), lower(first_name), email, id',
  EMAIL: 'email, id',
};

export const MEMBER_PAGE_MAX = 100;

export interface MemberPage {
  members: User[];
  totalCount: number;
  /** Offset of the next page, or null on the last one. */
  nextOffset: number | null;
}

/** The workspace's people: listing (paged on the server), roles, removal. */
export class MembersService {
  constructor(
    private readonly db: DataSource,
    private readonly logger: Logger,
    private readonly audit: AuditLog,
  ) {}

  async list(
    viewer: Viewer,
    opts: {
      search?: string;
      sort?: MemberSort;
      filter?: MemberFilter;
      first?: number;
      offset?: number;
    },
  ): Promise<MemberPage> {
    const first = Math.min(Math.max(opts.first ?? 50, 1), MEMBER_PAGE_MAX);
    const offset = Math.max(opts.offset ?? 0, 0);
    const params: unknown[] = [viewer.workspaceId];
    const where = ['workspace_id = $1'];
    const search = opts.search?.trim();
    if (search) {
      params.push(`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      where.push(
        `(first_name || ' ' || last_name ILIKE $${params.length} OR email ILIKE $${params.length})`,
      );
    }
    const role = FILTER_ROLE[opts.filter ?? 'EVERYONE'];
    if (role) {
      params.push(role);
      where.push(`$${params.length} = ANY(roles)`);
    }
    params.push(first, offset);
    const rows: (Record<string, unknown> & { total: string })[] = await this.db.query(
      `SELECT id, workspace_id, email, first_name, last_name, roles, created_at, last_sign_in_at,
              deactivated_at, count(*) OVER () AS total
         FROM users WHERE ${where.join(' AND ')}
        ORDER BY ${ORDER[opts.sort ?? 'FIRST_NAME']}
        LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    const totalCount =
      rows.length > 0 ? Number(rows[0].total) : await this.count(where, params.slice(0, -2));
    const members = rows.map((r) =>
      Object.assign(new User(), {
        id: r.id,
        workspaceId: r.workspace_id,
        email: r.email,
        firstName: r.first_name,
        lastName: r.last_name,
        roles: r.roles,
        createdAt: r.created_at,
        lastSignInAt: r.last_sign_in_at,
        deactivatedAt: r.deactivated_at,
      }),
    );
    return {
      members,
      totalCount,
      nextOffset: offset + rows.length < totalCount ? offset + rows.length : null,
    };
  }

  /** Replaces a member's roles. The last admin cannot lose the admin role. */
  async updateRoles(viewer: Viewer, userId: string, roles: string[]): Promise<User> {
    requireCurrentPermission(viewer, 'user.write');
    assertId(userId, 'No such member in this workspace.');
    const wanted = [...new Set(roles)];
    if (wanted.length === 0 || !wanted.every(isRoleKey)) throw MemberErrors.invalidRoles();
    const updated = await this.db.transaction(async (m) => {
      const admins = await lockWorkspaceAdmins(m.query.bind(m), viewer.workspaceId);
      const target = await m
        .getRepository(User)
        .findOne({ where: { id: userId, workspaceId: viewer.workspaceId } });
      if (!target) throw MemberErrors.memberNotFound();
      const losesAdmin = target.roles.includes('admin') && !wanted.includes('admin');
      if (losesAdmin && admins.filter((id) => id !== target.id).length === 0)
        throw MemberErrors.lastAdmin();
      const before = [...target.roles];
      await m.getRepository(User).update(target.id, { roles: wanted });
      return { user: Object.assign(target, { roles: wanted }), before };
    });
    this.logger.info('Member roles changed', { by: viewer.userId, userId, roles: wanted });
    // The label reads as people name roles; the details keep the keys (before and after).
    await this.audit.record(viewer, 'member.roles_changed', {
      type: 'user',
      id: userId,
      label: `${updated.user.email}: ${wanted.map((key) => ROLES[key].label).join(', ')}`,
      details: { before: updated.before, after: wanted },
    });
    return updated.user;
  }

  /** Removes a member from the workspace; their sessions end at once (the user row is gone). */
  async remove(viewer: Viewer, userId: string): Promise<void> {
    requireCurrentPermission(viewer, 'user.write');
    assertId(userId, 'No such member in this workspace.');
    const removed = await this.db.transaction(async (m) => {
      const admins = await lockWorkspaceAdmins(m.query.bind(m), viewer.workspaceId);
      const target = await m
        .getRepository(User)
        .findOne({ where: { id: userId, workspaceId: viewer.workspaceId } });
      if (!target) throw MemberErrors.memberNotFound();
      if (target.roles.includes('admin') && admins.filter((id) => id !== target.id).length === 0) {
        throw MemberErrors.lastAdmin();
      }
      await m.getRepository(User).delete(target.id);
      return target;
    });
    this.logger.info('Member removed', { by: viewer.userId, userId });
    await this.audit.record(viewer, 'member.removed', {
      type: 'user',
      id: userId,
      label: removed.email,
    });
  }

  roles() {
    return Object.entries(ROLES).map(([key, def]) => ({
      key,
      label: def.label,
      permissions: [...def.permissions],
    }));
  }

  private async count(where: string[], params: unknown[]) {
    const [row] = await this.db.query(
      `SELECT count(*) AS n FROM users WHERE ${where.join(' AND ')}`,
      params,
    );
    return Number(row.n);
  }
}

/**
 * Locks the workspace's admin rows until the transaction ends and answers their ids: whoever
 * removes the admin role (a demotion, a removal, single sign-on's group mapping) checks the
 * last admin under this lock. A deactivated admin (SCIM) cannot act, so only active ones count.
 */
export async function lockWorkspaceAdmins(
  query: (sql: string, params: unknown[]) => Promise<{ id: string }[]>,
  workspaceId: string,
): Promise<string[]> {
  const rows = await query(
    `SELECT id FROM users
      WHERE workspace_id = $1 AND 'admin' = ANY(roles) AND deactivated_at IS NULL FOR UPDATE`,
    [workspaceId],
  );
  return rows.map((r) => r.id);
}
