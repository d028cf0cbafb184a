import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useRemoveMemberMutation } from '../graphql/members.generated';
import { displayName } from '../../../layout/user-display';
import { errorMessage } from '../../../shared/graphql-errors';
import { FormAlert } from '../../auth/components/FormAlert';
import type { MemberNode } from '../use-member-list';
import { useRetained } from '../../../shared/use-retained';
import { DIALOG_PROPS } from '../../../shared/dialog-styles';

interface RemoveMemberDialogProps {
  /** Who is to be removed; null closes the dialog. */
  member: MemberNode | null;
  workspaceName?: string;
  onClose: () => void;
  /** After the member was removed (the list is refetched). */
  onRemoved: () => void;
}

/** Asks before removing a member; the server refuses to remove the last admin. */
export function RemoveMemberDialog({
  member,
  workspaceName,
  onClose,
  onRemoved,
}: RemoveMemberDialogProps) {
  const shown = useRetained(member);
  const [problem, setProblem] = useState<string | null>(null);
  const [remove, { loading }] = useRemoveMemberMutation();
  const name = shown ? displayName(shown) : '';

  const close = () => {
    setProblem(null);
    onClose();
  };

  const confirm = async () => {
    if (!member) return;
    setProblem(null);
    try {
      await remove({ variables: { userId: member.id } });
      notifications.show({ color: 'teal', message: `${name} was removed from the workspace` });
      onRemoved();
      close();
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  return (
    <Modal opened={member !== null} onClose={close} title="Remove from workspace" {...DIALOG_PROPS}>
      <Stack gap="md">
        {problem && <FormAlert title={`Could not remove ${name}`}>{problem}</FormAlert>}
        <Text>
          Remove{' '}
          <Text span fw={600}>
            {name}
          </Text>{' '}
          ({shown?.email}) from {workspaceName ?? 'this workspace'}?
        </Text>
        <Text size="sm" c="dimmed">
          They lose access at once and are signed out everywhere. You can invite them again later.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={loading} data-autofocus>
            Cancel
          </Button>
          <Button color="red" loading={loading} onClick={() => void confirm()}>
            Remove member
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
