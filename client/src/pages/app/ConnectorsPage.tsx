import { Button, Stack, Title } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../layout/PageHeader';
import { useSession } from '../../modules/auth/use-session';
import { EmptyState } from '../../shared/EmptyState';

export const CONNECTORS_INTRO =
  'Help your team quickly find answers from content stored in other tools. Your team can ask a question and get instant AI answers sourced from connected tools.';

/** /app/connectors: the sources a team connects. None are connected yet. */
export function ConnectorsPage() {
  const { permissions } = useSession();

  return (
    <>
      <PageHeader
        title="Connectors"
        subtitle="Bring your team's knowledge into Lumen"
        description={CONNECTORS_INTRO}
      />
      <Stack component="section" gap="sm" aria-labelledby="connected-sources">
        <Title order={3} id="connected-sources" size="h4">
          Connected sources
        </Title>
        <EmptyState
          icon={IconPlugConnected}
          headingOrder={4}
          title="No sources connected yet"
          comingSoon
          description="Connected tools and uploaded files will be listed here with their sync status. Connecting tools and uploading files are coming in a later release."
          actions={
            permissions?.includes('search.read') ? (
              <Button component={Link} to="/app/integrations" variant="light">
                See available integrations
              </Button>
            ) : undefined
          }
        />
      </Stack>
    </>
  );
}
