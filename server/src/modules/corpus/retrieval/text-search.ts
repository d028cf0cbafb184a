/**
 * The Postgres text search configuration that chunks are indexed with and questions analysed
 * with (parser, stop words, stemmer): one name for both, so the query and the index always
 * agree. Changing it means indexing every chunk again; `npm run bench:retrieval -- --cross`
 * measures the alternatives that way (docs/RANKING.md, "Stemming and stop words").
 */
export const TEXT_SEARCH: { config: string } = { config: 'english' };

/** The configuration as an SQL literal (a name from code, checked to be a plain identifier). */
export function textSearchConfig(): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(TEXT_SEARCH.config))
    throw new Error(`Not a text search configuration name: ${TEXT_SEARCH.config}`);
  return `'${TEXT_SEARCH.config}'::regconfig`;
}
