import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useMemo, useState } from 'react';
import type { MemberFilter, MemberSort } from '../../graphql/types';
import {
  useMembersQuery,
  type MembersQuery,
  type MembersQueryVariables,
} from './graphql/members.generated';

/** Members per page (the server allows 1 to 100). */
export const MEMBER_PAGE_SIZE = 50;
/** Typing pauses this long before the list asks the server again. */
export const SEARCH_DEBOUNCE_MS = 250;

export type MemberNode = MembersQuery['members']['nodes'][number];

/** Appends a page, skipping members already listed (pages can shift while people join). */
export function mergeMemberPages(
  previous: MembersQuery,
  next: MembersQuery | undefined,
): MembersQuery {
  if (!next) return previous;
  const seen = new Set(previous.members.nodes.map((node) => node.id));
  return {
    ...previous,
    members: {
      ...next.members,
      nodes: [
        ...previous.members.nodes,
        ...next.members.nodes.filter((node) => !seen.has(node.id)),
      ],
    },
  };
}

/**
 * The member list's state: search (debounced, sent to the server), sort, role filter, and the
 * pages loaded so far. Only the pages asked for are fetched, so thousands of members stay fast.
 */
export function useMemberList() {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<MemberSort>('FIRST_NAME');
  const [filter, setFilter] = useState<MemberFilter>('EVERYONE');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [loadingMore, setLoadingMore] = useState(false);
  const [loadMoreError, setLoadMoreError] = useState<unknown>(null);

  const variables = useMemo<MembersQueryVariables>(
    () => ({ sort, filter, first: MEMBER_PAGE_SIZE, ...(debounced ? { search: debounced } : {}) }),
    [sort, filter, debounced],
  );
  const query = useMembersQuery({ variables });
  const { fetchMore, refetch } = query;
  // While a new search or sort is on its way, keep showing the last answer instead of flashing.
  const connection = (query.data ?? query.previousData)?.members;
  const endCursor = connection?.pageInfo.endCursor ?? null;

  const loadMore = useCallback(async () => {
    if (!endCursor) return;
    setLoadingMore(true);
    setLoadMoreError(null);
    try {
      await fetchMore({
        variables: { after: endCursor },
        updateQuery: (previous, { fetchMoreResult }) => mergeMemberPages(previous, fetchMoreResult),
      });
    } catch (error) {
      setLoadMoreError(error);
    } finally {
      setLoadingMore(false);
    }
  }, [endCursor, fetchMore]);

  const reload = useCallback(() => {
    setLoadMoreError(null);
    return refetch().catch(() => undefined); // the query's own error state shows the failure
  }, [refetch]);

  return {
    search,
    setSearch,
    sort,
    setSort,
    filter,
    setFilter,
    /** The search the shown results are for (after the debounce). */
    appliedSearch: debounced,
    members: connection?.nodes ?? [],
    totalCount: connection?.totalCount ?? 0,
    hasNextPage: connection?.pageInfo.hasNextPage ?? false,
    /** Nothing to show yet: the first answer is on its way. */
    initialLoading: !connection && query.loading,
    /** A new search, sort or filter is being answered while older results show. */
    refreshing: Boolean(connection) && query.loading && !loadingMore,
    error: query.error,
    loadingMore,
    loadMoreError,
    loadMore,
    reload,
  };
}

export type MemberListState = ReturnType<typeof useMemberList>;
