import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RetryLaterError } from '../../jobs/job-queue.js';
import {
  ConnectorAuthError,
  ConnectorConfigError,
  ConnectorHostRefusedError,
  ConnectorUnavailableError,
} from './tool-failures.js';
import {
  ConnectorHttp,
  ConnectorTooLargeError,
  retryAfterMs,
  type ConnectorAuth,
} from './connector-http.js';

/** A tiny server whose answers the test queues: status, headers, body. */
let server: http.Server;
let base: string;
let answers: { status: number; headers?: Record<string, string>; body?: unknown; raw?: Buffer }[] =
  [];
const seen: { auth?: string; accept?: string; at: number }[] = [];
let inFlight = 0;
let maxInFlight = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push({ auth: req.headers.authorization, accept: req.headers.accept, at: Date.now() });
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const answer = answers.shift() ?? { status: 200, body: { ok: true } };
    setTimeout(() => {
      inFlight--;
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(answer.raw ?? (answer.body === undefined ? '' : JSON.stringify(answer.body)));
    }, 20);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const fixed = (header: string): ConnectorAuth => ({ header: async () => header });

function client(auth: ConnectorAuth = fixed('Basic abc'), extra = {}) {
  return new ConnectorHttp({
    label: 'Tool',
    auth,
    allowPrivateHosts: true,
    retryBaseMs: 10,
    ...extra,
  });
}

function reset(...queued: typeof answers) {
  answers = queued;
  seen.length = 0;
  maxInFlight = 0;
}

describe('ConnectorHttp', () => {
  it('retries 5xx with backoff and then answers', async () => {
    reset({ status: 500 }, { status: 502 }, { status: 200, body: { n: 1 } });
    const answer = await client().get<{ n: number }>(`${base}/x`);
    expect(answer.body).toEqual({ n: 1 });
    expect(seen).toHaveLength(3);
  });

  it('gives up after its retries with a readable error', async () => {
    reset({ status: 503 }, { status: 503 }, { status: 503 }, { status: 503 });
    await expect(client().get(`${base}/x`)).rejects.toThrow(ConnectorUnavailableError);
    expect(seen).toHaveLength(4);
  });

  it('waits out a short Retry-After and reschedules a long one', async () => {
    reset({ status: 429, headers: { 'retry-after': '1' } }, { status: 200, body: {} });
    const started = Date.now();
    await client().get(`${base}/x`);
    expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(950);
    expect(Date.now() - started).toBeLessThan(5000);

    reset({ status: 429, headers: { 'retry-after': '600' } });
    const error = await client()
      .get(`${base}/x`)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RetryLaterError);
    expect((error as RetryLaterError).delayMs).toBe(600_000);
    expect(seen).toHaveLength(1);
  });

  it('renews credentials once after a 401, then reports them refused', async () => {
    reset({ status: 401 }, { status: 200, body: { ok: 1 } });
    let token = 1;
    const refused: string[] = [];
    const auth: ConnectorAuth = {
      header: async () => `Bearer t${token}`,
      renew: async (header) => {
        refused.push(header);
        token++;
        return true;
      },
    };
    await client(auth).get(`${base}/x`);
    expect(seen.map((s) => s.auth)).toEqual(['Bearer t1', 'Bearer t2']);

    reset({ status: 401 }, { status: 401 });
    await expect(client(auth).get(`${base}/x`)).rejects.toThrow(ConnectorAuthError);
    expect(refused).toEqual(['Bearer t1', 'Bearer t2']); // one renewal per request, no loop
    expect(seen).toHaveLength(2);
  });

  it('reports a 403 as a settings problem and a 404 as gone when asked', async () => {
    reset({ status: 403, body: { message: 'scope missing' } });
    await expect(client().get(`${base}/x`)).rejects.toThrow(/403: scope missing/);
    reset({ status: 403 });
    await expect(client().get(`${base}/x`)).rejects.toThrow(ConnectorConfigError);
    reset({ status: 404 });
    expect((await client().get(`${base}/x`, { allowNotFound: true })).status).toBe(404);
  });

  it('keeps at most maxInFlight requests open', async () => {
    reset();
    const c = client(fixed('Basic x'), { maxInFlight: 2 });
    await Promise.all(Array.from({ length: 8 }, () => c.get(`${base}/x`)));
    expect(seen).toHaveLength(8);
    expect(maxInFlight).toBe(2);
  });

  it('refuses private addresses unless allowed, sending nothing', async () => {
    reset();
    const guarded = client(fixed('Basic x'), { allowPrivateHosts: false });
    await expect(guarded.get(`${base}/x`)).rejects.toThrow(ConnectorHostRefusedError);
    await expect(guarded.get('http://localhost:1/x')).rejects.toThrow(ConnectorHostRefusedError);
    expect(seen).toHaveLength(0);
  });
});

