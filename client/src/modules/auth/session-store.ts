/**
 * The browser session, in the spec's local storage keys (token, permissions, user,
 * refresh_token); the post-login redirect path lives in session storage.
 */
export const STORAGE_KEYS = {
  token: 'token',
  refreshToken: 'refresh_token',
  permissions: 'permissions',
  user: 'user',
  redirect: 'redirect_after_login',
  expired: 'session_expired',
} as const;

export interface SessionUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  workspaceId: string;
}

export interface TokenClaims {
  sub: string;
  workspace: string;
  permissions: string[];
  email: string;
  given_name: string;
  family_name: string;
  exp: number;
}

/** Decodes a three-part token's claims (no verification: the server verifies every call). */
export function decodeToken(token: string): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) {
    console.error('Invalid token: expected three parts');
    return null;
  }
  try {
    const json = atob(parts[1].replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(json, (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes)) as TokenClaims;
  } catch (error) {
    console.error('Invalid token', error);
    return null;
  }
}

type Listener = () => void;
const listeners = new Set<Listener>();

export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify() {
  listeners.forEach((l) => l());
}

// Another tab signing in or out changes this tab's session too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || Object.values(STORAGE_KEYS).includes(event.key as never)) notify();
  });
}

export function getToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.token);
}

export function getRefreshToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.refreshToken);
}

export function getPermissions(): string[] | null {
  const raw = localStorage.getItem(STORAGE_KEYS.permissions);
  if (raw === null) return null;
  try {
    const parsed = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
}

export function getUser(): SessionUser | null {
  const token = getToken();
  const claims = token ? decodeToken(token) : null;
  if (claims) {
    return {
      id: claims.sub,
      email: claims.email,
      firstName: claims.given_name,
      lastName: claims.family_name,
      workspaceId: claims.workspace,
    };
  }
  const raw = localStorage.getItem(STORAGE_KEYS.user);
  try {
    return raw ? (JSON.parse(raw) as SessionUser) : null;
  } catch {
    return null;
  }
}

/** Stores a fresh token pair; permissions come from the token's permissions claim. */
export function storeSession(token: string, refreshToken: string) {
  const claims = decodeToken(token);
  localStorage.setItem(STORAGE_KEYS.token, token);
  localStorage.setItem(STORAGE_KEYS.refreshToken, refreshToken);
  localStorage.setItem(STORAGE_KEYS.permissions, JSON.stringify(claims?.permissions ?? []));
  if (claims) {
    const user: SessionUser = {
      id: claims.sub,
      email: claims.email,
      firstName: claims.given_name,
      lastName: claims.family_name,
      workspaceId: claims.workspace,
    };
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  }
  notify();
}

export function clearSession() {
  localStorage.removeItem(STORAGE_KEYS.token);
  localStorage.removeItem(STORAGE_KEYS.refreshToken);
  localStorage.removeItem(STORAGE_KEYS.user);
  localStorage.setItem(STORAGE_KEYS.permissions, JSON.stringify([]));
  notify();
}

/** The session ended without the person signing out: the sign-in page says so once. */
export function endExpiredSession() {
  clearSession();
  sessionStorage.setItem(STORAGE_KEYS.expired, '1');
}

/** Whether the last session expired (read once: the note is shown one time). */
export function takeSessionExpired(): boolean {
  const expired = sessionStorage.getItem(STORAGE_KEYS.expired) === '1';
  sessionStorage.removeItem(STORAGE_KEYS.expired);
  return expired;
}

export function saveRedirect(path: string) {
  sessionStorage.setItem(STORAGE_KEYS.redirect, path);
}

/** The saved post-login path (only app paths, never an outside URL), then forgotten. */
export function takeRedirect(fallback = '/app/dashboard'): string {
  const path = sessionStorage.getItem(STORAGE_KEYS.redirect);
  sessionStorage.removeItem(STORAGE_KEYS.redirect);
  return path && path.startsWith('/') && !path.startsWith('//') ? path : fallback;
}

/** Seconds until the stored access token expires (negative when expired, null without one). */
export function secondsLeft(): number | null {
  const token = getToken();
  const claims = token ? decodeToken(token) : null;
  return claims ? claims.exp - Date.now() / 1000 : null;
}
