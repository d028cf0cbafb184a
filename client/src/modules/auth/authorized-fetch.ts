import { endExpiredSession } from './session-store';
import { currentAccessToken, refreshAccessToken } from './token-refresh';

/**
 * `fetch` with the session's bearer token, for the few calls outside GraphQL (the answer
 * stream, REST connector calls, file downloads). An access token refused as expired (401) is
 * renewed once and the call sent again, as the Apollo link does; when it cannot be renewed the
 * session ends ("Your session expired") and the 401 response is returned to the caller.
 */
export async function authorizedFetch(
  url: string,
  init: Omit<RequestInit, 'headers'> & { headers?: Record<string, string> } = {},
): Promise<Response> {
  const send = (token: string | null) =>
    fetch(url, {
      ...init,
      headers: { ...init.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  const response = await send(await currentAccessToken());
  if (response.status !== 401) return response;
  const token = await refreshAccessToken();
  if (init.signal?.aborted) return response;
  if (!token) {
    endExpiredSession();
    return response;
  }
  return send(token);
}
