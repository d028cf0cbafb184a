import {
  ActionIcon,
  Button,
  CopyButton,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconCalendar,
  IconCheck,
  IconCopy,
  IconCpu,
  IconDatabase,
  IconExternalLink,
  IconLanguage,
  IconLock,
  IconPencil,
  IconWorld,
  type Icon,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { languageLabel, modelLabel, privacyLabel } from '../bot-options';
import { BotAvatar } from '../components/BotAvatar';
import { documentTotal, formatDate, plural, type BotNode, type BotSourceNode } from './format';

interface BotHeaderProps {
  bot: BotNode;
  sources: readonly BotSourceNode[];
  onEdit: () => void;
}

/** SPEC §2: name and description, then sources, date, model, privacy and language. */
export function BotHeader({ bot, sources, onEdit }: BotHeaderProps) {
  const documents = documentTotal(sources);
  return (
    <Stack gap="md" mb="xl">
      <Group justify="space-between" align="flex-start" gap="md">
        <Group gap="md" align="flex-start" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 280px' }}>
          <BotAvatar id={bot.id} name={bot.name} size={56} />
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={2} style={{ overflowWrap: 'anywhere' }}>
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
      {bot.sharePath && <ShareLink path={bot.sharePath} />}
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

/** The public chat page's address, to copy and share. */
function ShareLink({ path }: { path: string }) {
  const url = new URL(path, window.location.origin).toString();
  return (
    <Paper withBorder radius="md" p="sm" maw={720}>
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <TextInput
          label="Public chat link"
          description="Anyone with this link can ask the bot questions, without signing in."
          value={url}
          readOnly
          onFocus={(e) => e.currentTarget.select()}
          style={{ flex: 1 }}
        />
        <CopyButton value={url} timeout={2000}>
          {({ copied, copy }) => (
            <Button
              variant={copied ? 'light' : 'default'}
              color={copied ? 'teal' : undefined}
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              onClick={copy}
            >
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
        <Tooltip label="Open the chat page">
          <ActionIcon
            component="a"
            href={url}
            target="_blank"
            rel="noreferrer"
            variant="default"
            size={36}
            aria-label="Open the public chat page"
          >
            <IconExternalLink size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Paper>
  );
}
