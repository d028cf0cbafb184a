import { authorizedFetch } from '../auth/authorized-fetch';

export const RESYNC_URL = '/api/resync-confluence';
export const ACCESS_TOKEN_URL = '/api/get-access-token';
export const RESYNC_FAILED_MESSAGE = 'Resync failed. Try again.';
const UNREACHABLE = 'Cannot reach the server. Check your connection and try again.';

export interface RestOutcome<T = Record<string, unknown>> {
  ok: boolean;
  /** The HTTP status; 0 when the server could not be reached. */
  status: number;
  body: T | null;
  /** What the server said (its `message`), or null. */
  message: string | null;
}

/**
 * POSTs JSON to one of the SPEC's REST calls with the bearer token, the way the answer stream
 * sends it: an access token refused as expired is renewed once.
 */
export async function postJson<T>(url: string, body?: unknown): Promise<RestOutcome<T>> {
  try {
    const response = await authorizedFetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const parsed = await response.json().catch(() => null);
    const message =
      parsed && typeof parsed.message === 'string' && parsed.message ? parsed.message : null;
    return { ok: response.ok, status: response.status, body: parsed as T | null, message };
  } catch {
    return { ok: false, status: 0, body: null, message: UNREACHABLE };
  }
}

export interface ResyncOutcome {
  ok: boolean;
  status: number;
  message: string;
}

/** SPEC §7 POST /api/resync-confluence (JSON content type, no body): the sync runs in the background. */
export async function resyncConfluence(): Promise<ResyncOutcome> {
  const result = await postJson<{ sources?: { message?: string }[] }>(RESYNC_URL);
  if (result.ok)
    return {
      ok: true,
      status: result.status,
      message: result.body?.sources?.[0]?.message ?? 'Sync started.',
    };
  return {
    ok: false,
    status: result.status,
    message: result.message ?? `${RESYNC_FAILED_MESSAGE} (HTTP ${result.status})`,
  };
}

export interface ConnectedResult {
  connected: boolean;
  site: string;
  sourceId: string;
  name: string;
}

/**
 * SPEC §7 POST /api/get-access-token: the OAuth callback's code and state. The browser holds no
 * client secret; the server uses its own, so both client fields are sent empty.
 */
export function exchangeAuthorizationCode(code: string, state: string) {
  return postJson<ConnectedResult>(ACCESS_TOKEN_URL, {
    grant_type: 'authorization_code',
    client_id: '',
    client_secret: '',
    code,
    redirect_uri: `${window.location.origin}/app/connectors`,
    state,
  });
}
