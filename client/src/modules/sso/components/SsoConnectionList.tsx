import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { FALLBACK_ROLE_LABELS, type RoleKey } from '../../members/components/role-labels';
import type { SsoConnectionFieldsFragment } from '../graphql/sso.generated';

interface SsoConnectionListProps {
  connections: readonly SsoConnectionFieldsFragment[];
  onEdit: (connection: SsoConnectionFieldsFragment) => void;
  onDelete: (connection: SsoConnectionFieldsFragment) => void;
}

/** The workspace's identity-provider connections, each with what it does and its actions. */
export function SsoConnectionList({ connections, onEdit, onDelete }: SsoConnectionListProps) {
  return (
    <Paper withBorder radius="lg" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {connections.map((c, i) => (
        <Group
          key={c.id}
          component="li"
          justify="space-between"
          wrap="nowrap"
          p="md"
          aria-label={c.name}
          style={i > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
        >
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Text fw={600}>{c.name}</Text>
              <Badge size="sm" variant="light" color={c.enabled ? 'teal' : 'gray'}>
                {c.enabled ? 'Enabled' : 'Disabled'}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed" truncate>
              {c.issuer} · {c.domains.join(', ')}
            </Text>
            <Text size="sm" c="dimmed">
              {c.jitEnabled
                ? `New people join as ${FALLBACK_ROLE_LABELS[c.defaultRole as RoleKey] ?? c.defaultRole}`
                : 'Only people already in the workspace or invited'}
              {c.groupRoles.length > 0
                ? ` · ${c.groupRoles.length} group ${c.groupRoles.length === 1 ? 'mapping' : 'mappings'}`
                : ''}
            </Text>
          </Stack>
          <Group gap="xs" wrap="nowrap">
            <Button
              variant="default"
              leftSection={<IconPencil size={16} />}
              onClick={() => onEdit(c)}
              aria-label={`Edit ${c.name}`}
            >
              Edit
            </Button>
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => onDelete(c)}
              aria-label={`Delete ${c.name}`}
            >
              Delete
            </Button>
          </Group>
        </Group>
      ))}
    </Paper>
  );
}
