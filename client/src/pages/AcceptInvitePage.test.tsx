import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignInDocument } from '../modules/auth/graphql/auth.generated';
import {
  AcceptInvitationDocument,
  InvitationPreviewDocument,
} from '../modules/members/graphql/members.generated';
import { clearSession, getToken } from '../modules/auth/session-store';
import { fakeToken, renderRoutes, renderWithProviders } from '../test/render';
import { eagerRoutes } from '../test/eager-routes';
import { AcceptInvitePage } from './AcceptInvitePage';
import { SignInPage } from './SignInPage';

const routes = await eagerRoutes();

afterEach(() => notifications.clean());

const INVALID = 'This invitation link is not valid any more. Ask for a new one.';
const invalid = () => ({
  errors: [new GraphQLError(INVALID, { extensions: { code: 'INVALID_INVITATION' } })],
});

const previewMock = (token = 'tok-1') => ({
  request: { query: InvitationPreviewDocument, variables: { token } },
  result: {
    data: {
      invitation: {
        __typename: 'InvitationPreview',
        email: 'grace@example.com',
        workspaceName: 'Analytical Engines',
        invitedByName: 'Ada Lovelace',
        roles: ['product_expert'],
        expiresAt: '2030-01-01T00:00:00.000Z',
      },
    },
  },
});

const acceptInput = {
  token: 'tok-1',
  firstName: 'Grace',
  lastName: 'Hopper',
  password: 'a long passphrase',
};

function renderPage(path: string, mocks: unknown[]) {
  return renderWithProviders(<AcceptInvitePage />, {
    path,
    mocks: mocks as never,
    routes: [
      { path: '/signin', element: <SignInPage /> },
      { path: '/app/dashboard', element: <p>Home screen</p> },
    ],
  });
}

async function fillAndJoin() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^first name/i), 'Grace');
  await user.type(screen.getByLabelText(/^last name/i), 'Hopper');
  await user.type(screen.getByLabelText(/^password/i), 'a long passphrase');
  await user.click(screen.getByRole('button', { name: 'Join Analytical Engines' }));
}

const acceptMock = () => ({
  request: { query: AcceptInvitationDocument, variables: { input: acceptInput } },
  result: { data: { acceptInvitation: true } },
});

const signInMock = (result: unknown) => ({
  request: {
    query: SignInDocument,
    variables: { input: { email: 'grace@example.com', password: 'a long passphrase' } },
  },
  result,
});

describe('AcceptInvitePage', () => {
  it('creates the account and signs the new member in, straight to Home', async () => {
    const token = fakeToken({ email: 'grace@example.com' });
    const { router } = renderPage('/accept-invite?token=tok-1', [
      previewMock(),
      acceptMock(),
      signInMock({
        data: {
          signIn: {
            __typename: 'AuthPayload',
            token,
            refreshToken: 'refresh-1',
            expiresIn: 900,
            permissions: ['search.read'],
            session: null,
            user: null,
          },
        },
      }),
    ]);
    await screen.findByRole('heading', {
      name: 'Ada Lovelace invited you to join Analytical Engines',
    });
    await fillAndJoin();
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
    expect(await screen.findByText('Home screen')).toBeInTheDocument();
    expect(screen.getByText('You joined Analytical Engines')).toBeInTheDocument();
    expect(getToken()).toBe(token);
    clearSession();
  });

  it('shows the invitation, creates the account and goes to /signin if signing in is refused', async () => {
    const { router } = renderPage('/accept-invite?token=tok-1', [
      previewMock(),
      acceptMock(),
      signInMock({
        errors: [
          new GraphQLError('Too many attempts', { extensions: { code: 'TOO_MANY_REQUESTS' } }),
        ],
      }),
    ]);
    expect(
      await screen.findByRole('heading', {
        name: 'Ada Lovelace invited you to join Analytical Engines',
      }),
    ).toBeInTheDocument();
    const email = screen.getByLabelText(/^email/i);
    expect(email).toHaveValue('grace@example.com');
    expect(email).toHaveAttribute('readonly');
    expect(screen.getByText('Product Experts')).toBeInTheDocument();
    expect(screen.getByLabelText(/^password/i)).toHaveAttribute('autocomplete', 'new-password');

    await fillAndJoin();

    expect(await screen.findByText('Sign in to continue')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(router.state.location.search).toBe('?email=grace%40example.com');
    expect(await screen.findByLabelText(/^email/i)).toHaveValue('grace@example.com');
  });

  it('says the link is not valid any more when the preview refuses the token', async () => {
    renderPage('/accept-invite?token=used', [
      {
        request: { query: InvitationPreviewDocument, variables: { token: 'used' } },
        result: invalid(),
      },
    ]);
    expect(
      await screen.findByRole('heading', { name: 'This invitation link is not valid any more' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/send a new invitation/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to log in' })).toHaveAttribute('href', '/signin');
    expect(screen.queryByRole('button', { name: /^Join/ })).not.toBeInTheDocument();
  });

  it('shows the same state without a token, without asking the server', async () => {
    const result = vi.fn(() => previewMock('').result);
    renderPage('/accept-invite', [
      { request: { query: InvitationPreviewDocument, variables: () => true }, result },
    ]);
    expect(
      screen.getByRole('heading', { name: 'This invitation link is not valid any more' }),
    ).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 100));
    expect(result).not.toHaveBeenCalled();
  });

  it('is a public route: no session needed', async () => {
    const { router } = renderRoutes(routes, '/accept-invite?token=tok-1', [previewMock()]);
    expect(
      await screen.findByRole('button', { name: 'Join Analytical Engines' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/accept-invite');
  });

  it('switches to the invalid state when the link was used meanwhile', async () => {
    renderPage('/accept-invite?token=tok-1', [
      previewMock(),
      {
        request: { query: AcceptInvitationDocument, variables: { input: acceptInput } },
        result: invalid(),
      },
    ]);
    await screen.findByRole('button', { name: 'Join Analytical Engines' });
    await fillAndJoin();
    expect(
      await screen.findByRole('heading', { name: 'This invitation link is not valid any more' }),
    ).toBeInTheDocument();
  });

  it('puts a password complaint under the password field', async () => {
    renderPage('/accept-invite?token=tok-1', [
      previewMock(),
      {
        request: { query: AcceptInvitationDocument, variables: { input: acceptInput } },
        result: {
          errors: [
            new GraphQLError('That password is too easy to guess; choose another.', {
              extensions: { code: 'BAD_USER_INPUT', field: 'password' },
            }),
          ],
        },
      },
    ]);
    await screen.findByRole('button', { name: 'Join Analytical Engines' });
    await fillAndJoin();
    expect(
      await screen.findByText('That password is too easy to guess; choose another.'),
    ).toBeVisible();
    expect(screen.getByLabelText(/^password/i)).toHaveAttribute('aria-invalid', 'true');
  });
});
