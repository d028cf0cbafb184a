import { IsNull, type EntityManager } from 'typeorm';
import type { RoleKey } from '../identity/permissions.js';
import { Invitation } from '../members/invitation.entity.js';
import { lockWorkspaceAdmins } from '../members/members.service.js';
import { User } from '../identity/user.entity.js';
import type { SsoConnection } from './sso-connection.entity.js';
import { SsoIdentity } from './sso-identity.entity.js';
import { GOOGLE_ISSUER, emailDomain } from './sso-input.js';

/** The claims Lumen reads from the ID token (and userinfo, for what the token lacks). */
export type IdClaims = Record<string, unknown> & { sub: string };

export type RefusalReason =
  | 'no_email'
  | 'domain_not_allowed'
  | 'other_workspace'
  | 'deactivated'
  | 'email_unverified'
  | 'identity_conflict'
  | 'jit_disabled';

export const REFUSAL_MESSAGES: Record<RefusalReason, string> = {
  no_email:
    'The identity provider did not send an email address. Ask your administrator to add the email scope.',
  domain_not_allowed: 'Your email domain is not allowed for this single sign-on connection.',
  other_workspace: 'This email address already belongs to another Lumen workspace.',
  deactivated: 'Your Lumen account is deactivated. Ask your administrator.',
  email_unverified:
    'This address already has a Lumen account, and the identity provider does not vouch for the email address, so it cannot be linked. Ask your administrator.',
  identity_conflict:
    'Your Lumen account is already linked to another account at this identity provider. Ask your administrator.',
  jit_disabled:
    'Just-in-time sign-up is off and there is no invitation for this address. Ask your administrator to invite you.',
};

export type Membership =
  | {
      ok: true;
      user: User;
      outcome: 'existing' | 'linked' | 'invited' | 'created';
      roles?: { from: RoleKey[]; to: RoleKey[]; keptLastAdmin: boolean };
      /** The invitation the sign-in accepted (outcome 'invited'). */
      invitationId?: string;
    }
  | { ok: false; reason: RefusalReason; userId?: string };

const RANK: RoleKey[] = ['admin', 'product_expert', 'customer_facing'];
const NAME_MAX = 100;

/**
 * Who a verified sign-in is, by the rules: the IdP's subject first; else an existing member of
 * this workspace with the same email, only when the IdP vouches for the email and the domain is
 * proven; else a pending invitation; else just-in-time sign-up when it is on. Runs inside the
 * caller's transaction.
 */
export async function resolveMember(
  m: EntityManager,
  connection: SsoConnection,
  claims: IdClaims,
): Promise<Membership> {
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  const domain = email.length <= 254 ? emailDomain(email) : null;
  if (!domain || !/^[^\s@]+@[^\s@]+$/.test(email)) return { ok: false, reason: 'no_email' };
  if (!(await domainProven(m, connection, domain, claims)))
    return { ok: false, reason: 'domain_not_allowed' };

  const identities = m.getRepository(SsoIdentity);
  const users = m.getRepository(User);
  const identity = await identities.findOne({
    where: { connectionId: connection.id, subject: claims.sub },
    lock: { mode: 'pessimistic_write' },
  });
  if (identity) {
    const user = await users.findOne({ where: { id: identity.userId } });
    if (!user || user.workspaceId !== connection.workspaceId)
      return { ok: false, reason: 'other_workspace' };
    if (user.deactivatedAt) return { ok: false, reason: 'deactivated', userId: user.id };
    await identities.update(identity.id, { emailAtLogin: email, lastLoginAt: new Date() });
    await vouchForEmail(m, user, email, claims);
    return withRoles(m, connection, claims, user, 'existing');
  }

  const existing = await users.findOne({ where: { email } });
  if (existing) {
    if (existing.workspaceId !== connection.workspaceId)
      return { ok: false, reason: 'other_workspace' };
    if (existing.deactivatedAt) return { ok: false, reason: 'deactivated', userId: existing.id };
    // An IdP that does not vouch for the address cannot take over the account that uses it.
    if (!emailVerified(claims))
      return { ok: false, reason: 'email_unverified', userId: existing.id };
    if (await identities.exists({ where: { connectionId: connection.id, userId: existing.id } }))
      return { ok: false, reason: 'identity_conflict', userId: existing.id };
    await link(m, connection, claims, existing, email);
    await vouchForEmail(m, existing, email, claims);
    return withRoles(m, connection, claims, existing, 'linked');
  }

  const invitation = await m.getRepository(Invitation).findOne({
    where: {
      workspaceId: connection.workspaceId,
      email,
      acceptedAt: IsNull(),
      revokedAt: IsNull(),
    },
  });
  if (invitation && invitation.expiresAt > new Date()) {
    const [claimed]: [unknown[], number] = await m.query(
      `UPDATE invitations SET accepted_at = now()
        WHERE id = $1 AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > now()
        RETURNING id`,
      [invitation.id],
    );
    if (claimed.length) {
      const user = await createMember(m, connection, claims, email, invitation.roles);
      const joined = await withRoles(m, connection, claims, user, 'invited');
      return joined.ok ? { ...joined, invitationId: invitation.id } : joined;
    }
  }
  if (!connection.jitEnabled) return { ok: false, reason: 'jit_disabled' };
  const user = await createMember(m, connection, claims, email, [connection.defaultRole]);
  return withRoles(m, connection, claims, user, 'created');
}

