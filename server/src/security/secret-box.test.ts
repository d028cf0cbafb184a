import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deriveKeys } from './app-keys.js';
import { maskSecret, openSecret, sealedWithCurrent, sealSecret } from './secret-box.js';

const key = deriveKeys('a'.repeat(40)).secrets;

describe('secret box (AES-256-GCM)', () => {
  it('round-trips and never contains the plaintext', () => {
    const sealed = sealSecret(key, 'sk-live-1234567890', 'user-1');
    expect(sealed).not.toContain('sk-live');
    expect(openSecret(key, sealed, 'user-1')).toBe('sk-live-1234567890');
  });

  it('uses a fresh IV each time', () => {
    expect(sealSecret(key, 'same', 'u')).not.toBe(sealSecret(key, 'same', 'u'));
  });

  it('refuses a tampered ciphertext, another context or another key', () => {
    const sealed = sealSecret(key, 'secret value', 'user-1');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3], 'base64url');
    body[0] ^= 1;
    const tampered = [...parts.slice(0, 3), body.toString('base64url')].join('.');
    expect(() => openSecret(key, tampered, 'user-1')).toThrow();
    expect(() => openSecret(key, sealed, 'user-2')).toThrow();
    expect(() => openSecret(randomBytes(32), sealed, 'user-1')).toThrow();
  });

  it('masks a secret to its first and last characters', () => {
    expect(maskSecret('sk-abcdefghijklmnop1234')).toBe('sk-…1234');
    expect(maskSecret('short')).toBe('…');
  });

  it('derives different keys per purpose', () => {
    const keys = deriveKeys('b'.repeat(40));
    expect(keys.jwt.equals(keys.secrets[0])).toBe(false);
    expect(keys.jwt.length).toBe(32);
  });

  it('opens with a previous key during a rotation, and seals with the current one', () => {
    const old = deriveKeys('o'.repeat(40)).secrets;
    const ring = deriveKeys('n'.repeat(40), ['o'.repeat(40)]).secrets;
    const sealedBefore = sealSecret(old, 'provider key', 'user-1');
    expect(openSecret(ring, sealedBefore, 'user-1')).toBe('provider key');
    expect(sealedWithCurrent(ring, sealedBefore, 'user-1')).toBe(false);
    const resealed = sealSecret(ring, 'provider key', 'user-1');
    expect(sealedWithCurrent(ring, resealed, 'user-1')).toBe(true);
    // The new key alone opens what was re-sealed, not what was not.
    const newOnly = deriveKeys('n'.repeat(40)).secrets;
    expect(openSecret(newOnly, resealed, 'user-1')).toBe('provider key');
    expect(() => openSecret(newOnly, sealedBefore, 'user-1')).toThrow();
  });
});
