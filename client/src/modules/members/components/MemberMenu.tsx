import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconUserCog, IconUserMinus } from '@tabler/icons-react';

interface MemberMenuProps {
  /** Who the menu is for, in its accessible name ("Actions for Ada Lovelace"). */
  name: string;
  onChangeRoles: () => void;
  /** Left out for the signed-in member (leaving is not removing someone). */
  onRemove?: () => void;
}

/** An admin's per-member actions: change roles, remove from the workspace. */
export function MemberMenu({ name, onChangeRoles, onRemove }: MemberMenuProps) {
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={240}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Actions for ${name}`}>
          <IconDots size={18} stroke={1.6} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconUserCog size={16} stroke={1.6} />} onClick={onChangeRoles}>
          Change roles
        </Menu.Item>
        {onRemove && (
          <Menu.Item
            color="red"
            leftSection={<IconUserMinus size={16} stroke={1.6} />}
            onClick={onRemove}
          >
            Remove from workspace
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
