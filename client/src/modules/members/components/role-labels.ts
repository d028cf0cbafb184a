/** The roles a member can hold (server: modules/auth/permissions.ts), in the order shown. */
export const ROLE_KEYS = ['admin', 'product_expert', 'customer_facing'] as const;
export type RoleKey = (typeof ROLE_KEYS)[number];

export const DEFAULT_INVITE_ROLE: RoleKey = 'customer_facing';

/**
 * Labels used until the Roles query answers, and on public pages where it cannot be asked
 * (the accept-invitation page has no session).
 */
export const FALLBACK_ROLE_LABELS: Record<RoleKey, string> = {
  admin: 'Admins',
  product_expert: 'Product Experts',
  customer_facing: 'Customer-facing prod',
};

/** What each role may do, in a few words, for the role pickers. */
export const ROLE_DESCRIPTIONS: Record<RoleKey, string> = {
  admin: 'Everything, including inviting and managing members',
  product_expert: 'Search, sources, bots and integrations; sees the member list',
  customer_facing: 'Asks questions and searches',
};

export interface RoleOption {
  key: string;
  label: string;
}

/** A role key's label: from the server's roles when known, else the built-in one, else the key. */
export function roleLabel(key: string, roles?: readonly RoleOption[]): string {
  return (
    roles?.find((role) => role.key === key)?.label ?? FALLBACK_ROLE_LABELS[key as RoleKey] ?? key
  );
}

/** Role keys in the canonical order (admin first), unknown keys last. */
export function sortRoleKeys(keys: readonly string[]): string[] {
  const rank = (key: string) => {
    const index = ROLE_KEYS.indexOf(key as RoleKey);
    return index === -1 ? ROLE_KEYS.length : index;
  };
  return [...keys].sort((a, b) => rank(a) - rank(b));
}

export function roleDescription(key: string): string | undefined {
  return ROLE_DESCRIPTIONS[key as RoleKey];
}
