import type { DataSource } from 'typeorm';
import type { Reader } from '../reader.js';
import { readableRows, sqlParams } from '../visibility.js';
import type { ChunkLocation } from '../chunk.entity.js';
import type { SourceKind } from '../source.entity.js';
import type { ScoredChunk } from './retriever.js';

/** A retrieved chunk with everything an answer or a result card shows about it. */
export interface Passage {
  chunkId: string;
  documentId: string;
  sourceId: string;
  sourceKind: SourceKind;
  sourceName: string;
  title: string;
  text: string;
  ordinal: number;
  location: ChunkLocation | null;
  /** "Page 3", "Slide 2", "Sheet Budget"; null for a whole document. */
  locationLabel: string | null;
  /** A connected item's page in its tool; for a file, the in-app viewer at this passage. */
  url: string;
  author: string | null;
  date: Date;
  score: number;
}

/** A passage as an answer numbers it: `[number]` in the answer text cites it. */
export type NumberedPassage = Passage & { number: number };

/**
 * Loads the chunks' texts, documents and sources in one query, keeping the ranking's order;
 * a chunk the reader may not read is left out here too (the retriever already filtered).
 */
export async function hydratePassages(
  db: DataSource,
  reader: Reader,
  scored: ScoredChunk[],
): Promise<Passage[]> {
  if (scored.length === 0) return [];
  const { params, param } = sqlParams([scored.map((s) => s.chunkId)]);
  const rows: {
    id: string;
    document_id: string;
    source_id: string;
    kind: SourceKind;
    source_name: string;
    title: string;
    text: string;
    ordinal: number;
    location: ChunkLocation | null;
    web_url: string | null;
    author: string | null;
    date: Date;
  }[] = await db.query(
    `SELECT c.id, c.document_id, c.source_id, s.kind, s.name AS source_name, d.title, c.text,
            c.ordinal, c.location, d.web_url, coalesce(d.external_updated_at, d.created_at) AS date,
            nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') AS author
       FROM chunks c
       JOIN documents d ON d.id = c.document_id
       JOIN sources s ON s.id = c.source_id
       LEFT JOIN users u ON u.id = d.uploaded_by_id
      WHERE c.id = ANY($1::uuid[]) AND ${readableRows(reader, 'c', param)}`,
    params,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return scored.flatMap((s) => {
    const r = byId.get(s.chunkId);
    if (!r) return []; // deleted between ranking and loading
    return [
      {
        chunkId: r.id,
        documentId: r.document_id,
        sourceId: r.source_id,
        sourceKind: r.kind,
        sourceName: r.source_name,
        title: r.title,
        text: r.text,
        ordinal: r.ordinal,
        location: r.location,
        locationLabel: locationLabel(r.location),
        url: r.web_url ?? documentUrl(r.document_id, r.location, r.ordinal),
        author: r.author,
        date: r.date,
        score: s.score,
      },
    ];
  });
}

export function locationLabel(location: ChunkLocation | null): string | null {
  if (!location || location.kind === 'document') return null;
  if (location.kind === 'sheet') return `Sheet ${location.name ?? location.index}`;
  return `${location.kind === 'page' ? 'Page' : 'Slide'} ${location.index}`;
}

/** `/app/documents/<id>?page=3&passage=4`: the in-app viewer, at the cited place. */
export function documentUrl(
  documentId: string,
  location: ChunkLocation | null,
  ordinal: number,
): string {
  const query = new URLSearchParams();
  if (location && location.kind !== 'document') query.set(location.kind, String(location.index));
  query.set('passage', String(ordinal));
  return `/app/documents/${documentId}?${query.toString()}`;
}
