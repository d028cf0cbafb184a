import { Button, Stack, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useMeQuery } from '../../modules/auth/graphql/auth.generated';
import { PageHeader } from '../../layout/PageHeader';
import { useSession } from '../../modules/auth/use-session';
import { ChangeRolesDialog } from '../../modules/members/components/ChangeRolesDialog';
import { InvitationList } from '../../modules/members/components/InvitationList';
import { InviteDialog } from '../../modules/members/components/InviteDialog';
import { MemberFilters } from '../../modules/members/components/MemberFilters';
import { MemberList } from '../../modules/members/components/MemberList';
import { RemoveMemberDialog } from '../../modules/members/components/RemoveMemberDialog';
import { useMemberList, type MemberNode } from '../../modules/members/use-member-list';
import { useRoles } from '../../modules/members/use-roles';
import { usePageTitle } from '../../shared/use-page-title';

/** /app/users (user.read): members, pending invitations, and for user.write their management. */
export function UsersPage() {
  usePageTitle('Users');
  const { data } = useMeQuery();
  const workspaceName = data?.me.workspace.name;
  const { permissions, user } = useSession();
  const canManage = permissions?.includes('user.write') ?? false;
  const { roles, labelFor } = useRoles();
  const list = useMemberList();
  const { filter, reload } = list;
  const [inviting, setInviting] = useState(false);
  const [rolesFor, setRolesFor] = useState<MemberNode | null>(null);
  const [removing, setRemoving] = useState<MemberNode | null>(null);

  // A member whose roles changed may have left a role-filtered list.
  const afterRolesSaved = useCallback(() => {
    if (filter !== 'EVERYONE') void reload();
  }, [filter, reload]);

  return (
    <>
      <PageHeader
        title="Team Settings"
        subtitle={workspaceName ? `Users in ${workspaceName}` : 'Users'}
        description="Everyone in your workspace and what they can do."
        actions={
          canManage && (
            <Button leftSection={<IconUserPlus size={18} />} onClick={() => setInviting(true)}>
              Invite teammates to a team
            </Button>
          )
        }
      />
      <Stack gap={40}>
        <Stack component="section" gap="md" aria-labelledby="members-heading">
          <Title order={3} id="members-heading" size="h4">
            Members
          </Title>
          <MemberFilters
            search={list.search}
            onSearchChange={list.setSearch}
            sort={list.sort}
            onSortChange={list.setSort}
            filter={list.filter}
            onFilterChange={list.setFilter}
            busy={list.refreshing}
          />
          <MemberList
            list={list}
            currentUserId={user?.id}
            canManage={canManage}
            labelFor={labelFor}
            onChangeRoles={setRolesFor}
            onRemove={setRemoving}
          />
        </Stack>
        <Stack component="section" gap="md" aria-labelledby="invitations-heading">
          <Title order={3} id="invitations-heading" size="h4">
            Pending invitations
          </Title>
          <InvitationList canManage={canManage} labelFor={labelFor} />
        </Stack>
      </Stack>
      {canManage && (
        <>
          <InviteDialog opened={inviting} onClose={() => setInviting(false)} roles={roles} />
          <ChangeRolesDialog
            member={rolesFor}
            isYou={rolesFor?.id === user?.id}
            roles={roles}
            onClose={() => setRolesFor(null)}
            onSaved={afterRolesSaved}
          />
          <RemoveMemberDialog
            member={removing}
            workspaceName={workspaceName}
            onClose={() => setRemoving(null)}
            onRemoved={() => void reload()}
          />
        </>
      )}
    </>
  );
}
