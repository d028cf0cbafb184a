import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { describe, expect, it, vi } from 'vitest';
import type { SignInInput } from '../graphql/types';
import { SignInDocument } from '../modules/auth/graphql/auth.generated';
import { saveRedirect } from '../modules/auth/session-store';
import { fakeToken, renderWithProviders } from '../test/render';
import { ssoDiscoverMock } from '../test/sso-mocks';
import { SignInPage } from './SignInPage';

const user = {
  __typename: 'User',
  id: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  roles: ['admin'],
  permissions: ['user.read', 'search.read'],
};

const payload = (over: Record<string, unknown>) => ({
  data: {
    signIn: {
      __typename: 'AuthPayload',
      token: null,
      refreshToken: null,
      expiresIn: null,
      permissions: [],
      session: null,
      user: null,
      ...over,
    },
  },
});

const input: SignInInput = {
  email: 'ada@example.com',
  password: 'correct horse',
  rememberMe: false,
};

const failure = (code: string, message: string) => ({
  errors: [new GraphQLError(message, { extensions: { code } })],
});

const routes = [
  { path: '/app/dashboard', element: <div>Dashboard screen</div> },
  { path: '/app/bots', element: <div>Bots screen</div> },
  { path: '/reset-password', element: <div>Reset password screen</div> },
  { path: '/forgot-password', element: <div>Forgot password screen</div> },
];

async function fillAndSubmit(email = input.email, password = input.password) {
  const u = userEvent.setup();
  if (email) await u.type(screen.getByLabelText(/^email/i), email);
  if (password) await u.type(screen.getByLabelText(/^password/i), password);
  await u.click(screen.getByRole('button', { name: 'Log in' }));
  return u;
}

