import type { DataSource } from 'typeorm';
import { idf, RANKING } from './ranking.js';

export interface AnalysedTerm {
  lexeme: string;
  /** Where the term first appears in the question (for proximity pairs). */
  position: number;
  /** How often the question repeats it. */
  qtf: number;
  df: number;
  idf: number;
}

export interface AnalysedQuery {
  terms: AnalysedTerm[];
  /** websearch_to_tsquery text when the question uses its syntax ("phrase", -word, or). */
  filter: string | null;
  chunkCount: number;
  avgLength: number;
}

/** websearch_to_tsquery syntax: a quoted phrase, a negated -word, or the word "or". */
const OPERATOR = /"|(^|\s)-\S|\sor\s/i;

/**
 * Turns a question into weighted terms with Postgres' own parser and stemmer (the `english`
 * configuration the chunks were indexed with), so the query and the index always agree. Plain
 * questions are relaxed to "any term, ranked" — natural questions rarely have every word in one
 * passage — while explicit search syntax is honoured as a filter on top.
 */
export async function analyseQuery(
  db: DataSource,
  workspaceId: string,
  text: string,
): Promise<AnalysedQuery> {
  const filter = OPERATOR.test(text) ? text : null;
  // Negated words must not count as wanted terms; quotes only group.
  const wanted = filter ? text.replace(/(^|\s)-\S+/g, ' ').replace(/"/g, ' ') : text;
  const [rows, stats] = await Promise.all([
    db.query(
      `SELECT u.lexeme, coalesce(u.positions[1], 1)::int AS position,
              coalesce(array_length(u.positions, 1), 1)::int AS qtf, coalesce(s.df, 0)::int AS df
         FROM unnest(to_tsvector('english', $2)) u
         LEFT JOIN search_term_stats s ON s.workspace_id = $1 AND s.lexeme = u.lexeme`,
      [workspaceId, wanted],
    ) as Promise<{ lexeme: string; position: number; qtf: number; df: number }[]>,
    db.query(
      `SELECT chunk_count::int AS "chunkCount", total_length::float8 AS "totalLength"
         FROM search_workspace_stats WHERE workspace_id = $1`,
      [workspaceId],
    ) as Promise<{ chunkCount: number; totalLength: number }[]>,
  ]);
  const chunkCount = stats[0]?.chunkCount ?? 0;
  const avgLength = chunkCount > 0 ? Math.max(1, stats[0].totalLength / chunkCount) : 1;
  const terms = rows
    .filter((r) => r.df > 0)
    .sort((a, b) => a.df - b.df)
    .slice(0, RANKING.maxTerms)
    .map((r) => ({ ...r, idf: idf(r.df, chunkCount) }));
  return { terms, filter, chunkCount, avgLength };
}

/** A lexeme as a tsquery operand: quoted, with quotes and backslashes escaped. */
export function tsqueryLexeme(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}
