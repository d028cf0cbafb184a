import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { DIALOG_PROPS } from '../../../shared/dialog-styles';
import { errorMessage } from '../../../shared/graphql-errors';
import { useRetained } from '../../../shared/use-retained';
import { FormAlert } from '../../auth/components/FormAlert';
import { removeGroup } from '../group-cache';
import { useDeleteGroupMutation, type GroupFieldsFragment } from '../graphql/groups.generated';

interface DeleteGroupDialogProps {
  /** The group to delete; null closes the dialog. */
  group: GroupFieldsFragment | null;
  onClose: () => void;
}

/** Asks before deleting a group: the sources it was chosen for stop naming it. */
export function DeleteGroupDialog({ group, onClose }: DeleteGroupDialogProps) {
  const shown = useRetained(group);
  const [problem, setProblem] = useState<string | null>(null);
  const [remove, { loading }] = useDeleteGroupMutation();

  const close = () => {
    setProblem(null);
    onClose();
  };

  const confirm = async () => {
    if (!group) return;
    setProblem(null);
    try {
      await remove({
        variables: { id: group.id },
        update: (cache) => removeGroup(cache, group.id),
      });
      notifications.show({ color: 'teal', message: `${group.name} was deleted` });
      close();
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  return (
    <Modal opened={group !== null} onClose={close} title="Delete group" {...DIALOG_PROPS}>
      <Stack gap="md">
        {problem && <FormAlert title={`Could not delete ${shown?.name}`}>{problem}</FormAlert>}
        <Text>
          Delete{' '}
          <Text span fw={600}>
            {shown?.name}
          </Text>
          ?
        </Text>
        <Text size="sm" c="dimmed">
          Its members stay in the workspace. Sources restricted to this group no longer name it: its
          members lose access to them unless they were chosen another way.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={loading} data-autofocus>
            Cancel
          </Button>
          <Button color="red" loading={loading} onClick={() => void confirm()}>
            Delete group
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
