import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { isId } from '../../shared/ids.js';
import type { Logger } from '../../shared/logger.js';
import type { AuditLog } from '../audit/audit-log.js';
import type { AuthService, SignedIn } from '../auth/auth.service.js';
import type { RoleKey } from '../identity/permissions.js';
import { requireCurrentPermission, requirePersonSession } from '../identity/require-permission.js';
import type { Viewer } from '../identity/viewer.js';
import { emailDomain } from '../../shared/email-domain.js';
import { MemberErrors } from './members.errors.js';
import { User } from '../identity/user.entity.js';
import { Workspace } from '../identity/workspace.entity.js';
import type { NotificationsService } from '../notifications/notifications.service.js';

/** The role of someone who joins by domain: the invitation default, the least one. */
export const DOMAIN_JOIN_ROLE: RoleKey = 'customer_facing';

export interface JoinableWorkspace {
  id: string;
  name: string;
  /** The verified domain of the caller's address that lets them in. */
  domain: string;
}

/**
 * Joining the team's workspace by email domain, instead of waiting for an invitation. A user is
 * in exactly one workspace, so joining MOVES a new account out of its own fresh, empty workspace
 * (which is then deleted) into the team's, with the default role. Only a verified address
 * counts, and only at a domain the team's workspace proved by DNS, and only when its admins
 * turned joining on.
 */
export class DomainJoinService {
  constructor(
    private readonly db: DataSource,
    private readonly auth: AuthService,
    private readonly audit: AuditLog,
    private readonly logger: Logger,
    /** Tells the team's admins someone joined (absent in tests that do not need it). */
    private readonly notifications?: NotificationsService,
  ) {}

  /** Admins turn joining by domain on or off for their workspace. */
  async setJoinByDomain(viewer: Viewer, enabled: boolean): Promise<Workspace> {
    requirePersonSession(viewer);
    requireCurrentPermission(viewer, 'user.write');
    const repo = this.db.getRepository(Workspace);
    const workspace = await repo.findOneByOrFail({ id: viewer.workspaceId });
    if (workspace.joinByDomain === enabled) return workspace;
    await repo.update(workspace.id, { joinByDomain: enabled });
    await this.audit.record(viewer, 'workspace.join_by_domain_changed', {
      type: 'workspace',
      id: workspace.id,
      label: enabled ? 'on' : 'off',
      details: { enabled },
    });
    return Object.assign(workspace, { joinByDomain: enabled });
  }

  /**
   * The workspaces the caller may join: empty unless their address is verified and they are
   * the only member of their own workspace (a member of a team is not offered to leave it).
   */
  async joinable(viewer: Viewer): Promise<JoinableWorkspace[]> {
    if (viewer.apiKeyId || !viewer.user.emailVerifiedAt) return [];
    const domain = emailDomain(viewer.user.email);
    if (!domain) return [];
    const [others] = await this.db.query(
      `SELECT count(*)::int AS n FROM users WHERE workspace_id = $1 AND id <> $2`,
      [viewer.workspaceId, viewer.userId],
    );
    if (others.n > 0) return [];
    return this.openTo(this.db.manager, domain, viewer.workspaceId);
  }

