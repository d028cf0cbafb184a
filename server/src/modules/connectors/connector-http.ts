import { Agent, fetch, type Dispatcher } from 'undici';
import { RetryLaterError } from '../../jobs/job-queue.js';
import {
  ConnectorAuthError,
  ConnectorConfigError,
  ConnectorHostRefusedError,
  ConnectorHttpError,
  ConnectorUnavailableError,
} from './connector-errors.js';
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
}

export interface HttpAnswer<T> {
  status: number;
  body: T;
  headers: Headers;
}

interface RequestOptions {
  body?: unknown;
  /** Answer 404 to the caller (an item that is gone) instead of throwing. */
  allowNotFound?: boolean;
}

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
    const target = new URL(url);
    if (!this.o.allowPrivateHosts) assertPublicLiteral(target);
    let renewed = false;
    let failures = 0;
    let rateLimited = 0;
    for (;;) {
      const authorization = await this.o.auth.header();
      let response: Awaited<ReturnType<typeof fetch>>;
      let text: string;
      try {
        ({ response, text } = await this.limited(() =>
          this.send(method, target, authorization, options),
        ));
      } catch (error) {
        if (error instanceof ConnectorHostRefusedError) throw error;
        if (refusedByGuard(error)) throw new ConnectorHostRefusedError(refusedMessage(error));
        if (++failures > this.o.maxRetries)
          throw new ConnectorUnavailableError(
            `${this.o.label} could not be reached (${networkReason(error)}). Lumen will try again at the next sync.`,
          );
        await sleep(this.backoff(failures));
        continue;
      }
      const { status } = response;
      if (status >= 200 && status < 300)
        return { status, body: parseJson<T>(text, this.o.label), headers: response.headers };
      if (status === 404 && options.allowNotFound)
        return { status, body: undefined as T, headers: response.headers };
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
      if (status === 429 || (status === 503 && wait !== null)) {
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

  private async send(method: string, url: URL, authorization: string, options: RequestOptions) {
    const response = await fetch(url, {
      method,
      headers: {
        authorization,
        accept: 'application/json',
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      redirect: 'manual',
      signal: AbortSignal.timeout(this.o.timeoutMs),
      dispatcher: dispatcherFor(this.o.allowPrivateHosts),
    });
    return { response, text: await response.text() };
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

/** Retry-After in seconds or as an HTTP date, else Atlassian's X-RateLimit-Reset; null when absent. */
export function retryAfterMs(headers: Headers, now = Date.now()): number | null {
  const raw = headers.get('retry-after');
  if (raw) {
    const seconds = Number(raw);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const date = Date.parse(raw);
    if (!Number.isNaN(date)) return Math.max(0, date - now);
  }
  const reset = headers.get('x-ratelimit-reset');
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

/** The tool's own error text, short: Jira's errorMessages, Confluence's message or errors[].title. */
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
