import { tsqueryLexeme } from './retrieval/query-analysis.js';
import { In, type DataSource, type EntityManager } from 'typeorm';
import { SourceDocument } from './document.entity.js';
import type { Reader } from './reader.js';

/** Adds a query parameter and answers its placeholder (`$3`, with an optional cast). */
export type AddParam = (value: unknown, cast?: string) => string;

/**
 * The visibility filter as SQL, for a table with `workspace_id`, `source_id` and `acl` (chunks,
 * documents): rows the reader may read and nothing else. Retrievers put it inside candidate
 * generation (before ranking, before any limit), so a member who reads a sliver of the
 * workspace still gets a full page; repositories put it on every read by id. A source that
 * mirrors its tool's permissions is read item by item: a row's `acl` must name a principal the
 * reader holds (an empty or missing acl names none).
 */
export function readableRows(reader: Reader, alias: string, param: AddParam): string {
  const workspace = `${alias}.workspace_id = ${param(reader.workspaceId, '::uuid')}`;
  // A reader of every source (as of their Reader) reads every row of the workspace: the list of
  // all its sources would only cost a check per row (the price of the access layer for them).
  if (reader.readsEverything) return workspace;
  const partial = new Set(reader.partialSourceIds);
  const full = reader.sourceIds.filter((id) => !partial.has(id));
  const readable: string[] = [];
  if (full.length > 0) readable.push(`${alias}.source_id = ANY(${param(full, '::uuid[]')})`);
  if (partial.size > 0)
    readable.push(
      `(${alias}.source_id = ANY(${param([...partial], '::uuid[]')}) AND ${alias}.acl && ${param([...reader.principals], '::text[]')})`,
    );
  if (readable.length === 0) return 'false';
  return `${workspace} AND (${readable.join(' OR ')})`;
}

/**
 * An SQL condition for another module's query: the document whose id is `idSql` exists and the
 * reader may read it (a vote or a log citing documents). The documents table stays the corpus'.
 */
export function documentReadableSql(reader: Reader, idSql: string, param: AddParam): string {
  return `EXISTS (SELECT 1 FROM documents readable_doc
                   WHERE readable_doc.id = ${idSql} AND ${readableRows(reader, 'readable_doc', param)})`;
}

/** Placeholders for a raw query: `param(value)` adds a value and answers `$n`. */
export function sqlParams(initial: unknown[] = []): { params: unknown[]; param: AddParam } {
  const params = [...initial];
  return { params, param: (value, cast = '') => `$${params.push(value)}${cast}` };
}

/** Placeholders for a TypeORM query builder: values go into `into` as `:v0`, `:v1`…. */
export function namedParam(into: Record<string, unknown>): AddParam {
  return (value, cast = '') => {
    const name = `visible${Object.keys(into).length}`;
    into[name] = value;
    return `:${name}${cast}`;
  };
}

/** A document the reader may read, or null (unknown, another workspace's, or not theirs to read). */
export async function readableDocument(
  db: DataSource | EntityManager,
  reader: Reader,
  id: string,
): Promise<SourceDocument | null> {
  const [found] = await readableDocuments(db, reader, [id]);
  return found ?? null;
}

/** The documents among `ids` that the reader may read (the rest are left out, unnamed). */
export async function readableDocuments(
  db: DataSource | EntityManager,
  reader: Reader,
  ids: readonly string[],
): Promise<SourceDocument[]> {
  const readable = await readableDocumentIds(db, reader, ids);
  if (readable.size === 0) return [];
  return db.getRepository(SourceDocument).find({ where: { id: In([...readable]) } });
}

/** Which of these document ids the reader may read (for checking what an answer cites). */
export async function readableDocumentIds(
  db: DataSource | EntityManager,
  reader: Reader,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0 || reader.sourceIds.length === 0) return new Set();
  const { params, param } = sqlParams([[...new Set(ids)]]);
  const rows: { id: string }[] = await db.query(
    `SELECT d.id FROM documents d WHERE d.id = ANY($1::uuid[]) AND ${readableRows(reader, 'd', param)}`,
    params,
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
  const { params, param } = sqlParams([lexemes.map(tsqueryLexeme), [...lexemes]]);
  const readable = readableRows(reader, 'c', param);
  const exact = `EXISTS (SELECT 1 FROM chunks c WHERE ${readable} AND c.tsv @@ t.q)`;
  // A common word (UNREADABLE_CHECK.commonDf) is looked for first among the reader's first
  // passages (UNREADABLE_CHECK.sampleRows), where it is found at once: its exact check reads its
  // whole match list from the text index (0.3 s for a word in most of 1M passages). Only a word
  // missing from the sample (or a rarer one, whose list is short) is checked exactly.
  const sampled = `EXISTS (SELECT 1 FROM (SELECT c.tsv FROM chunks c WHERE ${readable}
                                          LIMIT ${param(UNREADABLE_CHECK.sampleRows, '::int')}) s
                            WHERE s.tsv @@ t.q)`;
  const rows: { found: boolean }[] = await db.query(
    `SELECT CASE WHEN coalesce(st.df, 0) > ${param(UNREADABLE_CHECK.commonDf, '::int')} THEN ${sampled} OR ${exact}
                 ELSE ${exact} END AS found
       FROM unnest($1::tsquery[], $2::text[]) WITH ORDINALITY AS t(q, lexeme, i)
       LEFT JOIN search_term_stats st
         ON st.workspace_id = ${param(reader.workspaceId, '::uuid')} AND st.lexeme = t.lexeme
      ORDER BY t.i`,
    params,
  );
  return lexemes.filter((_, i) => !rows[i].found);
}

/**
 * Words in more than `commonDf` passages are looked for among the reader's first `sampleRows`
 * passages before their exact check (a test lowers them to exercise both paths).
 */
export const UNREADABLE_CHECK = { commonDf: 20_000, sampleRows: 2_000 };
