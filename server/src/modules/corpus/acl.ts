import { createHash } from 'node:crypto';
import { accessAllows, type ItemAccess } from './item-access.js';

/**
 * How a tool's statement of an item's access (ItemAccess) is stored, and the one place that names
 * principals. On documents and chunks, `acl` lists principals of which a reader must hold one:
 * - `*`: every member of the workspace (never a visitor of a public bot link);
 * - `<provider>:user:<id>`, `<provider>:email:<address>`, `<provider>:domain:<domain>`: a person
 *   (or a Google Workspace domain), held by a member through their linked account;
 * - `<sourceId>:group:<id>`: a group of the tool as this source read it, and
 *   `<sourceId>:all:<hash>`: an item's clauses taken together (a Confluence page under restricted
 *   parents, a Jira issue with a security level). Both are held through `source_principals`,
 *   rewritten by each permission sync: a membership change never rewrites documents.
 * An empty acl is readable by no one (the owner of the source excepted).
 */

export type Provider = 'atlassian' | 'google' | 'github';

export const EVERYONE = '*';

const PROVIDER_BY_KIND: Record<string, Provider> = {
  confluence: 'atlassian',
  jira: 'atlassian',
  google_docs: 'google',
  github: 'github',
};

/** The identity provider whose accounts a connected tool's permissions name. */
export function providerOf(kind: string): Provider | null {
  return PROVIDER_BY_KIND[kind] ?? null;
}

/** The source kinds whose permissions name this provider's accounts. */
export function kindsOf(provider: Provider | string): string[] {
  return Object.keys(PROVIDER_BY_KIND).filter((kind) => PROVIDER_BY_KIND[kind] === provider);
}

/** A member's own principals, from their linked accounts (emails only when verified). */
export function personalPrincipals(
  accounts: readonly {
    provider: string;
    accountId: string;
    email: string | null;
    hostedDomain: string | null;
  }[],
): string[] {
  return accounts.flatMap((a) => [
    `${a.provider}:user:${a.accountId}`,
    ...(a.email ? [`${a.provider}:email:${a.email.toLowerCase()}`] : []),
    ...(a.hostedDomain ? [`${a.provider}:domain:${a.hostedDomain.toLowerCase()}`] : []),
  ]);
}

/** Clauses without the ones everyone meets, each sorted and deduplicated: the same access reads the same. */
function normalClauses(access: ItemAccess): string[][] {
  const clauses = access
    .filter((clause) => !clause.includes('everyone'))
    .map((clause) => [...new Set(clause)].sort());
  const unique = new Map(clauses.map((c) => [JSON.stringify(c), c]));
  return [...unique.keys()].sort().map((k) => unique.get(k)!);
}

function qualify(sourceId: string, provider: Provider, principal: string): string {
  return principal.startsWith('group:') ? `${sourceId}:${principal}` : `${provider}:${principal}`;
}

function intersectionName(sourceId: string, clauses: string[][]): string {
  const hash = createHash('sha256').update(JSON.stringify(clauses)).digest('base64url');
  return `${sourceId}:all:${hash.slice(0, 22)}`;
}

/** The principals stored on an item's document and chunks. */
export function aclOf(sourceId: string, provider: Provider, access: ItemAccess): string[] {
  if (access.length === 0 || access.some((clause) => clause.length === 0)) return [];
  const clauses = normalClauses(access);
  if (clauses.length === 0) return [EVERYONE];
  if (clauses.length === 1) return clauses[0]!.map((p) => qualify(sourceId, provider, p));
  return [intersectionName(sourceId, clauses)];
}

/** The tool groups these items' access names (their members are read for the source). */
export function groupsNamed(accesses: Iterable<ItemAccess>): string[] {
  const groups = new Set<string>();
  for (const access of accesses)
    for (const clause of access)
      for (const p of clause) if (p.startsWith('group:')) groups.add(p.slice(6));
  return [...groups];
}

export interface PrincipalMember {
  principal: string;
  member: string;
}

/**
 * Who holds the source's group and intersection principals: each group's members, and for an
 * item with several clauses, every person named in them (directly or through a group) who meets
 * all of them. A person is one principal per provider (an account id, or a Google address), so
 * an intersection is computed person by person; a `domain:` clause is met by no one here
 * (narrower, never wider: no tool states an AND of domains).
 */
export function principalMembers(
  sourceId: string,
  provider: Provider,
  accesses: Iterable<ItemAccess>,
  members: ReadonlyMap<string, readonly string[]>,
): PrincipalMember[] {
  const rows = new Map<string, PrincipalMember>();
  const add = (principal: string, person: string) => {
    const member = `${provider}:${person}`;
    rows.set(`${principal}\n${member}`, { principal, member });
  };
  for (const [group, people] of members)
    for (const person of people) add(`${sourceId}:group:${group}`, person);
  for (const access of accesses) {
    const clauses = normalClauses(access);
    if (clauses.length < 2 || clauses.some((c) => c.length === 0)) continue;
    const name = intersectionName(sourceId, clauses);
    const candidates = new Set<string>();
    for (const clause of clauses)
      for (const p of clause) {
        if (p.startsWith('group:'))
          for (const m of members.get(p.slice(6)) ?? []) candidates.add(m);
        else if (p.startsWith('user:') || p.startsWith('email:')) candidates.add(p);
      }
    for (const person of candidates)
      if (accessAllows(clauses, members, new Set([person]))) add(name, person);
  }
  return [...rows.values()];
}
