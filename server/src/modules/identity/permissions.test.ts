import { describe, expect, it } from 'vitest';
import { PERMISSIONS, permissionsFor } from '../identity/permissions.js';

describe('role permissions', () => {
  it('gives admins every permission', () => {
    expect(permissionsFor(['admin'])).toEqual([...PERMISSIONS]);
  });
  it('gives customer-facing members search only', () => {
    expect(permissionsFor(['customer_facing'])).toEqual(['search.read']);
  });
  it('unites several roles and ignores unknown ones', () => {
    const perms = permissionsFor(['customer_facing', 'product_expert', 'pirate']);
    expect(perms).toContain('source.write');
    expect(perms).not.toContain('user.write');
    expect(new Set(perms).size).toBe(perms.length);
  });
});
