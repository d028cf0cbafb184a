import type { Readable } from 'node:stream';
import type { DataSource } from 'typeorm';
import { badInput } from '../../shared/app-error.js';
import { assertId } from '../../shared/ids.js';
import type { ObjectStorage } from '../../storage/object-storage.js';
import { hasCurrentPermission, requireCurrentPermission } from '../identity/require-permission.js';
import type { Viewer } from '../identity/viewer.js';
import { canReadSource, type Reader, type Readers } from './reader.js';
import {
  namedParam,
  readableDocument,
  readableDocuments,
  readableRows,
  sqlParams,
} from './visibility.js';
import type { ChunkLocation } from './chunk.entity.js';
import { SourceDocument } from './document.entity.js';
import { DocumentListing, type DocumentOrder } from './document-order.js';
import { SourceErrors } from './sources.errors.js';
import { Source } from './source.entity.js';

/** Where uploads go when no source is named (API consumers). */
export const DEFAULT_SOURCE_NAME = 'Uploaded files';

export interface DocumentCounts {
  documents: number;
  indexed: number;
  failed: number;
  pending: number;
  chunks: number;
}

export interface DocumentPage {
  nodes: SourceDocument[];
  hasNextPage: boolean;
  endCursor: string | null;
}

export const MAX_DOCUMENTS_BY_ID = 100;
/** A source's count rows are folded into one once a read finds more than this many. */
const COMPACT_AFTER = 200;

/**
 * Sources and their documents (uploads arrive through UploadsService). Documents are read only
 * through the caller's Reader (modules/access); source rows are shown to those who read them,
 * and to admins, who manage every source but read a restricted one only where granted.
 */
export class SourcesService {
  constructor(
    private readonly db: DataSource,
    private readonly storage: ObjectStorage,
    private readonly readers: Readers,
  ) {}

  /** The sources the caller sees: every one for admins, the readable ones for everybody else. */
  async list(viewer: Viewer): Promise<Source[]> {
    const sources = await this.db
      .getRepository(Source)
      .find({ where: { workspaceId: viewer.workspaceId }, order: { createdAt: 'DESC' } });
    if (hasCurrentPermission(viewer, 'user.write')) return sources;
    const reader = await this.readers.forViewer(viewer);
    return sources.filter((s) => canReadSource(reader, s.id));
  }

  /** One source the caller sees (as `list`); any other answers NOT_FOUND. */
  async source(viewer: Viewer, id: string): Promise<Source> {
    assertId(id);
    const source = await this.db
      .getRepository(Source)
      .findOne({ where: { id, workspaceId: viewer.workspaceId } });
    if (!source) throw SourceErrors.sourceNotFound();
    if (hasCurrentPermission(viewer, 'user.write')) return source;
    if (!canReadSource(await this.readers.forViewer(viewer), source.id))
      throw SourceErrors.sourceNotFound();
    return source;
  }

  /**
   * A source's documents, a page at a time, in `order` (document-order.ts: what needs attention
   * first, by name, or last updated first). The cursor is the last row's place in that order,
   * and each order matches an index, so a page of a source with a million documents reads one
   * page of that index, not the whole source.
   */
  async documentPage(
    reader: Reader,
    sourceId: string,
    first: number,
    after: string | null = null,
    order: DocumentOrder = 'status',
  ): Promise<DocumentPage> {
    // An admin sees a restricted source's row and counts, never its documents' titles.
    if (!canReadSource(reader, sourceId)) return { nodes: [], hasNextPage: false, endCursor: null };
    const workspaceId = reader.workspaceId;
    const listing = new DocumentListing(order);
    const visible: Record<string, unknown> = {};
    const query = this.db
      .getRepository(SourceDocument)
      .createQueryBuilder('d')
      .where('d.workspace_id = :workspaceId AND d.source_id = :sourceId', {
        workspaceId,
        sourceId,
      })
      // A source read item by item lists only the items the reader may read.
      .andWhere(readableRows(reader, 'd', namedParam(visible)), visible);
    listing.keys.forEach((key, i) => {
      query.addSelect(key.select, listing.alias(i)).addOrderBy(key.sql, key.dir);
    });
    query.addOrderBy('d.id', 'ASC').limit(first + 1);
    if (after) {
      const { sql, params } = listing.after(after);
      query.andWhere(sql, params);
    }
    const { entities, raw } = await query.getRawAndEntities<Record<string, unknown>>();
    const nodes = entities.slice(0, first);
    const last = nodes.length > 0 ? raw[nodes.length - 1] : null;
    return {
      nodes,
      hasNextPage: entities.length > first,
      endCursor:
        last &&
        listing.cursor(
          listing.keys.map((_, i) => last[listing.alias(i)]),
          nodes[nodes.length - 1].id,
        ),
    };
  }

