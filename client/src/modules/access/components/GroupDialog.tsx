import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { DIALOG_PROPS } from '../../../shared/dialog-styles';
import { describeError } from '../../../shared/graphql-errors';
import { FormAlert } from '../../auth/components/FormAlert';
import {
  useCreateGroupMutation,
  useUpdateGroupMutation,
  type GroupFieldsFragment,
} from '../graphql/groups.generated';
import { addGroupToList } from '../group-cache';
import { PeoplePicker } from './PeoplePicker';

/** The server's limit on a group's name. */
export const GROUP_NAME_MAX = 80;

/** What the dialog edits: a new group, or an existing one. */
export type GroupTarget = { kind: 'new' } | { kind: 'edit'; group: GroupFieldsFragment };

interface GroupDialogProps {
  /** null closes the dialog. */
  target: GroupTarget | null;
  onClose: () => void;
}

/** Create a group, or rename it and replace its members (admins). */
export function GroupDialog({ target, onClose }: GroupDialogProps) {
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={target?.kind === 'edit' ? `Edit ${target.group.name}` : 'New group'}
      size={520}
      closeButtonProps={{ 'aria-label': 'Close' }}
      {...DIALOG_PROPS}
    >
      {/* Mounted per opening: each starts from the group as saved. */}
      {target && <GroupForm target={target} onClose={onClose} />}
    </Modal>
  );
}

function GroupForm({ target, onClose }: { target: GroupTarget; onClose: () => void }) {
  const editing = target.kind === 'edit' ? target.group : null;
  const [create, created] = useCreateGroupMutation({
    update: (cache, { data }) => data && addGroupToList(cache, data.createGroup),
  });
  const [update, updated] = useUpdateGroupMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const saving = created.loading || updated.loading;
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      name: editing?.name ?? '',
      memberIds: editing?.members.map((m) => m.id) ?? [],
    },
    validate: {
      name: (value) => (value.trim() ? null : 'Give the group a name'),
    },
  });

  const submit = form.onSubmit(async ({ name, memberIds }) => {
    setProblem(null);
    const input = { name: name.trim(), memberIds };
    try {
      if (editing) await update({ variables: { id: editing.id, input } });
      else await create({ variables: { input } });
      notifications.show({
        color: 'teal',
        title: editing ? 'Group saved' : 'Group created',
        message: `${input.name}: ${memberIds.length} ${memberIds.length === 1 ? 'member' : 'members'}.`,
      });
      onClose();
    } catch (error) {
      const { code, field, message } = describeError(error);
      if (code === 'GROUP_NAME_TAKEN' || field === 'name') form.setFieldError('name', message);
      else if (field === 'memberIds') form.setFieldError('memberIds', message);
      else setProblem(message);
    }
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        {problem && (
          <FormAlert title={editing ? 'Could not save the group' : 'Could not create the group'}>
            {problem}
          </FormAlert>
        )}
        <TextInput
          label="Name"
          description="What the group is, e.g. Finance or Support leads."
          placeholder="Finance"
          required
          maxLength={GROUP_NAME_MAX}
          data-autofocus
          disabled={saving}
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <PeoplePicker
          label="Members"
          description="Everyone in the group reads the sources the group is given."
          value={form.values.memberIds}
          onChange={(ids) => form.setFieldValue('memberIds', ids)}
          known={editing?.members}
          error={form.errors.memberIds}
          disabled={saving}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {editing ? 'Save group' : 'Create group'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
