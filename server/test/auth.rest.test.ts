import { RESET_MAIL_JOB } from '../src/modules/auth/auth.service.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GOOD_PASSWORD,
  startTestApp,
  uniqueEmail,
  uniqueIp,
  type TestApp,
} from './helpers/test-app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.stop();
});

async function signUp(email = uniqueEmail(), password = GOOD_PASSWORD) {
  const res = await app.rest(
    'POST',
    '/api/signup',
    { email, password, firstName: 'Ada', lastName: 'Lovelace' },
    { ip: uniqueIp() },
  );
  expect(res.status).toBe(201);
  return { email, password, id: res.body.id as string };
}

async function signIn(email: string, password = GOOD_PASSWORD, ip = uniqueIp()) {
  return app.rest('POST', '/api/signin', { email, password }, { ip });
}

function claimsOf(token: string) {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
}

describe('POST /api/signup', () => {
  it('creates a workspace whose first user is its admin, with a normalised email', async () => {
    const email = uniqueEmail('Mixed');
    const res = await app.rest(
      'POST',
      '/api/signup',
      { email: `  ${email.toUpperCase()} `, password: GOOD_PASSWORD },
      { ip: uniqueIp() },
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email: email.toLowerCase(), roles: ['admin'] });
    expect(res.body).not.toHaveProperty('passwordHash');
    const [row] = await app.sql('SELECT password_hash FROM users WHERE id = $1', [res.body.id]);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('refuses a second account with the same email (409) and keeps the first', async () => {
    const { email } = await signUp();
    const res = await app.rest(
      'POST',
      '/api/signup',
      { email, password: 'another good password' },
      { ip: uniqueIp() },
    );
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('EMAIL_TAKEN');
    expect((await signIn(email)).status).toBe(200);
  });

  it.each([
    [{ email: 'not-an-email', password: GOOD_PASSWORD }, 'email'],
    [{ email: uniqueEmail(), password: 'short' }, 'password'],
    [{ email: uniqueEmail(), password: 'password123' }, 'password'],
    [{ email: uniqueEmail(), password: 42 }, 'password'],
    [{ password: GOOD_PASSWORD }, 'email'],
  ])('answers 400 with the field for bad input %#', async (body, field) => {
    const res = await app.rest('POST', '/api/signup', body, { ip: uniqueIp() });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'BAD_USER_INPUT', field });
    expect(typeof res.body.message).toBe('string');
  });
});

describe('sign-up throttle', () => {
  it('limits accounts created from one address, with Retry-After, and not from others', async () => {
    const ip = uniqueIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await app.rest(
        'POST',
        '/api/signup',
        { email: uniqueEmail('bulk'), password: GOOD_PASSWORD },
        { ip },
      );
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.body.error).toBe('TOO_MANY_REQUESTS');
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    }
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
    const elsewhere = await app.rest(
      'POST',
      '/api/signup',
      { email: uniqueEmail('other'), password: GOOD_PASSWORD },
      { ip: uniqueIp() },
    );
    expect(elsewhere.status).toBe(201);
  });
});

