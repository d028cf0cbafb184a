import { Badge, Group, Table, Text } from '@mantine/core';
import { IconLock, IconWorld } from '@tabler/icons-react';
import type { KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { BotFieldsFragment } from '../graphql/bots.generated';
import { languageLabel, privacyLabel } from '../bot-options';
import { BotAvatar } from './BotAvatar';
import classes from './BotList.module.css';
import { TableScroll } from '../../../shared/table-scroll/TableScroll';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** A bot's creation date as people read it ("Mar 1, 2024" in English). */
export function formatBotDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

export type BotListItem = Pick<
  BotFieldsFragment,
  'id' | 'name' | 'description' | 'privacy' | 'language' | 'createdAt'
>;

/** SPEC §2 bot rows: avatar, name, description, privacy, language and date; a row opens the bot. */
export function BotList({ bots }: { bots: readonly BotListItem[] }) {
  const navigate = useNavigate();
  const open = (id: string) => navigate(`/app/bots/${id}`);
  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, id: string) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open(id);
    }
  };

  return (
    <TableScroll minWidth={640} label="Bots">
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-label="Bots">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Bot</Table.Th>
            <Table.Th w={170}>Privacy</Table.Th>
            <Table.Th w={120}>Language</Table.Th>
            <Table.Th w={140}>Created</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {bots.map((bot) => {
            const isPublic = bot.privacy === 'public';
            return (
              <Table.Tr
                key={bot.id}
                className={classes.row}
                tabIndex={0}
                aria-label={bot.name}
                title={`Open ${bot.name}`}
                onClick={() => open(bot.id)}
                onKeyDown={(event) => onKeyDown(event, bot.id)}
              >
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <BotAvatar id={bot.id} name={bot.name} />
                    <div style={{ minWidth: 0 }}>
                      <Text fw={600} truncate>
                        {bot.name}
                      </Text>
                      <Text size="sm" c="dimmed" lineClamp={2}>
                        {bot.description || 'No description'}
                      </Text>
                    </div>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Badge
                    variant="light"
                    color={isPublic ? 'teal' : 'gray'}
                    radius="sm"
                    // Its column never squeezes it below its label (a cut "Public access").
                    style={{ overflow: 'visible', minWidth: 'max-content' }}
                    tt="none"
                    leftSection={isPublic ? <IconWorld size={12} /> : <IconLock size={12} />}
                  >
                    {privacyLabel(bot.privacy)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{languageLabel(bot.language)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed" component="time" dateTime={bot.createdAt}>
                    {formatBotDate(bot.createdAt)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
