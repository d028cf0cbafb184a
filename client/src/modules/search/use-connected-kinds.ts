import { useMemo } from 'react';
import { useSourceKindsQuery } from '../sources/graphql/sources.generated';

/**
 * The kinds of source the workspace has (those the caller sees), for the search filters.
 * `kinds` is null when they could not be read: the filters then offer every kind.
 */
export function useConnectedKinds(): { kinds: readonly string[] | null; loading: boolean } {
  const { data, loading } = useSourceKindsQuery();
  const sources = data?.sources;
  const kinds = useMemo(
    () => (sources ? [...new Set(sources.map((s) => s.kind))] : null),
    [sources],
  );
  return { kinds, loading: loading && !sources };
}
