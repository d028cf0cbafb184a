import { Agent, fetch, type Dispatcher } from 'undici';
import { RetryLaterError } from '../../jobs/job-queue.js';
import {
  ConnectorAuthError,
  ConnectorConfigError,
  ConnectorHostRefusedError,
  ConnectorHttpError,
  ConnectorUnavailableError,
} from './tool-failures.js';
import { assertPublicLiteral, guardedLookup } from './safe-address.js';

/** Supplies the Authorization header, and fresh credentials after a 401 when it can (OAuth). */
export interface ConnectorAuth {
  header(): Promise<string>;
  /** Called once after a 401 with the header that was refused; true when new credentials are ready. */
  renew?(refused: string): Promise<boolean>;
}

export interface ConnectorHttpOptions {
  /** The tool's name in messages, e.g. "Confluence". */
  label: string;
  auth: ConnectorAuth;
  allowPrivateHosts: boolean;
  /** Requests in flight at once for this client (default 4). */
  maxInFlight?: number;
  timeoutMs?: number;
  /** First backoff after a 5xx or a network error; doubles, with jitter (default 1 s). */
  retryBaseMs?: number;
  /** Retries after a 5xx or a network error before giving up (default 3). */
  maxRetries?: number;
  /** A Retry-After longer than this is not slept: the job is rescheduled (default 30 s). */
  maxInlineWaitMs?: number;
  /** Headers every request carries (GitHub's API version, say). */
  headers?: Record<string, string>;
}

export interface HttpAnswer<T> {
  status: number;
  body: T;
  headers: Headers;
}

export interface BytesAnswer {
  status: number;
  /** Empty on a 404 the caller allowed. */
  bytes: Buffer;
  /** The media type without parameters, lower case ('' when absent). */
  contentType: string;
  headers: Headers;
}

interface RequestOptions {
  body?: unknown;
  /** Answer 404 to the caller (an item that is gone) instead of throwing. */
  allowNotFound?: boolean;
  /** Headers for this request only (an Accept for a media type, say). */
  headers?: Record<string, string>;
}

interface BytesOptions {
  allowNotFound?: boolean;
  headers?: Record<string, string>;
  /** A body larger than this is not read: the request fails with ConnectorTooLargeError. */
  maxBytes: number;
}

/** The body a request answered was larger than the caller's limit (the item fails alone). */
export class ConnectorTooLargeError extends Error {
  override readonly name = 'ConnectorTooLargeError';
}

type Sent = { response: Awaited<ReturnType<typeof fetch>>; text: string; bytes?: Buffer };

// One pool of keep-alive connections per policy, shared by every source.
let guardedAgent: Agent | undefined;
let openAgent: Agent | undefined;
function dispatcherFor(allowPrivate: boolean): Dispatcher {
  if (allowPrivate) return (openAgent ??= new Agent({ keepAliveTimeout: 10_000 }));
  return (guardedAgent ??= new Agent({
    keepAliveTimeout: 10_000,
    connect: { lookup: guardedLookup as never },
  }));
}

/**
 * The one HTTP client of every connector, so every connector behaves the same: bounded
 * requests in flight, a timeout per request, one credential renewal after a 401, Retry-After
 * honoured on 429 (slept when short, the job rescheduled when long), backoff with jitter on 5xx
 * and network errors, and private addresses refused unless allowed.
 */
export class ConnectorHttp {
  private active = 0;
  private waiting: (() => void)[] = [];
  private readonly o: Required<ConnectorHttpOptions>;

  constructor(options: ConnectorHttpOptions) {
    this.o = {
      maxInFlight: 4,
      timeoutMs: 20_000,
      retryBaseMs: 1_000,
      maxRetries: 3,
      maxInlineWaitMs: 30_000,
      headers: {},
      ...options,
    };
  }

  get<T>(url: string, options: RequestOptions = {}): Promise<HttpAnswer<T>> {
    return this.request<T>('GET', url, options);
  }

  post<T>(url: string, body: unknown, options: RequestOptions = {}): Promise<HttpAnswer<T>> {
    return this.request<T>('POST', url, { ...options, body });
  }

  async request<T>(method: string, url: string, options: RequestOptions): Promise<HttpAnswer<T>> {
    const { status, text, headers } = await this.exchange(method, url, options, null);
    if (status === 404) return { status, body: undefined as T, headers };
    return { status, body: parseJson<T>(text, this.o.label), headers };
  }

