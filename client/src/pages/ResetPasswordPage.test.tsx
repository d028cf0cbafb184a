import { notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { afterEach, describe, expect, it } from 'vitest';
import { CompleteNewPasswordDocument } from '../modules/auth/graphql/auth.generated';
import { renderWithProviders } from '../test/render';
import { ResetPasswordPage } from './ResetPasswordPage';

afterEach(() => notifications.clean());

const input = { session: 'challenge-123', email: 'ada@example.com', password: 'brand new secret' };

function storeChallenge() {
  sessionStorage.setItem('auth_session', 'challenge-123');
  sessionStorage.setItem('auth_email', 'ada@example.com');
}

describe('ResetPasswordPage', () => {
  it('sets the new password with the stored session, forgets it and goes to /signin', async () => {
    storeChallenge();
    const { router } = renderWithProviders(<ResetPasswordPage />, {
      path: '/reset-password',
      routes: [{ path: '/signin', element: <div>Sign-in screen</div> }],
      mocks: [
        {
          request: { query: CompleteNewPasswordDocument, variables: { input } },
          result: { data: { completeNewPassword: true } },
        },
      ],
    });
    expect(screen.getByLabelText(/^email/i)).toHaveValue('ada@example.com');
    const password = screen.getByLabelText(/^new password/i);
    expect(password).toHaveFocus();
    await userEvent.setup().type(password, 'brand new secret{Enter}');

    expect(await screen.findByText('Sign-in screen')).toBeInTheDocument();
    expect(screen.getByText('Password updated — sign in with your new password')).toBeVisible();
    expect(router.state.location.pathname).toBe('/signin');
    expect(sessionStorage.getItem('auth_session')).toBeNull();
    expect(sessionStorage.getItem('auth_email')).toBeNull();
  });

  it('says the session expired, with a way back to sign in, when none is stored', () => {
    renderWithProviders(<ResetPasswordPage />, { path: '/reset-password' });
    expect(screen.getByRole('heading', { name: 'This link has expired' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^new password/i)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to log in' })).toHaveAttribute('href', '/signin');
  });

  it('shows a rejected session inline and keeps the stored values', async () => {
    storeChallenge();
    renderWithProviders(<ResetPasswordPage />, {
      path: '/reset-password',
      mocks: [
        {
          request: { query: CompleteNewPasswordDocument, variables: { input } },
          result: {
            errors: [
              new GraphQLError('This password-change session has expired. Sign in again.', {
                extensions: { code: 'INVALID_SESSION' },
              }),
            ],
          },
        },
      ],
    });
    await userEvent
      .setup()
      .type(screen.getByLabelText(/^new password/i), 'brand new secret{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This password-change session has expired. Sign in again.');
    expect(within(alert).getByRole('link', { name: 'Log in again' })).toHaveAttribute(
      'href',
      '/signin',
    );
  });

  it('puts a password rule under the password field', async () => {
    storeChallenge();
    renderWithProviders(<ResetPasswordPage />, {
      path: '/reset-password',
      mocks: [
        {
          request: {
            query: CompleteNewPasswordDocument,
            variables: { input: { ...input, password: 'granite otter lantern' } },
          },
          result: {
            errors: [
              new GraphQLError('Do not reuse a password from this site.', {
                extensions: { code: 'BAD_USER_INPUT', field: 'password' },
              }),
            ],
          },
        },
      ],
    });
    const password = screen.getByLabelText(/^new password/i);
    await userEvent.setup().type(password, 'granite otter lantern{Enter}');
    expect(await screen.findByText('Do not reuse a password from this site.')).toBeVisible();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(/Do not reuse a password from this site\./);
  });
});
