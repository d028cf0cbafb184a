import {
  ActionIcon,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileText, IconFolder, IconUnlink, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useAttachBotSourceMutation, useDetachBotSourceMutation } from '../graphql/bots.generated';
import { useSourcesQuery } from '../../sources/graphql/sources.generated';
import { EmptyState } from '../../../shared/EmptyState';
import { errorMessage } from '../../../shared/graphql-errors';
import { AttachSourceCard } from './AttachSourceCard';
import { ConnectorCard } from '../../connectors/components/ConnectorCard';
import { ConnectorDialog, type ConnectedSource } from '../../connectors/components/ConnectorDialog';
import { CONNECTORS, type ConnectorKind } from '../../connectors/connector-kinds';
import { addCachedBotSource, removeCachedBotSource } from './bot-source-cache';
import { plural, type BotNode, type BotSourceNode } from './format';

export const SOURCES_HELP =
  "Add source content that you want your bot to be able to answer questions about. Don't index the same content multiple times.";

interface BotSourcesTabProps {
  bot: BotNode;
  sources: readonly BotSourceNode[];
}

/** SPEC §2 Sources: what the bot answers from; '+ New Source' reveals the ways to add more. */
export function BotSourcesTab({ bot, sources }: BotSourcesTabProps) {
  const [adding, setAdding] = useState(false);
  const [connecting, setConnecting] = useState<ConnectorKind | null>(null);
  const workspaceSources = useSourcesQuery({ skip: !bot.canManage });
  const connectedKinds = new Set(workspaceSources.data?.sources.map((s) => s.kind) ?? []);
  const [attach] = useAttachBotSourceMutation();

  // A tool connected from here is meant for this bot: it is attached at once.
  const attachConnected = async (source: ConnectedSource) => {
    try {
      await attach({
        variables: { botId: bot.id, sourceId: source.id },
        update: (cache, result) => {
          const added = result.data?.attachBotSource;
          if (added) addCachedBotSource(cache, bot.id, added);
        },
      });
      const label = CONNECTORS[source.kind as ConnectorKind]?.label ?? source.name;
      notifications.show({ color: 'teal', message: `${label} attached to this bot` });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: `Could not attach ${source.name}`,
        message: errorMessage(error),
      });
    }
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={4} maw={620}>
          <Text>{SOURCES_HELP}</Text>
          <Text size="sm" c="dimmed">
            The bot answers only from these sources; a question they do not cover gets an honest
            “not found”.
          </Text>
        </Stack>
        {bot.canManage && (
          <Button
            variant={adding ? 'default' : 'filled'}
            // The label carries its own "+" (SPEC): no second plus as an icon.
            leftSection={adding ? <IconX size={16} /> : undefined}
            onClick={() => setAdding((open) => !open)}
            aria-expanded={adding}
            aria-controls="bot-new-source"
          >
            {adding ? 'Close' : '+ New Source'}
          </Button>
        )}
      </Group>

      {bot.canManage && adding && (
        <SimpleGrid id="bot-new-source" cols={{ base: 1, sm: 2 }} spacing="md">
          <AttachSourceCard botId={bot.id} attached={sources} />
          {Object.values(CONNECTORS).map(({ kind }) => (
            <ConnectorCard
              key={kind}
              kind={kind}
              connected={connectedKinds.has(kind)}
              onOpen={() => setConnecting(kind)}
            />
          ))}
        </SimpleGrid>
      )}

      {sources.length === 0 ? (
        <EmptyState
          icon={IconUnlink}
          title="No sources yet"
          headingOrder={4}
          description={
            bot.canManage
              ? 'Until you add a source, the bot has nothing to answer from. Use + New Source to attach a workspace source or a single document.'
              : 'The bot’s owner has not given it any sources yet, so it cannot answer questions.'
          }
        />
      ) : (
        <AttachedList bot={bot} sources={sources} />
      )}

      {bot.canManage && (
        <ConnectorDialog
          kind={connecting}
          onClose={() => setConnecting(null)}
          onConnected={(source) => void attachConnected(source)}
        />
      )}
    </Stack>
  );
}

function AttachedList({ bot, sources }: BotSourcesTabProps) {
  const [detach] = useDetachBotSourceMutation();
  const [pending, setPending] = useState<string | null>(null);

  const remove = async (source: BotSourceNode) => {
    setPending(source.id);
    try {
      await detach({
        variables: { botId: bot.id, id: source.id },
        update: (cache) => removeCachedBotSource(cache, source.id),
      });
      notifications.show({ color: 'teal', title: 'Source detached', message: source.title });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: `Could not detach “${source.title}”`,
        message: errorMessage(error),
      });
    } finally {
      setPending(null);
    }
  };

  return (
    <Stack gap="xs" component="ul" aria-label="Attached sources" p={0} m={0}>
      {sources.map((source) => {
        const whole = source.kind === 'source';
        const Icon = whole ? IconFolder : IconFileText;
        return (
          <Paper
            key={source.id}
            component="li"
            withBorder
            radius="md"
            p="sm"
            style={{ listStyle: 'none' }}
          >
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                <ThemeIcon variant="light" radius="md" size={36} color={whole ? 'lumen' : 'gray'}>
                  <Icon size={20} stroke={1.6} />
                </ThemeIcon>
                <div style={{ minWidth: 0 }}>
                  <Text fw={600} truncate>
                    {source.title}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {whole
                      ? `Whole source · ${plural(source.documentCount, 'indexed document')}`
                      : source.documentCount > 0
                        ? 'Single document'
                        : 'Single document · not indexed yet'}
                  </Text>
                </div>
              </Group>
              {bot.canManage && (
                <Tooltip label="Detach from this bot">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Detach ${source.title}`}
                    loading={pending === source.id}
                    onClick={() => void remove(source)}
                  >
                    <IconUnlink size={18} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
