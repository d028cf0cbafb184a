import { Button } from '@mantine/core';
import { IconArrowLeft, IconRobotOff } from '@tabler/icons-react';
import { Link, useParams } from 'react-router-dom';
import { PageHeader } from '../../layout/PageHeader';
import { EmptyState } from '../../shared/EmptyState';

/** /app/bots/:botId. No bots exist yet, so any id is one we cannot find. */
export function BotDetailPage() {
  const { botId } = useParams();

  return (
    <>
      <PageHeader
        above={
          <Button
            component={Link}
            to="/app/bots"
            variant="subtle"
            color="gray"
            size="compact-sm"
            leftSection={<IconArrowLeft size={16} stroke={1.8} />}
            style={{ alignSelf: 'flex-start' }}
          >
            Back to bots
          </Button>
        }
        title="Bot details"
        subtitle="Sources, reports, logs and settings for one bot"
      />
      <EmptyState
        icon={IconRobotOff}
        title="Bot not found"
        description={
          <>
            There is no bot with the id <strong>{botId}</strong> in your workspace. Bots are coming
            in a later release; once you create one, its sources and settings will be here.
          </>
        }
        actions={
          <Button component={Link} to="/app/bots" variant="light">
            See all bots
          </Button>
        }
      />
    </>
  );
}
