import { Button, Group, Select, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../shared/graphql-errors';
import { FormAlert } from '../../auth/components/FormAlert';
import { useBotsQuery } from '../../bots/graphql/bots.generated';
import {
  useSetSlackChannelMutation,
  useSlackChannelPickerQuery,
  type SlackChannelFieldsFragment,
} from '../graphql/slack.generated';
import type { SlackChannelMode } from '../../../graphql/types';
import { TableScroll } from '../../../shared/table-scroll/TableScroll';

const MODES: { value: SlackChannelMode; label: string }[] = [
  { value: 'MENTION' as SlackChannelMode, label: 'Only when mentioned' },
  { value: 'ALL' as SlackChannelMode, label: 'Every question' },
  { value: 'OFF' as SlackChannelMode, label: 'Off' },
];
const KNOWLEDGE_BASE = '';

interface SlackChannelsProps {
  channels: readonly SlackChannelFieldsFragment[];
  defaultChannel: SlackChannelFieldsFragment;
}

/**
 * Per channel: which bot answers there (or the whole knowledge base) and when; the first row is
 * the default for direct messages and every channel not listed.
 */
export function SlackChannels({ channels, defaultChannel }: SlackChannelsProps) {
  const { data: picker } = useSlackChannelPickerQuery();
  const { data: bots } = useBotsQuery();
  const [save] = useSetSlackChannelMutation();
  const [adding, setAdding] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const names = new Map((picker?.slackChannels ?? []).map((c) => [c.id, c.name]));
  const botOptions = [
    { value: KNOWLEDGE_BASE, label: 'The whole knowledge base' },
    ...(bots?.bots ?? []).map((b) => ({ value: b.id, label: b.name })),
  ];
  const unlisted = (picker?.slackChannels ?? []).filter(
    (c) => !channels.some((listed) => listed.channelId === c.id),
  );

  const update = async (channelId: string, botId: string | null, mode: SlackChannelMode) => {
    setProblem(null);
    try {
      await save({ variables: { input: { channelId, botId, mode } } });
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  const row = (c: SlackChannelFieldsFragment, label: string) => (
    <Table.Tr key={c.channelId}>
      <Table.Td>
        <Text size="sm" fw={500}>
          {label}
        </Text>
      </Table.Td>
      <Table.Td>
        <Select
          aria-label={`Who answers in ${label}`}
          data={botOptions}
          value={c.botId ?? KNOWLEDGE_BASE}
          allowDeselect={false}
          onChange={(value) => void update(c.channelId, value || null, c.mode)}
        />
      </Table.Td>
      <Table.Td>
        <Select
          aria-label={`When Lumen answers in ${label}`}
          data={MODES}
          value={c.mode}
          allowDeselect={false}
          onChange={(value) =>
            value && void update(c.channelId, c.botId, value as SlackChannelMode)
          }
        />
      </Table.Td>
    </Table.Tr>
  );

  return (
    <>
      {problem && <FormAlert title="The channel was not changed">{problem}</FormAlert>}
      <TableScroll minWidth={560} label="Slack channels">
        <Table verticalSpacing="xs" aria-label="Slack channels">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Where</Table.Th>
              <Table.Th>Answers from</Table.Th>
              <Table.Th>When</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {row(defaultChannel, 'Direct messages and other channels')}
            {channels.map((c) => row(c, `#${names.get(c.channelId) ?? c.channelId}`))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      <Group gap="xs" align="flex-end">
        <Select
          label="Set up a channel"
          placeholder={unlisted.length ? 'Pick a channel' : 'No other channel the bot can see'}
          data={unlisted.map((c) => ({ value: c.id, label: `#${c.name}` }))}
          value={adding}
          onChange={setAdding}
          searchable
          disabled={unlisted.length === 0}
          w={260}
        />
        <Button
          variant="default"
          leftSection={<IconPlus size={16} />}
          disabled={!adding}
          onClick={() => {
            if (!adding) return;
            void update(adding, defaultChannel.botId, defaultChannel.mode).then(() =>
              setAdding(null),
            );
          }}
        >
          Add channel
        </Button>
      </Group>
    </>
  );
}
