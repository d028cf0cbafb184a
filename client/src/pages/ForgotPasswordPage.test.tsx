import { notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ConfirmPasswordResetDocument,
  RequestPasswordResetDocument,
} from '../modules/auth/graphql/auth.generated';
import { renderWithProviders } from '../test/render';
import { ForgotPasswordPage } from './ForgotPasswordPage';

afterEach(() => notifications.clean());

const signinRoute = [{ path: '/signin', element: <div>Sign-in screen</div> }];
const confirmInput = { code: '123456', email: 'ada@example.com', password: 'brand new secret' };

describe('ForgotPasswordPage', () => {
  it('sends a code, then resets the password with it and goes to /signin', async () => {
    const { router } = renderWithProviders(<ForgotPasswordPage />, {
      path: '/forgot-password',
      routes: signinRoute,
      mocks: [
        {
          request: { query: RequestPasswordResetDocument, variables: { email: 'ada@example.com' } },
          result: { data: { requestPasswordReset: true } },
        },
        {
          request: { query: ConfirmPasswordResetDocument, variables: { input: confirmInput } },
          result: { data: { confirmPasswordReset: true } },
        },
      ],
    });
    const u = userEvent.setup();
    expect(screen.queryByLabelText(/^code/i)).not.toBeInTheDocument();
    await u.type(screen.getByLabelText(/^email/i), ' ada@example.com ');
    await u.click(screen.getByRole('button', { name: 'Send me a code' }));

    expect(
      await screen.findByText('If an account exists for that address, we sent a 6-digit code.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^code/i)).toHaveFocus();
    expect(screen.getByLabelText(/^email/i)).toHaveValue('ada@example.com');
    await u.type(screen.getByLabelText(/^code/i), '123456');
    await u.type(screen.getByLabelText(/^new password/i), 'brand new secret');
    await u.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByText('Sign-in screen')).toBeInTheDocument();
    expect(screen.getByText('Password updated — sign in with your new password')).toBeVisible();
    expect(router.state.location.pathname).toBe('/signin');
  });

  it('opens on the code step with a note when ?sent=1, and shows INVALID_CODE under the code', async () => {
    const { router } = renderWithProviders(<ForgotPasswordPage />, {
      path: '/forgot-password?email=ada%40example.com&sent=1',
      routes: signinRoute,
      mocks: [
        {
          request: { query: ConfirmPasswordResetDocument, variables: { input: confirmInput } },
          result: {
            errors: [
              new GraphQLError('The code is wrong or has expired. Ask for a new one.', {
                extensions: { code: 'INVALID_CODE', field: 'code' },
              }),
            ],
          },
        },
      ],
    });
    expect(screen.getByRole('status')).toHaveTextContent('We sent a code to your email address');
    expect(screen.getByLabelText(/^email/i)).toHaveValue('ada@example.com');
    const u = userEvent.setup();
    await u.type(screen.getByLabelText(/^code/i), '123456');
    await u.type(screen.getByLabelText(/^new password/i), 'brand new secret{Enter}');

    expect(
      await screen.findByText('The code is wrong or has expired. Ask for a new one.'),
    ).toBeVisible();
    expect(screen.getByLabelText(/^code/i)).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe('/forgot-password');
  });

  it('shows a request failure inline', async () => {
    renderWithProviders(<ForgotPasswordPage />, {
      path: '/forgot-password',
      mocks: [
        {
          request: { query: RequestPasswordResetDocument, variables: { email: 'ada@example.com' } },
          result: {
            errors: [
              new GraphQLError('Too many reset requests. Try again later.', {
                extensions: { code: 'NOTAUTHORIZEDEXCEPTION' },
              }),
            ],
          },
        },
      ],
    });
    const u = userEvent.setup();
    await u.type(screen.getByLabelText(/^email/i), 'ada@example.com{Enter}');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Could not send a code')).toBeInTheDocument();
    expect(alert).toHaveTextContent('Too many reset requests. Try again later.');
    expect(screen.queryByLabelText(/^code/i)).not.toBeInTheDocument();
  });

  it('asks for the missing fields on either step without calling the server', async () => {
    const request = vi.fn(() => ({ data: { requestPasswordReset: true } }));
    const confirm = vi.fn(() => ({ data: { confirmPasswordReset: true } }));
    renderWithProviders(<ForgotPasswordPage />, {
      path: '/forgot-password',
      mocks: [
        {
          request: { query: RequestPasswordResetDocument, variables: () => true },
          result: request,
        },
        {
          request: { query: ConfirmPasswordResetDocument, variables: () => true },
          result: confirm,
        },
      ],
    });
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(await screen.findByText('Enter your email address')).toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: 'I already have a code' }));
    await u.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Enter the code from your email')).toBeInTheDocument();
    expect(screen.getByText('Enter your email address')).toBeInTheDocument();
    expect(screen.getByText('Enter a new password')).toBeInTheDocument();

    await new Promise((r) => setTimeout(r, 100));
    expect(request).not.toHaveBeenCalled();
    expect(confirm).not.toHaveBeenCalled();
  });
});
