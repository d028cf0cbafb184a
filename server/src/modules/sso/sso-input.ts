import { isIP } from 'node:net';
import { isRoleKey, type RoleKey } from '../identity/permissions.js';
import type { GroupRole } from './sso-connection.entity.js';
import { SsoErrors } from './sso.errors.js';
import { normalizeDomain } from '../../shared/email-domain.js';

export { emailDomain, normalizeDomain } from '../../shared/email-domain.js';

export const DEFAULT_SCOPES = ['openid', 'email', 'profile'];
export const GOOGLE_ISSUER = 'https://accounts.google.com';
const NAME_MAX = 100;
const CLIENT_ID_MAX = 500;
const SECRET_MAX = 4000;
const MAX_SCOPES = 20;
const MAX_DOMAINS = 50;
const MAX_GROUP_ROLES = 100;
const GROUP_MAX = 300;
const CLAIM_MAX = 200;
// RFC 6749 scope-token characters.
const SCOPE = /^[\x21\x23-\x5B\x5D-\x7E]{1,100}$/;

/** What an admin sends (SsoConnectionInput), before it is checked. */
export interface ConnectionInput {
  name: string;
  issuer: string;
  clientId: string;
  clientSecret?: string | null;
  scopes?: string[] | null;
  domains: string[];
  jitEnabled: boolean;
  defaultRole: string;
  groupsClaim?: string | null;
  groupRoles?: { group: string; role: string }[] | null;
  enabled?: boolean | null;
}

/** The input checked and normalised; `undefined` fields keep what is stored (on update). */
export interface CleanConnection {
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  scopes: string[] | undefined;
  domains: string[];
  jitEnabled: boolean;
  defaultRole: RoleKey;
  groupsClaim: string | null;
  groupRoles: GroupRole[];
  enabled: boolean | undefined;
}

/** Checks every field, with a message naming what to fix. Nothing is stored on a refusal. */
export function cleanConnectionInput(
  input: ConnectionInput,
  opts: { allowPrivateIssuers: boolean },
): CleanConnection {
  const name = (input.name ?? '').trim().replace(/\s+/g, ' ');
  if (!name || name.length > NAME_MAX)
    throw SsoErrors.invalid('name', `Name the connection (at most ${NAME_MAX} characters).`);
  const issuer = cleanIssuer(input.issuer ?? '', opts.allowPrivateIssuers);
  const clientId = (input.clientId ?? '').trim();
  if (!clientId || clientId.length > CLIENT_ID_MAX || /\s/.test(clientId))
    throw SsoErrors.invalid('clientId', 'Enter the client id the identity provider gave you.');
  let clientSecret: string | undefined;
  if (input.clientSecret !== undefined && input.clientSecret !== null) {
    clientSecret = input.clientSecret.trim();
    if (!clientSecret || clientSecret.length > SECRET_MAX)
      throw SsoErrors.invalid(
        'clientSecret',
        'Enter the client secret, or leave it out to keep the stored one.',
      );
  }
  return {
    name,
    issuer,
    clientId,
    clientSecret,
    scopes: input.scopes ? cleanScopes(input.scopes) : undefined,
    domains: cleanDomains(input.domains ?? []),
    jitEnabled: input.jitEnabled === true,
    defaultRole: cleanRole(input.defaultRole, 'defaultRole'),
    groupsClaim: cleanClaim(input.groupsClaim),
    groupRoles: cleanGroupRoles(input.groupRoles ?? []),
    enabled: input.enabled ?? undefined,
  };
}

/**
 * An issuer is an https URL without query or fragment; with SSO_ALLOW_PRIVATE_ISSUERS an http
 * URL on a loopback or private address goes through too (tests and labs).
 */
