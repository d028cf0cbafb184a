import { useApolloClient } from '@apollo/client/react';
import { useEffect, useMemo, useRef } from 'react';
import { isIndexing } from './document-status';
import {
  DocumentsProgressDocument,
  SourcesProgressDocument,
  useSourcesQuery,
} from './graphql/sources.generated';

/** How often progress is read while something is being indexed or synced. */
export const INDEXING_POLL_MS = 1500;
/** The whole list is read again at most this often while what it holds keeps changing. */
export const LIST_REFRESH_MS = 5000;
/** documentsById takes at most this many ids. */
const MAX_POLLED = 100;

/**
 * The workspace's sources, with their first page of documents. While a file indexes or a tool
 * syncs, only the progress is polled: every source's counts and the documents still indexing
 * (SourcesProgress), which land in the cache where the list reads them. The list itself is read
 * again only when it no longer holds what the counts say (files added or removed elsewhere, a
 * sync bringing items) or a sync ends, and then at most every 5 s.
 */
export function useSources() {
  const query = useSourcesQuery({ notifyOnNetworkStatusChange: false });
  const client = useApolloClient();
  const { data, refetch } = query;
  const sources = data?.sources;
  const indexing =
    sources?.some((s) => s.pendingCount > 0 || s.connection?.status === 'syncing') ?? false;
  const pendingIds = useMemo(
    () =>
      (sources ?? [])
        .flatMap((s) => s.documentPage.nodes.filter(isIndexing).map((d) => d.id))
        .slice(0, MAX_POLLED),
    [sources],
  );
  const idsKey = pendingIds.join(',');

  usePoll(indexing, idsKey, (ids) =>
    client.query({
      query: SourcesProgressDocument,
      variables: { ids },
      fetchPolicy: 'network-only',
    }),
  );

  // The list is stale when a source's counts no longer match the page it shows, or a sync ended.
  const lastRefresh = useRef(0);
  const syncing = useRef(new Set<string>());
  useEffect(() => {
    if (!sources) return;
    const nowSyncing = new Set(
      sources.filter((s) => s.connection?.status === 'syncing').map((s) => s.id),
    );
    const syncEnded = [...syncing.current].some((id) => !nowSyncing.has(id));
    syncing.current = nowSyncing;
    const stale = sources.some(
      (s) =>
        !s.documentPage.pageInfo.hasNextPage && s.documentCount !== s.documentPage.nodes.length,
    );
    if (!syncEnded && !stale) return;
    const wait = syncEnded ? 0 : Math.max(0, lastRefresh.current + LIST_REFRESH_MS - Date.now());
    const timer = setTimeout(() => {
      lastRefresh.current = Date.now();
      void refetch().catch(() => {});
    }, wait);
    return () => clearTimeout(timer);
  }, [sources, refetch]);

  return { ...query, sources, indexing };
}

/**
 * Follows documents still indexing that the sources list does not poll (those on a page loaded
 * with "Load more"): only their rows are read, every 1.5 s, until none is left.
 */
export function useDocumentsProgress(ids: readonly string[]) {
  const client = useApolloClient();
  const idsKey = ids.slice(0, MAX_POLLED).join(',');
  usePoll(idsKey !== '', idsKey, (polled) =>
    client.query({
      query: DocumentsProgressDocument,
      variables: { ids: polled },
      fetchPolicy: 'network-only',
    }),
  );
}

/**
 * Calls `read(ids)` every INDEXING_POLL_MS while `active`; `idsKey` is the ids joined by commas
 * (a string, so the same ids keep the same timer). A failed read is left to the next tick.
 */
function usePoll(active: boolean, idsKey: string, read: (ids: string[]) => Promise<unknown>) {
  const latest = useRef(read);
  latest.current = read;
  useEffect(() => {
    if (!active) return;
    const ids = idsKey ? idsKey.split(',') : [];
    const timer = setInterval(() => void latest.current(ids).catch(() => {}), INDEXING_POLL_MS);
    return () => clearInterval(timer);
  }, [active, idsKey]);
}
