import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAdmin } from './helpers/accounts.js';
import { startDnsResponder, type DnsResponder } from './helpers/dns-responder.js';
import { startOidcIdp, type TestIdp } from './helpers/oidc-idp.js';
import {
  addMemberWithEmail,
  auditActions,
  completeSignIn,
  createConnection,
  signInThrough,
  startSsoApp,
  uniqueDomain,
  verifyDomain,
} from './helpers/sso.js';
import { ScriptedBrowser, completion } from './helpers/sso-browser.js';
import { GOOD_PASSWORD, uniqueIp, type TestApp } from './helpers/test-app.js';

let app: TestApp;
let idp: TestIdp;
let dns: DnsResponder;

beforeAll(async () => {
  dns = await startDnsResponder();
  app = await startSsoApp({ DNS_SERVERS: dns.server });
  idp = await startOidcIdp(app.url);
});
afterAll(async () => {
  await idp?.stop();
  await app?.stop();
  await dns?.stop();
});

/** A workspace with a verified domain and a connection to the loopback IdP. */
async function workspaceWithSso(
  opts: {
    jitEnabled?: boolean;
    defaultRole?: string;
    groupsClaim?: string;
    groupRoles?: { group: string; role: string }[];
    scopes?: string[];
  } = {},
) {
  const admin = await newAdmin(app);
  const domain = uniqueDomain();
  await verifyDomain(app, admin, dns, domain);
  const connection = await createConnection(app, admin, {
    issuer: idp.issuer,
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    domains: [domain],
    jitEnabled: opts.jitEnabled ?? true,
    defaultRole: opts.defaultRole ?? 'customer_facing',
    groupsClaim: opts.groupsClaim,
    groupRoles: opts.groupRoles,
    scopes: opts.scopes,
  });
  return { admin, domain, connection };
}

let subCounter = 0;
function person(domain: string, extra: Partial<Parameters<typeof idp.accounts.set>[1]> = {}) {
  const sub = `sub-${++subCounter}-${Date.now()}`;
  const account = {
    sub,
    email: `person${subCounter}@${domain}`,
    email_verified: true,
    given_name: 'Lin',
    family_name: 'Okta',
    name: 'Lin Okta',
    ...extra,
  };
  idp.accounts.set(sub, account);
  return account;
}

async function signInAs(startUrl: string, sub: string, browser?: ScriptedBrowser) {
  idp.loginAs = sub;
  return signInThrough(app, startUrl, browser);
}

async function users(email: string) {
  return app.sql(
    `SELECT id, roles, password_hash, workspace_id, email_verified_at FROM users WHERE email = $1`,
    [email],
  );
}

