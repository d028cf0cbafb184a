import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { storeSession } from '../modules/auth/session-store';
import { invalidCode, verifyMock } from '../test/email-verification-mocks';
import { eagerRoutes } from '../test/eager-routes';
import { fakeToken, renderRoutes } from '../test/render';

const routes = await eagerRoutes();

afterEach(() => notifications.clean());

const signIn = () => storeSession(fakeToken({ permissions: ['search.read'] }), 'refresh');

describe('VerifyEmailPage (/verify-email, the mailed link)', () => {
  it('posts the code from the fragment, drops it from the address, and says it worked', async () => {
    signIn();
    const { router } = renderRoutes(routes, '/verify-email#code=123456', [
      verifyMock('123456', 'ok'),
    ]);
    expect(await screen.findByRole('heading', { name: 'Email verified' })).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(router.state.location.hash).toBe('');
    expect(screen.getByRole('link', { name: 'Continue to Lumen' })).toHaveAttribute(
      'href',
      '/app/dashboard',
    );
  });

  it('a code that does not work says why and leaves the form for another', async () => {
    signIn();
    const user = userEvent.setup();
    renderRoutes(routes, '/verify-email#code=654321', [
      verifyMock('654321', invalidCode()),
      verifyMock('111222', 'ok'),
    ]);
    expect(await screen.findByText('This link did not work')).toBeInTheDocument();
    expect(
      screen.getByText('The code is wrong or has expired. Ask for a new one.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send a new code' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Verification code' }), '111222');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Email verified' })).toBeInTheDocument();
  });

  it('without a code in the link, asks for it', async () => {
    signIn();
    renderRoutes(routes, '/verify-email');
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    expect(
      screen.getByText('Enter the 6-digit code we sent to ada@example.com.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Verification code' })).toBeInTheDocument();
  });

  it('a signed-out visitor signs in first and comes back with the code', async () => {
    const { router } = renderRoutes(routes, '/verify-email#code=123456');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(sessionStorage.getItem('redirect_after_login')).toBe('/verify-email#code=123456');
  });
});
