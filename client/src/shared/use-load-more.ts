import { useState } from 'react';
import { errorMessage } from './graphql-errors';

/**
 * "Load more" for a cursor-paged list: `fetchPage(after)` fetches and merges the next page;
 * this keeps whether one is on its way and why the last one failed.
 */
export function useLoadMore(
  endCursor: string | null | undefined,
  fetchPage: (after: string) => Promise<unknown>,
) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({
    busy: false,
    error: null,
  });
  const loadMore = async () => {
    if (!endCursor) return;
    setState({ busy: true, error: null });
    try {
      await fetchPage(endCursor);
      setState({ busy: false, error: null });
    } catch (e) {
      setState({ busy: false, error: errorMessage(e) });
    }
  };
  return { ...state, loadMore };
}
