import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSecret } from '../src/security/secret-box.js';
import { addMember, newAdmin, type Account } from './helpers/accounts.js';
import { startDnsResponder, type DnsResponder } from './helpers/dns-responder.js';
import { startEvilIdp, type EvilIdp } from './helpers/evil-idp.js';
import {
  auditActions,
  CONNECTION_FIELDS,
  connectionInput,
  createConnection,
  startSsoApp,
  uniqueDomain,
  type ConnectionInput,
} from './helpers/sso.js';
import type { TestApp } from './helpers/test-app.js';

let app: TestApp;
let idp: EvilIdp;
let dns: DnsResponder;

beforeAll(async () => {
  dns = await startDnsResponder();
  app = await startSsoApp({ DNS_SERVERS: dns.server });
  // Only discovery is used here: the scripted IdP serves an honest discovery document.
  idp = await startEvilIdp();
});
afterAll(async () => {
  await idp?.stop();
  await app?.stop();
  await dns?.stop();
});

const CREATE = `mutation($i: SsoConnectionInput!) { createSsoConnection(input: $i) { ${CONNECTION_FIELDS} } }`;
const UPDATE = `mutation($id: ID!, $i: SsoConnectionInput!) { updateSsoConnection(id: $id, input: $i) { ${CONNECTION_FIELDS} } }`;
const LIST = `{ ssoConnections { ${CONNECTION_FIELDS} } }`;

const base = (extra: Partial<ConnectionInput> = {}): ConnectionInput => ({
  issuer: idp.issuer,
  clientId: idp.clientId,
  clientSecret: idp.clientSecret,
  domains: [uniqueDomain()],
  ...extra,
});

async function stored(id: string) {
  const [row] = await app.sql(`SELECT * FROM sso_connections WHERE id = $1`, [id]);
  return row;
}

