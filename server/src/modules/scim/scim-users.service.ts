import type { DataSource, EntityManager } from 'typeorm';
import { isId } from '../../shared/ids.js';
import type { Logger } from '../../shared/logger.js';
import type { AuditLog } from '../audit/audit-log.js';
import type { AuditAction } from '../audit/audit-actions.js';
import type { SessionTokens } from '../auth/session-tokens.js';
import { lockWorkspaceAdmins } from '../members/members.service.js';
import { User } from '../identity/user.entity.js';
import { ScimErrors } from './scim.errors.js';
import { whereFilter, type SqlAttribute } from './scim-filter-sql.js';
import { applyUserPatch, patchOperations, userFromBody } from './scim-user-input.js';
import { userFields, type ScimUserFields } from './scim-resources.js';
import type { ScimCaller } from './scim-tokens.service.js';

/** What a User filter may name, and how each reads in SQL (`u` is the users table). */
const USER_ATTRIBUTES: Record<string, SqlAttribute> = {
  id: { sql: 'u.id::text', type: 'exact' },
  username: { sql: 'u.email', type: 'ci' },
  externalid: { sql: 'u.scim_external_id', type: 'exact' },
  'name.givenname': { sql: 'u.first_name', type: 'ci' },
  'name.familyname': { sql: 'u.last_name', type: 'ci' },
  'name.formatted': { sql: "trim(u.first_name || ' ' || u.last_name)", type: 'ci' },
  displayname: { sql: "trim(u.first_name || ' ' || u.last_name)", type: 'ci' },
  emails: { sql: 'u.email', type: 'ci' },
  'emails.value': { sql: 'u.email', type: 'ci' },
  // The one address Lumen keeps is the work address and the primary one.
  'emails.type': { sql: "'work'", type: 'ci' },
  'emails.primary': { sql: 'true', type: 'boolean' },
  active: { sql: 'u.deactivated_at IS NULL', type: 'boolean' },
  'meta.created': { sql: 'u.created_at', type: 'time' },
  'meta.lastmodified': { sql: 'u.updated_at', type: 'time' },
};

const UNIQUE_VIOLATION = '23505';

/**
 * SCIM Users: the identity provider creates, updates, deactivates, reactivates and deletes the
 * members of the token's workspace. Deactivation ends every session, refresh token and API key
 * of the person at once, in one transaction.
 */
export class ScimUsersService {
  constructor(
    private readonly db: DataSource,
    private readonly sessions: SessionTokens,
    private readonly logger: Logger,
    private readonly audit: AuditLog,
  ) {}

  async list(caller: ScimCaller, filter: string | undefined, startIndex: number, count: number) {
    const query = this.db
      .getRepository(User)
      .createQueryBuilder('u')
      .where('u.workspace_id = :ws', { ws: caller.workspaceId });
    if (filter) whereFilter(query, filter, USER_ATTRIBUTES);
    const total = await query.getCount();
    const users =
      count === 0
        ? []
        : await query
            .orderBy('u.created_at', 'ASC')
            .addOrderBy('u.id', 'ASC')
            .offset(startIndex - 1)
            .limit(count)
            .getMany();
    return { users, total };
  }

  async get(caller: ScimCaller, id: string): Promise<User> {
    const user = isId(id)
      ? await this.db.getRepository(User).findOneBy({ id, workspaceId: caller.workspaceId })
      : null;
    if (!user) throw ScimErrors.userNotFound(id);
    return user;
  }

  /** A new member of the token's workspace: role customer_facing, no password (SSO signs in). */
  async create(caller: ScimCaller, body: unknown): Promise<User> {
    const fields = userFromBody(body);
    const user = await this.db
      .transaction(async (m) => {
        // The address may belong to any workspace: the answer is the same and names no one.
        const [taken] = await m.query('SELECT 1 FROM users WHERE email = $1', [fields.userName]);
        if (taken) throw ScimErrors.userNameTaken();
        const created = await m.getRepository(User).save(
          m.getRepository(User).create({
            workspaceId: caller.workspaceId,
            email: fields.userName,
            firstName: fields.givenName,
            lastName: fields.familyName,
            passwordHash: '',
            roles: ['customer_facing'],
            // The identity provider vouches for the address it provisions.
            emailVerifiedAt: new Date(),
            scimExternalId: fields.externalId,
            deactivatedAt: fields.active ? null : new Date(),
          }),
        );
        // An open invitation for the address has nothing left to do.
        await m.query(
          `UPDATE invitations SET revoked_at = now()
          WHERE workspace_id = $1 AND email = $2 AND accepted_at IS NULL AND revoked_at IS NULL`,
          [caller.workspaceId, fields.userName],
        );
        return created;
      })
      .catch(uniqueAsConflict);
    this.logger.info('SCIM created a member', { userId: user.id, tokenId: caller.tokenId });
    await this.record(caller, 'scim.user_created', user);
    if (!fields.active) await this.record(caller, 'scim.user_deactivated', user);
    return user;
  }

