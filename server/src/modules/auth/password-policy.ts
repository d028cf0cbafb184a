import { badInput } from '../../shared/app-error.js';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const COMMON = new Set([
  'password',
  'password1',
  'password123',
  '12345678',
  '123456789',
  '1234567890',
  'qwertyuiop',
  'qwerty123',
  '11111111',
  '00000000',
  'iloveyou',
  'letmein1',
  'welcome1',
  'abc12345',
  'admin123',
  'passw0rd',
  'football',
  'baseball',
  'sunshine',
  'princess',
  'whatever',
  'trustno1',
  'changeme',
]);

/**
 * Length over composition (NIST 800-63B): 8 to 128 characters, not a well-known password,
 * not the email address itself.
 */
export function checkPassword(password: string, email: string): void {
  if (password.length < PASSWORD_MIN) {
    throw badInput(`Password must be at least ${PASSWORD_MIN} characters.`, { field: 'password' });
  }
  if (password.length > PASSWORD_MAX) {
    throw badInput(`Password must be at most ${PASSWORD_MAX} characters.`, { field: 'password' });
  }
  const lower = password.toLowerCase();
  if (COMMON.has(lower) || /^(.)\1+$/.test(password)) {
    throw badInput('That password is too easy to guess; choose another.', { field: 'password' });
  }
  if (lower === email.toLowerCase() || lower === email.toLowerCase().split('@')[0]) {
    throw badInput('Password must not be your email address.', { field: 'password' });
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normalizeEmail(email: string): string {
  const value = email.trim().toLowerCase();
  if (!EMAIL.test(value) || value.length > 254) {
    throw badInput('Enter a valid email address.', { field: 'email' });
  }
  return value;
}
