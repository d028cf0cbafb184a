import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useUpdateMemberRolesMutation } from '../graphql/members.generated';
import { displayName } from '../../../layout/user-display';
import { errorMessage } from '../../../shared/graphql-errors';
import { FormAlert } from '../../auth/components/FormAlert';
import { refreshAccessToken } from '../../auth/token-refresh';
import type { MemberNode } from '../use-member-list';
import { useRetained } from '../../../shared/use-retained';
import { roleDescription, sortRoleKeys, type RoleOption } from './role-labels';
import { DIALOG_PROPS } from '../../../shared/dialog-styles';

interface ChangeRolesDialogProps {
  /** Whose roles; null closes the dialog. */
  member: MemberNode | null;
  isYou: boolean;
  roles: RoleOption[];
  onClose: () => void;
  /** After a change was saved (e.g. to refresh a filtered list). */
  onSaved?: () => void;
}

/** Checkboxes of the roles (at least one); the server keeps the last admin an admin. */
export function ChangeRolesDialog({
  member,
  isYou,
  roles,
  onClose,
  onSaved,
}: ChangeRolesDialogProps) {
  const shown = useRetained(member);
  const [selected, setSelected] = useState<string[]>([]);
  const [forId, setForId] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [update, { loading }] = useUpdateMemberRolesMutation();

  // A new member opens the dialog: start from their current roles.
  if (member && member.id !== forId) {
    setForId(member.id);
    setSelected([...member.roles]);
    setTouched(false);
    setProblem(null);
  }

  const close = () => {
    setForId(null);
    onClose();
  };
  const none = selected.length === 0;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!member || none) return;
    setProblem(null);
    try {
      await update({ variables: { userId: member.id, roles: sortRoleKeys(selected) } });
      notifications.show({ color: 'teal', message: `Roles updated for ${displayName(member)}` });
      // Your own roles changed: get a token with the new permissions, so the screen follows.
      if (isYou) void refreshAccessToken();
      onSaved?.();
      close();
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  return (
    <Modal
      opened={member !== null}
      onClose={close}
      {...DIALOG_PROPS}
      title={shown ? `Change roles for ${displayName(shown)}` : 'Change roles'}
    >
      <form noValidate onSubmit={save}>
        <Stack gap="md">
          {problem && <FormAlert title="Could not change roles">{problem}</FormAlert>}
          <Checkbox.Group
            label="Roles"
            description={shown?.email}
            value={selected}
            onChange={(value) => {
              setSelected(value);
              setTouched(true);
            }}
            error={touched && none ? 'Choose at least one role' : undefined}
          >
            <Stack gap="sm" mt="xs">
              {roles.map((role) => (
                <Checkbox
                  key={role.key}
                  value={role.key}
                  label={role.label}
                  description={roleDescription(role.key)}
                />
              ))}
            </Stack>
          </Checkbox.Group>
          {isYou && (
            <Text size="sm" c="dimmed">
              These are your own roles: what you can see and do changes with them.
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={loading}>
              Cancel
            </Button>
            <Button type="submit" loading={loading} disabled={none}>
              Save roles
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
