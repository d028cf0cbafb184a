import { ActionIcon, Avatar, Badge, Group, Paper, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash, IconUsersGroup } from '@tabler/icons-react';
import { displayName, initials } from '../../../layout/user-display';
import type { GroupFieldsFragment } from '../graphql/groups.generated';
import classes from './GroupList.module.css';

/** Names spelled out on a row before "and N more". */
const NAMES_SHOWN = 6;
const AVATARS_SHOWN = 4;

/** "3 members", "1 member". */
export const memberCountLabel = (n: number) => `${n} ${n === 1 ? 'member' : 'members'}`;

/** "Ada Lovelace, Grace Hopper and 2 more". */
export function memberNames(members: GroupFieldsFragment['members'], total: number): string {
  const names = members.slice(0, NAMES_SHOWN).map(displayName);
  const rest = total - names.length;
  if (rest > 0) return `${names.join(', ')} and ${rest} more`;
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

interface GroupListProps {
  groups: GroupFieldsFragment[];
  /** The signed-in member, marked in the groups they are in. */
  currentUserId?: string;
  /** Admins edit and delete; others only read. */
  onEdit?: (group: GroupFieldsFragment) => void;
  onDelete?: (group: GroupFieldsFragment) => void;
}

/** The workspace's groups (or the caller's), each with its member count and members' names. */
export function GroupList({ groups, currentUserId, onEdit, onDelete }: GroupListProps) {
  return (
    <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
      <div role="list" aria-label="Groups" className={classes.list}>
        {groups.map((group) => {
          const inIt = group.members.some((m) => m.id === currentUserId);
          return (
            <div key={group.id} role="listitem" aria-label={group.name} className={classes.row}>
              <div className={classes.main}>
                <ThemeIcon variant="light" size={38} radius="md" aria-hidden>
                  <IconUsersGroup size={20} stroke={1.6} />
                </ThemeIcon>
                <div style={{ minWidth: 0 }}>
                  <Group gap={6} wrap="nowrap">
                    <Text fw={600} truncate>
                      {group.name}
                    </Text>
                    {inIt && onEdit && (
                      <Badge size="xs" variant="light" radius="sm" style={{ flexShrink: 0 }}>
                        You
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" c="dimmed">
                    {memberCountLabel(group.memberCount)}
                    {group.memberCount > 0 && (
                      <>
                        {' · '}
                        <span>{memberNames(group.members, group.memberCount)}</span>
                      </>
                    )}
                  </Text>
                </div>
              </div>
              {group.members.length > 0 && (
                <Avatar.Group spacing={4} className={classes.avatars} aria-hidden>
                  {group.members.slice(0, AVATARS_SHOWN).map((m) => (
                    <Avatar key={m.id} size={30} radius="xl" color="lumen">
                      {initials(m)}
                    </Avatar>
                  ))}
                  {group.memberCount > AVATARS_SHOWN && (
                    <Avatar size={30} radius="xl">
                      +{group.memberCount - AVATARS_SHOWN}
                    </Avatar>
                  )}
                </Avatar.Group>
              )}
              {(onEdit || onDelete) && (
                <Group gap={4} wrap="nowrap" className={classes.actions}>
                  {onEdit && (
                    <Tooltip label="Rename or change members" withArrow>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        size="lg"
                        aria-label={`Edit ${group.name}`}
                        onClick={() => onEdit(group)}
                      >
                        <IconPencil size={18} stroke={1.6} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                  {onDelete && (
                    <Tooltip label="Delete group" withArrow>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        size="lg"
                        aria-label={`Delete ${group.name}`}
                        onClick={() => onDelete(group)}
                      >
                        <IconTrash size={18} stroke={1.6} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              )}
            </div>
          );
        })}
      </div>
    </Paper>
  );
}
