import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { AuthLayout } from '../../auth/components/AuthLayout';

/** An invitation link that is missing, expired, revoked, replaced or already used. */
export function InvalidInvitation() {
  return (
    <AuthLayout
      title="This invitation link is not valid any more"
      icon={
        <ThemeIcon size={48} radius="xl" variant="light" color="orange" aria-hidden>
          <IconLinkOff size={26} />
        </ThemeIcon>
      }
    >
      <Stack gap="lg">
        <Text>
          Invitation links work once and expire after 7 days, and a resent invitation replaces the
          earlier link. Ask the person who invited you to send a new invitation.
        </Text>
        <Text size="sm" c="dimmed">
          Already joined? Log in with the email address the invitation was sent to.
        </Text>
        <Button component={Link} to="/signin" size="md" fullWidth>
          Go to log in
        </Button>
      </Stack>
    </AuthLayout>
  );
}
