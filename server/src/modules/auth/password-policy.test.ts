import { describe, expect, it } from 'vitest';
import { passwordLength } from '../../shared/password-rules.js';
import { checkPassword, normalizeEmail } from './password-policy.js';

const EMAIL = 'ada.lovelace@example.com';

describe('password policy', () => {
  it.each(['correct horse battery', 'granite-otter-lantern', 'Vq7#mP2!xR9z'])(
    'accepts %s',
    async (password) => {
      await expect(checkPassword(password, EMAIL)).resolves.toBeUndefined();
    },
  );

  it.each([
    ['short', /at least 8/],
    ['x'.repeat(129), /at most 128/],
    ['qwerty12', /too easy to guess/],
    ['Welcome123', /too easy to guess/],
    ['password123', /too easy to guess/],
    ['aaaaaaaaaaaa', /too easy to guess/],
    ['lovelace2024', /too easy to guess/],
    ['ada.lovelace@example.com', /email address/],
  ])('refuses %s with a reason', async (password, message) => {
    await expect(checkPassword(password, EMAIL)).rejects.toThrow(message);
  });

  it('says how to do better, apart from the reason', async () => {
    const error = await checkPassword('Welcome123', EMAIL).catch((e) => e);
    expect(error.code).toBe('BAD_USER_INPUT');
    expect(error.details).toMatchObject({ field: 'password' });
    expect(error.details.reason).toMatch(/too easy to guess/);
    expect(error.details.hint.length).toBeGreaterThan(10);
  });

  it('counts length in characters as people do, not UTF-16 units', async () => {
    const sevenLocks = '🔒'.repeat(7); // 14 UTF-16 units, 7 characters
    expect(sevenLocks.length).toBe(14);
    expect(passwordLength(sevenLocks)).toBe(7);
    await expect(checkPassword(sevenLocks, EMAIL)).rejects.toThrow(/at least 8/);
    // 100 characters, 200 UTF-16 units: within the 128-character limit.
    const long = 'granite otter lantern ' + '\u{1F332}'.repeat(78);
    expect(passwordLength(long)).toBe(100);
    await expect(checkPassword(long, EMAIL)).resolves.toBeUndefined();
  });

  it('normalises and validates email addresses', () => {
    expect(normalizeEmail('  Ada@Example.COM ')).toBe('ada@example.com');
    expect(() => normalizeEmail('ada@')).toThrow(/valid email/);
  });
});
