import { screen, waitFor } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { afterEach, describe, expect, it } from 'vitest';
import { getToken, saveRedirect } from '../modules/auth/session-store';
import { fakeToken, renderWithProviders, type RenderOptions } from '../test/render';
import { completeSsoSignInMock } from '../test/sso-mocks';
import { SsoCompletePage } from './SsoCompletePage';

const TOKEN = fakeToken({ permissions: ['search.read'] });

const payload = {
  __typename: 'AuthPayload',
  token: TOKEN,
  refreshToken: 'refresh-1',
  expiresIn: 900,
  permissions: ['search.read'],
  user: {
    __typename: 'User',
    id: 'u1',
    email: 'ada@acme.com',
    firstName: 'Ada',
    lastName: 'Byron',
    roles: ['customer_facing'],
    permissions: ['search.read'],
  },
};

function renderAt(hash: string, mocks: RenderOptions['mocks']) {
  window.history.replaceState(null, '', `/sso/complete${hash}`);
  return renderWithProviders(<SsoCompletePage />, {
    path: '/sso/complete',
    mocks,
    routes: [
      { path: '/app/dashboard', element: <p>Home page</p> },
      { path: '/app/search', element: <p>Search page</p> },
    ],
  });
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('SsoCompletePage', () => {
  it('exchanges the code once, forgets it from the address, and lands where the member was going', async () => {
    saveRedirect('/app/search');
    const { router } = renderAt('#code=one-time-code', [
      completeSsoSignInMock('one-time-code', payload),
    ]);
    expect(window.location.hash).toBe('');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/search'));
    expect(getToken()).toBe(TOKEN);
  });

  it('says in plain words why the identity provider’s sign-in was refused', async () => {
    renderAt(
      `#error=${encodeURIComponent('Just-in-time sign-up is off and you have no invitation.')}`,
      [],
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Just-in-time sign-up is off and you have no invitation.',
    );
    expect(screen.getByRole('heading', { name: 'Could not sign you in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute(
      'href',
      '/signin',
    );
  });

  it('shows the server’s answer when the code was already used or expired', async () => {
    renderAt('#code=spent', [
      completeSsoSignInMock(
        'spent',
        new GraphQLError('This sign-in link has expired or was used.'),
      ),
    ]);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This sign-in link has expired or was used.',
    );
    expect(getToken()).toBeNull();
  });
});
