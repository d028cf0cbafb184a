import { describe, expect, it } from 'vitest';
import { displayName, initials } from './user-display';

describe('user display', () => {
  it('uses first and last name', () => {
    const ada = { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' };
    expect(initials(ada)).toBe('AL');
    expect(displayName(ada)).toBe('Ada Lovelace');
  });

  it("falls back to the email's first letter and the email", () => {
    const anon = { email: 'grace@example.com', firstName: '', lastName: '' };
    expect(initials(anon)).toBe('G');
    expect(displayName(anon)).toBe('grace@example.com');
  });

  it('copes with no user', () => {
    expect(initials(null)).toBe('?');
    expect(displayName(undefined)).toBe('');
  });
});