describe('single sign-on administration (GraphQL)', () => {
  let admin: Account;
  beforeAll(async () => {
    admin = await newAdmin(app);
  });

  it('is for user.write only', async () => {
    const member = await addMember(app, admin, ['product_expert']);
    const ops: [string, Record<string, unknown>][] = [
      [LIST, {}],
      [`{ ssoSettings { enforced } }`, {}],
      [CREATE, { i: connectionInput(base()) }],
      [UPDATE, { id: '00000000-0000-4000-8000-000000000000', i: connectionInput(base()) }],
      [`mutation { deleteSsoConnection(id: "00000000-0000-4000-8000-000000000000") }`, {}],
      [`mutation { testSsoConnection(id: "00000000-0000-4000-8000-000000000000") { ok } }`, {}],
      [`mutation { verifySsoDomain(domain: "example.org") { verified } }`, {}],
      [`mutation { setSsoEnforced(enforced: false) }`, {}],
    ];
    for (const [query, variables] of ops) {
      const asMember = await app.graphqlRaw(query, variables, member.token);
      expect(asMember.errors?.[0].extensions.code, query).toBe('FORBIDDEN');
      const anonymous = await app.graphqlRaw(query, variables);
      expect(anonymous.errors?.[0].extensions.code, query).toBe('UNAUTHENTICATED');
    }
    expect((await app.graphqlRaw(`{ ssoLogoutUrl }`)).errors?.[0].extensions.code).toBe(
      'UNAUTHENTICATED',
    );
  });

  it('creates a connection after discovery, seals the secret and never answers it', async () => {
    const input = base({
      name: '  Okta  ',
      domains: ['@Example.ORG', 'bücher.example', 'example.org'],
      groupsClaim: 'groups',
      groupRoles: [{ group: 'Lumen Admins', role: 'admin' }],
      jitEnabled: false,
      defaultRole: 'product_expert',
    });
    const res = await app.graphqlRaw(CREATE, { i: connectionInput(input) }, admin.token);
    expect(res.errors).toBeUndefined();
    const created = res.data.createSsoConnection;
    expect(created).toMatchObject({
      name: 'Okta',
      issuer: idp.issuer,
      clientId: idp.clientId,
      scopes: ['openid', 'email', 'profile'],
      hasClientSecret: true,
      domains: ['example.org', 'xn--bcher-kva.example'],
      jitEnabled: false,
      defaultRole: 'product_expert',
      groupsClaim: 'groups',
      groupRoles: [{ group: 'Lumen Admins', role: 'admin' }],
      enabled: true,
      callbackUrl: `${app.url}/api/auth/sso/callback`,
      startUrl: `${app.url}/api/auth/sso/${created.id}/start`,
    });
    expect(JSON.stringify(res)).not.toContain(idp.clientSecret);
    const row = await stored(created.id);
    expect(row.sealed_client_secret).not.toContain(idp.clientSecret);
    expect(
      openSecret(
        app.server.services.keys.secrets,
        row.sealed_client_secret,
        `sso-connection:${created.id}`,
      ),
    ).toBe(idp.clientSecret);
    const list = await app.graphqlRaw(LIST, {}, admin.token);
    expect(JSON.stringify(list)).not.toContain(idp.clientSecret);
    const asked = await app.graphqlRaw(`{ ssoConnections { clientSecret } }`, {}, admin.token);
    expect(asked.errors?.[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    // Each domain gets a pending TXT record to publish.
    const settings = await app.graphqlRaw(
      `{ ssoSettings { enforced callbackUrl breakGlassEmail domains { domain txtRecord verified } } }`,
      {},
      admin.token,
    );
    expect(settings.data.ssoSettings.enforced).toBe(false);
    expect(settings.data.ssoSettings.breakGlassEmail).toBe(admin.email);
    expect(settings.data.ssoSettings.domains).toEqual(
      expect.arrayContaining([
        {
          domain: 'example.org',
          txtRecord: expect.stringMatching(/^lumen-domain-verification=[\w-]{20,}$/),
          verified: false,
        },
      ]),
    );
    const [event] = await auditActions(app, admin.workspaceId, 'sso.connection_created');
    expect(event.target_label).toBe('Okta');
  });

  it('refuses bad input with a clear BAD_USER_INPUT message, storing nothing', async () => {
    const bad: [Partial<ConnectionInput>, RegExp][] = [
      [{ issuer: 'http://idp.example.com' }, /must be an https:\/\/ URL/],
      [{ issuer: 'not a url' }, /Enter the issuer as a URL/],
      [{ issuer: 'https://idp.example.com/?x=1' }, /no query/],
      [{ defaultRole: 'owner' }, /"owner" is not a role/],
      [{ groupRoles: [{ group: 'g', role: 'root' }] }, /"root" is not a role/],
      [{ domains: ['not a domain'] }, /is not an email domain/],
      [{ name: '   ' }, /Name the connection/],
      [{ scopes: ['openid', 'bad scope'] }, /Scopes are words/],
      [{ issuer: 'http://127.0.0.1:1' }, /could not be reached or read/],
    ];
    const [before] = await app.sql(`SELECT count(*)::int AS n FROM sso_connections`);
    for (const [change, message] of bad) {
      const res = await app.graphqlRaw(CREATE, { i: connectionInput(base(change)) }, admin.token);
      expect(res.errors?.[0].extensions.code, JSON.stringify(change)).toBe('BAD_USER_INPUT');
      expect(res.errors?.[0].message).toMatch(message);
    }
    const [after] = await app.sql(`SELECT count(*)::int AS n FROM sso_connections`);
    expect(after.n).toBe(before.n);
  });

  it('updates: an absent or null secret keeps the stored one; a refused update keeps everything', async () => {
    const created = await createConnection(app, admin, base({ name: 'Entra' }));
    const sealed = (await stored(created.id)).sealed_client_secret;
    const keep = await app.graphqlRaw(
      UPDATE,
      { id: created.id, i: connectionInput(base({ name: 'Entra ID', clientSecret: null })) },
      admin.token,
    );
    expect(keep.errors).toBeUndefined();
    expect(keep.data.updateSsoConnection.name).toBe('Entra ID');
    expect((await stored(created.id)).sealed_client_secret).toBe(sealed);

    const refused = await app.graphqlRaw(
      UPDATE,
      { id: created.id, i: connectionInput(base({ name: 'Broken', defaultRole: 'nobody' })) },
      admin.token,
    );
    expect(refused.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
    const row = await stored(created.id);
    expect(row.name).toBe('Entra ID');
    expect(row.sealed_client_secret).toBe(sealed);

    const changed = await app.graphqlRaw(
      UPDATE,
      {
        id: created.id,
        i: connectionInput(base({ name: 'Entra ID', clientSecret: 'new-secret-value' })),
      },
      admin.token,
    );
    expect(changed.errors).toBeUndefined();
    const after = await stored(created.id);
    expect(
      openSecret(
        app.server.services.keys.secrets,
        after.sealed_client_secret,
        `sso-connection:${created.id}`,
      ),
    ).toBe('new-secret-value');
    const tested = await app.graphqlRaw(
      `mutation($id: ID!) { testSsoConnection(id: $id) { ok message } }`,
      { id: created.id },
      admin.token,
    );
    expect(tested.data.testSsoConnection.ok).toBe(true);
    expect(tested.data.testSsoConnection.message).toContain(idp.issuer);
    expect(await auditActions(app, admin.workspaceId, 'sso.connection_updated')).toHaveLength(2);
    const missing = await app.graphqlRaw(
      UPDATE,
      { id: '00000000-0000-4000-8000-000000000000', i: connectionInput(base()) },
      admin.token,
    );
    expect(missing.errors?.[0].extensions.code).toBe('NOT_FOUND');
  });

  it('enforcement needs an enabled connection, and keeps the last one enabled while on', async () => {
    const owner = await newAdmin(app);
    const enforce = (on: boolean) =>
      app.graphqlRaw(
        `mutation($e: Boolean!) { setSsoEnforced(enforced: $e) }`,
        { e: on },
        owner.token,
      );
    expect((await enforce(true)).errors?.[0].extensions.code).toBe('SSO_NO_ENABLED_CONNECTION');
    const first = await createConnection(app, owner, base({ name: 'First' }));
    expect((await enforce(true)).data.setSsoEnforced).toBe(true);

    const disable = await app.graphqlRaw(
      UPDATE,
      { id: first.id, i: connectionInput(base({ name: 'First', enabled: false })) },
      owner.token,
    );
    expect(disable.errors?.[0].extensions.code).toBe('SSO_LAST_CONNECTION');
    const del = (id: string) =>
      app.graphqlRaw(`mutation($id: ID!) { deleteSsoConnection(id: $id) }`, { id }, owner.token);
    expect((await del(first.id)).errors?.[0].extensions.code).toBe('SSO_LAST_CONNECTION');
    expect((await stored(first.id)).enabled).toBe(true);

    await createConnection(app, owner, base({ name: 'Second' }));
    expect((await del(first.id)).data.deleteSsoConnection).toBe(true);
    expect(await stored(first.id)).toBeUndefined();
    expect(await auditActions(app, owner.workspaceId, 'sso.connection_deleted')).toHaveLength(1);
    expect((await enforce(false)).data.setSsoEnforced).toBe(false);
    const changes = await auditActions(app, owner.workspaceId, 'sso.enforcement_changed');
    expect(changes.map((c) => c.details.enforced)).toEqual([true, false]);
  });

  it('verifies a domain by its DNS TXT record (through DNS_SERVERS)', async () => {
    const domain = uniqueDomain();
    const q = `mutation($d: String!) { verifySsoDomain(domain: $d) { domain txtRecord verified } }`;
    const first = await app.graphqlRaw(q, { d: `@${domain.toUpperCase()}` }, admin.token);
    expect(first.errors).toBeUndefined();
    expect(first.data.verifySsoDomain).toMatchObject({ domain, verified: false });
    dns.txt.set(domain, ['lumen-domain-verification=somebody-elses-token']);
    expect(
      (await app.graphqlRaw(q, { d: domain }, admin.token)).data.verifySsoDomain.verified,
    ).toBe(false);
    dns.txt.set(domain, [first.data.verifySsoDomain.txtRecord]);
    const second = await app.graphqlRaw(q, { d: domain }, admin.token);
    expect(second.data.verifySsoDomain).toEqual({ ...first.data.verifySsoDomain, verified: true });
    const events = await auditActions(app, admin.workspaceId, 'sso.domain_verified');
    expect(events.map((e) => e.target_label)).toContain(domain);
    const bad = await app.graphqlRaw(q, { d: 'localhost' }, admin.token);
    expect(bad.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
  });
});
