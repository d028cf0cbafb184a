/**
 * What each permission lets a key do, in a few words (server: modules/auth/permissions.ts, which
 * also fixes this order). Unknown permissions keep their raw name and go last.
 */
const PERMISSION_DESCRIPTIONS: Record<string, string> = {
  'user.read': 'See members and invitations',
  'user.write': 'Invite members and change their roles',
  'search.read': 'Search and ask',
  'source.write': 'Add and manage sources',
  'bot.write': 'Create and manage bots',
  'integration.write': 'Set up integrations and connectors',
};

const ORDER = Object.keys(PERMISSION_DESCRIPTIONS);

export function permissionDescription(permission: string): string | undefined {
  return PERMISSION_DESCRIPTIONS[permission];
}

/** Permissions in the canonical order, unknown ones last. */
export function sortPermissions(permissions: readonly string[]): string[] {
  const rank = (p: string) => (ORDER.includes(p) ? ORDER.indexOf(p) : ORDER.length);
  return [...permissions].sort((a, b) => rank(a) - rank(b));
}
