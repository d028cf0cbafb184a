import { Alert, Anchor, Group, Stack, Text } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { useState } from 'react';
import { useEmailVerificationStatusQuery } from '../graphql/email-verification.generated';
import { useResendCode, VerifyEmailForm } from './VerifyEmailForm';

/**
 * Above every app page while the signed-in person's address is unverified: the account works,
 * but nothing that trusts an email (Slack, joining a team by its domain) trusts theirs yet.
 * Nothing shows while the status is unknown (loading, or the server did not answer).
 */
export function EmailVerificationBanner() {
  const { data } = useEmailVerificationStatusQuery();
  const [entering, setEntering] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const me = data?.me;
  const resend = useResendCode(me?.email ?? '', setProblem);
  if (!me || me.emailVerified) return null;
  return (
    <Alert
      role="region"
      aria-label="Email verification"
      color="yellow"
      variant="light"
      icon={<IconMailExclamation size={18} />}
      mb="lg"
    >
      <Stack gap="sm">
        <Group gap="xs" wrap="wrap">
          <Text size="sm">
            <strong>Verify your email:</strong> we sent a code to {me.email}.
          </Text>
          {!entering && (
            <Anchor
              component="button"
              type="button"
              size="sm"
              c="inherit"
              fw={600}
              underline="always"
              onClick={() => setEntering(true)}
            >
              Enter code
            </Anchor>
          )}
          <Text size="sm" c="dimmed" aria-hidden>
            ·
          </Text>
          <Anchor
            component="button"
            type="button"
            size="sm"
            c="inherit"
            fw={600}
            underline="always"
            disabled={resend.loading}
            onClick={() => void resend.askAgain()}
          >
            Resend
          </Anchor>
        </Group>
        {problem && (
          <Text size="sm" c="red" role="alert">
            {problem}
          </Text>
        )}
        {entering && <VerifyEmailForm email={me.email} autoFocus withResend={false} />}
      </Stack>
    </Alert>
  );
}
