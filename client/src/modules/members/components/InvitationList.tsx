import { Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLink, IconMailForward, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import {
  useCreateInvitationLinkMutation,
  useInvitationsQuery,
  useResendInvitationMutation,
  useRevokeInvitationMutation,
  type InvitationsQuery,
} from '../graphql/members.generated';
import { errorMessage } from '../../../shared/graphql-errors';
import { QueryState } from '../../../shared/QueryState';
import { sortRoleKeys } from './role-labels';
import classes from './MemberList.module.css';
import { DANGER_TEXT } from '../../../theme';

type Invitation = InvitationsQuery['invitations'][number];

const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));

interface InvitationListProps {
  /** Shows Resend and Revoke (user.write). */
  canManage: boolean;
  labelFor: (key: string) => string;
}

/**
 * Puts a fresh invitation link on the clipboard; where the browser refuses (a page not served
 * over HTTPS has no clipboard API), the link is shown to copy by hand.
 */
async function copyLink(email: string, url: string) {
  try {
    await navigator.clipboard.writeText(url);
    notifications.show({
      color: 'teal',
      title: `Invitation link for ${email} copied`,
      message: 'Share it yourself; the link sent by email no longer works.',
    });
  } catch {
    notifications.show({
      color: 'blue',
      title: `Invitation link for ${email}`,
      message: url,
      autoClose: false,
    });
  }
}

function InvitationRow({
  invitation,
  canManage,
  labelFor,
}: { invitation: Invitation } & InvitationListProps) {
  const [busy, setBusy] = useState<'resend' | 'revoke' | 'link' | null>(null);
  const [resend] = useResendInvitationMutation();
  const [createLink] = useCreateInvitationLinkMutation({ refetchQueries: ['Invitations'] });
  const [revoke] = useRevokeInvitationMutation();
  const { id, email } = invitation;

  const run = async (action: 'resend' | 'revoke' | 'link') => {
    setBusy(action);
    try {
      if (action === 'link') {
        const { data } = await createLink({ variables: { id } });
        if (data) await copyLink(email, data.createInvitationLink.url);
      } else if (action === 'resend') {
        await resend({ variables: { id } });
        notifications.show({ color: 'teal', message: `Invitation sent again to ${email}` });
      } else {
        await revoke({
          variables: { id },
          update: (cache) => {
            cache.evict({ id: cache.identify({ __typename: 'Invitation', id }) });
            cache.gc();
          },
        });
        notifications.show({ color: 'teal', message: `Invitation to ${email} revoked` });
      }
    } catch (error) {
      notifications.show({
        color: 'red',
        title:
          action === 'resend'
            ? 'Could not resend the invitation'
            : action === 'link'
              ? 'Could not create a link'
              : 'Could not revoke it',
        message: errorMessage(error),
      });
    } finally {
      setBusy(null);
    }
  };

  const resent = invitation.sendCount - 1;
  const sent = `Sent ${formatDate(invitation.createdAt)}${
    resent === 1 ? ', resent once' : resent > 1 ? `, resent ${resent} times` : ''
  }`;

  return (
    <Group
      role="listitem"
      aria-label={email}
      justify="space-between"
      wrap="wrap"
      gap="sm"
      px="md"
      py="sm"
    >
      <Stack gap={4} style={{ minWidth: 0, flex: '1 1 260px' }}>
        <Group gap={6} wrap="wrap">
          <Text fw={600} truncate>
            {email}
          </Text>
          {invitation.expired && (
            <Badge color="red" variant="light" size="sm" radius="sm">
              Expired
            </Badge>
          )}
          {sortRoleKeys(invitation.roles).map((role) => (
            <Badge key={role} variant="default" size="sm" radius="sm" tt="none">
              {labelFor(role)}
            </Badge>
          ))}
        </Group>
        <Text size="sm" c="dimmed">
          {invitation.invitedByName ? `Invited by ${invitation.invitedByName} · ` : ''}
          {sent} ·{' '}
          {invitation.expired
            ? `Expired ${formatDate(invitation.expiresAt)}`
            : `Expires ${formatDate(invitation.expiresAt)}`}
        </Text>
      </Stack>
      {canManage && (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconLink size={14} />}
            loading={busy === 'link'}
            disabled={busy !== null && busy !== 'link'}
            onClick={() => void run('link')}
            aria-label={`Copy invitation link for ${email}`}
            title="Copies a new link to share yourself; the emailed link stops working"
          >
            Copy link
          </Button>
          <Button
            size="xs"
            variant={invitation.expired ? 'light' : 'default'}
            leftSection={<IconMailForward size={14} />}
            loading={busy === 'resend'}
            disabled={busy === 'revoke'}
            onClick={() => void run('resend')}
            aria-label={`Resend invitation to ${email}`}
          >
            Resend
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            c={DANGER_TEXT}
            leftSection={<IconX size={14} />}
            loading={busy === 'revoke'}
            disabled={busy === 'resend'}
            onClick={() => void run('revoke')}
            aria-label={`Revoke invitation to ${email}`}
          >
            Revoke
          </Button>
        </Group>
      )}
    </Group>
  );
}

/** Invitations not yet accepted, with Resend and Revoke for those who manage members. */
export function InvitationList(props: InvitationListProps) {
  const { data, error, refetch } = useInvitationsQuery();

  return (
    <QueryState
      data={data?.invitations}
      error={error}
      onRetry={() => void refetch()}
      errorTitle="Could not load invitations"
      loading={
        <Paper withBorder radius="lg" p="md" aria-busy="true" aria-label="Loading invitations">
          <Skeleton height={12} width="35%" mb={8} />
          <Skeleton height={10} width="55%" />
        </Paper>
      }
      isEmpty={(invitations) => invitations.length === 0}
      empty={
        <Text size="sm" c="dimmed">
          No pending invitations.
        </Text>
      }
    >
      {(invitations) => (
        <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
          <div role="list" aria-label="Pending invitations" className={classes.list}>
            {invitations.map((invitation) => (
              <InvitationRow key={invitation.id} invitation={invitation} {...props} />
            ))}
          </div>
        </Paper>
      )}
    </QueryState>
  );
}
