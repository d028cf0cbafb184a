import { INTEGRATION_CATALOGUE } from '../integrations/integration-catalogue';

/**
 * The source kinds a search can be narrowed to: the catalogue's integrations, GitHub and uploaded
 * files. The sidebar offers those the workspace has (`filtersFor`).
 */
export interface SearchFilter {
  key: string;
  label: string;
}

export const SEARCH_FILTERS: readonly SearchFilter[] = [
  ...INTEGRATION_CATALOGUE.map(({ key, name }) => ({ key, label: name })),
  { key: 'github', label: 'GitHub' },
  { key: 'file_upload', label: 'Uploaded files' },
];

const KEYS = SEARCH_FILTERS.map((f) => f.key);

/** The known keys of a `?sources=` value, deduplicated, in the filter list's order. */
export function parseSources(param: string | null | undefined): string[] {
  const wanted = new Set((param ?? '').split(',').map((key) => key.trim()));
  return KEYS.filter((key) => wanted.has(key));
}

/** The `?sources=` value for a selection ('' for none, which means every source). */
export function formatSources(keys: readonly string[]): string {
  return parseSources(keys.join(',')).join(',');
}

/**
 * The filters to offer: the kinds the workspace has connected, and any already ticked (a shared
 * link may name one that is gone: it stays, to be unticked). Every filter while the kinds are
 * unknown (`null`: not loaded, or failed).
 */
export function filtersFor(
  connected: readonly string[] | null,
  selected: readonly string[],
): SearchFilter[] {
  if (connected === null) return [...SEARCH_FILTERS];
  const shown = new Set([...connected, ...selected]);
  return SEARCH_FILTERS.filter((f) => shown.has(f.key));
}

/** A source kind as people call it ('google_docs' -> 'Google Drive'). */
export function sourceKindLabel(kind: string): string {
  return SEARCH_FILTERS.find((f) => f.key === kind)?.label ?? kind;
}

/** Whether the text asks for an answer rather than a list of documents (SPEC §2 hint). */
export function isQuestion(text: string): boolean {
  return text.trim().endsWith('?');
}

/** `?mode=keywords`: the results page lists documents only, asking nothing until told to. */
export const KEYWORDS_MODE = 'keywords';

export function searchPath(query: string, options: { keywordsOnly?: boolean } = {}): string {
  const mode = options.keywordsOnly ? `&mode=${KEYWORDS_MODE}` : '';
  return `/app/search?q=${encodeURIComponent(query)}${mode}`;
}
