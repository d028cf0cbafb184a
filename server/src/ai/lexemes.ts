import type { DataSource } from 'typeorm';
import { textSearchConfig } from '../modules/corpus/index.js';

/** Texts already analysed in this request, with their lexemes (see lexemesOf's `known`). */
export type LexemeCache = Map<string, Set<string>>;

/**
 * Each text's lexemes, stemmed by Postgres like the index (one query for all of them). Each
 * distinct text is analysed once; with `known`, texts an earlier call of the same request analysed
 * are not sent again (an answer's coverage check and its extractive sentences read the same
 * sentences), and this call's are added to it.
 */
export async function lexemesOf(
  db: DataSource,
  texts: string[],
  known: LexemeCache = new Map(),
): Promise<Set<string>[]> {
  const missing = [...new Set(texts.filter((t) => !known.has(t)))];
  if (missing.length > 0) {
    const rows: { lexemes: string[] }[] = await db.query(
      `SELECT array(SELECT lexeme FROM unnest(to_tsvector(${textSearchConfig()}, t.text))) AS lexemes
         FROM unnest($1::text[]) WITH ORDINALITY AS t(text, i) ORDER BY t.i`,
      [missing],
    );
    missing.forEach((text, i) => known.set(text, new Set(rows[i].lexemes)));
  }
  return texts.map((t) => known.get(t)!);
}
