import type { NotificationsService } from '../notifications/notifications.service.js';
import type { AuditLog } from '../audit/audit-log.js';
import { In, IsNull, type DataSource } from 'typeorm';
import type { Mailer } from '../../mail/mailer.js';
import { hashToken, randomToken } from '../../security/app-keys.js';
import { assertId } from '../../shared/ids.js';
import type { Logger } from '../../shared/logger.js';
import { AuthErrors } from '../auth/auth.errors.js';
import { checkPassword } from '../auth/password-policy.js';
import { hashPassword } from '../auth/passwords.js';
import { ROLES, isRoleKey, type RoleKey } from '../identity/permissions.js';
import { requireCurrentPermission, requirePersonSession } from '../identity/require-permission.js';
import type { Viewer } from '../identity/viewer.js';
import { parseEmailList } from './email-list.js';
import { Invitation } from './invitation.entity.js';
import { MemberErrors } from './members.errors.js';
import { User } from '../identity/user.entity.js';
import { Workspace } from '../identity/workspace.entity.js';

export const MAX_INVITES_PER_REQUEST = 50;
export const INVITATION_TTL_DAYS = 7;
const MESSAGE_MAX = 1000;
const RESEND_COOLDOWN_SECONDS = 60;
const NAME_MAX = 100;

export type SkipReason = 'INVALID_EMAIL' | 'ALREADY_MEMBER' | 'ALREADY_INVITED';
const SKIP_MESSAGES: Record<SkipReason, string> = {
  INVALID_EMAIL: 'Not an email address.',
  ALREADY_MEMBER: 'Already a member of this workspace.',
  ALREADY_INVITED: 'Already invited and not yet accepted: resend that invitation instead.',
};

export interface InviteOutcome {
  invited: Invitation[];
  skipped: { email: string; reason: SkipReason; message: string }[];
}

/** Invitations by link: invite, resend, revoke, and accepting one to join the workspace. */
export class InvitationsService {
  /** The bell: whoever invited someone hears that they joined. */
  notifications?: Pick<NotificationsService, 'notify'>;

  constructor(
    private readonly db: DataSource,
    private readonly tokenKey: Buffer,
    private readonly mailer: Mailer,
    private readonly logger: Logger,
    private readonly publicUrl: string,
    private readonly audit: AuditLog,
  ) {}

  async invite(
    viewer: Viewer,
    input: { emails: string; message?: string | null; roles?: string[] },
  ): Promise<InviteOutcome> {
    requirePersonSession(viewer);
    requireCurrentPermission(viewer, 'user.write');
    const roles = this.checkRoles(input.roles ?? ['customer_facing']);
    const message = input.message?.trim() || null;
    if (message && message.length > MESSAGE_MAX) throw MemberErrors.messageTooLong(MESSAGE_MAX);
    const { valid, invalid } = parseEmailList(input.emails ?? '');
    if (valid.length + invalid.length === 0) throw MemberErrors.noAddresses();
    if (valid.length > MAX_INVITES_PER_REQUEST)
      throw MemberErrors.tooManyAddresses(MAX_INVITES_PER_REQUEST);

    const skipped: InviteOutcome['skipped'] = invalid.map((email) => skip(email, 'INVALID_EMAIL'));
    const accounts = valid.length
      ? await this.db.getRepository(User).find({ where: { email: In(valid) } })
      : [];
    const open = valid.length
      ? await this.db.getRepository(Invitation).find({
          where: {
            workspaceId: viewer.workspaceId,
            email: In(valid),
            acceptedAt: IsNull(),
            revokedAt: IsNull(),
          },
        })
      : [];
    const toInvite: string[] = [];
    for (const email of valid) {
      // An account in another workspace is invited like anyone else: the inviter must not learn
      // that the address has a Lumen account. The mail tells its owner why joining cannot work.
      const account = accounts.find((u) => u.email === email);
      if (account?.workspaceId === viewer.workspaceId) skipped.push(skip(email, 'ALREADY_MEMBER'));
      else if (open.some((i) => i.email === email && i.expiresAt > new Date()))
        skipped.push(skip(email, 'ALREADY_INVITED'));
      else toInvite.push(email);
    }

    const invited: Invitation[] = [];
    const workspace = await this.workspaceOf(viewer.workspaceId);
    for (const email of toInvite) {
      const token = randomToken();
      const invitation = await this.db.transaction(async (m) => {
        // An expired open invitation for the address gives way to the new one.
        await m
          .getRepository(Invitation)
          .update(
            { workspaceId: viewer.workspaceId, email, acceptedAt: IsNull(), revokedAt: IsNull() },
            { revokedAt: new Date() },
          );
        return m.getRepository(Invitation).save({
          workspaceId: viewer.workspaceId,
          email,
          roles,
          message,
          tokenHash: hashToken(this.tokenKey, token),
          invitedById: viewer.userId,
          expiresAt: daysFromNow(INVITATION_TTL_DAYS),
          lastSentAt: new Date(),
          sendCount: 1,
          tokenMailed: true,
        });
      });
      await this.sendMail(invitation, token, workspace, viewer.user);
      await this.audit.record(viewer, 'invitation.sent', {
        type: 'invitation',
        id: invitation.id,
        label: email,
        details: { roles: invitation.roles },
      });
      invited.push(Object.assign(invitation, { invitedBy: viewer.user }));
    }
    this.logger.info('Invitations sent', {
      by: viewer.userId,
      invited: invited.length,
      skipped: skipped.length,
    });
    return { invited, skipped };
  }