describe('REST adapter edges', () => {
  it('answers malformed JSON with 400 BAD_JSON', async () => {
    const res = await app.rest('POST', '/api/signin', undefined, { raw: '{"email":' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('BAD_JSON');
  });

  it('answers an oversized body with 413', async () => {
    const res = await app.rest('POST', '/api/signup', {
      email: uniqueEmail(),
      password: 'x'.repeat(2_000_000),
    });
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers an unknown /api path with a JSON 404', async () => {
    const res = await app.rest('GET', '/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('NOT_FOUND');
  });

  it('never sends a stack trace', async () => {
    const res = await app.rest('POST', '/api/signin', undefined, { raw: '[' });
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it('GET /health answers ok while the database is reachable', async () => {
    const res = await app.rest('GET', '/health');
    expect(res).toMatchObject({ status: 200, body: { status: 'ok' } });
  });
});

describe('POST /api/signin', () => {
  it('returns a three-part access token with sub, workspace and permissions, and a refresh token', async () => {
    const { email, id } = await signUp();
    const res = await signIn(email);
    expect(res.status).toBe(200);
    expect(res.body.token.split('.')).toHaveLength(3);
    expect(typeof res.body.refresh_token).toBe('string');
    const claims = claimsOf(res.body.token);
    expect(claims.sub).toBe(id);
    expect(claims.workspace).toBe(res.body.user.workspaceId);
    expect(claims.permissions).toEqual(
      expect.arrayContaining(['user.read', 'search.read', 'user.write']),
    );
    expect(claims.exp - claims.iat).toBeLessThanOrEqual(15 * 60);
    const me = await app.rest('GET', '/api/me', undefined, { token: res.body.token });
    expect(me.body).toMatchObject({ id, email });
    // A new account works before its address is verified, and says it is not.
    expect(me.body.emailVerified).toBe(false);
    await app.sql(`UPDATE users SET email_verified_at = now() WHERE id = $1`, [id]);
    const after = await app.rest('GET', '/api/me', undefined, { token: res.body.token });
    expect(after.body.emailVerified).toBe(true);
  });

  it('answers an unknown email exactly like a wrong password', async () => {
    const { email } = await signUp();
    const wrong = await signIn(email, 'wrong password here');
    const unknown = await signIn(uniqueEmail('nobody'), 'wrong password here');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body.error).toBe('INVALID_CREDENTIALS');
  });

  it('locks an account after five failures (NOTAUTHORIZEDEXCEPTION), even for the right password', async () => {
    const { email } = await signUp();
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await signIn(email, `wrong password ${i}`)).status);
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(statuses[4]).toBe(429);
    const locked = await signIn(email, GOOD_PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body.error).toBe('NOTAUTHORIZEDEXCEPTION');
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('locks a client address after thirty failures across accounts, not other addresses', async () => {
    const { email } = await signUp();
    const ip = uniqueIp();
    for (let i = 0; i < 30; i++) await signIn(uniqueEmail('spray'), 'wrong password', ip);
    const fromSprayer = await signIn(email, GOOD_PASSWORD, ip);
    expect(fromSprayer.status).toBe(429);
    expect(fromSprayer.body.error).toBe('NOTAUTHORIZEDEXCEPTION');
    expect((await signIn(email, GOOD_PASSWORD, uniqueIp())).status).toBe(200);
  });

  it('answers PASSWORDRESETREQUIRED and mails a code when an account must reset', async () => {
    const { email, id } = await signUp();
    await app.sql('UPDATE users SET password_reset_required = true WHERE id = $1', [id]);
    const res = await signIn(email);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('PASSWORDRESETREQUIRED');
    const [mail] = await app.outbox(email);
    expect(mail.text).toMatch(/\b\d{6}\b/);
  });
});

describe('refresh, rotation and logout', () => {
  it('rotates the refresh token; replaying a used one revokes the whole family', async () => {
    const { email } = await signUp();
    const first = (await signIn(email)).body.refresh_token;
    const second = await app.rest('POST', '/api/refresh', { refresh_token: first });
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first);
    expect(second.body.token.split('.')).toHaveLength(3);

    const replay = await app.rest('POST', '/api/refresh', { refresh_token: first });
    expect(replay.status).toBe(401);
    expect(replay.body.error).toBe('UNAUTHENTICATED');
    // The thief's replay also ended the legitimate holder's newer token.
    const afterReplay = await app.rest('POST', '/api/refresh', {
      refresh_token: second.body.refresh_token,
    });
    expect(afterReplay.status).toBe(401);
  });

  it('re-reads permissions from the database on refresh', async () => {
    const { email, id } = await signUp();
    const session = (await signIn(email)).body;
    await app.sql(`UPDATE users SET roles = '{customer_facing}' WHERE id = $1`, [id]);
    const refreshed = await app.rest('POST', '/api/refresh', {
      refresh_token: session.refresh_token,
    });
    expect(claimsOf(refreshed.body.token).permissions).toEqual(['search.read']);
  });

  it('logout revokes the refresh token', async () => {
    const { email } = await signUp();
    const session = (await signIn(email)).body;
    const out = await app.rest('POST', '/api/logout', { refresh_token: session.refresh_token });
    expect(out).toMatchObject({ status: 200, body: { ok: true } });
    expect(
      (await app.rest('POST', '/api/refresh', { refresh_token: session.refresh_token })).status,
    ).toBe(401);
  });

  it('logout ends the access token at once, and its refreshed successors; other sessions live', async () => {
    const { email } = await signUp();
    const session = (await signIn(email)).body;
    const other = (await signIn(email)).body;
    const refreshed = (
      await app.rest('POST', '/api/refresh', { refresh_token: session.refresh_token })
    ).body;
    expect((await app.rest('GET', '/api/me', undefined, { token: session.token })).status).toBe(
      200,
    );
    const out = await app.rest(
      'POST',
      '/api/logout',
      { refresh_token: refreshed.refresh_token },
      { token: refreshed.token },
    );
    expect(out.status).toBe(200);
    for (const token of [session.token, refreshed.token])
      expect((await app.rest('GET', '/api/me', undefined, { token })).status).toBe(401);
    expect((await app.rest('GET', '/api/me', undefined, { token: other.token })).status).toBe(200);
  });

  it('logout with only the access token ends that session', async () => {
    const { email } = await signUp();
    const session = (await signIn(email)).body;
    await app.rest('POST', '/api/logout', {}, { token: session.token });
    expect((await app.rest('GET', '/api/me', undefined, { token: session.token })).status).toBe(
      401,
    );
    expect(
      (await app.rest('POST', '/api/refresh', { refresh_token: session.refresh_token })).status,
    ).toBe(401);
  });

  it('sends token answers with Cache-Control: no-store', async () => {
    const { email } = await signUp();
    const signedIn = await signIn(email);
    expect(signedIn.headers.get('cache-control')).toBe('no-store');
    const refreshed = await app.rest('POST', '/api/refresh', {
      refresh_token: signedIn.body.refresh_token,
    });
    expect(refreshed.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses /api/me without a token or with a forged one', async () => {
    expect((await app.rest('GET', '/api/me')).status).toBe(401);
    const { email } = await signUp();
    const token: string = (await signIn(email)).body.token;
    const [h, p] = token.split('.');
    const forged = `${h}.${p}.${Buffer.from('not the signature').toString('base64url')}`;
    const res = await app.rest('GET', '/api/me', undefined, { token: forged });
    expect(res.status).toBe(401);
  });
});

describe('forced new password (/api/reset-password)', () => {
  it('answers a session instead of a token, then accepts the new password once', async () => {
    const { email, id } = await signUp();
    await app.sql('UPDATE users SET password_change_required = true WHERE id = $1', [id]);
    const res = await signIn(email);
    expect(res.status).toBe(200);
    expect(res.body.token).toBeUndefined();
    expect(typeof res.body.session).toBe('string');

    const weak = await app.rest('POST', '/api/reset-password', {
      session: res.body.session,
      email,
      password: 'short',
    });
    expect(weak.status).toBe(400);
    const done = await app.rest('POST', '/api/reset-password', {
      session: res.body.session,
      email,
      password: 'a brand new passphrase',
    });
    expect(done).toMatchObject({ status: 200, body: { ok: true } });
    const again = await app.rest('POST', '/api/reset-password', {
      session: res.body.session,
      email,
      password: 'another passphrase',
    });
    expect(again.body.error).toBe('INVALID_SESSION');

    expect((await signIn(email, 'a brand new passphrase')).body.token).toBeDefined();
  });
});

describe('forgot password (/api/forgot-password)', () => {
  async function requestCode(email: string) {
    const res = await app.rest('POST', '/api/forgot-password', { email });
    expect(res.status).toBe(202);
    await app.jobsDone(RESET_MAIL_JOB);
    const [mail] = await app.outbox(email);
    return /\b(\d{6})\b/.exec(mail.text)![1];
  }

  it('answers the same for an unknown address and mails nothing', async () => {
    const email = uniqueEmail('ghost');
    const res = await app.rest('POST', '/api/forgot-password', { email });
    expect(res.status).toBe(202);
    await app.jobsDone(RESET_MAIL_JOB);
    expect(await app.outbox(email)).toHaveLength(0);
  });

  it('sets the password with the mailed code and ends every existing session', async () => {
    const { email } = await signUp();
    const session = (await signIn(email)).body;
    const code = await requestCode(email);
    const res = await app.rest('POST', '/api/forgot-password', {
      email,
      code,
      password: 'my new passphrase',
    });
    expect(res).toMatchObject({ status: 200, body: { ok: true } });

    expect((await app.rest('GET', '/api/me', undefined, { token: session.token })).status).toBe(
      401,
    );
    expect(
      (await app.rest('POST', '/api/refresh', { refresh_token: session.refresh_token })).status,
    ).toBe(401);
    expect((await signIn(email)).status).toBe(401);
    expect((await signIn(email, 'my new passphrase')).status).toBe(200);
    // Single use.
    const reuse = await app.rest('POST', '/api/forgot-password', {
      email,
      code,
      password: 'yet another one',
    });
    expect(reuse.body.error).toBe('INVALID_CODE');
  });

  it('burns a code after five wrong guesses', async () => {
    const { email } = await signUp();
    const code = await requestCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await app.rest('POST', '/api/forgot-password', {
        email,
        code: wrong,
        password: 'my new passphrase',
      });
      expect(res.body.error).toBe('INVALID_CODE');
    }
    const right = await app.rest('POST', '/api/forgot-password', {
      email,
      code,
      password: 'my new passphrase',
    });
    expect(right.body.error).toBe('INVALID_CODE');
  });

  it('only the newest code works', async () => {
    const { email } = await signUp();
    const older = await requestCode(email);
    const newer = await requestCode(email);
    if (older !== newer) {
      const res = await app.rest('POST', '/api/forgot-password', {
        email,
        code: older,
        password: 'my new passphrase',
      });
      expect(res.body.error).toBe('INVALID_CODE');
    }
    const ok = await app.rest('POST', '/api/forgot-password', {
      email,
      code: newer,
      password: 'my new passphrase',
    });
    expect(ok.status).toBe(200);
  });
});
