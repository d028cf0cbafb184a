import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeToken } from '../../test/render';
import {
  getPermissions,
  getRefreshToken,
  getToken,
  storeSession,
  takeSessionExpired,
} from './session-store';
import { currentAccessToken, refreshAccessToken } from './token-refresh';

function answer(body: unknown) {
  return vi.fn(
    async () =>
      new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('token refresh', () => {
  it('exchanges the refresh token once for concurrent callers and stores the new pair', async () => {
    storeSession(fakeToken({ permissions: ['search.read'] }), 'old-refresh');
    const renewed = fakeToken({ permissions: ['search.read', 'user.read'] });
    const fetchMock = answer({
      data: {
        refreshSession: {
          token: renewed,
          refreshToken: 'new-refresh',
          expiresIn: 900,
          permissions: [],
        },
      },
    });
    vi.stubGlobal('fetch', fetchMock);

    const [a, b] = await Promise.all([refreshAccessToken(), refreshAccessToken()]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(JSON.parse(String(init.body)).variables).toEqual({ refreshToken: 'old-refresh' });
    expect(a).toBe(renewed);
    expect(b).toBe(renewed);
    expect(getRefreshToken()).toBe('new-refresh');
    expect(getPermissions()).toEqual(['search.read', 'user.read']);
  });

  it('ends the session when the server says the refresh token is no good', async () => {
    storeSession(fakeToken(), 'revoked');
    vi.stubGlobal(
      'fetch',
      answer({ errors: [{ message: 'ended', extensions: { code: 'UNAUTHENTICATED' } }] }),
    );
    expect(await refreshAccessToken()).toBeNull();
    expect(getToken()).toBeNull();
    // The sign-in page will say why the person has to sign in again.
    expect(takeSessionExpired()).toBe(true);
  });

  it('keeps the session when the network is down', async () => {
    storeSession(fakeToken(), 'r');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    expect(await refreshAccessToken()).toBeNull();
    expect(getToken()).not.toBeNull();
  });

  it('renews before sending when the token is about to expire, not otherwise', async () => {
    const fresh = fakeToken();
    storeSession(fresh, 'r');
    const fetchMock = answer({});
    vi.stubGlobal('fetch', fetchMock);
    expect(await currentAccessToken()).toBe(fresh);
    expect(fetchMock).not.toHaveBeenCalled();

    storeSession(fakeToken({ exp: Math.floor(Date.now() / 1000) + 10 }), 'r2');
    const renewed = fakeToken({ sub: 'renewed' });
    vi.stubGlobal(
      'fetch',
      answer({
        data: {
          refreshSession: { token: renewed, refreshToken: 'r3', expiresIn: 900, permissions: [] },
        },
      }),
    );
    expect(await currentAccessToken()).toBe(renewed);
  });
});
