import { print } from 'graphql';
import { RefreshSessionDocument, type RefreshSessionMutation } from './graphql/auth.generated';
import {
  endExpiredSession,
  getRefreshToken,
  getToken,
  secondsLeft,
  storeSession,
} from './session-store';

/** Refresh when the access token has less than this left. */
export const REFRESH_MARGIN_SECONDS = 60;

let inFlight: Promise<string | null> | null = null;

/**
 * Exchanges the refresh token for a new pair, once at a time across every tab (Web Locks).
 * A caller that waited while another tab renewed the token gets that token instead, so a rotated
 * refresh token is never replayed (the server would take that for theft and end the session).
 */
export function refreshAccessToken(): Promise<string | null> {
  const askedWith = getToken();
  inFlight ??= withLock(async () => {
    const current = getToken();
    if (current && current !== askedWith) return current; // renewed meanwhile (another tab)
    const refreshToken = getRefreshToken();
    if (!refreshToken) return null;
    try {
      const response = await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: print(RefreshSessionDocument), variables: { refreshToken } }),
      });
      const body = (await response.json()) as {
        data?: RefreshSessionMutation;
        errors?: { extensions?: { code?: string } }[];
      };
      const next = body.data?.refreshSession;
      if (next?.token && next.refreshToken) {
        storeSession(next.token, next.refreshToken);
        return next.token;
      }
      if (body.errors?.some((e) => e.extensions?.code === 'UNAUTHENTICATED')) endExpiredSession();
      return null;
    } catch {
      return null; // offline: keep the session, try again later
    }
  }).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** The access token to send now, renewed first when it is about to expire. */
export async function currentAccessToken(): Promise<string | null> {
  const token = getToken();
  if (!token) return null;
  const left = secondsLeft();
  if (left !== null && left < REFRESH_MARGIN_SECONDS)
    return (await refreshAccessToken()) ?? getToken();
  return token;
}

function withLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? (locks.request('lumen-token-refresh', fn) as Promise<T>) : fn();
}
