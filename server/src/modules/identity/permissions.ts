/**
 * Roles and the permissions they grant: the one place this map lives. Tokens carry the
 * resulting permission strings in their `permissions` claim.
 */
export const PERMISSIONS = [
  'user.read',
  'user.write',
  'search.read',
  'source.write',
  'bot.write',
  'integration.write',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLES = {
  admin: { label: 'Admins', permissions: [...PERMISSIONS] },
  product_expert: {
    label: 'Product Experts',
    permissions: ['user.read', 'search.read', 'source.write', 'bot.write', 'integration.write'],
  },
  customer_facing: { label: 'Customer-facing prod', permissions: ['search.read'] },
} as const satisfies Record<string, { label: string; permissions: readonly Permission[] }>;
export type RoleKey = keyof typeof ROLES;

export function permissionsFor(roles: readonly string[]): Permission[] {
  const granted = new Set<Permission>();
  for (const role of roles) {
    const def = ROLES[role as RoleKey];
    if (def) def.permissions.forEach((p) => granted.add(p));
  }
  return PERMISSIONS.filter((p) => granted.has(p));
}

export function isRoleKey(value: string): value is RoleKey {
  return Object.prototype.hasOwnProperty.call(ROLES, value);
}
