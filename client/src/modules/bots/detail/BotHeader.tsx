import { Button, Group, Stack, Text, Title } from '@mantine/core';
import {
  IconCalendar,
  IconCpu,
  IconDatabase,
  IconLanguage,
  IconLock,
  IconPencil,
  IconWorld,
  type Icon,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { languageLabel, modelLabel, privacyLabel } from '../bot-options';
import { BotAvatar } from '../components/BotAvatar';
import { BotKeyAlert } from './BotKeyAlert';
import { ShareLinkPanel } from './ShareLinkPanel';
import { documentTotal, formatDate, plural, type BotNode, type BotSourceNode } from './format';

interface BotHeaderProps {
  bot: BotNode;
  sources: readonly BotSourceNode[];
  onEdit: () => void;
}

/**
 * SPEC §2: name and description, then sources, date, model, privacy and language; for those who
 * manage the bot, a warning when the key it answers on is refused or failing.
 */
export function BotHeader({ bot, sources, onEdit }: BotHeaderProps) {
  const documents = documentTotal(sources);
  return (
    <Stack gap="md" mb="xl">
      <Group justify="space-between" align="flex-start" gap="md">
        <Group gap="md" align="flex-start" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 280px' }}>
          <BotAvatar id={bot.id} name={bot.name} size={56} />
          <Stack gap={4} style={{ minWidth: 0 }}>
            {/* The page's h1, at the size of the other pages' titles. */}
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
              {bot.name}
            </Title>
            <Text c="dimmed" maw={720} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {bot.description || 'No description yet.'}
            </Text>
          </Stack>
        </Group>
        {bot.canManage && (
          <Button variant="default" leftSection={<IconPencil size={16} />} onClick={onEdit}>
            Edit
          </Button>
        )}
      </Group>
      <Group gap="lg" component="ul" aria-label="Bot facts" p={0} m={0} style={{ rowGap: 6 }}>
        <Fact icon={IconDatabase}>
          {plural(sources.length, 'source')} · {plural(documents, 'document')}
        </Fact>
        <Fact icon={IconCalendar}>Created {formatDate(bot.createdAt)}</Fact>
        <Fact icon={IconCpu}>{modelLabel(bot.model)}</Fact>
        <Fact icon={bot.privacy === 'private' ? IconLock : IconWorld}>
          {privacyLabel(bot.privacy)}
        </Fact>
        <Fact icon={IconLanguage}>{languageLabel(bot.language)}</Fact>
      </Group>
      {bot.canManage && <BotKeyAlert status={bot.providerStatus} ownerId={bot.ownerId} />}
      {bot.canManage && bot.privacy === 'public' && <ShareLinkPanel bot={bot} />}
    </Stack>
  );
}

function Fact({ icon: FactIcon, children }: { icon: Icon; children: ReactNode }) {
  return (
    <Group gap={6} component="li" wrap="nowrap" style={{ listStyle: 'none' }}>
      <FactIcon size={16} stroke={1.7} aria-hidden color="var(--mantine-color-dimmed)" />
      <Text size="sm">{children}</Text>
    </Group>
  );
}
