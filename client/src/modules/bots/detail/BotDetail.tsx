import { Box, Button, Grid } from '@mantine/core';
import { IconArrowLeft, IconRobotOff } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useBotQuery } from '../graphql/bots.generated';
import { EmptyState } from '../../../shared/EmptyState';
import { errorCode } from '../../../shared/graphql-errors';
import { QueryState } from '../../../shared/QueryState';
import { usePageTitle } from '../../../shared/use-page-title';
import { BotChat } from './BotChat';
import { BotHeader } from './BotHeader';
import { BotTabs } from './BotTabs';
import { EditBotDialog } from './EditBotDialog';

export const BOT_NOT_FOUND_TITLE = 'This bot does not exist or is private';

/** The Bot query's failure for a bot that does not exist or that the viewer may not see. */
const isMissing = (error: unknown) => {
  const code = errorCode(error);
  return code === 'NOT_FOUND' || code === 'BAD_USER_INPUT';
};

/** /app/bots/:botId: the bot's header, its tabs, and a chat to try it. */
export function BotDetail({ botId }: { botId: string }) {
  const { data, error, refetch } = useBotQuery({
    variables: { id: botId },
    notifyOnNetworkStatusChange: false,
  });
  const [editing, setEditing] = useState(false);
  usePageTitle(data?.bot.name ?? 'Bot');
  const edit = () => setEditing(true);

  return (
    <>
      <BackButton />
      {!data && isMissing(error) ? (
        <EmptyState
          icon={IconRobotOff}
          title={BOT_NOT_FOUND_TITLE}
          headingOrder={1}
          description="The link may be old, the bot may have been deleted, or its owner keeps it private."
          actions={
            <Button component={Link} to="/app/bots" variant="light">
              See all bots
            </Button>
          }
        />
      ) : (
        // Loading and the error keep their distance from the back button; the bot's header
        // sits right under it.
        <Box mt={data ? undefined : 'md'}>
          <QueryState
            data={data}
            error={error}
            onRetry={() => void refetch()}
            errorTitle="Could not load the bot"
          >
            {({ bot, botSources: sources }) => (
              <>
                <BotHeader bot={bot} sources={sources} onEdit={edit} />
                <Grid gap="xl">
                  {/* Beside the tabs on wide screens; above them otherwise, where it is short
                      until used. */}
                  <Grid.Col
                    span={{ base: 12, xl: 8 }}
                    order={{ base: 2, xl: 1 }}
                    style={{ minWidth: 0 }}
                  >
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
            )}
          </QueryState>
        </Box>
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
