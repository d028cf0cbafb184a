import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  inviteToken,
  newAdmin,
  signInAs,
  verificationCode,
  type Account,
} from './helpers/accounts.js';
import { codeOf } from './helpers/access.js';
import { GOOD_PASSWORD, startTestApp, uniqueEmail, type TestApp } from './helpers/test-app.js';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ PUBLIC_URL: 'https://lumen.example' });
});
afterAll(async () => {
  await app?.stop();
});

const ME = `{ me { email emailVerified } }`;
const VERIFY = `mutation($c: String!) { verifyEmail(code: $c) { id emailVerified } }`;
const RESEND = `mutation { sendEmailVerification }`;

const verify = (who: Account, code: string) => app.graphqlRaw(VERIFY, { c: code }, who.token);
const resend = (who: Account) => app.graphqlRaw(RESEND, {}, who.token);
const verified = async (who: Account) =>
  (await app.graphqlRaw(ME, {}, who.token)).data.me.emailVerified as boolean;
const verificationMails = async (email: string) =>
  (await app.outbox(email)).filter((m) => m.text.includes('/verify-email#code='));
/** A code that is not the right one (the right one plus one, in six digits). */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
/** Moves the account's verification codes `seconds` into the past (as if sent then). */
const age = (who: Account, seconds: number) =>
  app.sql(
    `UPDATE auth_challenges SET created_at = created_at - make_interval(secs => $2)
      WHERE user_id = $1 AND kind = 'email_verification_code'`,
    [who.id, seconds],
  );

