import { describe, expect, it } from 'vitest';
import { checkPassword, normalizeEmail } from './password-policy.js';

describe('password policy', () => {
  it('accepts a long passphrase', () => {
    expect(() => checkPassword('correct horse battery', 'ada@example.com')).not.toThrow();
  });
  it.each([
    ['short', /at least 8/],
    ['x'.repeat(129), /at most 128/],
    ['password123', /too easy/],
    ['aaaaaaaaaaaa', /too easy/],
    ['ada@example.com', /email/],
  ])('refuses %s with a clear message', (password, message) => {
    expect(() => checkPassword(password, 'ada@example.com')).toThrow(message);
  });
  it('normalises and validates email addresses', () => {
    expect(normalizeEmail('  Ada@Example.COM ')).toBe('ada@example.com');
    expect(() => normalizeEmail('ada@')).toThrow(/valid email/);
  });
});
