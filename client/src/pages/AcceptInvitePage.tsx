import { Anchor, Button, Skeleton, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useInvitationPreviewQuery } from '../modules/members/graphql/members.generated';
import { AuthLayout } from '../modules/auth/components/AuthLayout';
import { FormAlert } from '../modules/auth/components/FormAlert';
import { AcceptInviteForm } from '../modules/members/components/AcceptInviteForm';
import { InvalidInvitation } from '../modules/members/components/InvalidInvitation';
import { describeError } from '../shared/graphql-errors';
import { usePageTitle } from '../shared/use-page-title';

const signInFooter = (
  <>
    Already have an account?{' '}
    <Anchor component={Link} to="/signin" fw={600}>
      Log in
    </Anchor>
  </>
);

/** /accept-invite?token=…: an invitee sees who invited them where, and joins. */
export function AcceptInvitePage() {
  usePageTitle('Join your team');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [invalid, setInvalid] = useState(false);
  const { data, error, refetch } = useInvitationPreviewQuery({
    variables: { token },
    skip: !token,
    fetchPolicy: 'network-only',
  });
  const invitation = data?.invitation;

  if (!token || invalid) return <InvalidInvitation />;
  if (error && !invitation) {
    const { code, message } = describeError(error);
    if (code === 'INVALID_INVITATION') return <InvalidInvitation />;
    return (
      <AuthLayout title="Join your team" footer={signInFooter}>
        <Stack gap="md">
          <FormAlert title="Could not open the invitation">{message}</FormAlert>
          <Button variant="default" size="md" onClick={() => void refetch().catch(() => {})}>
            Try again
          </Button>
        </Stack>
      </AuthLayout>
    );
  }
  if (!invitation) {
    return (
      <AuthLayout title="Opening your invitation…">
        <Stack gap="md" aria-busy="true" aria-label="Loading the invitation">
          <Skeleton height={14} width="70%" />
          <Skeleton height={42} />
          <Skeleton height={42} />
          <Skeleton height={42} />
        </Stack>
      </AuthLayout>
    );
  }
  const inviter = invitation.invitedByName;
  return (
    <AuthLayout
      title={
        inviter
          ? `${inviter} invited you to join ${invitation.workspaceName}`
          : `You are invited to join ${invitation.workspaceName}`
      }
      description="Choose your name and a password to create your Lumen account."
      footer={signInFooter}
    >
      <AcceptInviteForm token={token} invitation={invitation} onInvalid={() => setInvalid(true)} />
    </AuthLayout>
  );
}
