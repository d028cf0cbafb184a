import { describe, expect, it } from 'vitest';
import { roleLabel, sortRoleKeys } from './role-labels';

describe('role labels', () => {
  it("prefers the server's label, then the built-in one, then the key", () => {
    expect(roleLabel('admin', [{ key: 'admin', label: 'Workspace admins' }])).toBe(
      'Workspace admins',
    );
    expect(roleLabel('customer_facing')).toBe('Customer-facing prod');
    expect(roleLabel('auditor')).toBe('auditor');
  });

  it('orders roles admin first and unknown ones last', () => {
    expect(sortRoleKeys(['auditor', 'customer_facing', 'admin', 'product_expert'])).toEqual([
      'admin',
      'product_expert',
      'customer_facing',
      'auditor',
    ]);
  });
});
