import { Button } from '@mantine/core';
import { IconRobot } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../layout/PageHeader';
import { EmptyState } from '../../shared/EmptyState';

/** /app/bots: the bot list. Bots arrive in a later release, so the list is honestly empty. */
export function BotsPage() {
  return (
    <>
      <PageHeader title="Bots" subtitle="Assistants that answer from the sources you choose" />
      <EmptyState
        icon={IconRobot}
        title="No bots yet"
        comingSoon
        description="A bot answers your team's questions from the sources you give it, using your own AI provider key. Creating bots is coming; meanwhile, connecting sources gets your knowledge ready for them."
        actions={
          <Button component={Link} to="/app/connectors" variant="light">
            Connect a source
          </Button>
        }
      />
    </>
  );
}
