import type { DataSource } from 'typeorm';
import { idf, RANKING } from './ranking.js';
import { textSearchConfig } from './text-search.js';

export interface AnalysedTerm {
  lexeme: string;
  /** Where the term first appears in the question (for proximity pairs). */
  position: number;
  /** How often the question repeats it. */
  qtf: number;
  df: number;
  idf: number;
  /**
   * The word as the question wrote it (lower-cased, unstemmed), for each place it appears:
   * "plasticity" where the term is the stem "plastic". Empty for words not written (feedback's).
   */
  forms?: string[];
}

export interface AnalysedQuery {
  terms: AnalysedTerm[];
  /** Quoted phrases the passages must hold (websearch_to_tsquery text), if any. */
  phrases: string | null;
  /** Words written as -word that the passages must not hold (websearch_to_tsquery text). */
  excluded: string | null;
  chunkCount: number;
  avgLength: number;
  /** Wanted words (stemmed) that no chunk of the workspace holds. */
  unknown: string[];
}

/** A quoted phrase of at least one word. */
const PHRASE = /"([^"]*\w[^"]*)"/g;
/** A negated word: a minus at the start of a word, followed by a letter ("-draft", not "3-4"). */
const NEGATION = /(^|\s)-(\p{L}[\p{L}\p{N}_'-]*)/gu;

/**
 * Turns a question into weighted terms with Postgres' own parser and stemmer (the `english`
 * configuration the chunks were indexed with), so the query and the index always agree. Words
 * are relaxed to "any term, ranked" — natural questions rarely have every word in one passage,
 * and an "or" in a sentence is just a word — while the two explicit operators are honoured as
 * filters: a "quoted phrase" must appear, a -word must not.
 */
export async function analyseQuery(
  db: DataSource,
  workspaceId: string,
  text: string,
): Promise<AnalysedQuery> {
  const phrases = [...text.matchAll(PHRASE)].map((m) => `"${m[1]}"`);
  const negated = [...text.replace(PHRASE, ' ').matchAll(NEGATION)].map((m) => `-${m[2]}`);
  // Negated words must not count as wanted terms; quotes only group.
  const wanted = text.replace(NEGATION, ' ').replace(/"/g, ' ');
  const [rows, stats] = await Promise.all([
    // The same parser numbers the words alike in both configurations: a stem's positions
    // name the words it came from, as written ('simple' only lower-cases).
    db.query(
      `SELECT u.lexeme, coalesce(u.positions[1], 1)::int AS position,
              coalesce(array_length(u.positions, 1), 1)::int AS qtf, coalesce(s.df, 0)::int AS df,
              ARRAY(SELECT DISTINCT w.lexeme FROM unnest(to_tsvector('simple', $2)) w
                     WHERE w.positions && u.positions ORDER BY 1) AS forms
         FROM unnest(to_tsvector(${textSearchConfig()}, $2)) u
         LEFT JOIN search_term_stats s ON s.workspace_id = $1 AND s.lexeme = u.lexeme`,
      [workspaceId, wanted],
    ) as Promise<{ lexeme: string; position: number; qtf: number; df: number; forms: string[] }[]>,
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
  return {
    terms,
    unknown: rows.filter((r) => r.df === 0).map((r) => r.lexeme),
    phrases: phrases.length ? phrases.join(' ') : null,
    excluded: negated.length ? negated.join(' ') : null,
    chunkCount,
    avgLength,
  };
}

/** A lexeme as a tsquery operand: quoted, with quotes and backslashes escaped. */
export function tsqueryLexeme(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}
