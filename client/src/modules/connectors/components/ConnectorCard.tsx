import { Badge, Card, Group, Text, ThemeIcon } from '@mantine/core';
import { CONNECTORS, type ConnectorKind } from '../connector-kinds';
import classes from './ConnectorCard.module.css';

/** SPEC §2 the bot's new-source card for a tool: clicking it opens the integration dialog. */
export function ConnectorCard({
  kind,
  connected,
  onOpen,
}: {
  kind: ConnectorKind;
  /** The workspace already has this tool connected (the dialog then edits it). */
  connected: boolean;
  onOpen: () => void;
}) {
  const info = CONNECTORS[kind];
  const Icon = info.icon;
  const title = info.title;
  const needs =
    info.mode === 'atlassian'
      ? `domain, username, API token and ${kind === 'confluence' ? 'space' : 'project'} key`
      : info.mode === 'token'
        ? 'access token and repositories'
        : 'sign in with Google, optional folders';
  return (
    <Card
      withBorder
      radius="lg"
      padding="md"
      component="button"
      type="button"
      className={classes.card}
      aria-label={`${title}: ${connected ? 'settings, and attach to this bot' : 'connect and attach to this bot'}`}
      onClick={onOpen}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <ThemeIcon size={40} radius="md" variant="light" color={info.color}>
          <Icon size={22} stroke={1.6} />
        </ThemeIcon>
        {connected && (
          <Badge variant="light" color="teal" radius="sm">
            Connected
          </Badge>
        )}
      </Group>
      <div>
        <Text fw={600}>{title}</Text>
        <Text size="sm" c="dimmed">
          {info.category} · {needs}
        </Text>
      </div>
      <Text size="xs" c="dimmed" mt="auto">
        Connecting syncs its {info.itemWord}s and attaches them to this bot.
      </Text>
    </Card>
  );
}
