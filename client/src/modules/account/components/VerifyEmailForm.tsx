import { Button, Group, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { errorMessage } from '../../../shared/graphql-errors';
import {
  useSendEmailVerificationMutation,
  useVerifyEmailMutation,
} from '../graphql/email-verification.generated';

/** Queries that change once the address is verified (the offer to join a team's workspace). */
const AFTER_VERIFYING = ['JoinableWorkspaces'];

/**
 * Asks for a new code. The server limits them (one a minute, five an hour) and says how long
 * to wait: that message goes to `onError` as it is.
 */
export function useResendCode(email: string, onError: (message: string | null) => void) {
  const [resend, { loading }] = useSendEmailVerificationMutation();
  const askAgain = async () => {
    onError(null);
    try {
      await resend();
      notifications.show({
        color: 'teal',
        title: 'A new code is on its way',
        message: `We sent it to ${email}. The previous code no longer works.`,
      });
    } catch (e) {
      onError(errorMessage(e));
    }
  };
  return { askAgain, loading };
}

/** The 6-digit code from the verification mail, and (unless the caller offers it) a new one. */
export function VerifyEmailForm({
  email,
  autoFocus = false,
  withResend = true,
  onVerified,
}: {
  email: string;
  autoFocus?: boolean;
  withResend?: boolean;
  onVerified?: () => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [verify, { loading: verifying }] = useVerifyEmailMutation({
    refetchQueries: AFTER_VERIFYING,
  });
  const resend = useResendCode(email, setError);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const typed = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(typed)) {
      setError('Enter the 6-digit code from the email');
      return;
    }
    setError(null);
    try {
      await verify({ variables: { code: typed } });
      notifications.show({ color: 'teal', title: 'Email verified', message: email });
      onVerified?.();
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Verify your email">
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label="Verification code"
          placeholder="123456"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={12}
          w={180}
          autoFocus={autoFocus}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={error}
        />
        <Group gap="xs" mt={25}>
          <Button type="submit" loading={verifying}>
            Verify
          </Button>
          {withResend && (
            <Button
              variant="subtle"
              loading={resend.loading}
              onClick={() => void resend.askAgain()}
            >
              Send a new code
            </Button>
          )}
        </Group>
      </Group>
    </form>
  );
}