  /** Open invitations of the workspace (expired ones too, so they can be resent). */
  async listOpen(viewer: Viewer): Promise<Invitation[]> {
    return this.db.getRepository(Invitation).find({
      where: { workspaceId: viewer.workspaceId, acceptedAt: IsNull(), revokedAt: IsNull() },
      relations: { invitedBy: true },
      order: { createdAt: 'DESC' },
      take: 500,
    });
  }

  /** A new link (the old one stops working), a fresh expiry, and the mail again. */
  async resend(viewer: Viewer, id: string): Promise<Invitation> {
    requirePersonSession(viewer);
    requireCurrentPermission(viewer, 'user.write');
    const invitation = await this.openInvitation(viewer, id);
    const waited = (Date.now() - invitation.lastSentAt.getTime()) / 1000;
    if (waited < RESEND_COOLDOWN_SECONDS)
      throw MemberErrors.resendTooSoon(Math.ceil(RESEND_COOLDOWN_SECONDS - waited));
    const token = randomToken();
    Object.assign(invitation, {
      tokenHash: hashToken(this.tokenKey, token),
      expiresAt: daysFromNow(INVITATION_TTL_DAYS),
      lastSentAt: new Date(),
      sendCount: invitation.sendCount + 1,
      tokenMailed: true,
    });
    await this.db.getRepository(Invitation).save(invitation);
    await this.sendMail(invitation, token, await this.workspaceOf(viewer.workspaceId), viewer.user);
    await this.audit.record(viewer, 'invitation.sent', {
      type: 'invitation',
      id: invitation.id,
      label: invitation.email,
      details: { roles: invitation.roles },
    });
    return invitation;
  }

  /**
   * A new link to hand over another way (chat, in person) instead of mail: the previous link
   * stops working (only a hash of the token is stored, so an old link cannot be shown again).
   */
  async link(viewer: Viewer, id: string): Promise<{ url: string; invitation: Invitation }> {
    requirePersonSession(viewer);
    requireCurrentPermission(viewer, 'user.write');
    const invitation = await this.openInvitation(viewer, id);
    const token = randomToken();
    Object.assign(invitation, {
      tokenHash: hashToken(this.tokenKey, token),
      expiresAt: daysFromNow(INVITATION_TTL_DAYS),
      // Handed over another way: accepting it will not prove the address.
      tokenMailed: false,
    });
    await this.db.getRepository(Invitation).save(invitation);
    await this.audit.record(viewer, 'invitation.link_created', {
      type: 'invitation',
      id: invitation.id,
      label: invitation.email,
    });
    return { url: this.acceptUrl(token), invitation };
  }

  async revoke(viewer: Viewer, id: string): Promise<void> {
    requireCurrentPermission(viewer, 'user.write');
    const invitation = await this.openInvitation(viewer, id);
    await this.db.getRepository(Invitation).update(invitation.id, { revokedAt: new Date() });
    await this.audit.record(viewer, 'invitation.revoked', {
      type: 'invitation',
      id: invitation.id,
      label: invitation.email,
    });
  }

  /** What the invitee sees before accepting (public: the token is the credential). */
  async preview(token: string) {
    const invitation = await this.usable(token);
    const workspace = await this.workspaceOf(invitation.workspaceId);
    const inviter = invitation.invitedById
      ? await this.db.getRepository(User).findOne({ where: { id: invitation.invitedById } })
      : null;
    return {
      email: invitation.email,
      workspaceName: workspace.name,
      invitedByName: inviter ? displayName(inviter) : null,
      roles: invitation.roles,
      expiresAt: invitation.expiresAt,
    };
  }