describe('the code mailed at sign-up', () => {
  it('is sent once, with a link carrying it in the fragment, and stored hashed', async () => {
    const ada = await newAdmin(app, 'Ada');
    const mails = await verificationMails(ada.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/Verify your email/);
    const code = await verificationCode(app, ada.email);
    expect(mails[0].text).toContain(`Your Lumen verification code is ${code}.`);
    expect(mails[0].text).toContain(`https://lumen.example/verify-email#code=${code}`);
    expect(mails[0].text).not.toMatch(/verify-email\?/);
    expect(mails[0].text).toMatch(/expires in 30 minutes/);
    const rows = await app.sql(
      `SELECT secret_hash, expires_at - created_at AS ttl FROM auth_challenges
        WHERE user_id = $1 AND kind = 'email_verification_code'`,
      [ada.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].secret_hash).not.toContain(code);
    expect(rows[0].ttl.minutes).toBe(30);
    // The account works meanwhile, marked unverified.
    expect(await verified(ada)).toBe(false);
  });

  it('verifies the address; a wrong code is refused and changes nothing', async () => {
    const ada = await newAdmin(app, 'Ada');
    const code = await verificationCode(app, ada.email);
    expect(codeOf(await verify(ada, wrong(code)))).toBe('INVALID_CODE');
    expect(codeOf(await verify(ada, 'abcdef'))).toBe('INVALID_CODE');
    expect(await verified(ada)).toBe(false);
    const ok = await verify(ada, ` ${code} `);
    expect(ok.errors).toBeUndefined();
    expect(ok.data.verifyEmail).toEqual({ id: ada.id, emailVerified: true });
    expect(await verified(ada)).toBe(true);
    const [row] = await app.sql(`SELECT email_verified_at FROM users WHERE id = $1`, [ada.id]);
    expect(row.email_verified_at).toBeInstanceOf(Date);
    // Nothing more to send once verified.
    expect((await resend(ada)).data.sendEmailVerification).toBe(false);
  });

  it('the link flow: the code in the link fragment is what the page posts', async () => {
    const ada = await newAdmin(app, 'Ada');
    const [mail] = await verificationMails(ada.email);
    const link = /(https:\/\/\S+\/verify-email#\S+)/.exec(mail.text)![1];
    const fragment = new URLSearchParams(new URL(link).hash.slice(1));
    expect((await verify(ada, fragment.get('code')!)).errors).toBeUndefined();
    expect(await verified(ada)).toBe(true);
  });

  it('expires after 30 minutes', async () => {
    const ada = await newAdmin(app, 'Ada');
    const code = await verificationCode(app, ada.email);
    await app.sql(
      `UPDATE auth_challenges SET expires_at = now() - interval '1 second'
        WHERE user_id = $1 AND kind = 'email_verification_code'`,
      [ada.id],
    );
    expect(codeOf(await verify(ada, code))).toBe('INVALID_CODE');
    expect(await verified(ada)).toBe(false);
  });

  it('is burnt by five wrong tries: the right code fails after them', async () => {
    const ada = await newAdmin(app, 'Ada');
    const code = await verificationCode(app, ada.email);
    for (let i = 0; i < 5; i++) expect(codeOf(await verify(ada, wrong(code)))).toBe('INVALID_CODE');
    expect(codeOf(await verify(ada, code))).toBe('INVALID_CODE');
    expect(await verified(ada)).toBe(false);
    const [row] = await app.sql(
      `SELECT failed_attempts, used_at FROM auth_challenges
        WHERE user_id = $1 AND kind = 'email_verification_code'`,
      [ada.id],
    );
    expect(row.failed_attempts).toBe(5);
    expect(row.used_at).toBeInstanceOf(Date);
  });

  it('is one account’s: another account’s right code does not verify mine', async () => {
    const ada = await newAdmin(app, 'Ada');
    const bob = await newAdmin(app, 'Bob');
    const bobsCode = await verificationCode(app, bob.email);
    expect(codeOf(await verify(ada, bobsCode))).toBe('INVALID_CODE');
    expect(await verified(ada)).toBe(false);
  });

  it('needs a signed-in person: no token, and an API key, are refused', async () => {
    const ada = await newAdmin(app, 'Ada');
    const code = await verificationCode(app, ada.email);
    expect(codeOf(await app.graphqlRaw(VERIFY, { c: code }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await app.graphqlRaw(RESEND, {}))).toBe('UNAUTHENTICATED');
    const key = await app.graphqlRaw(
      `mutation { createApiKey(input: { name: "ci", permissions: ["search.read"] }) { secret } }`,
      {},
      ada.token,
    );
    expect(key.errors, JSON.stringify(key.errors)).toBeUndefined();
    const secret = key.data.createApiKey.secret;
    expect(codeOf(await app.graphqlRaw(VERIFY, { c: code }, secret))).toBe('FORBIDDEN');
    expect(await verified(ada)).toBe(false);
  });
});

describe('asking for a new code', () => {
  it('is throttled to one a minute, with the seconds to wait', async () => {
    const ada = await newAdmin(app, 'Ada');
    // The sign-up mail counts: asking right after it is too soon.
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ada.token}` },
      body: JSON.stringify({ query: RESEND }),
    });
    expect(res.status).toBe(429);
    const body = (await res.json()) as { errors: { message: string; extensions: any }[] };
    expect(body.errors[0].extensions.code).toBe('TOO_MANY_REQUESTS');
    expect(body.errors[0].extensions.retryAfterSeconds).toBeGreaterThan(50);
    expect(body.errors[0].extensions.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(body.errors[0].message).toMatch(/in \d+ second/);
    expect(await verificationMails(ada.email)).toHaveLength(1);
  });

  it('a minute later sends a new code; the previous one stops working', async () => {
    const ada = await newAdmin(app, 'Ada');
    const first = await verificationCode(app, ada.email);
    await age(ada, 61);
    const res = await resend(ada);
    expect(res.errors).toBeUndefined();
    expect(res.data.sendEmailVerification).toBe(true);
    expect(await verificationMails(ada.email)).toHaveLength(2);
    const second = await verificationCode(app, ada.email);
    if (second !== first) expect(codeOf(await verify(ada, first))).toBe('INVALID_CODE');
    expect((await verify(ada, second)).errors).toBeUndefined();
    expect(await verified(ada)).toBe(true);
  });

  it('allows five an hour, then says in how many minutes', async () => {
    const ada = await newAdmin(app, 'Ada');
    for (let sent = 1; sent < 5; sent++) {
      await age(ada, 61);
      expect((await resend(ada)).errors).toBeUndefined();
    }
    expect(await verificationMails(ada.email)).toHaveLength(5);
    await age(ada, 61);
    const refused = await resend(ada);
    expect(codeOf(refused)).toBe('TOO_MANY_REQUESTS');
    // The oldest of the five was sent 5 × 61 s ago: it leaves the hour in about 55 minutes.
    const wait = refused.errors![0].extensions.retryAfterSeconds;
    expect(wait).toBeGreaterThan(3000);
    expect(wait).toBeLessThanOrEqual(3600);
    expect(refused.errors![0].message).toMatch(/in \d+ minute/);
    expect(await verificationMails(ada.email)).toHaveLength(5);
    // Once the oldest is more than an hour old, one more may go.
    await age(ada, 3600 - 5 * 61 + 1);
    expect((await resend(ada)).errors).toBeUndefined();
  });

  it('two requests at once send one mail', async () => {
    const ada = await newAdmin(app, 'Ada');
    await age(ada, 61);
    const answers = await Promise.all([resend(ada), resend(ada), resend(ada)]);
    expect(answers.filter((a) => !a.errors)).toHaveLength(1);
    expect(answers.filter((a) => codeOf(a) === 'TOO_MANY_REQUESTS')).toHaveLength(2);
    expect(await verificationMails(ada.email)).toHaveLength(2);
  });
});

describe('addresses proven another way', () => {
  const ACCEPT = `mutation($i: AcceptInvitationInput!) { acceptInvitation(input: $i) }`;
  async function invite(admin: Account) {
    const email = uniqueEmail('grace');
    const res = await app.graphqlRaw(
      `mutation($i: InviteMembersInput!) { inviteMembers(input: $i) { invited { id } } }`,
      { i: { emails: email } },
      admin.token,
    );
    expect(res.errors).toBeUndefined();
    return { email, id: res.data.inviteMembers.invited[0].id as string };
  }
  const accept = (token: string) =>
    app.graphqlRaw(ACCEPT, {
      i: { token, firstName: 'Grace', lastName: 'Hopper', password: GOOD_PASSWORD },
    });

  it('a mailed invitation link proves the address; a copied link does not', async () => {
    const admin = await newAdmin(app, 'Ada');
    const mailed = await invite(admin);
    expect((await accept(await inviteToken(app, mailed.email))).errors).toBeUndefined();
    expect(await verified(await signInAs(app, mailed.email))).toBe(true);

    const copied = await invite(admin);
    const link = await app.graphqlRaw(
      `mutation($id: ID!) { createInvitationLink(id: $id) { url } }`,
      { id: copied.id },
      admin.token,
    );
    const token = new URL(link.data.createInvitationLink.url).searchParams.get('token')!;
    expect((await accept(token)).errors).toBeUndefined();
    const grace = await signInAs(app, copied.email);
    expect(await verified(grace)).toBe(false);
    // No code was mailed to an invited member; they ask for one and verify.
    expect((await resend(grace)).data.sendEmailVerification).toBe(true);
    expect((await verify(grace, await verificationCode(app, copied.email))).errors).toBeUndefined();
    expect(await verified(grace)).toBe(true);
  });

  it('the member list shows who is verified', async () => {
    const admin = await newAdmin(app, 'Ada');
    const data = await app.graphqlRaw(
      `{ members(first: 10) { nodes { email emailVerified } } }`,
      {},
      admin.token,
    );
    expect(data.errors).toBeUndefined();
    expect(data.data.members.nodes).toEqual([{ email: admin.email, emailVerified: false }]);
  });
});
