import { useEffect } from 'react';
import { useSourcesQuery } from './graphql/sources.generated';

/** How often progress is read while something is being indexed or synced. */
export const INDEXING_POLL_MS = 1500;

/** The workspace's sources; polled only while a file is indexing or a connected tool syncs. */
export function useSources() {
  const query = useSourcesQuery({ notifyOnNetworkStatusChange: false });
  const { data, startPolling, stopPolling } = query;
  const indexing =
    data?.sources.some((s) => s.pendingCount > 0 || s.connection?.status === 'syncing') ?? false;

  useEffect(() => {
    if (!indexing) return;
    startPolling(INDEXING_POLL_MS);
    return () => stopPolling();
  }, [indexing, startPolling, stopPolling]);

  return { ...query, sources: data?.sources, indexing };
}
