import { describe, expect, it } from 'vitest';
import { fakeToken } from '../../test/render';
import {
  clearSession,
  decodeToken,
  getPermissions,
  getUser,
  saveRedirect,
  storeSession,
  takeRedirect,
} from './session-store';

describe('session store', () => {
  it('stores the token pair and takes permissions from the token claim', () => {
    storeSession(fakeToken({ permissions: ['search.read'] }), 'r1');
    expect(localStorage.getItem('token')).toContain('.');
    expect(localStorage.getItem('refresh_token')).toBe('r1');
    expect(getPermissions()).toEqual(['search.read']);
    expect(getUser()).toMatchObject({ email: 'ada@example.com', firstName: 'Ada' });
  });

  it('clears token, refresh token and user and empties permissions on logout', () => {
    storeSession(fakeToken(), 'r1');
    clearSession();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(getPermissions()).toEqual([]);
  });

  it('refuses a token that is not three parts', () => {
    expect(decodeToken('not-a-token')).toBeNull();
    expect(decodeToken(fakeToken())?.sub).toBe('u1');
  });

  it('only returns app paths as the post-login redirect', () => {
    saveRedirect('/app/users?x=1');
    expect(takeRedirect()).toBe('/app/users?x=1');
    expect(takeRedirect()).toBe('/app/dashboard');
    saveRedirect('//evil.example.com');
    expect(takeRedirect()).toBe('/app/dashboard');
  });
});
