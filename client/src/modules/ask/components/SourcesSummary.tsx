import { Alert, Anchor, Button, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { describeError } from '../../../shared/graphql-errors';
import { useSources } from '../../sources/use-sources';
import { SideCard } from './SideCard';

/** The workspace's sources and how much of each is indexed (answers only use indexed files). */
export function SourcesSummary() {
  const { sources, loading, error } = useSources();
  return (
    <SideCard id="sources-summary" title="Sources">
      {loading && !sources ? (
        <Stack gap={8} aria-label="Loading">
          <Skeleton height={14} />
          <Skeleton height={14} width="70%" />
        </Stack>
      ) : error && !sources ? (
        <Alert color="red" variant="light" p="xs">
          <Text size="sm">Could not load: {describeError(error).message}</Text>
        </Alert>
      ) : !sources || sources.length === 0 ? (
        <Stack gap="xs" align="flex-start">
          <Text size="sm" c="dimmed">
            No sources yet. Connect a tool or upload files so there is something to answer from.
          </Text>
          <Button component={Link} to="/app/connectors" size="xs" variant="light">
            Add a source
          </Button>
        </Stack>
      ) : (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {sources.map((s) => (
            <li key={s.id}>
              <Anchor component={Link} to="/app/connectors" size="sm" fw={500}>
                {s.name}
              </Anchor>
              <Text size="xs" c="dimmed">
                {s.indexedCount} of {s.documentCount}{' '}
                {s.documentCount === 1 ? 'document' : 'documents'} indexed
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </SideCard>
  );
}
