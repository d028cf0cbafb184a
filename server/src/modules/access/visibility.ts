import { tsqueryLexeme } from '../search/query-analysis.js';
import { In, type DataSource, type EntityManager } from 'typeorm';
import { SourceDocument } from '../sources/document.entity.js';
import type { Reader } from './reader.js';

/** Adds a query parameter and answers its placeholder (`$3`, with an optional cast). */
export type AddParam = (value: unknown, cast?: string) => string;

/**
 * The visibility filter as SQL, for a table with `workspace_id` and `source_id` (chunks,
 * documents): rows the reader may read and nothing else. Retrievers put it inside candidate
 * generation (before ranking, before any limit), so a member who reads a sliver of the
 * workspace still gets a full page; repositories put it on every read by id.
 */
export function readableRows(reader: Reader, alias: string, param: AddParam): string {
  const workspace = `${alias}.workspace_id = ${param(reader.workspaceId, '::uuid')}`;
  // A reader of every source (as of their Reader) reads every row of the workspace: the list of
  // all its sources would only cost a check per row (the price of the access layer for them).
  if (reader.readsEverything) return workspace;
  return `${workspace} AND ${alias}.source_id = ANY(${param([...reader.sourceIds], '::uuid[]')})`;
}

/** A document the reader may read, or null (unknown, another workspace's, or not theirs to read). */
export async function readableDocument(
  db: DataSource | EntityManager,
  reader: Reader,
  id: string,
): Promise<SourceDocument | null> {
  if (reader.sourceIds.length === 0) return null;
  return db.getRepository(SourceDocument).findOne({
    where: { id, workspaceId: reader.workspaceId, sourceId: In([...reader.sourceIds]) },
  });
}

/** The documents among `ids` that the reader may read (the rest are left out, unnamed). */
export async function readableDocuments(
  db: DataSource | EntityManager,
  reader: Reader,
  ids: readonly string[],
): Promise<SourceDocument[]> {
  if (ids.length === 0 || reader.sourceIds.length === 0) return [];
  return db.getRepository(SourceDocument).find({
    where: {
      id: In([...new Set(ids)]),
      workspaceId: reader.workspaceId,
      sourceId: In([...reader.sourceIds]),
    },
  });
}

/** Which of these document ids the reader may read (for checking what an answer cites). */
export async function readableDocumentIds(
  db: DataSource | EntityManager,
  reader: Reader,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0 || reader.sourceIds.length === 0) return new Set();
  const rows: { id: string }[] = await db.query(
    `SELECT id FROM documents
      WHERE id = ANY($1::uuid[]) AND workspace_id = $2 AND source_id = ANY($3::uuid[])`,
    [[...new Set(ids)], reader.workspaceId, [...reader.sourceIds]],
  );
  return new Set(rows.map((r) => r.id));
}

/**
 * The lexemes among `lexemes` that no passage the reader may read holds. Whether the sources say
 * anything about a question is judged on what the asker may read: a word found only in sources
 * they may not read counts as a word no source holds, so "found" never tells them it exists.
 */
export async function unreadableLexemes(
  db: DataSource | EntityManager,
  reader: Reader,
  lexemes: readonly string[],
): Promise<string[]> {
  if (reader.readsEverything || lexemes.length === 0) return [];
  if (reader.sourceIds.length === 0) return [...lexemes];
  const params: unknown[] = [lexemes.map(tsqueryLexeme)];
  const param = (value: unknown, cast = '') => `$${params.push(value)}${cast}`;
  const rows: { i: number }[] = await db.query(
    `SELECT t.i::int AS i FROM unnest($1::tsquery[]) WITH ORDINALITY AS t(q, i)
      WHERE NOT EXISTS (SELECT 1 FROM chunks c WHERE ${readableRows(reader, 'c', param)} AND c.tsv @@ t.q)`,
    params,
  );
  return rows.map((r) => lexemes[r.i - 1]);
}