  /**
   * Moves the caller into the workspace with the default role, deletes their old (solo, empty)
   * workspace, ends every session of theirs and answers a new one (the token names the
   * workspace). One transaction: either all of it happens or nothing does.
   */
  async join(viewer: Viewer, workspaceId: string): Promise<SignedIn> {
    requirePersonSession(viewer);
    if (!isId(workspaceId)) throw MemberErrors.notJoinable();
    const remember = await this.remembered(viewer);
    const { user, team, soloId } = await this.db.transaction(async (m) => {
      const user = await m.getRepository(User).findOne({
        where: { id: viewer.userId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!user || user.deactivatedAt) throw MemberErrors.notJoinable();
      const domain = user.emailVerifiedAt ? emailDomain(user.email) : null;
      const open = domain ? await this.openTo(m, domain, user.workspaceId) : [];
      const team = open.find((w) => w.id === workspaceId);
      if (!team) throw MemberErrors.notJoinable();
      const soloId = user.workspaceId;
      await this.checkSolo(m, soloId, user.id);
      await m.getRepository(User).update(user.id, {
        workspaceId: team.id,
        roles: [DOMAIN_JOIN_ROLE],
        // Every token naming the old workspace stops working at once.
        tokenVersion: user.tokenVersion + 1,
      });
      await this.auth.sessions.revokeAllFor(user.id, m);
      await deleteWorkspace(m, soloId);
      return {
        user: await m.getRepository(User).findOneByOrFail({ id: user.id }),
        team,
        soloId,
      };
    });
    this.logger.info('Member joined a workspace by domain', {
      userId: user.id,
      workspaceId: team.id,
      from: soloId,
    });
    await this.audit.record(
      { workspaceId: team.id, userId: user.id, email: user.email, client: viewer.client },
      'member.joined_by_domain',
      { type: 'user', id: user.id, label: user.email, details: { domain: team.domain } },
    );
    const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
    await this.notifications?.notify({
      workspaceId: team.id,
      userIds: (await this.notifications.admins(team.id)).filter((id) => id !== user.id),
      kind: 'member_joined',
      title: `${name} joined the workspace`,
      body: `${user.email} joined by the ${team.domain} domain (role: Customer-facing prod).`,
      link: '/app/users',
    });
    return this.auth.startVerifiedSession(user, randomUUID(), remember);
  }

  /**
   * Workspaces other than `exceptId` that proved `domain` and let people join by it. Not one
   * that requires single sign-on: its people come in through the identity provider, and a join
   * would start a session the IdP never saw.
   */
  private async openTo(
    m: EntityManager,
    domain: string,
    exceptId: string,
  ): Promise<JoinableWorkspace[]> {
    return m.query(
      `SELECT w.id, w.name, d.domain
         FROM sso_domains d JOIN workspaces w ON w.id = d.workspace_id
        WHERE d.domain = $1 AND d.verified_at IS NOT NULL AND w.join_by_domain
          AND NOT w.sso_enforced AND w.id <> $2
        ORDER BY w.name`,
      [domain, exceptId],
    );
  }

  /**
   * The old workspace must be the person's alone and empty: locked first, so nothing is added
   * to it (a member, a source, a bot: their foreign keys wait on the lock) while it is checked.
   */
  private async checkSolo(m: EntityManager, workspaceId: string, userId: string): Promise<void> {
    await m.query(`SELECT 1 FROM workspaces WHERE id = $1 FOR UPDATE`, [workspaceId]);
    const [row] = await m.query(
      `SELECT
         (SELECT count(*)::int FROM users WHERE workspace_id = $1 AND id <> $2) AS members,
         (SELECT count(*)::int FROM sources WHERE workspace_id = $1) AS sources,
         (SELECT count(*)::int FROM bots WHERE workspace_id = $1) AS bots`,
      [workspaceId, userId],
    );
    if (row.members > 0) throw MemberErrors.joinNotAlone();
    // (Every document belongs to a source: no source, no document.)
    if (row.sources + row.bots > 0) throw MemberErrors.joinNotEmpty();
  }

  /** Whether the caller's session was a "Remember me" one (the new session keeps that). */
  private async remembered(viewer: Viewer): Promise<boolean> {
    if (!viewer.sessionId) return false;
    const [row] = await this.db.query(
      `SELECT bool_or(remember) AS remember FROM refresh_tokens WHERE family_id = $1 AND user_id = $2`,
      [viewer.sessionId, viewer.userId],
    );
    return row?.remember === true;
  }
}

/**
 * Tables naming a workspace without a foreign key to it (so nothing cascades): cleared when a
 * solo workspace is deleted. test/domain-join.test.ts fails when a new table with a
 * `workspace_id` is in neither list and does not cascade from `workspaces`.
 */
export const CLEARED_WITH_WORKSPACE = [
  'answer_feedback',
  'api_keys',
  'audit_events',
  'connector_oauth_states',
  'document_views',
  'integration_settings',
  'linked_account_states',
  'linked_accounts',
  'notifications',
  'pending_uploads',
  'provider_keys',
  'search_history',
] as const;
/**
 * Tables with a `workspace_id` but no rows of their own to clear: a solo workspace was checked
 * to hold no documents (so no chunks or embeddings, which would be slow to scan), and turns
 * cascade from their conversation.
 */
export const GONE_WITHOUT_CLEARING = [
  'documents',
  'chunks',
  'chunk_embeddings',
  'conversation_turns',
] as const;

/** Deletes a (solo, empty) workspace with everything that names it. */
async function deleteWorkspace(m: EntityManager, workspaceId: string): Promise<void> {
  for (const table of CLEARED_WITH_WORKSPACE)
    await m.query(`DELETE FROM ${table} WHERE workspace_id = $1`, [workspaceId]);
  // The rest (conversations, groups, invitations, SSO settings...) cascade from the workspace.
  await m.query(`DELETE FROM workspaces WHERE id = $1`, [workspaceId]);
}
