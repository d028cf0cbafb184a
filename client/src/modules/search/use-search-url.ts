import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatSources, parseSources } from './search-filters';

/**
 * The results page's state kept in the URL (SPEC §3 results-page state): `?q=` is the query,
 * `?sources=` the selected integrations, so a search can be shared, reloaded and gone back to.
 */
export function useSearchUrl() {
  const [params, setParams] = useSearchParams();
  const query = (params.get('q') ?? '').trim();
  const sourcesParam = params.get('sources');
  const sources = useMemo(() => parseSources(sourcesParam), [sourcesParam]);

  const setQuery = useCallback(
    (text: string) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        if (text.trim()) next.set('q', text.trim());
        else next.delete('q');
        return next;
      }),
    [setParams],
  );

  // A filter change refines the same search, so it replaces the history entry.
  const setSources = useCallback(
    (keys: readonly string[]) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          const value = formatSources(keys);
          if (value) next.set('sources', value);
          else next.delete('sources');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  return { query, sources, setQuery, setSources };
}
