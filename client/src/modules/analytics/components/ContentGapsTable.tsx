import { Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { SlackBadge } from '../../../shared/SlackBadge';
import type { ContentGapFieldsFragment } from '../graphql/analytics.generated';
import { formatExactTime, formatLastAsked } from '../feedback-format';
import { TableScroll } from '../../../shared/table-scroll/TableScroll';

interface ContentGapsTableProps {
  gaps: readonly ContentGapFieldsFragment[];
  /** Read by screen readers as the table's name (the section's heading says it on screen). */
  caption: string;
}

/**
 * Questions the sources did not answer, most asked first: how often, by how many people and
 * when last. One table for the workspace's analytics and every bot's report.
 */
export function ContentGapsTable({ gaps, caption }: ContentGapsTableProps) {
  return (
    <TableScroll minWidth={520} label="Content gaps">
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
        <VisuallyHidden component="caption">{caption}</VisuallyHidden>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Question</Table.Th>
            <Table.Th ta="right">Times asked</Table.Th>
            <Table.Th ta="right">People</Table.Th>
            <Table.Th>Last asked</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {gaps.map((gap, i) => (
            <Table.Tr key={`${i}-${gap.question}`}>
              <Table.Td>
                <Group gap="xs" wrap="wrap">
                  <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {gap.question}
                  </Text>
                  {gap.origins.includes('slack') && <SlackBadge />}
                </Group>
              </Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {gap.count}
              </Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {gap.askers}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Tooltip label={formatExactTime(gap.lastAskedAt)} openDelay={300}>
                  <Text size="sm" c="dimmed" component="time" dateTime={gap.lastAskedAt}>
                    {formatLastAsked(gap.lastAskedAt)}
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
