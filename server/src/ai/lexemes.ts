import type { DataSource } from 'typeorm';
import { textSearchConfig } from '../modules/search/text-search.js';

/** Each text's lexemes, stemmed by Postgres like the index (one query for all of them). */
export async function lexemesOf(db: DataSource, texts: string[]): Promise<Set<string>[]> {
  if (texts.length === 0) return [];
  const rows: { lexemes: string[] }[] = await db.query(
    `SELECT array(SELECT lexeme FROM unnest(to_tsvector(${textSearchConfig()}, t.text))) AS lexemes
       FROM unnest($1::text[]) WITH ORDINALITY AS t(text, i) ORDER BY t.i`,
    [texts],
  );
  return rows.map((r) => new Set(r.lexemes));
}
