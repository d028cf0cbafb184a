import { Alert, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconUserPlus } from '@tabler/icons-react';
import { useMeQuery } from '../../graphql/generated';
import { PageHeader } from '../../layout/PageHeader';
import { MemberRow } from '../../modules/members/components/MemberRow';
import { EmptyState } from '../../shared/EmptyState';
import { errorMessage } from '../../shared/graphql-errors';

/** /app/users: team members. Only the signed-in member is known here until members arrive. */
export function UsersPage() {
  const { data, loading, error } = useMeQuery();
  const me = data?.me;

  return (
    <>
      <PageHeader title="Team Settings" subtitle={me ? `Users in ${me.workspace.name}` : 'Users'} />
      <Stack gap="xl">
        <Stack component="section" gap="sm" aria-labelledby="members-heading">
          <Title order={3} id="members-heading" size="h4">
            Members
          </Title>
          {error ? (
            <Alert color="red" icon={<IconAlertCircle size={18} />} title="Could not load members">
              {errorMessage(error)}
            </Alert>
          ) : (
            <Paper withBorder radius="lg">
              {loading || !me ? (
                <Stack gap={8} p="md" aria-label="Loading members">
                  <Skeleton height={14} width="40%" />
                  <Skeleton height={12} width="60%" />
                </Stack>
              ) : (
                <MemberRow member={me} isYou />
              )}
            </Paper>
          )}
          {me && (
            <Text size="sm" c="dimmed">
              1 member
            </Text>
          )}
        </Stack>
        <EmptyState
          icon={IconUserPlus}
          title="Member management is coming"
          comingSoon
          description="Inviting teammates, searching, sorting and filtering members, and changing roles arrive in a later release. Until then, you are the only member of this workspace."
        />
      </Stack>
    </>
  );
}
