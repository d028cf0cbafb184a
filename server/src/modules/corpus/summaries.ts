import type { DataSource, EntityManager } from 'typeorm';
import { canReadSource, type Reader } from './reader.js';
import { readableRows, sqlParams } from './visibility.js';

/** A source as someone who may read it sees it in a list: its name and what they may read of it. */
export interface SourceSummary {
  id: string;
  name: string;
  /** Open to the whole workspace (so to a bot's public link too). */
  open: boolean;
  /** Its indexed documents the reader may read (all of them, or some when read item by item). */
  readableDocuments: number;
}

/** A document the reader may read, as a list shows it. */
export interface DocumentSummary {
  id: string;
  title: string;
  sourceId: string;
  open: boolean;
  indexed: boolean;
}

/** The sources among `ids` the reader may read (others are left out, unnamed). */
export async function sourceSummaries(
  db: DataSource | EntityManager,
  reader: Reader,
  ids: readonly string[],
): Promise<Map<string, SourceSummary>> {
  const readable = [...new Set(ids)].filter((id) => canReadSource(reader, id));
  if (readable.length === 0) return new Map();
  const { params, param } = sqlParams([readable]);
  const rows: SourceSummary[] = await db.query(
    `SELECT s.id, s.name, s.access_mode = 'workspace' AS open,
            (SELECT count(*) FROM documents d
              WHERE d.source_id = s.id AND d.status = 'indexed'
                AND ${readableRows(reader, 'd', param)})::int AS "readableDocuments"
       FROM sources s WHERE s.id = ANY($1::uuid[])`,
    params,
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * The documents among `ids` the reader may read, by the document's own access (a source read
 * item by item does not open all its documents); others are left out, unnamed.
 */
export async function documentSummaries(
  db: DataSource | EntityManager,
  reader: Reader,
  ids: readonly string[],
): Promise<Map<string, DocumentSummary>> {
  if (ids.length === 0 || reader.sourceIds.length === 0) return new Map();
  const { params, param } = sqlParams([[...new Set(ids)]]);
  const rows: DocumentSummary[] = await db.query(
    `SELECT d.id, d.title, d.source_id AS "sourceId", s.access_mode = 'workspace' AS open,
            d.status = 'indexed' AS indexed
       FROM documents d JOIN sources s ON s.id = d.source_id
      WHERE d.id = ANY($1::uuid[]) AND ${readableRows(reader, 'd', param)}`,
    params,
  );
  return new Map(rows.map((r) => [r.id, r]));
}