describe('SignInPage', () => {
  it('stores the token and permissions and goes to the saved redirect path', async () => {
    const token = fakeToken({ permissions: ['search.read'] });
    saveRedirect('/app/bots');
    renderWithProviders(<SignInPage />, {
      path: '/signin',
      routes,
      mocks: [
        {
          request: { query: SignInDocument, variables: { input: { ...input, rememberMe: true } } },
          result: payload({ token, refreshToken: 'refresh-1', expiresIn: 900, user }),
        },
      ],
    });
    const u = userEvent.setup();
    await u.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await fillAndSubmit();

    expect(await screen.findByText('Bots screen')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe(token);
    expect(localStorage.getItem('refresh_token')).toBe('refresh-1');
    expect(JSON.parse(localStorage.getItem('permissions')!)).toEqual(['search.read']);
  });

  it('goes to /app/dashboard when no redirect was saved', async () => {
    const { router } = renderWithProviders(<SignInPage />, {
      path: '/signin',
      routes,
      mocks: [
        {
          request: { query: SignInDocument, variables: { input } },
          result: payload({ token: fakeToken(), refreshToken: 'r', user }),
        },
      ],
    });
    await fillAndSubmit();
    expect(await screen.findByText('Dashboard screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/dashboard');
  });

  it('keeps the session and email and goes to /reset-password when a new password is needed', async () => {
    const { router } = renderWithProviders(<SignInPage />, {
      path: '/signin',
      routes,
      mocks: [
        {
          request: { query: SignInDocument, variables: { input } },
          result: payload({ session: 'challenge-123' }),
        },
      ],
    });
    await fillAndSubmit();
    expect(await screen.findByText('Reset password screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/reset-password');
    expect(sessionStorage.getItem('auth_session')).toBe('challenge-123');
    expect(sessionStorage.getItem('auth_email')).toBe('ada@example.com');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('goes to /forgot-password with the email and a sent flag on PASSWORDRESETREQUIRED', async () => {
    const { router } = renderWithProviders(<SignInPage />, {
      path: '/signin',
      routes,
      mocks: [
        {
          request: { query: SignInDocument, variables: { input } },
          result: failure('PASSWORDRESETREQUIRED', 'Your password must be reset.'),
        },
      ],
    });
    await fillAndSubmit();
    expect(await screen.findByText('Forgot password screen')).toBeInTheDocument();
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('email')).toBe('ada@example.com');
    expect(params.get('sent')).toBe('1');
  });

  it("shows 'Too many attempts' with the server's message on NOTAUTHORIZEDEXCEPTION", async () => {
    const alertSpy = vi.spyOn(window, 'alert').mockImplementation(() => {});
    renderWithProviders(<SignInPage />, {
      path: '/signin',
      mocks: [
        {
          request: { query: SignInDocument, variables: { input } },
          result: failure('NOTAUTHORIZEDEXCEPTION', 'Too many attempts. Try again in 5 minute(s).'),
        },
      ],
    });
    await fillAndSubmit();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Too many attempts')).toBeInTheDocument();
    expect(within(alert).getByText('Too many attempts. Try again in 5 minute(s).')).toBeVisible();
    expect(alertSpy).not.toHaveBeenCalled();
    alertSpy.mockRestore();
  });

  it('shows the server message inline on INVALID_CREDENTIALS and stays on the page', async () => {
    const { router } = renderWithProviders(<SignInPage />, {
      path: '/signin',
      mocks: [
        {
          request: { query: SignInDocument, variables: { input } },
          result: failure('INVALID_CREDENTIALS', 'Incorrect email or password.'),
        },
      ],
    });
    await fillAndSubmit();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Incorrect email or password.');
    expect(router.state.location.pathname).toBe('/signin');
    expect(localStorage.getItem('token')).toBeNull();
    // The button is usable again for another try.
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
  });

  it('explains a network failure instead of failing silently', async () => {
    renderWithProviders(<SignInPage />, {
      path: '/signin',
      mocks: [
        {
          request: { query: SignInDocument, variables: { input } },
          error: new TypeError('fetch failed'),
        },
      ],
    });
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Cannot reach the server. Check your connection and try again.',
    );
  });

  it('blocks an empty submit with inline messages and never calls the server', async () => {
    const result = vi.fn(() => payload({ token: fakeToken(), refreshToken: 'r' }));
    renderWithProviders(<SignInPage />, {
      path: '/signin',
      routes,
      mocks: [{ request: { query: SignInDocument, variables: () => true }, result }],
    });
    await fillAndSubmit('', '');
    expect(await screen.findByText('Enter your email address')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    expect(screen.getByLabelText(/^email/i)).toHaveAttribute('aria-invalid', 'true');

    await fillAndSubmit('ada@example.com', '');
    expect(screen.queryByText('Enter your email address')).not.toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 100));
    expect(result).not.toHaveBeenCalled();
  });

  it('shows a loading state on the submit button while signing in', async () => {
    renderWithProviders(<SignInPage />, {
      path: '/signin',
      routes,
      mocks: [
        {
          request: { query: SignInDocument, variables: { input } },
          result: payload({ token: fakeToken(), refreshToken: 'r' }),
          delay: 300,
        },
      ],
    });
    await fillAndSubmit();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Log in' })).toBeDisabled());
    expect(await screen.findByText('Dashboard screen')).toBeInTheDocument();
  });

  it('fills the email from ?email=, focuses the password and links to sign-up and reset', async () => {
    renderWithProviders(<SignInPage />, { path: '/signin?email=grace%40example.com' });
    expect(screen.getByLabelText(/^email/i)).toHaveValue('grace@example.com');
    expect(screen.getByLabelText(/^password/i)).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password?email=grace%40example.com',
    );
  });

  it('submits with Enter from the password field', async () => {
    renderWithProviders(<SignInPage />, {
      path: '/signin',
      routes,
      mocks: [
        {
          request: { query: SignInDocument, variables: { input } },
          result: payload({ token: fakeToken(), refreshToken: 'r' }),
        },
      ],
    });
    const u = userEvent.setup();
    expect(screen.getByLabelText(/^email/i)).toHaveFocus();
    await u.keyboard(input.email);
    await u.type(screen.getByLabelText(/^password/i), `${input.password}{Enter}`);
    expect(await screen.findByText('Dashboard screen')).toBeInTheDocument();
  });
});

describe('SignInPage after an expired session', () => {
  it('says the session expired, once', () => {
    sessionStorage.setItem('session_expired', '1');
    const { unmount } = renderWithProviders(<SignInPage />, { path: '/signin' });
    expect(screen.getByText('Your session expired, please sign in again.')).toBeInTheDocument();
    unmount();
    renderWithProviders(<SignInPage />, { path: '/signin' });
    expect(screen.queryByText('Your session expired, please sign in again.')).toBeNull();
  });
});

describe('SignInPage: single sign-on', () => {
  it('offers “Continue with” for an address whose domain signs in through SSO', async () => {
    const userEvent_ = userEvent.setup();
    renderWithProviders(<SignInPage />, {
      path: '/signin',
      mocks: [ssoDiscoverMock('ada@acme.com', [{ id: 'c1', name: 'Acme Okta' }])],
    });
    await userEvent_.type(screen.getByRole('textbox', { name: /email/i }), 'ada@acme.com');
    const link = await screen.findByRole('link', { name: 'Continue with Acme Okta' });
    expect(link).toHaveAttribute('href', '/api/auth/sso/c1/start');
    expect(screen.getByText('or use your password')).toBeInTheDocument();
  });

  it('offers nothing for an address without SSO, and asks nothing for a half-typed one', async () => {
    const userEvent_ = userEvent.setup();
    renderWithProviders(<SignInPage />, {
      path: '/signin',
      mocks: [ssoDiscoverMock('ada@example.com', [])],
    });
    await userEvent_.type(screen.getByRole('textbox', { name: /email/i }), 'ada@example.com');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(screen.queryByRole('link', { name: /Continue with/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });
});
