import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newAdmin, type Account } from './helpers/accounts.js';
import { startDnsResponder, type DnsResponder } from './helpers/dns-responder.js';
import { startEvilIdp, type EvilIdp } from './helpers/evil-idp.js';
import {
  addMemberWithEmail,
  auditActions,
  completeSignIn,
  connectionInput,
  createConnection,
  signInThrough,
  startSsoApp,
  uniqueDomain,
  verifyDomain,
} from './helpers/sso.js';
import type { TestApp } from './helpers/test-app.js';

let app: TestApp;
let evil: EvilIdp;
let dns: DnsResponder;
let admin: Account;
let domain: string;
let startUrl: string;
let n = 0;

beforeAll(async () => {
  dns = await startDnsResponder();
  app = await startSsoApp({ DNS_SERVERS: dns.server });
  evil = await startEvilIdp();
  admin = await newAdmin(app);
  domain = uniqueDomain();
  await verifyDomain(app, admin, dns, domain);
  const connection = await createConnection(app, admin, {
    issuer: evil.issuer,
    clientId: evil.clientId,
    clientSecret: evil.clientSecret,
    domains: [domain],
    jitEnabled: true,
  });
  startUrl = connection.startUrl;
});
afterAll(async () => {
  await evil?.stop();
  await app?.stop();
  await dns?.stop();
});
beforeEach(() => {
  evil.script = {};
  evil.account = { sub: `evil-${++n}`, email: `evil${n}@${domain}`, email_verified: true };
  app.server.services.ssoConnections.forgetConfigs();
});

/** Runs a sign-in and checks that it was refused and left nothing behind. */
async function expectRefusedAndNothingCreated(message: RegExp) {
  const before = await counts();
  const { params } = await signInThrough(app, startUrl);
  expect(params.get('code')).toBeNull();
  expect(params.get('error')).toMatch(message);
  expect(await app.sql(`SELECT 1 FROM users WHERE email = $1`, [evil.account.email])).toEqual([]);
  expect(
    await app.sql(`SELECT 1 FROM sso_identities WHERE subject = $1`, [evil.account.sub]),
  ).toEqual([]);
  expect(await counts()).toEqual(before);
}

async function counts() {
  const [row] = await app.sql(
    `SELECT (SELECT count(*)::int FROM users) AS users,
            (SELECT count(*)::int FROM sso_identities) AS identities,
            (SELECT count(*)::int FROM sso_handoff_codes) AS codes,
            (SELECT count(*)::int FROM sso_sessions) AS sessions,
            (SELECT count(*)::int FROM refresh_tokens) AS refresh`,
  );
  return row;
}

const UNVERIFIED = /could not be verified/;

describe('a hand-made "evil" identity provider', () => {
  it('(control) an honest answer from it signs the person in', async () => {
    const { params } = await signInThrough(app, startUrl);
    const done = await completeSignIn(app, params.get('code')!);
    expect(done.errors).toBeUndefined();
    expect(done.data.completeSsoSignIn.user.email).toBe(evil.account.email);
  });

  const now = () => Math.floor(Date.now() / 1000);
  const cases: [string, () => void][] = [
    ['a wrong issuer', () => (evil.script = { claims: { iss: 'https://idp.attacker.test' } })],
    ['a wrong audience', () => (evil.script = { claims: { aud: 'another-client' } })],
    [
      'an extra audience without azp',
      () => (evil.script = { claims: { aud: [evil.clientId, 'another-client'] } }),
    ],
    ['a nonce mismatch', () => (evil.script = { claims: { nonce: 'not-the-nonce' } })],
    ['a missing nonce', () => (evil.script = { claims: { nonce: undefined } })],
    [
      'an expired token',
      () => (evil.script = { claims: { iat: now() - 3600, exp: now() - 1800 } }),
    ],
    ['an unsigned token (alg none)', () => (evil.script = { signing: 'none' })],
    ['an HS256 token signed with the client secret', () => (evil.script = { signing: 'HS256' })],
    ['a key id missing from the JWKS', () => (evil.script = { signing: 'unknown-kid' })],
    ['a payload changed after signing', () => (evil.script = { signing: 'tampered' })],
  ];
  for (const [name, arrange] of cases)
    it(`refuses ${name} and creates nothing`, async () => {
      arrange();
      await expectRefusedAndNothingCreated(UNVERIFIED);
      const refused = await auditActions(app, admin.workspaceId, 'sso.sign_in_refused');
      expect(refused.at(-1)!.details.reason).toBe('token_rejected');
      expect(refused.at(-1)!.details.detail).toBeTruthy();
    });

  it('refuses a discovery document naming another issuer (mix-up), at sign-in and when saving', async () => {
    evil.script = { discoveryIssuer: 'https://idp.attacker.test' };
    await expectRefusedAndNothingCreated(/could not be reached/);
    const res = await app.graphqlRaw(
      `mutation($i: SsoConnectionInput!) { createSsoConnection(input: $i) { id } }`,
      {
        i: connectionInput({
          issuer: evil.issuer,
          clientId: evil.clientId,
          clientSecret: evil.clientSecret,
          domains: [domain],
        }),
      },
      admin.token,
    );
    expect(res.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(res.errors?.[0].message).toMatch(/could not be reached or read/);
    expect(
      await app.sql(`SELECT count(*)::int AS n FROM sso_connections WHERE workspace_id = $1`, [
        admin.workspaceId,
      ]),
    ).toEqual([{ n: 1 }]);
  });

  it('refuses an unverified email equal to an existing member’s', async () => {
    const email = `member${n}@${domain}`;
    await addMemberWithEmail(app, admin, email);
    evil.account = { sub: `takeover-${n}`, email, email_verified: false };
    const before = await counts();
    const { params } = await signInThrough(app, startUrl);
    expect(params.get('error')).toMatch(/does not vouch/);
    expect(
      await app.sql(`SELECT 1 FROM sso_identities WHERE subject = $1`, [evil.account.sub]),
    ).toEqual([]);
    expect(await counts()).toEqual(before);
  });
});
