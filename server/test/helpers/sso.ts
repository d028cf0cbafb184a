import net from 'node:net';
import { expect } from 'vitest';
import { GOOD_PASSWORD, startTestApp, type TestApp } from './test-app.js';
import { inviteToken, type Account } from './accounts.js';
import { completion, ScriptedBrowser } from './sso-browser.js';

export const CONNECTION_FIELDS = `id name issuer clientId scopes hasClientSecret domains jitEnabled
  defaultRole groupsClaim groupRoles { group role } enabled callbackUrl startUrl`;

/** A free loopback port, so PUBLIC_URL (the IdP's redirect URI) is known before the app starts. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The app on a known port with loopback issuers allowed. */
export async function startSsoApp(env: Record<string, string> = {}): Promise<TestApp> {
  const port = await freePort();
  return startTestApp({
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SSO_ALLOW_PRIVATE_ISSUERS: '1',
    ...env,
  });
}

let domainCounter = 0;
/** A domain no other test of the file uses (a verified domain belongs to one workspace). */
export function uniqueDomain(): string {
  return `corp${process.pid}x${++domainCounter}.test`;
}

export interface ConnectionInput {
  name?: string;
  issuer: string;
  clientId: string;
  clientSecret?: string | null;
  scopes?: string[];
  domains: string[];
  jitEnabled?: boolean;
  defaultRole?: string;
  groupsClaim?: string | null;
  groupRoles?: { group: string; role: string }[];
  enabled?: boolean;
}

export function connectionInput(input: ConnectionInput) {
  return {
    name: 'Test IdP',
    jitEnabled: true,
    defaultRole: 'customer_facing',
    ...input,
  };
}

export async function createConnection(app: TestApp, admin: Account, input: ConnectionInput) {
  const res = await app.graphqlRaw(
    `mutation($i: SsoConnectionInput!) { createSsoConnection(input: $i) { ${CONNECTION_FIELDS} } }`,
    { i: connectionInput(input) },
    admin.token,
  );
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data.createSsoConnection as { id: string; startUrl: string; callbackUrl: string };
}

/** Proves a domain through the loopback DNS responder. */
export async function verifyDomain(
  app: TestApp,
  admin: Account,
  dns: { txt: Map<string, string[]> },
  domain: string,
) {
  const q = `mutation($d: String!) { verifySsoDomain(domain: $d) { domain txtRecord verified } }`;
  const first = await app.graphqlRaw(q, { d: domain }, admin.token);
  expect(first.errors).toBeUndefined();
  dns.txt.set(domain, ['v=spf1 -all', first.data.verifySsoDomain.txtRecord]);
  const second = await app.graphqlRaw(q, { d: domain }, admin.token);
  expect(second.errors).toBeUndefined();
  expect(second.data.verifySsoDomain.verified).toBe(true);
}

/** Runs a whole sign-in from `startUrl` in `browser`; answers the completion page's fragment. */
export async function signInThrough(
  app: TestApp,
  startUrl: string,
  browser = new ScriptedBrowser(),
) {
  const done = await browser.follow(startUrl, (url) => url.startsWith(`${app.url}/sso/complete`));
  expect(done.status, `stopped at ${done.url}: ${done.hops.join(' -> ')}`).toBe(0);
  return { params: completion(done.url), hops: done.hops, browser };
}

export async function completeSignIn(app: TestApp, code: string) {
  return app.graphqlRaw(
    `mutation($c: String!) { completeSsoSignIn(code: $c) { token refreshToken permissions user { id email roles firstName lastName } } }`,
    { c: code },
  );
}

/** Invites `email` with `roles` and accepts with a password: a member with a password account. */
export async function addMemberWithEmail(
  app: TestApp,
  admin: Account,
  email: string,
  roles: string[] = ['customer_facing'],
) {
  const invite = await app.rest(
    'POST',
    '/api/members/invite',
    { emails: email, roles },
    { token: admin.token },
  );
  expect(invite.status).toBe(200);
  const token = await inviteToken(app, email);
  const accept = await app.graphqlRaw(
    `mutation($i: AcceptInvitationInput!) { acceptInvitation(input: $i) }`,
    { i: { token, firstName: 'Pat', lastName: 'Member', password: GOOD_PASSWORD } },
  );
  expect(accept.errors).toBeUndefined();
}

export async function auditActions(app: TestApp, workspaceId: string, action: string) {
  return app.sql<{ target_label: string; details: any; actor_id: string | null }>(
    `SELECT target_label, details, actor_id FROM audit_events WHERE workspace_id = $1 AND action = $2 ORDER BY at`,
    [workspaceId, action],
  );
}
