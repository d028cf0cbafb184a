import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, newAdmin, type Account } from './helpers/accounts.js';
import { connectorEnv, googleEnv } from './helpers/connectors.js';
import { startFakeAtlassian, type FakeAtlassian } from './helpers/fake-atlassian.js';
import { startFakeGitHub, type FakeGitHub } from './helpers/fake-github.js';
import { startFakeGoogle, type FakeGoogle } from './helpers/fake-google.js';
import {
  complete as completeAt,
  consent as consentAt,
  LINK,
  linkThroughProvider,
  startLink as startLinkAt,
} from './helpers/linking.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';

const PUBLIC_URL = 'https://lumen.example';
const RETURN_TO = `${PUBLIC_URL}/app/account/linked`;

let atlassian: FakeAtlassian;
let google: FakeGoogle;
let github: FakeGitHub;
let app: TestApp;
let admin: Account;
let member: Account;
/** An admin of another workspace. */
let outsider: Account;

beforeAll(async () => {
  [atlassian, google, github] = await Promise.all([
    startFakeAtlassian(),
    startFakeGoogle(),
    startFakeGitHub(),
  ]);
  app = await startTestApp({
    ...connectorEnv(atlassian),
    ...googleEnv(google),
    GITHUB_API_URL: github.url,
    GITHUB_OAUTH_URL: github.url,
    GITHUB_CLIENT_ID: github.clientId,
    GITHUB_CLIENT_SECRET: github.clientSecret,
    PUBLIC_URL,
  });
  admin = await newAdmin(app);
  member = await addMember(app, admin, ['customer_facing'], 'Grace');
  outsider = await newAdmin(app, 'Olga');
});

afterAll(async () => {
  await app?.stop();
  await Promise.all([atlassian?.close(), google?.close(), github?.close()]);
});

const LIST = `{ linkedAccounts { provider accountId email linkedAt } }`;
const UNLINK = `mutation($p: String!) { unlinkAccount(provider: $p) }`;

const startLink = (user: Account, provider: string) => startLinkAt(app, user, provider);
const consent = (url: URL) => consentAt(url, RETURN_TO);
const complete = (user: Account, callback: { code: string; state: string }) =>
  completeAt(app, user, callback);
const link = (user: Account, provider: string) =>
  linkThroughProvider(app, user, provider, RETURN_TO);

async function listOf(user: Account) {
  const res = await app.graphqlRaw(LIST, {}, user.token);
  expect(res.errors).toBeUndefined();
  return res.data.linkedAccounts as { provider: string; accountId: string; email: string | null }[];
}

const codeOf = (res: { errors?: any[] }) => res.errors?.[0]?.extensions?.code;

describe('linking an Atlassian account', () => {
  it('answers an authorize URL of the connectors’ Atlassian app with a read:me scope', async () => {
    const url = await startLink(admin, 'atlassian');
    expect(`${url.origin}${url.pathname}`).toBe(`${atlassian.url}/authorize`);
    const q = url.searchParams;
    expect(q.get('client_id')).toBe(atlassian.clientId);
    expect(q.get('audience')).toBe('api.atlassian.com');
    expect(q.get('response_type')).toBe('code');
    expect(q.get('redirect_uri')).toBe(RETURN_TO);
    expect(q.get('scope')!.split(' ')).toContain('read:me');
    expect(q.get('state')!.length).toBeGreaterThanOrEqual(32);
    expect((await startLink(admin, 'atlassian')).searchParams.get('state')).not.toBe(
      q.get('state'),
    );
  });

  it('links the /me account_id, with the email when Atlassian says it is verified', async () => {
    const ada = atlassian.addUser({ email: 'Ada@Corp.example', emailVerified: true });
    atlassian.signedIn = ada.accountId;
    const linked = await link(admin, 'atlassian');
    expect(linked).toMatchObject({
      provider: 'atlassian',
      accountId: ada.accountId,
      email: 'ada@corp.example',
    });
    expect(Date.parse(linked.linkedAt)).toBeGreaterThan(Date.now() - 60_000);
    const [exchange] = atlassian.tokenRequests('authorization_code');
    expect(exchange!.body).toMatchObject({
      client_secret: atlassian.clientSecret,
      redirect_uri: RETURN_TO,
    });
    expect(atlassian.requests.some((r) => r.path === '/me')).toBe(true);
    expect(await listOf(admin)).toEqual([
      expect.objectContaining({ provider: 'atlassian', accountId: ada.accountId }),
    ]);
  });

  it('keeps no email that Atlassian has not verified, and linking again replaces the link', async () => {
    const other = atlassian.addUser({ email: 'unverified@corp.example', emailVerified: false });
    atlassian.signedIn = other.accountId;
    const linked = await link(admin, 'atlassian');
    expect(linked).toMatchObject({ accountId: other.accountId, email: null });
    const atlassianLinks = (await listOf(admin)).filter((l) => l.provider === 'atlassian');
    expect(atlassianLinks).toEqual([
      expect.objectContaining({ accountId: other.accountId, email: null }),
    ]);
  });

  it('records link and unlink in the audit log', async () => {
    const events = await app.sql<{ action: string; target_label: string }>(
      `SELECT action, target_label FROM audit_events WHERE actor_id = $1 AND action LIKE 'account.%' ORDER BY at`,
      [admin.id],
    );
    expect(events.map((e) => e.action)).toEqual(['account.linked', 'account.linked']);
    expect(events[0]!.target_label).toBe('Atlassian: ada@corp.example');
  });
});

