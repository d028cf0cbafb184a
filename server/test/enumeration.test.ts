import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_MAIL_JOB } from '../src/modules/auth/auth.service.js';
import { newAdmin, type Account } from './helpers/accounts.js';
import {
  GOOD_PASSWORD,
  startTestApp,
  uniqueEmail,
  uniqueIp,
  type TestApp,
} from './helpers/test-app.js';

/** Known and unknown addresses must answer alike: same status, body and (within noise) time. */
let app: TestApp;
let known: Account;

beforeAll(async () => {
  app = await startTestApp();
  known = await newAdmin(app);
});
afterAll(() => app?.stop());

const post = (path: string, body: Record<string, unknown>) =>
  app.rest('POST', path, body, { ip: uniqueIp() });

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('no account enumeration', () => {
  it('reset-password answers a wrong session the same for known and unknown addresses', async () => {
    for (const password of [GOOD_PASSWORD, 'qwerty']) {
      const a = await post('/api/reset-password', {
        session: 'nope',
        email: known.email,
        password,
      });
      const b = await post('/api/reset-password', {
        session: 'nope',
        email: uniqueEmail(),
        password,
      });
      expect({ status: a.status, body: a.body }).toEqual({ status: b.status, body: b.body });
    }
  });

  it('forgot-password with a wrong code answers alike, in about the same time', async () => {
    const body = (email: string) => ({ email, code: '123456', password: GOOD_PASSWORD });
    const a = await post('/api/forgot-password', body(known.email));
    const b = await post('/api/forgot-password', body(uniqueEmail()));
    expect({ status: a.status, body: a.body }).toEqual({ status: b.status, body: b.body });

    // Interleaved samples, so drift on a busy machine hits both sides alike.
    const times: { known: number[]; unknown: number[] } = { known: [], unknown: [] };
    for (let i = 0; i < 12; i++)
      for (const side of ['known', 'unknown'] as const) {
        const started = performance.now();
        await post('/api/forgot-password', body(side === 'known' ? known.email : uniqueEmail()));
        times[side].push(performance.now() - started);
      }
    // Hashing the new password first (argon2, ~15 ms) made the known side several times slower.
    expect(median(times.known)).toBeLessThan(median(times.unknown) * 1.6 + 3);
  });

  it('forgot-password (request) answers alike, in about the same time: the mail is queued', async () => {
    const a = await post('/api/forgot-password', { email: known.email });
    const b = await post('/api/forgot-password', { email: uniqueEmail() });
    expect({ status: a.status, body: a.body }).toEqual({ status: b.status, body: b.body });
    await app.jobsDone(RESET_MAIL_JOB);
    const times: { known: number[]; unknown: number[] } = { known: [], unknown: [] };
    for (let i = 0; i < 12; i++)
      for (const side of ['known', 'unknown'] as const) {
        const started = performance.now();
        await post('/api/forgot-password', {
          email: side === 'known' ? known.email : uniqueEmail(),
        });
        times[side].push(performance.now() - started);
      }
    expect(median(times.known)).toBeLessThan(median(times.unknown) * 1.6 + 3);
    // The mail still goes, to the known address only (at most five an hour).
    await app.jobsDone(RESET_MAIL_JOB);
    expect((await app.outbox(known.email)).length).toBeGreaterThan(0);
  });

  it('inviting an address that has an account elsewhere answers as for a new address', async () => {
    const inviter = await newAdmin(app);
    const elsewhere = await newAdmin(app);
    const invite = (email: string) =>
      app.rest('POST', '/api/members/invite', { emails: email }, { token: inviter.token });
    const a = await invite(elsewhere.email);
    const b = await invite(uniqueEmail());
    const shape = (res: { status: number; body: any }) => ({
      status: res.status,
      invited: res.body.invited.length,
      skipped: res.body.skipped,
      keys: Object.keys(res.body.invited[0] ?? {}).sort(),
    });
    expect(shape(a)).toEqual(shape(b));
    expect(a.body.invited[0].email).toBe(elsewhere.email);
  });
});