  /** Documents by id that the caller may read (others' and unknown ids are left out). */
  async documentsByIds(viewer: Viewer, ids: readonly string[]): Promise<SourceDocument[]> {
    if (ids.length > MAX_DOCUMENTS_BY_ID)
      throw badInput(`At most ${MAX_DOCUMENTS_BY_ID} ids at a time.`, { field: 'ids' });
    ids.forEach((id) => assertId(id));
    return readableDocuments(this.db, await this.readers.forViewer(viewer), ids);
  }

  /**
   * Per source: documents, indexed, failed, pending and chunks, added up from the sources' count
   * rows (kept by a trigger on documents), not by counting documents: the cost follows the
   * changes since the rows were last folded, not the size of the source. `sourceIds` are the
   * workspace's own (the callers looked them up in it).
   */
  async countsOf(_workspaceId: string, sourceIds: string[]): Promise<Map<string, DocumentCounts>> {
    if (sourceIds.length === 0) return new Map();
    const rows: (DocumentCounts & { source_id: string; deltas: number })[] = await this.db.query(
      `SELECT source_id, sum(documents)::int AS documents, sum(indexed)::int AS indexed,
              sum(failed)::int AS failed, sum(pending)::int AS pending,
              sum(chunks)::int AS chunks, count(*)::int AS deltas
         FROM source_document_counts WHERE source_id = ANY($1::uuid[])
        GROUP BY source_id`,
      [sourceIds],
    );
    const busy = rows.filter((r) => r.deltas > COMPACT_AFTER).map((r) => r.source_id);
    if (busy.length > 0) await this.compactCounts(busy);
    return new Map(rows.map(({ deltas: _deltas, ...counts }) => [counts.source_id, counts]));
  }

  /**
   * Folds each source's count rows into one (all sources when none are named), and drops the
   * rows of sources that are gone. One statement: rows another transaction adds meanwhile are
   * not in its snapshot, so they are neither deleted nor counted twice.
   */
  async compactCounts(sourceIds: string[] | null = null): Promise<void> {
    await this.db.query(
      `WITH folded AS (
         DELETE FROM source_document_counts
          WHERE $1::uuid[] IS NULL OR source_id = ANY($1::uuid[])
         RETURNING *)
       INSERT INTO source_document_counts
       SELECT f.source_id, sum(f.documents), sum(f.indexed), sum(f.failed), sum(f.pending),
              sum(f.chunks)
         FROM folded f WHERE EXISTS (SELECT 1 FROM sources s WHERE s.id = f.source_id)
        GROUP BY f.source_id`,
      [sourceIds],
    );
  }

  /** A document the caller may read; any other (unknown, or not theirs to read) is NOT_FOUND. */
  async document(viewer: Viewer, id: string): Promise<SourceDocument> {
    assertId(id);
    const doc = await readableDocument(this.db, await this.readers.forViewer(viewer), id);
    if (!doc) throw SourceErrors.documentNotFound();
    return doc;
  }

  /** A readable document with its source and its passages in order (the document page). */
  async documentContent(viewer: Viewer, id: string) {
    const reader = await this.readers.forViewer(viewer);
    const doc = await readableDocument(this.db, reader, assertId(id));
    if (!doc) throw SourceErrors.documentNotFound();
    const { params, param } = sqlParams([doc.id]);
    const rows: { ordinal: number; location: ChunkLocation | null; text: string }[] =
      await this.db.query(
        `SELECT c.ordinal, c.location, c.text FROM chunks c
          WHERE c.document_id = $1 AND ${readableRows(reader, 'c', param)} ORDER BY c.ordinal`,
        params,
      );
    const source = await this.db
      .getRepository(Source)
      .findOneOrFail({ where: { id: doc.sourceId, workspaceId: reader.workspaceId } });
    return { doc, source, rows };
  }

  /**
   * An uploaded document's stored bytes, for whoever may search the workspace (what they can read
   * as passages they can download). Connected items have no file: their tool holds them.
   */
  async openFile(viewer: Viewer, id: string): Promise<{ doc: SourceDocument; body: Readable }> {
    requireCurrentPermission(viewer, 'search.read');
    const doc = await this.document(viewer, id);
    if (!doc.storageKey) throw SourceErrors.noStoredFile();
    const body = await this.storage.openRead(doc.storageKey);
    if (!body) throw SourceErrors.fileMissing();
    return { doc, body };
  }
}
