import { Badge, Button, Code, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { ApiKeyFieldsFragment } from '../graphql/api-keys.generated';
import { displayName } from '../../../layout/user-display';
import { formatKeyDate, formatLastUsed, isExpired } from '../key-dates';
import { sortPermissions } from '../permission-labels';
import { TableScroll } from '../../../shared/table-scroll/TableScroll';
import { DANGER_TEXT } from '../../../theme';

interface ApiKeyTableProps {
  keys: readonly ApiKeyFieldsFragment[];
  /** Admins see every key of the workspace, so they need to know whose each is. */
  showCreator: boolean;
  currentUserId?: string;
  onRevoke: (key: ApiKeyFieldsFragment) => void;
}

function CreatorCell({ creator, you }: { creator: ApiKeyFieldsFragment['creator']; you: boolean }) {
  // The server answers no creator once that member is gone from the workspace.
  if (!creator)
    return (
      <Text size="sm" c="dimmed">
        Former member
      </Text>
    );
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="sm" truncate>
        {displayName(creator)}
        {you && (
          <Text span c="dimmed" size="sm">
            {' '}
            (you)
          </Text>
        )}
      </Text>
      <Text size="xs" c="dimmed" truncate>
        {creator.email}
      </Text>
    </div>
  );
}

function ExpiresCell({ expiresAt }: { expiresAt: string | null }) {
  if (!expiresAt) return <Text size="sm">Never</Text>;
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" component="time" dateTime={expiresAt}>
        {formatKeyDate(expiresAt)}
      </Text>
      {isExpired(expiresAt) && (
        <Badge color="red" variant="light" size="sm" radius="sm">
          Expired
        </Badge>
      )}
    </Group>
  );
}

/** The keys with what each may do and when it was last used; each row can be revoked. */
export function ApiKeyTable({ keys, showCreator, currentUserId, onRevoke }: ApiKeyTableProps) {
  return (
    <TableScroll minWidth={showCreator ? 940 : 780} label="API keys">
      <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="API keys">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Key</Table.Th>
            <Table.Th>Permissions</Table.Th>
            {showCreator && <Table.Th>Creator</Table.Th>}
            <Table.Th>Created</Table.Th>
            <Table.Th>Expires</Table.Th>
            <Table.Th>Last used</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.map((key) => (
            <Table.Tr key={key.id} aria-label={key.name}>
              <Table.Td>
                <Text fw={600} size="sm" style={{ wordBreak: 'break-word' }}>
                  {key.name}
                </Text>
              </Table.Td>
              <Table.Td>
                <Code style={{ whiteSpace: 'nowrap' }}>{key.prefix}…</Code>
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {sortPermissions(key.permissions).map((permission) => (
                    <Badge key={permission} variant="default" size="sm" radius="sm" tt="none">
                      {permission}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              {showCreator && (
                <Table.Td>
                  <CreatorCell
                    creator={key.creator}
                    you={!!currentUserId && key.creator?.id === currentUserId}
                  />
                </Table.Td>
              )}
              <Table.Td>
                <Text size="sm" c="dimmed" component="time" dateTime={key.createdAt}>
                  {formatKeyDate(key.createdAt)}
                </Text>
              </Table.Td>
              <Table.Td>
                <ExpiresCell expiresAt={key.expiresAt} />
              </Table.Td>
              <Table.Td>
                {key.lastUsedAt ? (
                  <Text
                    size="sm"
                    c="dimmed"
                    component="time"
                    dateTime={key.lastUsedAt}
                    title={new Date(key.lastUsedAt).toLocaleString()}
                  >
                    {formatLastUsed(key.lastUsedAt)}
                  </Text>
                ) : (
                  <Text size="sm" c="dimmed">
                    Never
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  c={DANGER_TEXT}
                  leftSection={<IconTrash size={14} />}
                  onClick={() => onRevoke(key)}
                  aria-label={`Revoke ${key.name}`}
                >
                  Revoke
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
