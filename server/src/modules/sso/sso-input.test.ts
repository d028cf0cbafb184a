import { describe, expect, it } from 'vitest';
import { OidcConfigs, oidcFailureReason } from './oidc-configs.js';
import type { SsoConnection } from './sso-connection.entity.js';
import { cleanIssuer, cleanReturnTo, normalizeDomain } from './sso-input.js';
import { emailVerified, mappedRole } from './sso-membership.js';

describe('issuer URLs', () => {
  it('takes https, and http only for loopback or private hosts when allowed', () => {
    expect(cleanIssuer(' https://login.example.com/realms/acme/ ', false)).toBe(
      'https://login.example.com/realms/acme',
    );
    expect(() => cleanIssuer('http://127.0.0.1:8080', false)).toThrow(/https/);
    expect(cleanIssuer('http://127.0.0.1:8080', true)).toBe('http://127.0.0.1:8080');
    expect(cleanIssuer('http://keycloak:8080/realms/x', true)).toBe(
      'http://keycloak:8080/realms/x',
    );
    expect(() => cleanIssuer('http://idp.example.com', true)).toThrow(/https/);
    expect(() => cleanIssuer('https://u:p@idp.example.com', false)).toThrow(/credentials/);
    expect(() => cleanIssuer('ftp://idp.example.com', false)).toThrow(/https/);
  });

  it('refuses loopback and private addresses at request time unless allowed', async () => {
    const configs = new OidcConfigs(false);
    const error = await configs
      .discover({ issuer: 'https://127.0.0.1:9', clientId: 'x', clientSecret: null })
      .catch((e: unknown) => e);
    expect(oidcFailureReason(error)).toMatch(/127\.0\.0\.1 is a private or local address/);
  });
});

describe('domains and return paths', () => {
  it('normalises domains', () => {
    expect(normalizeDomain('@Example.COM.')).toBe('example.com');
    expect(normalizeDomain('bücher.example')).toBe('xn--bcher-kva.example');
    for (const bad of ['localhost', '1.2.3.4', 'a..b', '-a.com', 'a b.com', ''])
      expect(normalizeDomain(bad)).toBeNull();
  });

  it('keeps only relative in-app paths', () => {
    expect(cleanReturnTo('/app/search?q=1')).toBe('/app/search?q=1');
    for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example', 'app', 5])
      expect(cleanReturnTo(bad)).toBeNull();
  });
});

describe('claims', () => {
  const connection = {
    groupsClaim: 'groups',
    defaultRole: 'customer_facing',
    groupRoles: [
      { group: 'experts', role: 'product_expert' },
      { group: 'admins', role: 'admin' },
    ],
  } as SsoConnection;

  it('maps groups to the highest role, the default when none match, nothing when absent', () => {
    expect(mappedRole(connection, { sub: 'a', groups: ['experts', 'admins'] })).toBe('admin');
    expect(mappedRole(connection, { sub: 'a', groups: 'experts' })).toBe('product_expert');
    expect(mappedRole(connection, { sub: 'a', groups: ['sales'] })).toBe('customer_facing');
    expect(mappedRole(connection, { sub: 'a' })).toBeNull();
    expect(
      mappedRole({ ...connection, groupsClaim: null } as SsoConnection, {
        sub: 'a',
        groups: ['admins'],
      }),
    ).toBeNull();
  });

  it('counts an email as verified only on an explicit yes', () => {
    expect(emailVerified({ sub: 'a', email_verified: true })).toBe(true);
    expect(emailVerified({ sub: 'a', email_verified: 'true' })).toBe(true);
    expect(emailVerified({ sub: 'a' })).toBe(false);
    expect(emailVerified({ sub: 'a', email_verified: 'yes' })).toBe(false);
  });
});
