import { expect } from 'vitest';
import { GOOD_PASSWORD, uniqueEmail, uniqueIp, type TestApp } from './test-app.js';

export interface Account {
  id: string;
  email: string;
  token: string;
  refreshToken: string;
  workspaceId: string;
}

/** Signs up a new workspace admin and signs them in. */
export async function newAdmin(app: TestApp, firstName = 'Ada'): Promise<Account> {
  const email = uniqueEmail(firstName.toLowerCase());
  // Each from its own address: sign-up is throttled per client address.
  const up = await app.rest(
    'POST',
    '/api/signup',
    { email, password: GOOD_PASSWORD, firstName, lastName: 'Admin' },
    { ip: uniqueIp() },
  );
  expect(up.status).toBe(201);
  return signInAs(app, email);
}

export async function signInAs(
  app: TestApp,
  email: string,
  password = GOOD_PASSWORD,
): Promise<Account> {
  const res = await app.rest('POST', '/api/signin', { email, password }, { ip: uniqueIp() });
  expect(res.status).toBe(200);
  return {
    id: res.body.user.id,
    email,
    token: res.body.token,
    refreshToken: res.body.refresh_token,
    workspaceId: res.body.user.workspaceId,
  };
}

/** The invitation link's token from the newest mail to `email`. */
export async function inviteToken(app: TestApp, email: string): Promise<string> {
  const [mail] = await app.outbox(email);
  const match = /accept-invite\?token=([\w%-]+)/.exec(mail?.text ?? '');
  expect(match, `no invitation mail for ${email}`).toBeTruthy();
  return decodeURIComponent(match![1]);
}

/** Invites `email` with `roles` as `admin` and accepts the invitation; returns the signed-in member. */
export async function addMember(
  app: TestApp,
  admin: Account,
  roles: string[] = ['customer_facing'],
  firstName = 'Grace',
) {
  const email = uniqueEmail(firstName.toLowerCase());
  const invite = await app.rest(
    'POST',
    '/api/members/invite',
    { emails: email, roles },
    { token: admin.token },
  );
  expect(invite.status).toBe(200);
  expect(invite.body.invited).toHaveLength(1);
  const token = await inviteToken(app, email);
  const accept = await app.graphqlRaw(
    `mutation($i: AcceptInvitationInput!) { acceptInvitation(input: $i) }`,
    { i: { token, firstName, lastName: 'Member', password: GOOD_PASSWORD } },
  );
  expect(accept.errors).toBeUndefined();
  return signInAs(app, email);
}

/** The code of the newest email-verification mail to `email` (the link carries the same one). */
export async function verificationCode(app: TestApp, email: string): Promise<string> {
  const mail = (await app.outbox(email)).find((m) => /\/verify-email#code=/.test(m.text));
  const match = /\/verify-email#code=(\d{6})\b/.exec(mail?.text ?? '');
  expect(match, `no verification mail for ${email}`).toBeTruthy();
  return match![1];
}

/** Verifies the account's address with the code mailed at sign-up (or the newest resent one). */
export async function verifyEmailOf(app: TestApp, account: Account): Promise<void> {
  const code = await verificationCode(app, account.email);
  const res = await app.graphqlRaw(
    `mutation($c: String!) { verifyEmail(code: $c) { emailVerified } }`,
    { c: code },
    account.token,
  );
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  expect(res.data.verifyEmail.emailVerified).toBe(true);
}
