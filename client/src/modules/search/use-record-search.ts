import { useCallback } from 'react';
import { useRecordSearchMutation } from './graphql/search.generated';

/**
 * Adds a search the user ran on purpose to their recent searches. Fire and forget: the history is
 * a convenience, so a failure to write it must never get in the way of the search itself.
 */
export function useRecordSearch(): (query: string) => void {
  const [record] = useRecordSearchMutation();
  return useCallback(
    (query: string) => {
      const text = query.trim();
      if (!text) return;
      record({ variables: { query: text } }).catch(() => {});
    },
    [record],
  );
}
