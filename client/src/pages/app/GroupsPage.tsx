import { Alert, Button, Group, Paper, Skeleton, Stack } from '@mantine/core';
import { IconInfoCircle, IconPlus, IconUsersGroup } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { PageHeader } from '../../layout/PageHeader';
import { DeleteGroupDialog } from '../../modules/access/components/DeleteGroupDialog';
import { GroupDialog, type GroupTarget } from '../../modules/access/components/GroupDialog';
import { GroupList } from '../../modules/access/components/GroupList';
import {
  useGroupsQuery,
  type GroupFieldsFragment,
} from '../../modules/access/graphql/groups.generated';
import { useSession } from '../../modules/auth/use-session';
import { EmptyState } from '../../shared/EmptyState';
import { QueryState } from '../../shared/QueryState';
import { usePageTitle } from '../../shared/use-page-title';

export const GROUPS_PURPOSE = 'Give a group access to a source instead of naming each person.';

const byName = (a: GroupFieldsFragment, b: GroupFieldsFragment) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

function LoadingGroups() {
  return (
    <Paper withBorder radius="lg" p="md" aria-busy="true" aria-label="Loading groups">
      <Stack gap="lg">
        {[0, 1, 2].map((i) => (
          <Group key={i} gap="sm" wrap="nowrap">
            <Skeleton height={38} width={38} radius="md" />
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton height={12} width={`${25 + i * 10}%`} />
              <Skeleton height={10} width={`${50 - i * 8}%`} />
            </Stack>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

/**
 * /app/groups (every member): named sets of members that a source's access can name. Admins
 * (user.write) create, edit and delete them; others see the groups they are in.
 */
export function GroupsPage() {
  usePageTitle('Groups');
  const { permissions, user } = useSession();
  const isAdmin = permissions?.includes('user.write') ?? false;
  const { data, error, refetch } = useGroupsQuery();
  const [editing, setEditing] = useState<GroupTarget | null>(null);
  const [deleting, setDeleting] = useState<GroupFieldsFragment | null>(null);
  const groups = useMemo(() => data?.groups.slice().sort(byName), [data]);

  const createButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ kind: 'new' })}>
      New group
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Groups"
        subtitle="Team Settings"
        description="A group is a named set of people. Choose it in a source's “Who can see this?” and everyone in the group can read that source."
        actions={isAdmin && groups && groups.length > 0 ? createButton : undefined}
      />
      <Stack gap="md">
        {!isAdmin && (
          <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />}>
            Admins create groups and choose their members. Here are the groups you are in.
          </Alert>
        )}
        <QueryState
          data={groups}
          error={error}
          onRetry={() => void refetch()}
          errorTitle="Could not load the groups"
          loading={<LoadingGroups />}
          isEmpty={(list) => list.length === 0}
          empty={
            isAdmin ? (
              <EmptyState
                icon={IconUsersGroup}
                title="No groups yet"
                headingOrder={2}
                description={`${GROUPS_PURPOSE} Create one for a team, such as Finance or Support.`}
                actions={createButton}
              />
            ) : (
              <EmptyState
                icon={IconUsersGroup}
                title="You are not in any group"
                headingOrder={2}
                description={`Groups are how admins share sources with a team: ${GROUPS_PURPOSE.charAt(0).toLowerCase()}${GROUPS_PURPOSE.slice(1)} When an admin adds you to one, it shows here.`}
              />
            )
          }
        >
          {(list) => (
            <GroupList
              groups={list}
              currentUserId={user?.id}
              onEdit={isAdmin ? (group) => setEditing({ kind: 'edit', group }) : undefined}
              onDelete={isAdmin ? setDeleting : undefined}
            />
          )}
        </QueryState>
      </Stack>
      {isAdmin && (
        <>
          <GroupDialog target={editing} onClose={() => setEditing(null)} />
          <DeleteGroupDialog group={deleting} onClose={() => setDeleting(null)} />
        </>
      )}
    </>
  );
}