describe('OpenID Connect sign-in against oidc-provider', () => {
  it('signs a new person up just in time with the default role (code flow with PKCE)', async () => {
    const { admin, domain, connection } = await workspaceWithSso({ defaultRole: 'product_expert' });
    const who = person(domain);
    const { params, hops } = await signInAs(connection.startUrl, who.sub);
    // S256 PKCE, state and nonce on the authorization request.
    const authorize = new URL(hops.find((h) => h.startsWith(`${idp.issuer}/auth?`))!);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${app.url}/api/auth/sso/callback`);
    expect(params.get('error')).toBeNull();
    const code = params.get('code')!;
    expect(code).toBeTruthy();
    // No token in any URL of the flow.
    for (const hop of hops) expect(hop).not.toMatch(/token=|id_token|access_token/);

    const done = await completeSignIn(app, code);
    expect(done.errors).toBeUndefined();
    const signedIn = done.data.completeSsoSignIn;
    expect(signedIn.user.email).toBe(who.email);
    expect(signedIn.user.roles).toEqual(['product_expert']);
    expect(signedIn.user.firstName).toBe('Lin');
    expect(signedIn.permissions).toContain('source.write');
    const [row] = await users(who.email);
    expect(row.workspace_id).toBe(admin.workspaceId);
    expect(row.password_hash).toBe('');
    // The IdP vouched for the address (email_verified) at a proven domain: it counts as verified.
    expect(row.email_verified_at).toBeInstanceOf(Date);
    const me = await app.rest('GET', '/api/me', undefined, { token: signedIn.token });
    expect(me.status).toBe(200);
    expect((await auditActions(app, admin.workspaceId, 'sso.sign_in'))[0]?.details.outcome).toBe(
      'created',
    );
  });

  it('maps IdP groups to roles at every sign-in: the highest match wins, no match is the default', async () => {
    const { admin, domain, connection } = await workspaceWithSso({
      scopes: ['openid', 'email', 'profile', 'groups'],
      groupsClaim: 'groups',
      groupRoles: [
        { group: 'lumen-experts', role: 'product_expert' },
        { group: 'lumen-admins', role: 'admin' },
      ],
    });
    const who = person(domain, { groups: ['lumen-experts', 'sales'] });
    const first = await signInAs(connection.startUrl, who.sub);
    const one = await completeSignIn(app, first.params.get('code')!);
    expect(one.data.completeSsoSignIn.user.roles).toEqual(['product_expert']);

    who.groups = ['lumen-experts', 'lumen-admins'];
    const second = await signInAs(connection.startUrl, who.sub);
    const two = await completeSignIn(app, second.params.get('code')!);
    expect(two.data.completeSsoSignIn.user.id).toBe(one.data.completeSsoSignIn.user.id);
    expect(two.data.completeSsoSignIn.user.roles).toEqual(['admin']);
    expect(two.data.completeSsoSignIn.permissions).toContain('user.write');

    who.groups = ['sales'];
    const third = await signInAs(connection.startUrl, who.sub);
    const three = await completeSignIn(app, third.params.get('code')!);
    expect(three.data.completeSsoSignIn.user.roles).toEqual(['customer_facing']);
    const signIns = await auditActions(app, admin.workspaceId, 'sso.sign_in');
    expect(signIns.at(-1)!.details.roles).toMatchObject({
      from: ['admin'],
      to: ['customer_facing'],
    });
  });

  it('never demotes the last admin through the group mapping', async () => {
    const { admin, domain, connection } = await workspaceWithSso({
      scopes: ['openid', 'email', 'profile', 'groups'],
      groupsClaim: 'groups',
      groupRoles: [{ group: 'lumen-admins', role: 'admin' }],
    });
    // The only admin links an SSO identity (verified email on the verified domain).
    const email = `boss@${domain}`;
    await app.sql(`UPDATE users SET email = $1 WHERE id = $2`, [email, admin.id]);
    const who = person(domain, { email, groups: [] });
    const { params } = await signInAs(connection.startUrl, who.sub);
    const done = await completeSignIn(app, params.get('code')!);
    expect(done.data.completeSsoSignIn.user.id).toBe(admin.id);
    expect(done.data.completeSsoSignIn.user.roles).toEqual(['admin']);
    const signIns = await auditActions(app, admin.workspaceId, 'sso.sign_in');
    expect(signIns.at(-1)!.details.roles.keptLastAdmin).toBe(true);
  });

  it('links an existing member when the IdP vouches for the email on a verified domain', async () => {
    const { admin, domain, connection } = await workspaceWithSso();
    const email = `existing@${domain}`;
    await addMemberWithEmail(app, admin, email, ['product_expert']);
    await app.sql(`UPDATE users SET email_verified_at = NULL WHERE email = $1`, [email]);
    const [before] = await users(email);
    const who = person(domain, { email });
    const { params } = await signInAs(connection.startUrl, who.sub);
    const done = await completeSignIn(app, params.get('code')!);
    expect(done.errors).toBeUndefined();
    expect(done.data.completeSsoSignIn.user.id).toBe(before.id);
    expect(done.data.completeSsoSignIn.user.roles).toEqual(['product_expert']);
    const identities = await app.sql(`SELECT subject FROM sso_identities WHERE user_id = $1`, [
      before.id,
    ]);
    expect(identities).toEqual([{ subject: who.sub }]);
    // Linking took the IdP's word for the address.
    expect((await users(email))[0].email_verified_at).toBeInstanceOf(Date);
    // The password keeps working while SSO is not enforced.
    const password = await app.rest(
      'POST',
      '/api/signin',
      { email, password: GOOD_PASSWORD },
      { ip: uniqueIp() },
    );
    expect(password.status).toBe(200);
    // Later sign-ins find the member by subject, even once the IdP's email changes.
    who.email = `renamed@${domain}`;
    const again = await signInAs(connection.startUrl, who.sub);
    const next = await completeSignIn(app, again.params.get('code')!);
    expect(next.data.completeSsoSignIn.user.id).toBe(before.id);
  });

  it('does not link an existing member when the IdP does not vouch for the email', async () => {
    const { admin, domain, connection } = await workspaceWithSso();
    const email = `victim@${domain}`;
    await addMemberWithEmail(app, admin, email);
    await app.sql(`UPDATE users SET email_verified_at = NULL WHERE email = $1`, [email]);
    const [member] = await users(email);
    const who = person(domain, { email, email_verified: false });
    const { params } = await signInAs(connection.startUrl, who.sub);
    expect(params.get('code')).toBeNull();
    expect(params.get('error')).toMatch(/does not vouch/);
    expect(await app.sql(`SELECT 1 FROM sso_identities WHERE user_id = $1`, [member.id])).toEqual(
      [],
    );
    expect(
      await app.sql(`SELECT 1 FROM sso_handoff_codes WHERE user_id = $1`, [member.id]),
    ).toEqual([]);
    const refused = await auditActions(app, admin.workspaceId, 'sso.sign_in_refused');
    expect(refused.at(-1)!.details.reason).toBe('email_unverified');
    expect((await users(email))[0].email_verified_at).toBeNull();
  });

  it('accepts a pending invitation through SSO, and refuses without one when JIT is off', async () => {
    const { admin, domain, connection } = await workspaceWithSso({ jitEnabled: false });
    const invited = `invited@${domain}`;
    const invite = await app.rest(
      'POST',
      '/api/members/invite',
      { emails: invited, roles: ['product_expert'] },
      { token: admin.token },
    );
    expect(invite.status).toBe(200);
    const who = person(domain, { email: invited });
    const { params } = await signInAs(connection.startUrl, who.sub);
    const done = await completeSignIn(app, params.get('code')!);
    expect(done.errors).toBeUndefined();
    expect(done.data.completeSsoSignIn.user.roles).toEqual(['product_expert']);
    const [invitation] = await app.sql(`SELECT accepted_at FROM invitations WHERE email = $1`, [
      invited,
    ]);
    expect(invitation.accepted_at).not.toBeNull();
    expect(await auditActions(app, admin.workspaceId, 'invitation.accepted')).toHaveLength(1);

    const stranger = person(domain);
    const refused = await signInAs(connection.startUrl, stranger.sub);
    expect(refused.params.get('error')).toMatch(
      /Just-in-time sign-up is off and there is no invitation/,
    );
    expect(await users(stranger.email)).toEqual([]);
  });

  it('refuses a domain the connection does not serve, a deactivated member and another workspace’s member', async () => {
    const { admin, domain, connection } = await workspaceWithSso();
    const outsider = person('elsewhere.test');
    const a = await signInAs(connection.startUrl, outsider.sub);
    expect(a.params.get('error')).toBe(
      'Your email domain is not allowed for this single sign-on connection.',
    );
    expect(await users(outsider.email)).toEqual([]);

    const who = person(domain);
    const first = await signInAs(connection.startUrl, who.sub);
    expect((await completeSignIn(app, first.params.get('code')!)).errors).toBeUndefined();
    await app.sql(`UPDATE users SET deactivated_at = now() WHERE email = $1`, [who.email]);
    const b = await signInAs(connection.startUrl, who.sub);
    expect(b.params.get('error')).toMatch(/deactivated/);

    // A second workspace cannot verify the domain too, even with its record published.
    const other = await newAdmin(app);
    const q = `mutation($d: String!) { verifySsoDomain(domain: $d) { txtRecord verified } }`;
    const pending = await app.graphqlRaw(q, { d: domain }, other.token);
    expect(pending.data.verifySsoDomain.verified).toBe(false);
    dns.txt.set(domain, [...(dns.txt.get(domain) ?? []), pending.data.verifySsoDomain.txtRecord]);
    const taken = await app.graphqlRaw(q, { d: domain }, other.token);
    expect(taken.errors?.[0].extensions.code).toBe('SSO_DOMAIN_TAKEN');
    // Its member with an address on the domain cannot come in through this workspace.
    const theirs = `theirs@${domain}`;
    await addMemberWithEmail(app, other, theirs);
    const c = await signInAs(connection.startUrl, person(domain, { email: theirs }).sub);
    expect(c.params.get('error')).toBe(
      'This email address already belongs to another Lumen workspace.',
    );
    const [still] = await users(theirs);
    expect(still.workspace_id).toBe(other.workspaceId);
    const reasons = (await auditActions(app, admin.workspaceId, 'sso.sign_in_refused')).map(
      (r) => r.details.reason,
    );
    expect(reasons).toEqual(['domain_not_allowed', 'deactivated', 'other_workspace']);
  });

  it('tells the person when the identity provider refuses, in its words', async () => {
    const { admin, domain, connection } = await workspaceWithSso();
    const who = person(domain);
    idp.refuseWith = 'Your account may not use Lumen';
    const { params } = await signInAs(connection.startUrl, who.sub);
    expect(params.get('error')).toBe(
      'The identity provider refused: Your account may not use Lumen',
    );
    const refused = await auditActions(app, admin.workspaceId, 'sso.sign_in_refused');
    expect(refused.at(-1)!.details).toMatchObject({ reason: 'idp_error', detail: 'access_denied' });
  });

  it('enforced SSO refuses members’ passwords (REST and GraphQL) but lets the break-glass owner in, audited', async () => {
    const { admin, domain } = await workspaceWithSso();
    const email = `pw@${domain}`;
    await addMemberWithEmail(app, admin, email);
    const set = await app.graphqlRaw(
      `mutation { setSsoEnforced(enforced: true) }`,
      {},
      admin.token,
    );
    expect(set.errors).toBeUndefined();
    expect(set.data.setSsoEnforced).toBe(true);

    const rest = await app.rest(
      'POST',
      '/api/signin',
      { email, password: GOOD_PASSWORD },
      { ip: uniqueIp() },
    );
    expect(rest.status).toBe(403);
    expect(rest.body.error).toBe('SSO_REQUIRED');
    const gql = await app.graphqlRaw(`mutation($i: SignInInput!) { signIn(input: $i) { token } }`, {
      i: { email, password: GOOD_PASSWORD },
    });
    expect(gql.errors?.[0].extensions.code).toBe('SSO_REQUIRED');
    // A wrong password still answers as a wrong password: the refusal tells a guesser nothing.
    const wrong = await app.rest(
      'POST',
      '/api/signin',
      { email, password: 'not the password' },
      { ip: uniqueIp() },
    );
    expect(wrong.body.error).toBe('INVALID_CREDENTIALS');

    const owner = await app.rest(
      'POST',
      '/api/signin',
      { email: admin.email, password: GOOD_PASSWORD },
      { ip: uniqueIp() },
    );
    expect(owner.status).toBe(200);
    const breakglass = await auditActions(app, admin.workspaceId, 'sso.breakglass_used');
    expect(breakglass).toHaveLength(1);
    expect(breakglass[0]!.actor_id).toBe(admin.id);
    expect(await auditActions(app, admin.workspaceId, 'sso.enforcement_changed')).toHaveLength(1);

    const off = await app.graphqlRaw(
      `mutation { setSsoEnforced(enforced: false) }`,
      {},
      admin.token,
    );
    expect(off.data.setSsoEnforced).toBe(false);
    const back = await app.rest(
      'POST',
      '/api/signin',
      { email, password: GOOD_PASSWORD },
      { ip: uniqueIp() },
    );
    expect(back.status).toBe(200);
  });

  it('starts IdP-initiated (no parameter) and keeps only a relative return_to', async () => {
    const { domain, connection } = await workspaceWithSso();
    const who = person(domain);
    const plain = await signInAs(connection.startUrl, who.sub, new ScriptedBrowser());
    expect(plain.params.get('code')).toBeTruthy();
    expect(plain.params.get('return_to')).toBeNull();

    const back = await signInAs(
      `${connection.startUrl}?return_to=${encodeURIComponent('/app/search?q=x')}`,
      who.sub,
    );
    expect(back.params.get('return_to')).toBe('/app/search?q=x');
    const evil = await signInAs(
      `${connection.startUrl}?return_to=${encodeURIComponent('//evil.example/x')}`,
      who.sub,
    );
    expect(evil.params.get('code')).toBeTruthy();
    expect(evil.params.get('return_to')).toBeNull();
  });

  it('answers a logout URL for an SSO session (none for a password session) that ends the IdP session', async () => {
    const { admin, domain, connection } = await workspaceWithSso();
    const who = person(domain);
    const { params, browser } = await signInAs(connection.startUrl, who.sub);
    const done = await completeSignIn(app, params.get('code')!);
    const token = done.data.completeSsoSignIn.token;
    const res = await app.graphqlRaw(`{ ssoLogoutUrl }`, {}, token);
    expect(res.errors).toBeUndefined();
    const url = new URL(res.data.ssoLogoutUrl);
    expect(url.origin + url.pathname).toBe(`${idp.issuer}/session/end`);
    expect(url.searchParams.get('id_token_hint')).toMatch(/^ey/);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${app.url}/signin`);
    const password = await app.graphqlRaw(`{ ssoLogoutUrl }`, {}, admin.token);
    expect(password.data.ssoLogoutUrl).toBeNull();

    // Lumen's own session ends with signOut; the IdP's confirm form then ends the IdP session.
    const out = await app.graphqlRaw(
      `mutation($r: String) { signOut(refreshToken: $r) }`,
      { r: done.data.completeSsoSignIn.refreshToken },
      token,
    );
    expect(out.data.signOut).toBe(true);
    expect((await app.rest('GET', '/api/me', undefined, { token })).status).toBe(401);
    const confirm = await browser.fetch(url.href);
    expect(confirm.status).toBe(200);
    const form = await confirm.text();
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(form)?.[1];
    const action = /action="([^"]+)"/.exec(form)?.[1];
    expect(xsrf && action).toBeTruthy();
    const ended = await browser.follow(
      new URL(action!, idp.issuer).href,
      (u) => u.startsWith(`${app.url}/signin`),
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ xsrf: xsrf!, logout: 'yes' }).toString(),
      },
    );
    expect(ended.status).toBe(0);
  });

  it('refuses a tampered or replayed state, a callback in another browser, and a replayed IdP code', async () => {
    const { admin, domain, connection } = await workspaceWithSso();
    const who = person(domain);
    idp.loginAs = who.sub;
    const browser = new ScriptedBrowser();
    const atCallback = (u: string) => u.startsWith(`${app.url}/api/auth/sso/callback`);
    const first = await browser.follow(connection.startUrl, atCallback);
    const callback = new URL(first.url);

    const tampered = new URL(callback);
    tampered.searchParams.set('state', `${callback.searchParams.get('state')}x`);
    const t = await browser.follow(tampered.href, (u) => u.startsWith(`${app.url}/sso/complete`));
    expect(completion(t.url).get('error')).toMatch(/expired or was already used/);

    const elsewhere = await new ScriptedBrowser().follow(callback.href, (u) =>
      u.startsWith(`${app.url}/sso/complete`),
    );
    expect(completion(elsewhere.url).get('error')).toMatch(/another browser/);

    const ok = await browser.follow(callback.href, (u) => u.startsWith(`${app.url}/sso/complete`));
    expect(completion(ok.url).get('code')).toBeTruthy();
    const replay = await browser.follow(callback.href, (u) =>
      u.startsWith(`${app.url}/sso/complete`),
    );
    expect(completion(replay.url).get('error')).toMatch(/expired or was already used/);

    // A fresh sign-in carrying the first (already redeemed) IdP code: the IdP refuses it.
    const second = await browser.follow(connection.startUrl, atCallback);
    const swapped = new URL(second.url);
    swapped.searchParams.set('code', callback.searchParams.get('code')!);
    const r = await browser.follow(swapped.href, (u) => u.startsWith(`${app.url}/sso/complete`));
    expect(completion(r.url).get('error')).toMatch(/could not be verified/);
    const reasons = (await auditActions(app, admin.workspaceId, 'sso.sign_in_refused')).map(
      (x) => x.details.reason,
    );
    expect(reasons).toEqual(['other_browser', 'state_replayed', 'token_rejected']);
  });

  it('hands over a single-use code that expires after 60 seconds', async () => {
    const { domain, connection } = await workspaceWithSso();
    const who = person(domain);
    const { params } = await signInAs(connection.startUrl, who.sub);
    const code = params.get('code')!;
    expect((await completeSignIn(app, code)).errors).toBeUndefined();
    const again = await completeSignIn(app, code);
    expect(again.errors?.[0].extensions.code).toBe('SSO_INVALID_CODE');

    const next = await signInAs(connection.startUrl, who.sub);
    const [row] = await app.sql(
      `SELECT expires_at, created_at FROM sso_handoff_codes ORDER BY created_at DESC LIMIT 1`,
    );
    expect(
      new Date(row.expires_at).getTime() - new Date(row.created_at).getTime(),
    ).toBeLessThanOrEqual(61_000);
    await app.sql(
      `UPDATE sso_handoff_codes SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`,
    );
    const late = await completeSignIn(app, next.params.get('code')!);
    expect(late.errors?.[0].extensions.code).toBe('SSO_INVALID_CODE');
    expect((await completeSignIn(app, 'made-up')).errors?.[0].extensions.code).toBe(
      'SSO_INVALID_CODE',
    );
  });

  it('ssoDiscover offers the connection for its proven domain and the same empty answer to every miss', async () => {
    const { admin, domain, connection } = await workspaceWithSso();
    const q = `query($e: String!) { ssoDiscover(email: $e) { connections { id name startUrl } } }`;
    const hit = await app.graphqlRaw(q, { e: `Someone@${domain.toUpperCase()}` });
    expect(hit.data.ssoDiscover.connections).toEqual([
      { id: connection.id, name: 'Test IdP', startUrl: connection.startUrl },
    ]);
    const misses = [admin.email, 'nobody@nowhere.test', 'not an email', ''];
    for (const e of misses) {
      const miss = await app.graphqlRaw(q, { e });
      expect(miss).toEqual({ data: { ssoDiscover: { connections: [] } } });
    }
    // An unverified domain routes nobody.
    const unproven = uniqueDomain();
    await createConnection(app, admin, {
      issuer: idp.issuer,
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
      domains: [unproven],
    });
    expect((await app.graphqlRaw(q, { e: `a@${unproven}` })).data.ssoDiscover.connections).toEqual(
      [],
    );
  });
});
