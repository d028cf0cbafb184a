import { Button, Stack, Text } from '@mantine/core';
import { IconFileSearch } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import type { SearchHitFieldsFragment } from '../graphql/search.generated';
import { EmptyState } from '../../../shared/EmptyState';
import { DocumentHitCard } from './DocumentHitCard';

interface DocumentHitListProps {
  query: string;
  hits: SearchHitFieldsFragment[] | undefined;
  loading: boolean;
  /** A message fit to show (SPEC §8: shown as 'Error: {message}'). */
  error: string | null;
  /** Whether the search was narrowed to some sources (the empty state then says so). */
  filtered: boolean;
}

/** The related documents of a search: loading, failed, nothing matched, or the cards. */
export function DocumentHitList({ query, hits, loading, error, filtered }: DocumentHitListProps) {
  if (loading && !hits) return <Text c="dimmed">Loading...</Text>;
  if (error) {
    return (
      <Text c="red" role="alert">
        Error: {error}
      </Text>
    );
  }
  if (!hits) return null;
  if (hits.length === 0) {
    return (
      <EmptyState
        icon={IconFileSearch}
        headingOrder={4}
        title={`No documents match “${query}”`}
        description={
          filtered
            ? 'Nothing in the selected sources matches. Try other words, or untick some filters to search every source.'
            : 'Try other words or a shorter search. Only connected sources and uploaded files are searched.'
        }
        actions={
          <Button component={Link} to="/app/connectors" variant="light">
            Go to Connectors
          </Button>
        }
      />
    );
  }
  return (
    <Stack
      gap="sm"
      component="ul"
      aria-label="Related documents"
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
    >
      {hits.map((hit) => (
        <li key={`${hit.documentId}-${hit.url}`}>
          <DocumentHitCard hit={hit} />
        </li>
      ))}
    </Stack>
  );
}
