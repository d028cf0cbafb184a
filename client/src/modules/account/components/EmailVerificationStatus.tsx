import { Badge, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useEmailVerificationStatusQuery } from '../graphql/email-verification.generated';
import { VerifyEmailForm } from './VerifyEmailForm';

/** Account settings: whether the sign-in address is verified, and verifying it when not. */
export function EmailVerificationStatus() {
  const { data, error } = useEmailVerificationStatusQuery();
  if (error)
    return (
      <Text size="sm" c="dimmed">
        Could not read whether your address is verified.
      </Text>
    );
  if (!data) return <Skeleton height={60} radius="lg" />;
  const { email, emailVerified } = data.me;
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="sm">
        <Group gap="xs">
          <Text fw={600}>{email}</Text>
          <Badge size="sm" variant="light" color={emailVerified ? 'teal' : 'yellow'}>
            {emailVerified ? 'Verified' : 'Not verified'}
          </Badge>
        </Group>
        {emailVerified ? (
          <Text size="sm" c="dimmed">
            Lumen trusts this address to recognise you, in Slack for example.
          </Text>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              Enter the code we sent to this address, or ask for a new one. Until then, Lumen does
              not recognise you by this address elsewhere (in Slack, or to join your team’s
              workspace).
            </Text>
            <VerifyEmailForm email={email} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
