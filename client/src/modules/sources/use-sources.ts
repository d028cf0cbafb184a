import { useEffect } from 'react';
import { useSourcesQuery } from '../../graphql/generated';
import { isIndexing } from './document-status';

/** How often indexing progress is read while any document is queued or parsing. */
export const INDEXING_POLL_MS = 1500;

/** The workspace's sources; polled only while something is being indexed. */
export function useSources() {
  const query = useSourcesQuery({ notifyOnNetworkStatusChange: false });
  const { data, startPolling, stopPolling } = query;
  const indexing = data?.sources.some((s) => s.documents.some(isIndexing)) ?? false;

  useEffect(() => {
    if (!indexing) return;
    startPolling(INDEXING_POLL_MS);
    return () => stopPolling();
  }, [indexing, startPolling, stopPolling]);

  return { ...query, sources: data?.sources, indexing };
}
