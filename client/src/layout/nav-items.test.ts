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
  it('shows a member with user.read and search.read everything but the admin pages', () => {
    expect(labels(visibleNavItems(SIDEBAR_ITEMS, ['user.read', 'search.read']))).toEqual([
      'Home',
      'History',
      'Team Settings(Users,Groups,Integrations,API keys)',
      'Bots',
      'Connectors',
      'Search',
    ]);
  });

  it('shows the audit log, single sign-on and Analytics to admins (user.write) only', () => {
    const admin = labels(
      visibleNavItems(SIDEBAR_ITEMS, ['user.read', 'user.write', 'search.read']),
    );
    expect(admin).toEqual([
      'Home',
      'History',
      'Team Settings(Users,Groups,Integrations,API keys,Single sign-on,Audit log)',
      'Analytics',
      'Bots',
      'Connectors',
      'Search',
    ]);
    expect(visibleLinks(CONFIGURATION_LINKS, ['user.write']).map((link) => link.to)).toEqual(
      expect.arrayContaining(['/app/audit-log', '/app/sso']),
    );
    expect(visibleLinks(CONFIGURATION_LINKS, ['search.read']).map((link) => link.to)).not.toContain(
      '/app/sso',
    );
  });

  it('hides Users without user.read, and Integrations and Search without search.read', () => {
    expect(labels(visibleNavItems(SIDEBAR_ITEMS, ['search.read']))).toContain(
      'Team Settings(Groups,Integrations,API keys)',
    );
    const noSearch = labels(visibleNavItems(SIDEBAR_ITEMS, ['user.read']));
    expect(noSearch).toContain('Team Settings(Users,Groups,API keys)');
    expect(noSearch).not.toContain('Search');
    // Bot conversations are a member's own too: History needs no permission.
    expect(noSearch).toContain('History');
  });

  it('keeps Groups and API keys, which need no permission, for every member', () => {
    expect(labels(visibleNavItems(SIDEBAR_ITEMS, ['bots.read']))).toEqual([
      'Home',
      'History',
      'Team Settings(Groups,API keys)',
      'Bots',
      'Connectors',
    ]);
    expect(visibleLinks(CONFIGURATION_LINKS, []).map((link) => link.to)).toEqual([
      '/app/groups',
      '/app/api-keys',
    ]);
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

  it('lights up History and Analytics on their own pages only', () => {
    const link = (label: string) => {
      const item = SIDEBAR_ITEMS.find((i) => i.label === label);
      if (!item || isNavGroup(item)) throw new Error(`${label} is a plain link`);
      return item;
    };
    expect(link('History').to).toBe('/app/history');
    expect(isActive(link('History'), '/app/history')).toBe(true);
    expect(isActive(link('History'), '/app/dashboard')).toBe(false);
    expect(link('Analytics').to).toBe('/app/analytics');
    expect(isActive(link('Analytics'), '/app/analytics')).toBe(true);
    expect(isActive(link('Analytics'), '/app/bots')).toBe(false);
  });
});
