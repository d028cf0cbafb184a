import { describe, expect, it } from 'vitest';
import { IconSettings, IconUsers } from '@tabler/icons-react';
import {
  CONFIGURATION_LINKS,
  isActive,
  isNavGroup,
  SIDEBAR_ITEMS,
  visibleLinks,
  visibleNavItems,
  type NavItem,
} from './nav-items';

const labels = (items: NavItem[]) =>
  items.map((item) =>
    isNavGroup(item) ? `${item.label}(${item.children.map((c) => c.label).join(',')})` : item.label,
  );

describe('visibleNavItems', () => {
  it('shows everything to a member with user.read and search.read', () => {
    expect(labels(visibleNavItems(SIDEBAR_ITEMS, ['user.read', 'search.read']))).toEqual([
      'Home',
      'Team Settings(Users,Integrations,API keys)',
      'Analytics',
      'Bots',
      'Connectors',
      'Search',
    ]);
  });

  it('shows the audit log to admins (user.write) only', () => {
    expect(
      labels(visibleNavItems(SIDEBAR_ITEMS, ['user.read', 'user.write', 'search.read'])),
    ).toContain('Team Settings(Users,Integrations,API keys,Audit log)');
    expect(visibleLinks(CONFIGURATION_LINKS, ['user.write']).map((link) => link.to)).toContain(
      '/app/audit-log',
    );
  });

  it('hides Users without user.read, and Integrations and Search without search.read', () => {
    expect(labels(visibleNavItems(SIDEBAR_ITEMS, ['search.read']))).toContain(
      'Team Settings(Integrations,API keys)',
    );
    const noSearch = labels(visibleNavItems(SIDEBAR_ITEMS, ['user.read']));
    expect(noSearch).toContain('Team Settings(Users,API keys)');
    expect(noSearch).not.toContain('Search');
  });

  it('keeps API keys, which needs no permission, for every member', () => {
    expect(labels(visibleNavItems(SIDEBAR_ITEMS, ['bots.read']))).toEqual([
      'Home',
      'Team Settings(API keys)',
      'Analytics',
      'Bots',
      'Connectors',
    ]);
    expect(visibleLinks(CONFIGURATION_LINKS, []).map((link) => link.to)).toEqual(['/app/api-keys']);
  });

  it('drops a submenu whose every entry is hidden', () => {
    const items: NavItem[] = [
      { label: 'Home', to: '/app/dashboard', icon: IconUsers },
      {
        label: 'Admin',
        icon: IconSettings,
        children: [{ label: 'Users', to: '/app/users', icon: IconUsers, permission: 'user.read' }],
      },
    ];
    expect(labels(visibleNavItems(items, ['bots.read']))).toEqual(['Home']);
    expect(labels(visibleNavItems(items, ['user.read']))).toEqual(['Home', 'Admin(Users)']);
  });
});

describe('isActive', () => {
  it('matches the path and the pages under it, but not a sibling with the same prefix', () => {
    const bots = SIDEBAR_ITEMS.find((item) => item.label === 'Bots');
    if (!bots || isNavGroup(bots)) throw new Error('Bots is a plain link');
    expect(isActive(bots, '/app/bots')).toBe(true);
    expect(isActive(bots, '/app/bots/42')).toBe(true);
    expect(isActive(bots, '/app/botsmith')).toBe(false);
  });

  it('never lights up Analytics, which shares the bots page with Bots', () => {
    const analytics = SIDEBAR_ITEMS.find((item) => item.label === 'Analytics');
    if (!analytics || isNavGroup(analytics)) throw new Error('Analytics is a plain link');
    expect(isActive(analytics, '/app/bots')).toBe(false);
  });
});
