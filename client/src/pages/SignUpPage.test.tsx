import { notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SignUpInput } from '../graphql/types';
import { SignUpDocument } from '../modules/auth/graphql/auth.generated';
import { renderWithProviders } from '../test/render';
import { SignInPage } from './SignInPage';
import { SignUpPage } from './SignUpPage';

afterEach(() => notifications.clean());

const input: SignUpInput = {
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.com',
  password: 'a long passphrase',
  marketingOptIn: true,
};

async function fillAndSubmit(values: Partial<SignUpInput> = input) {
  const u = userEvent.setup();
  if (values.firstName) await u.type(screen.getByLabelText(/^first name/i), values.firstName);
  if (values.lastName) await u.type(screen.getByLabelText(/^last name/i), values.lastName);
  if (values.email) await u.type(screen.getByLabelText(/^email/i), values.email);
  if (values.password) await u.type(screen.getByLabelText(/^password/i), values.password);
  if (values.marketingOptIn)
    await u.click(screen.getByRole('checkbox', { name: 'Send me product news and tips' }));
  await u.click(screen.getByRole('button', { name: 'Create account' }));
}

const failure = (code: string, message: string, field?: string) => ({
  errors: [new GraphQLError(message, { extensions: field ? { code, field } : { code } })],
});

describe('SignUpPage', () => {
  it('creates the account, says so and goes to /signin with the email filled in', async () => {
    const { router } = renderWithProviders(<SignUpPage />, {
      path: '/signup',
      routes: [{ path: '/signin', element: <SignInPage /> }],
      mocks: [
        {
          request: { query: SignUpDocument, variables: { input } },
          result: {
            data: { signUp: { __typename: 'User', id: 'u2', email: 'grace@example.com' } },
          },
        },
      ],
    });
    expect(screen.getByLabelText(/^first name/i)).toHaveFocus();
    await fillAndSubmit();

    expect(
      await screen.findByText(
        'Account created — sign in to continue. We sent a code to grace@example.com to verify it.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signin');
    expect(screen.getByLabelText(/^email/i)).toHaveValue('grace@example.com');
  });

  it('puts EMAIL_TAKEN under the email field', async () => {
    const { router } = renderWithProviders(<SignUpPage />, {
      path: '/signup',
      mocks: [
        {
          request: { query: SignUpDocument, variables: { input } },
          result: failure('EMAIL_TAKEN', 'An account with this email already exists.', 'email'),
        },
      ],
    });
    await fillAndSubmit();
    expect(await screen.findByText('An account with this email already exists.')).toBeVisible();
    expect(screen.getByLabelText(/^email/i)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^password/i)).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signup');
  });

  it('puts a BAD_USER_INPUT about the password under the password field', async () => {
    // The client's own rules pass; the server still has the last word.
    renderWithProviders(<SignUpPage />, {
      path: '/signup',
      mocks: [
        {
          request: {
            query: SignUpDocument,
            variables: { input: { ...input, marketingOptIn: false } },
          },
          result: failure('BAD_USER_INPUT', 'This password is too easy to guess.', 'password'),
        },
      ],
    });
    await fillAndSubmit({ ...input, marketingOptIn: false });
    expect(await screen.findByText('This password is too easy to guess.')).toBeVisible();
    expect(screen.getByLabelText(/^password/i)).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a weak password before calling the server, saying why and how to do better', async () => {
    const result = vi.fn(() => ({ data: { signUp: { __typename: 'User', id: 'x', email: 'x' } } }));
    renderWithProviders(<SignUpPage />, {
      path: '/signup',
      mocks: [{ request: { query: SignUpDocument, variables: () => true }, result }],
    });
    const u = userEvent.setup();
    const password = screen.getByLabelText(/^password/i);
    await u.type(password, 'Welcome123');
    // The meter comes once the estimator has loaded, and is part of the field's description.
    expect(await screen.findByText('Too weak', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(password).toHaveAccessibleDescription(/Too weak — .*less common/);
    await u.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(/This password is too easy to guess/)).toBeVisible();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(result).not.toHaveBeenCalled();

    await u.clear(password);
    await u.type(password, 'granite otter lantern');
    expect(await screen.findByText('Strong')).toBeInTheDocument();
  });

  it('counts characters, not UTF-16 units', async () => {
    renderWithProviders(<SignUpPage />, { path: '/signup' });
    const u = userEvent.setup();
    await u.type(screen.getByLabelText(/^password/i), '🔒🔒🔒🔒🔒🔒🔒');
    await u.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Use at least 8 characters.')).toBeVisible();
  });

  it('shows an error without a field in an alert', async () => {
    renderWithProviders(<SignUpPage />, {
      path: '/signup',
      mocks: [
        {
          request: { query: SignUpDocument, variables: { input } },
          result: failure('INTERNAL_SERVER_ERROR', 'Something went wrong on our side.'),
        },
      ],
    });
    await fillAndSubmit();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Could not create your account')).toBeInTheDocument();
    expect(alert).toHaveTextContent('Something went wrong on our side.');
  });

  it('asks for every field before calling the server', async () => {
    const result = vi.fn(() => ({ data: { signUp: { __typename: 'User', id: 'x', email: 'x' } } }));
    renderWithProviders(<SignUpPage />, {
      path: '/signup',
      mocks: [{ request: { query: SignUpDocument, variables: () => true }, result }],
    });
    await fillAndSubmit({});
    for (const message of [
      'Enter your first name',
      'Enter your last name',
      'Enter your email address',
      'Choose a password',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(screen.getByText(/^At least 8 characters/)).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 100));
    expect(result).not.toHaveBeenCalled();
  });
});