describe('ConnectorHttp.getBytes', () => {
  it('answers the bytes and media type of a file, asking for any type', async () => {
    const pdf = Buffer.from('%PDF-1.4 fake bytes \x00\x01');
    reset({ status: 200, headers: { 'content-type': 'application/pdf; qs=1' }, raw: pdf });
    const answer = await client().getBytes(`${base}/file`, { maxBytes: 1000 });
    expect(answer.bytes.equals(pdf)).toBe(true);
    expect(answer.contentType).toBe('application/pdf');
    expect(seen[0]!.accept).toBe('*/*');
  });

  it('refuses a body over maxBytes, declared or streamed, and does not retry it', async () => {
    reset({ status: 200, raw: Buffer.alloc(5000, 'a') });
    await expect(client().getBytes(`${base}/big`, { maxBytes: 4096 })).rejects.toThrow(
      ConnectorTooLargeError,
    );
    expect(seen).toHaveLength(1);
  });

  it('answers an allowed 404 as empty bytes', async () => {
    reset({ status: 404, body: { message: 'gone' } });
    const answer = await client().getBytes(`${base}/gone`, { maxBytes: 10, allowNotFound: true });
    expect(answer.status).toBe(404);
    expect(answer.bytes).toHaveLength(0);
  });
});

describe('403 rate limits', () => {
  it('waits out GitHub’s exhausted primary limit until its reset (epoch seconds)', async () => {
    const reset403 = {
      status: 403,
      headers: {
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': String(Math.ceil(Date.now() / 1000)),
      },
      body: { message: 'API rate limit exceeded for user ID 1.' },
    };
    reset(reset403, { status: 200, body: { ok: 1 } });
    expect((await client().get(`${base}/x`)).body).toEqual({ ok: 1 });
    expect(seen).toHaveLength(2);
  });

  it('treats Google’s userRateLimitExceeded as a rate limit, and a far reset as retry-later', async () => {
    const google = {
      status: 403,
      body: { error: { code: 403, errors: [{ reason: 'userRateLimitExceeded' }] } },
    };
    reset(google, { status: 200, body: { ok: 2 } });
    expect((await client().get(`${base}/x`)).body).toEqual({ ok: 2 });
    reset({
      status: 403,
      headers: { 'retry-after': '120' },
      body: { message: 'You have exceeded a secondary rate limit.' },
    });
    await expect(client().get(`${base}/x`)).rejects.toThrow(RetryLaterError);
  });

  it('keeps a plain 403 as a permission problem, with the tool’s own reason', async () => {
    reset({ status: 403, body: { message: 'Resource not accessible by integration' } });
    await expect(client().get(`${base}/x`)).rejects.toThrow(ConnectorConfigError);
    reset({
      status: 403,
      body: {
        error: {
          code: 403,
          message: 'The user does not have sufficient permissions for this file.',
          errors: [{ reason: 'insufficientFilePermissions' }],
        },
      },
    });
    await expect(client().get(`${base}/x`)).rejects.toThrow(
      'Tool refused access (HTTP 403: The user does not have sufficient permissions for this file. (insufficientFilePermissions))',
    );
  });
});

describe('retryAfterMs', () => {
  it('reads seconds, HTTP dates and X-RateLimit-Reset', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs(new Headers({ 'retry-after': '7' }), now)).toBe(7000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:30 GMT' }), now)).toBe(
      30_000,
    );
    expect(retryAfterMs(new Headers({ 'x-ratelimit-reset': '2026-01-01T00:01Z' }), now)).toBe(
      60_000,
    );
    expect(retryAfterMs(new Headers({ 'x-ratelimit-reset': String(now / 1000 + 90) }), now)).toBe(
      90_000,
    );
    expect(retryAfterMs(new Headers(), now)).toBeNull();
  });
});
