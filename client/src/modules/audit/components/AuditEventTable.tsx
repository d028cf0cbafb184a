import { Badge, Stack, Table, Text, Tooltip } from '@mantine/core';
import type { AuditEventFieldsFragment } from '../graphql/audit.generated';
import { actionLabel, detailText, formatWhen, targetText, targetTypeLabel } from '../audit-format';
import { TableScroll } from '../../../shared/table-scroll/TableScroll';

/** The events, newest first: when, who (and through which key), what, to what, from where. */
export function AuditEventTable({ events }: { events: AuditEventFieldsFragment[] }) {
  return (
    <TableScroll minWidth={760} label="Audit log">
      <Table verticalSpacing="sm" highlightOnHover aria-label="Audit log">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Who</Table.Th>
            <Table.Th>Action</Table.Th>
            <Table.Th>Target</Table.Th>
            <Table.Th>From</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatWhen(e.at)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  <Text size="sm">{e.actor?.email ?? 'Someone signing in'}</Text>
                  {e.apiKeyId && (
                    <Badge size="xs" variant="light" color="grape" w="fit-content">
                      via API key
                    </Badge>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {actionLabel(e.action)}
                </Text>
              </Table.Td>
              <Table.Td>
                {e.target ? (
                  <Stack gap={2}>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {targetText(e)}
                      <Text span size="xs" c="dimmed">
                        {' '}
                        · {targetTypeLabel(e.target.type)}
                      </Text>
                    </Text>
                    {detailText(e) && (
                      <Text size="xs" c="dimmed">
                        {detailText(e)}
                      </Text>
                    )}
                  </Stack>
                ) : (
                  <Text size="sm" c="dimmed">
                    —
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Tooltip label={e.userAgent ?? 'Unknown client'} multiline maw={360} withArrow>
                  <Text size="sm" c="dimmed" tabIndex={0}>
                    {e.ip ?? '—'}
                  </Text>
                </Tooltip>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
