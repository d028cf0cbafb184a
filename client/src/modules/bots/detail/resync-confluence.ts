import { clearSession } from '../../auth/session-store';
import { currentAccessToken, refreshAccessToken } from '../../auth/token-refresh';

export const RESYNC_URL = '/api/resync-confluence';
export const RESYNC_FAILED_MESSAGE = 'Resync failed. Try again.';

export interface ResyncOutcome {
  ok: boolean;
  /** The HTTP status; 0 when the server could not be reached. */
  status: number;
  /** What the server said (its `message`), or a plain explanation. */
  message: string;
}

/**
 * SPEC §7 POST /api/resync-confluence (JSON content type, no body), with the bearer token the
 * way the answer stream sends it: an access token refused as expired is renewed once.
 */
export async function resyncConfluence(): Promise<ResyncOutcome> {
  const post = (token: string | null) =>
    fetch(RESYNC_URL, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
  try {
    let response = await post(await currentAccessToken());
    if (response.status === 401) {
      const token = await refreshAccessToken();
      if (token) response = await post(token);
      else clearSession();
    }
    const message = await messageOf(response);
    const { ok, status } = response;
    if (ok) return { ok, status, message: message ?? 'Resync started.' };
    return { ok, status, message: message ?? `${RESYNC_FAILED_MESSAGE} (HTTP ${status})` };
  } catch {
    return {
      ok: false,
      status: 0,
      message: 'Cannot reach the server. Check your connection and try again.',
    };
  }
}

async function messageOf(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as { message?: unknown };
    return typeof body.message === 'string' && body.message ? body.message : null;
  } catch {
    return null; // not JSON
  }
}
