import { describe, expect, it } from 'vitest';
import {
  assertPublicHost,
  assertPublicLiteral,
  guardedLookup,
  isPrivateAddress,
} from './safe-address.js';

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fe80::1',
    'fd12:3456::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    'not-an-address',
  ])('refuses %s', (address) => expect(isPrivateAddress(address)).toBe(true));

  it.each(['8.8.8.8', '104.192.141.1', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])(
    'allows %s',
    (address) => expect(isPrivateAddress(address)).toBe(false),
  );
});

describe('host checks', () => {
  it('refuses private literals and localhost names before any lookup', () => {
    expect(() => assertPublicLiteral(new URL('http://127.0.0.1:8080'))).toThrow(/private or local/);
    expect(() => assertPublicLiteral(new URL('http://[::1]/'))).toThrow(/private or local/);
    expect(() => assertPublicLiteral(new URL('http://localhost:3000'))).toThrow(/private or local/);
    expect(() => assertPublicLiteral(new URL('https://acme.atlassian.net'))).not.toThrow();
  });

  it('leaves a name that does not resolve to fail as a connection error', async () => {
    await expect(assertPublicHost(new URL('http://nowhere.invalid'))).resolves.toBeUndefined();
    await expect(assertPublicHost(new URL('http://169.254.169.254/latest'))).rejects.toThrow(
      /private or local/,
    );
  });

  it('refuses, on connect, a name whose answer is private (DNS rebinding)', async () => {
    const answer = await new Promise<unknown>((resolve) =>
      guardedLookup('localhost', {}, (error) => resolve(error)),
    );
    expect(String(answer)).toMatch(/private or local/);
  });
});
