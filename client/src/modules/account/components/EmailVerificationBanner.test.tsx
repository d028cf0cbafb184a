import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { storeSession } from '../../auth/session-store';
import {
  invalidCode,
  resendMock,
  statusMock,
  tooSoon,
  verifyMock,
} from '../../../test/email-verification-mocks';
import { fakeToken, renderWithProviders, type RenderOptions } from '../../../test/render';
import { EmailVerificationBanner } from './EmailVerificationBanner';
import { EmailVerificationStatus } from './EmailVerificationStatus';

afterEach(() => notifications.clean());

const renderBanner = (mocks: RenderOptions['mocks']) => {
  storeSession(fakeToken(), 'refresh');
  return renderWithProviders(<EmailVerificationBanner />, { path: '/app/dashboard', mocks });
};
const banner = () => screen.findByRole('region', { name: 'Email verification' });

describe('EmailVerificationBanner', () => {
  it('says where the code went, and takes it: a wrong one is refused, the right one hides it', async () => {
    const user = userEvent.setup();
    renderBanner([
      statusMock(false),
      verifyMock('000000', invalidCode()),
      verifyMock('123456', 'ok'),
    ]);
    const region = within(await banner());
    expect(region.getByText(/we sent a code to ada@example.com/)).toBeInTheDocument();
    expect(region.queryByRole('textbox')).not.toBeInTheDocument();
    await user.click(region.getByRole('button', { name: 'Enter code' }));
    const input = region.getByRole('textbox', { name: 'Verification code' });
    expect(input).toHaveFocus();
    // Not six digits: said at once, without asking the server.
    await user.type(input, '12');
    await user.click(region.getByRole('button', { name: 'Verify' }));
    expect(await region.findByText('Enter the 6-digit code from the email')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '000000');
    await user.click(region.getByRole('button', { name: 'Verify' }));
    expect(
      await region.findByText('The code is wrong or has expired. Ask for a new one.'),
    ).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '123 456');
    await user.click(region.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Email verified')).toBeInTheDocument();
    // The answer updates the cached account: the banner goes.
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Email verification' })).not.toBeInTheDocument(),
    );
  });

  it('resends, and shows the wait the server asks for when it is too soon', async () => {
    const user = userEvent.setup();
    renderBanner([statusMock(false), resendMock(true), resendMock(tooSoon(42))]);
    const region = within(await banner());
    await user.click(region.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('A new code is on its way')).toBeInTheDocument();
    await user.click(region.getByRole('button', { name: 'Resend' }));
    expect(await region.findByRole('alert')).toHaveTextContent(
      'A code was sent a moment ago. You can ask for another in 42 second(s).',
    );
  });

  it('shows nothing for a verified address', async () => {
    storeSession(fakeToken(), 'refresh');
    // Beside the Account settings status (same query): once it says Verified, the answer is in.
    renderWithProviders(
      <>
        <EmailVerificationBanner />
        <EmailVerificationStatus />
      </>,
      { path: '/app/account', mocks: [statusMock(true)] },
    );
    expect(await screen.findByText('Verified')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Email verification' })).not.toBeInTheDocument();
  });
});