export function cleanIssuer(raw: string, allowPrivate: boolean): string {
  const value = raw.trim().replace(/\/+$/, '');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw SsoErrors.invalid('issuer', 'Enter the issuer as a URL, e.g. https://login.example.com.');
  }
  if (url.search || url.hash || url.username || url.password)
    throw SsoErrors.invalid(
      'issuer',
      'The issuer URL has no query, fragment or credentials: enter it as the provider shows it.',
    );
  if (url.protocol === 'http:') {
    if (!allowPrivate || !isLocalHost(url.hostname))
      throw SsoErrors.invalid(
        'issuer',
        'The issuer must be an https:// URL (plain http is allowed only for loopback or private addresses when SSO_ALLOW_PRIVATE_ISSUERS is on).',
      );
  } else if (url.protocol !== 'https:') {
    throw SsoErrors.invalid('issuer', 'The issuer must be an https:// URL.');
  }
  return value;
}

/** Loopback and private names an operator may allow for a lab IdP (literal or local name). */
function isLocalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local')) return true;
  if (isIP(host) === 4)
    return /^(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|169\.254\.)/.test(host);
  if (isIP(host) === 6) return host === '::1' || /^f[cd]/i.test(host) || /^fe80:/i.test(host);
  // A plain host name in a lab (a container name such as `keycloak`).
  return !host.includes('.');
}

export function cleanScopes(scopes: string[]): string[] {
  const unique = [...new Set(scopes.map((s) => s.trim()).filter(Boolean))];
  if (unique.length > MAX_SCOPES || !unique.every((s) => SCOPE.test(s)))
    throw SsoErrors.invalid(
      'scopes',
      `Scopes are words such as openid, email, profile, groups (at most ${MAX_SCOPES}).`,
    );
  // OpenID Connect needs `openid`; it always comes first.
  return ['openid', ...unique.filter((s) => s !== 'openid')];
}

export function cleanDomains(domains: string[]): string[] {
  const out: string[] = [];
  for (const raw of domains) {
    const domain = normalizeDomain(raw ?? '');
    if (!domain)
      throw SsoErrors.invalid(
        'domains',
        `"${String(raw).slice(0, 100)}" is not an email domain (enter it as example.com).`,
      );
    if (!out.includes(domain)) out.push(domain);
  }
  if (out.length > MAX_DOMAINS)
    throw SsoErrors.invalid('domains', `A connection serves at most ${MAX_DOMAINS} domains.`);
  return out;
}

function cleanRole(value: string, field: string): RoleKey {
  const role = (value ?? '').trim();
  if (!isRoleKey(role))
    throw SsoErrors.invalid(
      field,
      `"${role.slice(0, 50)}" is not a role: use admin, product_expert or customer_facing.`,
    );
  return role;
}

function cleanClaim(value: string | null | undefined): string | null {
  const claim = (value ?? '').trim();
  if (!claim) return null;
  if (claim.length > CLAIM_MAX || /\s/.test(claim))
    throw SsoErrors.invalid(
      'groupsClaim',
      'The groups claim is the name of a claim in the ID token, such as groups or roles.',
    );
  return claim;
}

function cleanGroupRoles(pairs: { group: string; role: string }[]): GroupRole[] {
  if (pairs.length > MAX_GROUP_ROLES)
    throw SsoErrors.invalid('groupRoles', `Map at most ${MAX_GROUP_ROLES} groups.`);
  const out: GroupRole[] = [];
  for (const pair of pairs) {
    const group = (pair.group ?? '').trim();
    if (!group || group.length > GROUP_MAX)
      throw SsoErrors.invalid('groupRoles', 'Each mapping names a group of the identity provider.');
    const role = cleanRole(pair.role, 'groupRoles');
    if (out.some((p) => p.group === group))
      throw SsoErrors.invalid('groupRoles', `The group "${group}" is mapped twice.`);
    out.push({ group, role });
  }
  return out;
}

/** Relative in-app paths only (`/app/x`), so a sign-in cannot be bounced to another site. */
export function cleanReturnTo(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 500) return null;
  if (!/^\/(?![/\\])/.test(value) || /\\/.test(value)) return null;
  // No control characters (a header or log line must not be split by one).
  if ([...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return null;
  return value;
}