  /**
   * A file's bytes (an export, a download), under the same limits, retries and errors as JSON
   * calls; a body over `maxBytes` is refused while it streams in, never buffered whole.
   */
  async getBytes(url: string, options: BytesOptions): Promise<BytesAnswer> {
    const { status, bytes, headers } = await this.exchange(
      'GET',
      url,
      { allowNotFound: options.allowNotFound, headers: { accept: '*/*', ...options.headers } },
      options.maxBytes,
    );
    return {
      status,
      bytes: bytes ?? Buffer.alloc(0),
      contentType: (headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase(),
      headers,
    };
  }

  private async exchange(
    method: string,
    url: string,
    options: RequestOptions,
    maxBytes: number | null,
  ): Promise<{ status: number; text: string; bytes?: Buffer; headers: Headers }> {
    const target = new URL(url);
    if (!this.o.allowPrivateHosts) assertPublicLiteral(target);
    let renewed = false;
    let failures = 0;
    let rateLimited = 0;
    for (;;) {
      const authorization = await this.o.auth.header();
      let sent: Sent;
      try {
        sent = await this.limited(() =>
          this.send(method, target, authorization, options, maxBytes),
        );
      } catch (error) {
        if (error instanceof ConnectorHostRefusedError || error instanceof ConnectorTooLargeError)
          throw error;
        if (refusedByGuard(error)) throw new ConnectorHostRefusedError(refusedMessage(error));
        if (++failures > this.o.maxRetries)
          throw new ConnectorUnavailableError(
            `${this.o.label} could not be reached (${networkReason(error)}). Lumen will try again at the next sync.`,
          );
        await sleep(this.backoff(failures));
        continue;
      }
      const { response, text, bytes } = sent;
      const { status } = response;
      if ((status >= 200 && status < 300) || (status === 404 && options.allowNotFound))
        return { status, text, bytes, headers: response.headers };
      if (status === 401) {
        if (!renewed && this.o.auth.renew && (await this.o.auth.renew(authorization))) {
          renewed = true;
          continue;
        }
        throw new ConnectorAuthError(
          `${this.o.label} refused the credentials (HTTP 401${detail(text)}). Check them and save the connection again.`,
        );
      }
      const wait = retryAfterMs(response.headers);
      if (
        status === 429 ||
        (status === 503 && wait !== null) ||
        rateLimited403(status, text, response.headers)
      ) {
        rateLimited++;
        const delay = wait ?? this.backoff(rateLimited);
        if (delay > this.o.maxInlineWaitMs || rateLimited > 5)
          throw new RetryLaterError(
            Math.max(delay, 1000),
            `${this.o.label} asked to slow down (HTTP ${status}); continuing later.`,
          );
        await sleep(delay);
        continue;
      }
      if (status >= 500) {
        if (++failures > this.o.maxRetries)
          throw new ConnectorUnavailableError(
            `${this.o.label} kept failing (HTTP ${status}${detail(text)}). Lumen will try again at the next sync.`,
          );
        await sleep(this.backoff(failures));
        continue;
      }
      if (status === 403)
        throw new ConnectorConfigError(
          `${this.o.label} refused access (HTTP 403${detail(text)}). The account may lack a permission or scope.`,
        );
      throw new ConnectorHttpError(
        status,
        `${this.o.label} answered HTTP ${status}${detail(text)}.`,
      );
    }
  }

  private async send(
    method: string,
    url: URL,
    authorization: string,
    options: RequestOptions,
    maxBytes: number | null,
  ): Promise<Sent> {
    const response = await fetch(url, {
      method,
      headers: {
        authorization,
        accept: 'application/json',
        'user-agent': 'Lumen-Connector',
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...this.o.headers,
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      redirect: 'manual',
      signal: AbortSignal.timeout(this.o.timeoutMs),
      dispatcher: dispatcherFor(this.o.allowPrivateHosts),
    });
    const ok = response.status >= 200 && response.status < 300;
    if (maxBytes === null || !ok) return { response, text: await response.text() };
    return { response, text: '', bytes: await readLimited(response, maxBytes, this.o.label) };
  }

  /** Exponential backoff with ±50 % jitter, so clients that failed together do not retry together. */
  private backoff(attempt: number): number {
    return Math.round(this.o.retryBaseMs * 2 ** (attempt - 1) * (0.5 + Math.random()));
  }

  private async limited<T>(work: () => Promise<T>): Promise<T> {
    while (this.active >= this.o.maxInFlight)
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    try {
      return await work();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}

async function readLimited(
  response: Awaited<ReturnType<typeof fetch>>,
  maxBytes: number,
  label: string,
): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length'));
  const tooLarge = () =>
    new ConnectorTooLargeError(
      `The file is larger than ${Math.round(maxBytes / (1024 * 1024))} MB, the most Lumen reads from ${label}.`,
    );
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of response.body ?? []) {
    size += (part as Uint8Array).byteLength;
    if (size > maxBytes) {
      await response.body?.cancel().catch(() => undefined);
      throw tooLarge();
    }
    parts.push(Buffer.from(part as Uint8Array));
  }
  return Buffer.concat(parts);
}

/**
 * A 403 that is a rate limit, not lost access: GitHub's primary limit (x-ratelimit-remaining 0)
 * or secondary limit (Retry-After, "secondary rate limit"), and Google's rateLimitExceeded and
 * userRateLimitExceeded reasons.
 */
export function rateLimited403(status: number, text: string, headers: Headers): boolean {
  if (status !== 403) return false;
  if (headers.get('retry-after') !== null) return true;
  if (headers.get('x-ratelimit-remaining') === '0') return true;
  return /rateLimitExceeded|userRateLimitExceeded|secondary rate limit|quotaExceeded.*per.?(minute|100 seconds)/i.test(
    text.slice(0, 4000),
  );
}

/**
 * Retry-After in seconds or as an HTTP date, else X-RateLimit-Reset as an HTTP date (Atlassian)
 * or in epoch seconds (GitHub); null when absent.
 */
export function retryAfterMs(headers: Headers, now = Date.now()): number | null {
  const raw = headers.get('retry-after');
  if (raw) {
    const seconds = Number(raw);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const date = Date.parse(raw);
    if (!Number.isNaN(date)) return Math.max(0, date - now);
  }
  const reset = headers.get('x-ratelimit-reset');
  if (reset && /^\d{9,11}$/.test(reset)) return Math.max(0, Number(reset) * 1000 - now);
  if (reset) {
    const date = Date.parse(reset);
    if (!Number.isNaN(date)) return Math.max(0, date - now);
  }
  return null;
}

function parseJson<T>(text: string, label: string): T {
  if (text === '') return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ConnectorUnavailableError(
      `${label} answered with something that is not JSON (a proxy or login page?).`,
    );
  }
}

/** The tool's own error text, short: Jira's errorMessages, Confluence's errors[].title, GitHub's message, Google's error.message. */
export function detail(text: string): string {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return '';
  }
  const messages: string[] = [];
  if (Array.isArray(body.errorMessages)) messages.push(...body.errorMessages.map(String));
  if (body.errors && typeof body.errors === 'object' && !Array.isArray(body.errors))
    messages.push(...Object.values(body.errors as Record<string, unknown>).map(String));
  if (Array.isArray(body.errors))
    messages.push(
      ...body.errors.map((e: { title?: unknown; detail?: unknown }) =>
        String(e.detail ?? e.title ?? ''),
      ),
    );
  if (typeof body.message === 'string') messages.push(body.message);
  if (typeof body.error_description === 'string') messages.push(body.error_description);
  // Google: {error: {message, errors: [{reason}]}}.
  const google = body.error as { message?: unknown; errors?: { reason?: unknown }[] } | undefined;
  if (google && typeof google === 'object' && typeof google.message === 'string') {
    const reason = google.errors?.[0]?.reason;
    messages.push(google.message + (typeof reason === 'string' ? ` (${reason})` : ''));
  }
  // The provider's own sentence ends with a period; ours closes the parenthesis after it.
  const joined = messages
    .filter(Boolean)
    .join(' ')
    .slice(0, 300)
    .replace(/[.\s]+$/, '');
  return joined ? `: ${joined}` : '';
}

function refusedByGuard(error: unknown): boolean {
  let e: unknown = error;
  for (let i = 0; i < 4 && e; i++) {
    if (e instanceof ConnectorHostRefusedError) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

function refusedMessage(error: unknown): string {
  let e: unknown = error;
  while (e && !(e instanceof ConnectorHostRefusedError)) e = (e as { cause?: unknown }).cause;
  return (e as Error).message;
}

function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: string } }).cause;
  if ((error as Error).name === 'TimeoutError') return 'the request timed out';
  if (cause?.code === 'ENOTFOUND') return 'the name does not resolve';
  if (cause?.code === 'ECONNREFUSED') return 'the connection was refused';
  return cause?.code ?? (error as Error).message;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
