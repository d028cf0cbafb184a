import { describe, expect, it } from 'vitest';
import { isActive, isNavGroup, SIDEBAR_ITEMS, visibleNavItems, type NavItem } from './nav-items';

const labels = (items: NavItem[]) =>
  items.map((item) =>
    isNavGroup(item) ? `${item.label}(${item.children.map((c) => c.label).join(',')})` : item.label,
  );

describe('visibleNavItems', () => {
  it('shows everything to a member with user.read and search.read', () => {
    expect(labels(visibleNavItems(SIDEBAR_ITEMS, ['user.read', 'search.read']))).toEqual([
      'Home',
      'Team Settings(Users,Integrations)',
      'Analytics',
      'Bots',
      'Connectors',
      'Search',
    ]);
  });

  it('hides Users without user.read, and Integrations and Search without search.read', () => {
    expect(labels(visibleNavItems(SIDEBAR_ITEMS, ['search.read']))).toContain(
      'Team Settings(Integrations)',
    );
    const noSearch = labels(visibleNavItems(SIDEBAR_ITEMS, ['user.read']));
    expect(noSearch).toContain('Team Settings(Users)');
    expect(noSearch).not.toContain('Search');
  });

  it('drops a submenu whose every entry is hidden', () => {
    expect(labels(visibleNavItems(SIDEBAR_ITEMS, ['bots.read']))).toEqual([
      'Home',
      'Analytics',
      'Bots',
      'Connectors',
    ]);
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
