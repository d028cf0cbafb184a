import { Avatar, Badge, Group, Stack, Text } from '@mantine/core';
import { displayName, initials } from '../../../layout/user-display';

export interface Member {
  email: string;
  firstName: string;
  lastName: string;
  roles: readonly string[];
}

/** One workspace member: avatar, name, email and roles. */
export function MemberRow({ member, isYou }: { member: Member; isYou?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md" py="sm" px="md">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <Avatar color="lumen" radius="xl">
          {initials(member)}
        </Avatar>
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Group gap={6} wrap="nowrap">
            <Text fw={600} truncate>
              {displayName(member)}
            </Text>
            {isYou && (
              <Badge size="xs" variant="light" radius="sm">
                You
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed" truncate>
            {member.email}
          </Text>
        </Stack>
      </Group>
      <Group gap={6} justify="flex-end" visibleFrom="xs">
        {member.roles.map((role) => (
          <Badge key={role} variant="outline" color="gray" radius="sm" tt="none">
            {role}
          </Badge>
        ))}
      </Group>
    </Group>
  );
}