describe('linking a Google account', () => {
  it('links the userinfo sub with openid email scopes, and the verified email', async () => {
    const url = await startLink(member, 'google');
    expect(`${url.origin}${url.pathname}`).toBe(google.authUrl);
    expect(url.searchParams.get('client_id')).toBe(google.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(RETURN_TO);
    expect(url.searchParams.get('scope')!.split(' ')).toEqual(['openid', 'email']);
    const grace = google.addUser({ email: 'grace@corp.example', emailVerified: true });
    google.signedIn = grace.email;
    const res = await complete(member, await consent(url));
    expect(res.errors).toBeUndefined();
    expect(res.data.completeAccountLink).toMatchObject({
      provider: 'google',
      accountId: grace.sub,
      email: 'grace@corp.example',
    });
    expect(google.tokenRequests('authorization_code').at(-1)!.body.client_secret).toBe(
      google.clientSecret,
    );
  });

  it('keeps no unverified Google email', async () => {
    const unverified = google.addUser({ email: 'new@gmail.example', emailVerified: false });
    google.signedIn = unverified.email;
    expect(await link(member, 'google')).toMatchObject({ accountId: unverified.sub, email: null });
  });
});

describe('linking a GitHub account', () => {
  it('links GET /user’s numeric id and the primary verified email from /user/emails', async () => {
    const octo = github.addUser({
      login: 'octo-ada',
      emails: [
        { email: 'old@corp.example', verified: true },
        { email: 'ada@github.example', primary: true, verified: true },
      ],
    });
    github.signedIn = octo.login;
    const url = await startLink(admin, 'github');
    expect(`${url.origin}${url.pathname}`).toBe(`${github.url}/login/oauth/authorize`);
    expect(url.searchParams.get('client_id')).toBe(github.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(RETURN_TO);
    expect(url.searchParams.get('scope')).toBe('user:email');
    const res = await complete(admin, await consent(url));
    expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
    expect(res.data.completeAccountLink).toMatchObject({
      provider: 'github',
      accountId: String(octo.id),
      email: 'ada@github.example',
    });
    const [exchange] = github.tokenRequests();
    expect(exchange!.headers.accept).toContain('application/json');
    expect(exchange!.body).toMatchObject({ client_secret: github.clientSecret });
    expect(github.count({ path: '/user/emails' })).toBe(1);
  });

  it('keeps no email when the primary one is not verified', async () => {
    const octo = github.addUser({
      login: 'octo-unverified',
      emails: [
        { email: 'primary@corp.example', primary: true, verified: false },
        { email: 'other@corp.example', verified: true },
      ],
    });
    github.signedIn = octo.login;
    expect(await link(outsider, 'github')).toMatchObject({
      accountId: String(octo.id),
      email: null,
    });
  });

  it('shows GitHub’s refusal of a bad code clearly', async () => {
    const { state } = await consent(await startLink(outsider, 'github'));
    const res = await complete(outsider, { code: 'not-a-real-code', state });
    expect(codeOf(res)).toBe('LINK_FAILED');
    expect(res.errors![0].message).toMatch(/incorrect or expired/);
  });
});

describe('the state', () => {
  it('is single use: a replayed callback is refused', async () => {
    atlassian.signedIn = atlassian.addUser({ email: 'replay@corp.example' }).accountId;
    const callback = await consent(await startLink(member, 'atlassian'));
    expect((await complete(member, callback)).errors).toBeUndefined();
    const marks = atlassian.tokenRequests().length;
    const again = await complete(member, callback);
    expect(codeOf(again)).toBe('INVALID_STATE');
    expect(again.errors![0].message).toMatch(/already used/);
    expect(atlassian.tokenRequests().length).toBe(marks);
  });

  it('is bound to the member who started it: another member’s is refused, and stays theirs', async () => {
    atlassian.signedIn = atlassian.addUser({ email: 'bound@corp.example' }).accountId;
    const callback = await consent(await startLink(admin, 'atlassian'));
    const stolen = await complete(member, callback);
    expect(codeOf(stolen)).toBe('INVALID_STATE');
    expect(codeOf(await complete(outsider, callback))).toBe('INVALID_STATE');
    expect((await complete(admin, callback)).errors).toBeUndefined();
  });

  it('expires', async () => {
    const callback = await consent(await startLink(member, 'google'));
    await app.sql(
      `UPDATE linked_account_states SET expires_at = now() - interval '1 second' WHERE used_at IS NULL AND user_id = $1`,
      [member.id],
    );
    const res = await complete(member, callback);
    expect(codeOf(res)).toBe('INVALID_STATE');
    expect(res.errors![0].message).toMatch(/expired/);
  });

  it('refuses an unknown state or a missing code', async () => {
    expect(codeOf(await complete(member, { code: 'x', state: 'made-up' }))).toBe('INVALID_STATE');
    const { state } = await consent(await startLink(member, 'google'));
    expect(codeOf(await complete(member, { code: ' ', state }))).toBe('BAD_USER_INPUT');
  });
});

describe('rules', () => {
  it('refuses an unknown provider clearly', async () => {
    for (const op of [LINK, UNLINK]) {
      const res = await app.graphqlRaw(op, { p: 'gitlab' }, admin.token);
      expect(codeOf(res)).toBe('BAD_USER_INPUT');
      expect(res.errors![0].message).toMatch(/atlassian, google or github/);
    }
  });

  it('needs a signed-in member', async () => {
    expect(codeOf(await app.graphqlRaw(LIST, {}))).toBe('UNAUTHENTICATED');
    expect(codeOf(await app.graphqlRaw(LINK, { p: 'github' }))).toBe('UNAUTHENTICATED');
  });

  it('refuses one provider account for two members of a workspace, not across workspaces', async () => {
    const shared = github.addUser({
      login: 'octo-shared',
      emails: [{ email: 'shared@corp.example', primary: true, verified: true }],
    });
    github.signedIn = shared.login;
    await link(member, 'github');
    const res = await complete(admin, await consent(await startLink(admin, 'github')));
    expect(codeOf(res)).toBe('ACCOUNT_ALREADY_LINKED');
    expect(res.errors![0].message).toMatch(/already linked to another member/);
    // The admin keeps their earlier GitHub link.
    expect((await listOf(admin)).find((l) => l.provider === 'github')?.accountId).not.toBe(
      String(shared.id),
    );
    // Another workspace is another world.
    expect(await link(outsider, 'github')).toMatchObject({ accountId: String(shared.id) });
  });

  it('lists only the caller’s own links', async () => {
    const mine = await listOf(admin);
    const theirs = await listOf(member);
    expect(mine.map((l) => l.provider)).toEqual(['atlassian', 'github']);
    expect(theirs.map((l) => l.provider)).toEqual(['atlassian', 'google', 'github']);
    const ids = new Set(mine.map((l) => l.accountId));
    expect(theirs.some((l) => ids.has(l.accountId))).toBe(false);
  });

  it('unlinks at once, and records it', async () => {
    const res = await app.graphqlRaw(UNLINK, { p: 'github' }, member.token);
    expect(res).toEqual({ data: { unlinkAccount: true } });
    expect((await listOf(member)).map((l) => l.provider)).toEqual(['atlassian', 'google']);
    expect((await app.graphqlRaw(UNLINK, { p: 'github' }, member.token)).data.unlinkAccount).toBe(
      false,
    );
    const [event] = await app.sql<{ action: string; details: any }>(
      `SELECT action, details FROM audit_events WHERE actor_id = $1 AND action = 'account.unlinked'`,
      [member.id],
    );
    expect(event!.details).toMatchObject({ provider: 'github' });
    // Free again: the admin may now link that GitHub account.
    expect(await link(admin, 'github')).toMatchObject({ provider: 'github' });
  });

  it('answers NOT_CONFIGURED for a provider this server has no OAuth app for', async () => {
    const bare = await startTestApp({ PUBLIC_URL });
    try {
      const someone = await newAdmin(bare, 'Nia');
      for (const [provider, env] of [
        ['atlassian', /ATLASSIAN_CLIENT_ID/],
        ['google', /GOOGLE_CLIENT_ID/],
        ['github', /GITHUB_CLIENT_ID/],
      ] as const) {
        const res = await bare.graphqlRaw(LINK, { p: provider }, someone.token);
        expect(codeOf(res)).toBe('NOT_CONFIGURED');
        expect(res.errors![0].message).toMatch(env);
      }
      const list = await bare.graphqlRaw(LIST, {}, someone.token);
      expect(list.data.linkedAccounts).toEqual([]);
    } finally {
      await bare.stop();
    }
  });
});
