import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { errorMessage } from './graphql-errors';

export interface QueryStateProps<T> {
  /** What the query returned so far (kept while it loads again). */
  data: T | null | undefined;
  /** Why it failed, when it did. */
  error?: unknown;
  /** Asks again (the error's "Try again"). */
  onRetry: () => void;
  /** Shown instead of `children` when the data says there is nothing (an EmptyState). */
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  errorTitle?: string;
  /**
   * Also draws the error (with its retry) above data kept from an earlier answer, e.g. the
   * results of a previous search while the new one failed. Off by default: the data alone shows.
   */
  errorAboveData?: boolean;
  /** Drawn while nothing has arrived yet (default: a spinner and "Loading..."). */
  loading?: ReactNode;
  children: (data: T) => ReactNode;
}

/**
 * The states every list and report goes through, drawn the same way everywhere: "Loading...",
 * a red error with "Try again", the empty state, then the data. Data already shown stays on
 * screen while it is fetched again.
 */
export function QueryState<T>({
  data,
  error,
  onRetry,
  empty,
  isEmpty,
  errorTitle = 'Error',
  errorAboveData = false,
  loading,
  children,
}: QueryStateProps<T>) {
  const failure = error ? (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={errorTitle}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorMessage(error)}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  ) : null;
  if (data !== null && data !== undefined) {
    return (
      <>
        {errorAboveData && failure}
        {empty !== undefined && isEmpty?.(data) ? empty : children(data)}
      </>
    );
  }
  if (failure) return failure;
  if (loading !== undefined) return <>{loading}</>;
  return (
    <Group gap="xs" role="status">
      <Loader size="sm" />
      <Text c="dimmed">Loading...</Text>
    </Group>
  );
}
