import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatSources, KEYWORDS_MODE, parseSources } from './search-filters';

/**
 * The results page's state kept in the URL (SPEC §3 results-page state): `?q=` is the query,
 * `?sources=` the selected integrations, so a search can be shared, reloaded and gone back to.
 */
export function useSearchUrl() {
  const [params, setParams] = useSearchParams();
  const query = (params.get('q') ?? '').trim();
  const sourcesParam = params.get('sources');
  const sources = useMemo(() => parseSources(sourcesParam), [sourcesParam]);
  const keywordsOnly = params.get('mode') === KEYWORDS_MODE;

  // A query typed on the page itself is a question: it leaves keywords-only mode.
  const setQuery = useCallback(
    (text: string) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        if (text.trim()) next.set('q', text.trim());
        else next.delete('q');
        next.delete('mode');
        return next;
      }),
    [setParams],
  );

  /** Asks for an answer to a keywords-only search (the same query, now a question). */
  const askForAnswer = useCallback(
    () =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.delete('mode');
          return next;
        },
        { replace: true },
      ),
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

  return { query, sources, keywordsOnly, setQuery, setSources, askForAnswer };
}
