import { textSearchConfig } from '../corpus/index.js';

/**
 * "The same question" for content gaps, in SQL: its distinct stems in order, so "What's the
 * dress code?", "dress code" and "What is the Dress Code" count together (three people rarely
 * type a question the same way; their words, stemmed, agree far more often). A question of
 * stop words only falls back to its lower-cased text. Computed at read time over the not-found
 * rows of a period, which a partial index bounds.
 */
export function sameQuestionSql(column: string): string {
  return `coalesce(nullif(array_to_string(array(
            SELECT DISTINCT u.lexeme FROM unnest(to_tsvector(${textSearchConfig()}, ${column})) u ORDER BY 1), ' '), ''),
          lower(btrim(${column})))`;
}