  /** Creates the invitee's account in the workspace with the invited roles; the link is spent. */
  async accept(input: {
    token: string;
    firstName: string;
    lastName: string;
    password: string;
  }): Promise<User> {
    const invitation = await this.usable(input.token);
    const firstName = (input.firstName ?? '').trim();
    const lastName = (input.lastName ?? '').trim();
    if (!firstName || firstName.length > NAME_MAX || lastName.length > NAME_MAX) {
      throw MemberErrors.nameRequired();
    }
    await checkPassword(input.password ?? '', invitation.email);
    const passwordHash = await hashPassword(input.password);
    let user: User;
    try {
      user = await this.db.transaction(async (m) => {
        const claimed = await m
          .createQueryBuilder()
          .update(Invitation)
          .set({ acceptedAt: () => 'now()' })
          .where('id = :id AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > now()', {
            id: invitation.id,
          })
          .execute();
        if (!claimed.affected) throw MemberErrors.invalidInvitation();
        const user = await m.getRepository(User).save({
          workspaceId: invitation.workspaceId,
          email: invitation.email,
          firstName,
          lastName,
          passwordHash,
          roles: invitation.roles,
          // A link mailed to the address proves it; a copied one was handed over another way.
          emailVerifiedAt: invitation.tokenMailed ? new Date() : null,
        });
        return user;
      });
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw AuthErrors.emailTaken();
      throw error;
    }
    await this.audit.record(
      { workspaceId: user.workspaceId, userId: user.id, email: user.email },
      'invitation.accepted',
      { type: 'invitation', id: invitation.id, label: invitation.email },
    );
    await this.notifications?.notify({
      workspaceId: user.workspaceId,
      userIds: [invitation.invitedById],
      kind: 'invitation_accepted',
      title: `${`${firstName} ${lastName}`.trim()} joined the workspace`,
      body: `${invitation.email} accepted your invitation.`,
      link: '/app/users',
    });
    return user;
  }

  private async usable(token: string): Promise<Invitation> {
    if (!token) throw MemberErrors.invalidInvitation();
    const invitation = await this.db
      .getRepository(Invitation)
      .findOne({ where: { tokenHash: hashToken(this.tokenKey, token) } });
    if (
      !invitation ||
      invitation.acceptedAt ||
      invitation.revokedAt ||
      invitation.expiresAt <= new Date()
    ) {
      throw MemberErrors.invalidInvitation();
    }
    return invitation;
  }

  private async openInvitation(viewer: Viewer, id: string) {
    assertId(id, 'No such invitation in this workspace.');
    const invitation = await this.db.getRepository(Invitation).findOne({
      where: { id, workspaceId: viewer.workspaceId, acceptedAt: IsNull(), revokedAt: IsNull() },
    });
    if (!invitation) throw MemberErrors.invitationNotFound();
    return invitation;
  }

  private checkRoles(roles: string[]): RoleKey[] {
    const unique = [...new Set(roles)];
    if (unique.length === 0 || !unique.every(isRoleKey)) throw MemberErrors.invalidRoles();
    return unique;
  }

  private acceptUrl(token: string): string {
    return `${this.publicUrl}/accept-invite?token=${encodeURIComponent(token)}`;
  }

  private async workspaceOf(id: string) {
    return this.db.getRepository(Workspace).findOneOrFail({ where: { id } });
  }

  private async sendMail(
    invitation: Invitation,
    token: string,
    workspace: Workspace,
    inviter: User,
  ) {
    const link = this.acceptUrl(token);
    const roleLabels = invitation.roles.map((r) => ROLES[r].label).join(', ');
    const hasAccount = await this.db
      .getRepository(User)
      .exists({ where: { email: invitation.email } });
    const lines = hasAccount
      ? [
          `${displayName(inviter)} invited you to join ${workspace.name} on Lumen as ${roleLabels}.`,
          '',
          'Your address already has a Lumen account in another workspace, and an address belongs to one workspace only.',
          `To join ${workspace.name}, ask ${displayName(inviter)} to invite another address of yours.`,
          '',
          `Sign in to your workspace: ${this.publicUrl}/signin`,
        ]
      : [
          `${displayName(inviter)} invited you to join ${workspace.name} on Lumen as ${roleLabels}.`,
          ...(invitation.message ? ['', `"${invitation.message}"`] : []),
          '',
          `Accept the invitation: ${link}`,
          '',
          `The link works once and expires on ${invitation.expiresAt.toUTCString()}.`,
        ];
    await this.mailer.send({
      to: invitation.email,
      subject: `${displayName(inviter)} invited you to ${workspace.name} on Lumen`,
      text: lines.join('\n'),
    });
  }
}

function skip(email: string, reason: SkipReason) {
  return { email, reason, message: SKIP_MESSAGES[reason] };
}

function daysFromNow(days: number) {
  return new Date(Date.now() + days * 24 * 60 * 60 * 1000);
}

export function displayName(user: Pick<User, 'firstName' | 'lastName' | 'email'>) {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}
