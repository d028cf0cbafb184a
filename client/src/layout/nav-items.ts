import {
  IconChartBar,
  IconHistory,
  IconHome,
  IconKey,
  IconMessages,
  IconPlug,
  IconPuzzle,
  IconRobot,
  IconSearch,
  IconSettings,
  IconShieldLock,
  IconUsers,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';

export interface NavLinkItem {
  label: string;
  to: string;
  icon: Icon;
  /** The permission the target route needs (SPEC §6); the item is hidden without it. */
  permission?: string;
  /** Whether the item lights up for this path (defaults to the path or anything under it). */
  matches?: (pathname: string) => boolean;
}

export interface NavGroupItem {
  label: string;
  icon: Icon;
  children: NavLinkItem[];
}

export type NavItem = NavLinkItem | NavGroupItem;

export const isNavGroup = (item: NavItem): item is NavGroupItem => 'children' in item;

export const USERS_LINK: NavLinkItem = {
  label: 'Users',
  to: '/app/users',
  icon: IconUsers,
  permission: 'user.read',
};

/** Every member: admins manage groups, others see the groups they are in. */
export const GROUPS_LINK: NavLinkItem = {
  label: 'Groups',
  to: '/app/groups',
  icon: IconUsersGroup,
};

export const INTEGRATIONS_LINK: NavLinkItem = {
  label: 'Integrations',
  to: '/app/integrations',
  icon: IconPuzzle,
  permission: 'search.read',
};

/** Every member may create keys for their own scripts, so no permission is needed. */
export const API_KEYS_LINK: NavLinkItem = {
  label: 'API keys',
  to: '/app/api-keys',
  icon: IconKey,
};

/** Admins only: the company's identity provider (OpenID Connect, SCIM). */
export const SSO_LINK: NavLinkItem = {
  label: 'Single sign-on',
  to: '/app/sso',
  icon: IconShieldLock,
  permission: 'user.write',
};

/** Admins only: who changed what in the workspace. */
export const AUDIT_LOG_LINK: NavLinkItem = {
  label: 'Audit log',
  to: '/app/audit-log',
  icon: IconHistory,
  permission: 'user.write',
};

/** SPEC §2 sidebar: Home, Team Settings (with a submenu) and Analytics, then the app's areas. */
export const SIDEBAR_ITEMS: NavItem[] = [
  { label: 'Home', to: '/app/dashboard', icon: IconHome },
  // The member's own conversations, from Home and from bots (a bots-only role has them too).
  { label: 'History', to: '/app/history', icon: IconMessages },
  {
    label: 'Team Settings',
    icon: IconSettings,
    children: [USERS_LINK, GROUPS_LINK, INTEGRATIONS_LINK, API_KEYS_LINK, SSO_LINK, AUDIT_LOG_LINK],
  },
  // Workspace-wide answer feedback and retention settings: admins only.
  { label: 'Analytics', to: '/app/analytics', icon: IconChartBar, permission: 'user.write' },
  { label: 'Bots', to: '/app/bots', icon: IconRobot },
  { label: 'Connectors', to: '/app/connectors', icon: IconPlug },
  { label: 'Search', to: '/app/search', icon: IconSearch, permission: 'search.read' },
];

export const CONFIGURATION_LINKS: NavLinkItem[] = [
  USERS_LINK,
  GROUPS_LINK,
  INTEGRATIONS_LINK,
  API_KEYS_LINK,
  SSO_LINK,
  AUDIT_LOG_LINK,
];

export function isActive(item: NavLinkItem, pathname: string): boolean {
  if (item.matches) return item.matches(pathname);
  return pathname === item.to || pathname.startsWith(`${item.to}/`);
}

const allowed = (item: NavLinkItem, permissions: readonly string[]) =>
  !item.permission || permissions.includes(item.permission);

/** The items this user may open: links they lack permission for go, and so do empty groups. */
export function visibleNavItems(items: NavItem[], permissions: readonly string[]): NavItem[] {
  return items.flatMap((item): NavItem[] => {
    if (!isNavGroup(item)) return allowed(item, permissions) ? [item] : [];
    const children = item.children.filter((child) => allowed(child, permissions));
    return children.length > 0 ? [{ ...item, children }] : [];
  });
}

export function visibleLinks(items: NavLinkItem[], permissions: readonly string[]) {
  return items.filter((item) => allowed(item, permissions));
}
