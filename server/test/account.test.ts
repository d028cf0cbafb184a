import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAdmin, signInAs, type Account } from './helpers/accounts.js';
import { GOOD_PASSWORD, startTestApp, type TestApp } from './helpers/test-app.js';

// Account settings: a member's own name, password and sessions. The password change needs the
// current password and ends every other session at once (this one stays); sessions are listed
// per sign-in and each can be ended; none of it is open to an API key.

const NEW_PASSWORD = 'a much longer passphrase 2026';
const ME = `{ me { id } }`;
const SESSIONS = `{ mySessions { id signedInAt lastUsedAt userAgent current } }`;
const CHANGE = `mutation($i: ChangePasswordInput!) { changePassword(input: $i) }`;

let app: TestApp;
let ada: Account;

const codeOf = (res: { errors?: { extensions?: { code?: string } }[] }) =>
  res.errors?.[0]?.extensions?.code;

beforeAll(async () => {
  app = await startTestApp();
  ada = await newAdmin(app, 'Ada');
}, 60_000);

afterAll(() => app?.stop());

describe('account settings', () => {
  it('changes your own name, and refuses an empty first name keeping what was stored', async () => {
    const ok = await app.graphqlRaw(
      `mutation { updateMyName(input: { firstName: "  Ada  Augusta ", lastName: "King" }) { firstName lastName } }`,
      {},
      ada.token,
    );
    expect(ok.data.updateMyName).toEqual({ firstName: 'Ada Augusta', lastName: 'King' });
    const bad = await app.graphqlRaw(
      `mutation { updateMyName(input: { firstName: " ", lastName: "X" }) { firstName } }`,
      {},
      ada.token,
    );
    expect(codeOf(bad)).toBe('BAD_USER_INPUT');
    const [row] = await app.sql(`SELECT first_name, last_name FROM users WHERE id = $1`, [ada.id]);
    expect(row).toEqual({ first_name: 'Ada Augusta', last_name: 'King' });
  });

  it('lists each sign-in once, with its device, and marks the current one', async () => {
    const other = await signInAs(app, ada.email);
    const res = await app.graphqlRaw(SESSIONS, {}, other.token);
    const sessions = res.data.mySessions as { id: string; current: boolean; userAgent: string }[];
    expect(sessions.length).toBeGreaterThanOrEqual(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions[0]!.userAgent).toBeTruthy(); // the test client's User-Agent
    // A refresh rotates the token but stays the same session.
    const before = sessions.length;
    const refreshed = await app.rest('POST', '/api/refresh', { refresh_token: other.refreshToken });
    expect(refreshed.status).toBe(200);
    const after = await app.graphqlRaw(SESSIONS, {}, other.token);
    expect(after.data.mySessions).toHaveLength(before);
  });

  it('ends one session at once, and only one of your own', async () => {
    const phone = await signInAs(app, ada.email);
    const laptop = await signInAs(app, ada.email);
    const list = (await app.graphqlRaw(SESSIONS, {}, phone.token)).data.mySessions as {
      id: string;
      current: boolean;
    }[];
    const phoneId = list.find((s) => s.current)!.id;
    const end = await app.graphqlRaw(
      `mutation($id: ID!) { endMySession(id: $id) }`,
      { id: phoneId },
      laptop.token,
    );
    expect(end.data.endMySession).toBe(true);
    expect(codeOf(await app.graphqlRaw(ME, {}, phone.token))).toBe('UNAUTHENTICATED');
    expect((await app.graphqlRaw(ME, {}, laptop.token)).data.me.id).toBe(ada.id);
    // Someone else's session id is not yours to end.
    const grace = await newAdmin(app, 'Grace');
    const theirs = await app.graphqlRaw(
      `mutation($id: ID!) { endMySession(id: $id) }`,
      { id: list.find((s) => !s.current && s.id !== phoneId)?.id ?? phoneId },
      grace.token,
    );
    expect(theirs.data.endMySession).toBe(false);
    expect((await app.graphqlRaw(ME, {}, laptop.token)).data.me.id).toBe(ada.id);
  });

  it('changes the password with the current one; every other session ends, this one stays', async () => {
    const elsewhere = await signInAs(app, ada.email);
    const here = await signInAs(app, ada.email);
    const wrong = await app.graphqlRaw(
      CHANGE,
      { i: { currentPassword: 'not it', newPassword: NEW_PASSWORD } },
      here.token,
    );
    expect(codeOf(wrong)).toBe('BAD_USER_INPUT');
    expect((await app.graphqlRaw(ME, {}, elsewhere.token)).data.me.id).toBe(ada.id);
    const weak = await app.graphqlRaw(
      CHANGE,
      { i: { currentPassword: GOOD_PASSWORD, newPassword: 'short' } },
      here.token,
    );
    expect(codeOf(weak)).toBe('BAD_USER_INPUT');
    const ok = await app.graphqlRaw(
      CHANGE,
      { i: { currentPassword: GOOD_PASSWORD, newPassword: NEW_PASSWORD } },
      here.token,
    );
    expect(ok.errors).toBeUndefined();
    expect(ok.data.changePassword).toBeGreaterThanOrEqual(1);
    expect(codeOf(await app.graphqlRaw(ME, {}, elsewhere.token))).toBe('UNAUTHENTICATED');
    const refresh = await app.rest('POST', '/api/refresh', {
      refresh_token: elsewhere.refreshToken,
    });
    expect(refresh.status).toBe(401);
    expect((await app.graphqlRaw(ME, {}, here.token)).data.me.id).toBe(ada.id);
    const old = await app.rest('POST', '/api/signin', {
      email: ada.email,
      password: GOOD_PASSWORD,
    });
    expect(old.status).toBe(401);
    expect((await signInAs(app, ada.email, NEW_PASSWORD)).id).toBe(ada.id);
  });

  it('locks the change after repeated wrong current passwords', async () => {
    const me = await signInAs(app, ada.email, NEW_PASSWORD);
    let last;
    for (let i = 0; i < 6; i++)
      last = await app.graphqlRaw(
        CHANGE,
        { i: { currentPassword: `guess ${i}`, newPassword: 'another long passphrase 99' } },
        me.token,
      );
    expect(codeOf(last!)).toBe('TOO_MANY_REQUESTS');
  });

  it('signs out everywhere else, and refuses all of it to an API key', async () => {
    const a = await signInAs(app, ada.email, NEW_PASSWORD);
    const b = await signInAs(app, ada.email, NEW_PASSWORD);
    const res = await app.graphqlRaw(`mutation { signOutEverywhereElse }`, {}, b.token);
    expect(res.data.signOutEverywhereElse).toBeGreaterThanOrEqual(1);
    expect(codeOf(await app.graphqlRaw(ME, {}, a.token))).toBe('UNAUTHENTICATED');
    const sessions = (await app.graphqlRaw(SESSIONS, {}, b.token)).data.mySessions;
    expect(sessions).toHaveLength(1);

    const key = await app.graphqlRaw(
      `mutation { createApiKey(input: { name: "script", permissions: ["search.read"] }) { secret } }`,
      {},
      b.token,
    );
    const secret = key.data.createApiKey.secret as string;
    expect(codeOf(await app.graphqlRaw(SESSIONS, {}, secret))).toBe('FORBIDDEN');
    expect(
      codeOf(
        await app.graphqlRaw(
          CHANGE,
          { i: { currentPassword: NEW_PASSWORD, newPassword: 'yet another passphrase 7' } },
          secret,
        ),
      ),
    ).toBe('FORBIDDEN');
  });
});