/**
 * The domain is one the connection serves and is proven for its workspace: a DNS TXT record,
 * or for Google, the `hd` claim naming the connection's domain (unless another workspace
 * proved the domain by DNS).
 */
async function domainProven(
  m: EntityManager,
  connection: SsoConnection,
  domain: string,
  claims: IdClaims,
): Promise<boolean> {
  if (!connection.domains.includes(domain)) return false;
  const rows: { workspace_id: string }[] = await m.query(
    `SELECT workspace_id FROM sso_domains WHERE domain = $1 AND verified_at IS NOT NULL`,
    [domain],
  );
  if (rows.some((r) => r.workspace_id === connection.workspaceId)) return true;
  if (rows.length || connection.issuer !== GOOGLE_ISSUER) return false;
  const hd = typeof claims.hd === 'string' ? claims.hd.toLowerCase() : '';
  return hd !== '' && connection.domains.includes(hd);
}

/** Only an explicit yes (Cognito and some others send the string "true"). */
export function emailVerified(claims: IdClaims): boolean {
  return claims.email_verified === true || claims.email_verified === 'true';
}

async function link(
  m: EntityManager,
  connection: SsoConnection,
  claims: IdClaims,
  user: User,
  email: string,
) {
  await m.getRepository(SsoIdentity).insert({
    connectionId: connection.id,
    subject: claims.sub,
    userId: user.id,
    emailAtLogin: email,
    lastLoginAt: new Date(),
  });
}

async function createMember(
  m: EntityManager,
  connection: SsoConnection,
  claims: IdClaims,
  email: string,
  roles: RoleKey[],
): Promise<User> {
  const { firstName, lastName } = namesOf(claims);
  // No password: verifyPassword('') is always false, so only SSO (or a reset) signs them in.
  const user = await m.getRepository(User).save({
    workspaceId: connection.workspaceId,
    email,
    firstName,
    lastName,
    passwordHash: '',
    roles,
    emailVerifiedAt: emailVerified(claims) ? new Date() : null,
  });
  await link(m, connection, claims, user, email);
  return user;
}

/**
 * The identity provider vouches for the address (email_verified, at a domain proven for the
 * workspace): the member's address counts as verified from now on.
 */
async function vouchForEmail(m: EntityManager, user: User, email: string, claims: IdClaims) {
  if (user.emailVerifiedAt || user.email !== email || !emailVerified(claims)) return;
  user.emailVerifiedAt = new Date();
  await m.getRepository(User).update(user.id, { emailVerifiedAt: user.emailVerifiedAt });
}

function namesOf(claims: IdClaims): { firstName: string; lastName: string } {
  const clip = (v: unknown) =>
    typeof v === 'string' ? v.trim().replace(/\s+/g, ' ').slice(0, NAME_MAX) : '';
  let firstName = clip(claims.given_name);
  let lastName = clip(claims.family_name);
  if (!firstName && !lastName) {
    const parts = clip(claims.name).split(' ');
    firstName = parts[0] ?? '';
    lastName = parts.slice(1).join(' ');
  }
  return { firstName, lastName };
}

/** The groups the IdP names in the configured claim, or null when the claim is absent. */
export function groupsOf(claims: IdClaims, claim: string): string[] | null {
  const value = claims[claim];
  if (value === undefined || value === null) return null;
  const list = Array.isArray(value) ? value : [value];
  return list.filter((g): g is string => typeof g === 'string').slice(0, 1000);
}

/**
 * The role the group mapping gives: the highest of the matching groups' roles, else the
 * default role. Null when the mapping does not apply (no claim configured, no pairs, or the
 * token does not carry the claim at all: a misconfigured IdP must not demote everyone).
 */
export function mappedRole(connection: SsoConnection, claims: IdClaims): RoleKey | null {
  if (!connection.groupsClaim || connection.groupRoles.length === 0) return null;
  const groups = groupsOf(claims, connection.groupsClaim);
  if (groups === null) return null;
  const matched = connection.groupRoles.filter((p) => groups.includes(p.group)).map((p) => p.role);
  return RANK.find((role) => matched.includes(role)) ?? connection.defaultRole;
}

/** Applies the group mapping at every sign-in; the last admin of the workspace keeps admin. */
async function withRoles(
  m: EntityManager,
  connection: SsoConnection,
  claims: IdClaims,
  user: User,
  outcome: 'existing' | 'linked' | 'invited' | 'created',
): Promise<Membership> {
  const role = mappedRole(connection, claims);
  if (!role || (user.roles.length === 1 && user.roles[0] === role))
    return { ok: true, user, outcome };
  const from = [...user.roles];
  let to: RoleKey[] = [role];
  let keptLastAdmin = false;
  if (from.includes('admin') && role !== 'admin') {
    const admins = await lockWorkspaceAdmins(m.query.bind(m), user.workspaceId);
    if (admins.every((id) => id === user.id)) {
      to = ['admin'];
      keptLastAdmin = true;
    }
  }
  if (to.length === from.length && to.every((r) => from.includes(r)))
    return { ok: true, user, outcome, roles: { from, to, keptLastAdmin } };
  await m.getRepository(User).update(user.id, { roles: to });
  user.roles = to;
  return { ok: true, user, outcome, roles: { from, to, keptLastAdmin } };
}
