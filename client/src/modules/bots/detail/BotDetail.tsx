import { Alert, Button, Grid, Group, Loader, Text } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconRobotOff } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useBotQuery } from '../graphql/bots.generated';
import { EmptyState } from '../../../shared/EmptyState';
import { describeError } from '../../../shared/graphql-errors';
import { BotChat } from './BotChat';
import { BotHeader } from './BotHeader';
import { BotTabs } from './BotTabs';
import { EditBotDialog } from './EditBotDialog';

export const BOT_NOT_FOUND_TITLE = 'This bot does not exist or is private';

/** /app/bots/:botId: the bot's header, its tabs, and a chat to try it. */
export function BotDetail({ botId }: { botId: string }) {
  const { data, loading, error, refetch } = useBotQuery({
    variables: { id: botId },
    notifyOnNetworkStatusChange: false,
  });
  const [editing, setEditing] = useState(false);
  const bot = data?.bot;

  if (!bot) {
    if (loading || !error)
      return (
        <>
          <BackButton />
          <Group gap="xs" mt="md">
            <Loader size="sm" />
            <Text c="dimmed">Loading...</Text>
          </Group>
        </>
      );
    const info = describeError(error);
    const missing = info.code === 'NOT_FOUND' || info.code === 'BAD_USER_INPUT';
    return (
      <>
        <BackButton />
        {missing ? (
          <EmptyState
            icon={IconRobotOff}
            title={BOT_NOT_FOUND_TITLE}
            headingOrder={2}
            description="The link may be old, the bot may have been deleted, or its owner keeps it private."
            actions={
              <Button component={Link} to="/app/bots" variant="light">
                See all bots
              </Button>
            }
          />
        ) : (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            title="Could not load the bot"
            mt="md"
          >
            <Text size="sm" mb="sm">
              {info.message}
            </Text>
            <Button size="xs" variant="light" color="red" onClick={() => void refetch()}>
              Try again
            </Button>
          </Alert>
        )}
      </>
    );
  }

  const sources = data.botSources;
  const edit = () => setEditing(true);

  return (
    <>
      <BackButton />
      <BotHeader bot={bot} sources={sources} onEdit={edit} />
      <Grid gap="xl">
        {/* Beside the tabs on wide screens; above them otherwise, where it is short until used. */}
        <Grid.Col span={{ base: 12, xl: 8 }} order={{ base: 2, xl: 1 }} style={{ minWidth: 0 }}>
          <BotTabs bot={bot} sources={sources} onEdit={edit} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xl: 4 }} order={{ base: 1, xl: 2 }}>
          <div style={{ position: 'sticky', top: 'var(--mantine-spacing-md)' }}>
            <BotChat botId={bot.id} botName={bot.name} language={bot.language} />
          </div>
        </Grid.Col>
      </Grid>
      {bot.canManage && (
        <EditBotDialog bot={bot} opened={editing} onClose={() => setEditing(false)} />
      )}
    </>
  );
}

function BackButton() {
  return (
    <Button
      component={Link}
      to="/app/bots"
      variant="subtle"
      color="gray"
      size="compact-sm"
      leftSection={<IconArrowLeft size={16} stroke={1.8} />}
      mb="sm"
    >
      Back to bots
    </Button>
  );
}