  /** PUT: the whole resource is replaced by the body (absent `active` keeps the current state). */
  async replace(caller: ScimCaller, id: string, body: unknown): Promise<User> {
    const current = await this.get(caller, id);
    return this.change(caller, current, userFromBody(body, userFields(current)));
  }

  async patch(caller: ScimCaller, id: string, body: unknown): Promise<User> {
    const operations = patchOperations(body);
    const current = await this.get(caller, id);
    return this.change(caller, current, applyUserPatch(userFields(current), operations));
  }

  /** Removes the member (like removal by an admin: never the workspace's last active admin). */
  async delete(caller: ScimCaller, id: string): Promise<void> {
    if (!isId(id)) throw ScimErrors.userNotFound(id);
    const removed = await this.db.transaction(async (m) => {
      const admins = await lockWorkspaceAdmins(m.query.bind(m), caller.workspaceId);
      const target = await m.getRepository(User).findOne({
        where: { id, workspaceId: caller.workspaceId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!target) throw ScimErrors.userNotFound(id);
      if (target.roles.includes('admin') && !admins.some((a) => a !== target.id))
        throw ScimErrors.lastAdmin();
      // Keys, refresh tokens and group memberships go with the row (cascades).
      await m.getRepository(User).delete(target.id);
      return target;
    });
    this.logger.info('SCIM removed a member', { userId: id, tokenId: caller.tokenId });
    await this.record(caller, 'scim.user_deleted', removed);
  }

  /**
   * Writes the new fields in one transaction. Deactivation also bumps the token version (every
   * access token ends), revokes every refresh token and every API key of the person;
   * reactivation only clears the mark (the API keys stay revoked).
   */
  private async change(caller: ScimCaller, current: User, next: ScimUserFields): Promise<User> {
    const before = userFields(current);
    const deactivating = before.active && !next.active;
    const reactivating = !before.active && next.active;
    const updated = await this.db
      .transaction(async (m) => {
        const admins = deactivating
          ? await lockWorkspaceAdmins(m.query.bind(m), caller.workspaceId)
          : [];
        const user = await m.getRepository(User).findOne({
          where: { id: current.id, workspaceId: caller.workspaceId },
          lock: { mode: 'pessimistic_write' },
        });
        if (!user) throw ScimErrors.userNotFound(current.id);
        if (next.userName !== user.email) {
          const [taken] = await m.query('SELECT 1 FROM users WHERE email = $1 AND id <> $2', [
            next.userName,
            user.id,
          ]);
          if (taken) throw ScimErrors.userNameTaken();
        }
        if (deactivating && user.roles.includes('admin') && !admins.some((a) => a !== user.id))
          throw ScimErrors.lastAdmin();
        // A new address is the IdP's word too: verified as of now (never the old one's proof).
        if (next.userName !== user.email) user.emailVerifiedAt = new Date();
        Object.assign(user, {
          email: next.userName,
          firstName: next.givenName,
          lastName: next.familyName,
          scimExternalId: next.externalId,
        });
        if (deactivating) await this.deactivate(m, user);
        if (reactivating) user.deactivatedAt = null;
        return m.getRepository(User).save(user);
      })
      .catch(uniqueAsConflict);
    const changed =
      before.userName !== next.userName ||
      before.externalId !== next.externalId ||
      before.givenName !== next.givenName ||
      before.familyName !== next.familyName;
    if (changed) await this.record(caller, 'scim.user_updated', updated, { before, after: next });
    if (deactivating) {
      this.logger.info('SCIM deactivated a member', {
        userId: updated.id,
        tokenId: caller.tokenId,
      });
      await this.record(caller, 'scim.user_deactivated', updated);
    }
    if (reactivating) await this.record(caller, 'scim.user_reactivated', updated);
    return updated;
  }

  private async deactivate(m: EntityManager, user: User) {
    user.deactivatedAt = new Date();
    user.tokenVersion += 1;
    await this.sessions.revokeAllFor(user.id, m);
    await m.query(
      `UPDATE api_keys SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL`,
      [user.id],
    );
  }

  private record(
    caller: ScimCaller,
    action: AuditAction,
    user: User,
    details?: { before: ScimUserFields; after: ScimUserFields },
  ) {
    return this.audit.record(scimActor(caller), action, {
      type: 'user',
      id: user.id,
      label: user.email,
      details: { scimTokenId: caller.tokenId, ...(details ? changedFields(details) : {}) },
    });
  }
}

/** The audit log's actor for what the identity provider did: no person, labelled SCIM. */
export function scimActor(caller: ScimCaller) {
  return { workspaceId: caller.workspaceId, userId: null, email: 'SCIM', client: caller.client };
}

function changedFields({ before, after }: { before: ScimUserFields; after: ScimUserFields }) {
  const keys = (['userName', 'externalId', 'givenName', 'familyName'] as const).filter(
    (k) => before[k] !== after[k],
  );
  return { changed: keys };
}

/** Two creations of one address at once: the unique index answers, as a SCIM conflict. */
function uniqueAsConflict(error: unknown): never {
  if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw ScimErrors.userNameTaken();
  throw error;
}
