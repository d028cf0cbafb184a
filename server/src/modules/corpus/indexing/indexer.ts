import type { DataSource, EntityManager } from 'typeorm';
import { PermanentJobError, type JobQueue } from '../../../jobs/job-queue.js';
import type { ObjectStorage } from '../../../storage/object-storage.js';
import type { Logger } from '../../../shared/logger.js';
import { chunkDocument, type TextChunk } from './chunker.js';
import type { NotificationsService } from '../../notifications/notifications.service.js';
import { SourceDocument } from '../document.entity.js';
import { ParseError, type ParserPool } from '../../../parsing/index.js';
import { textSearchConfig } from '../retrieval/text-search.js';

export const INDEX_JOB = 'index-document';
const INSERT_BATCH = 500;

/**
 * The indexing job: read the stored file, parse it in a pooled worker with limits, chunk it and write
 * the chunks with their tsvector in one transaction that first removes any earlier chunks of
 * the document, so a retry or a restart mid-indexing never duplicates them.
 */
export class Indexer {
  /** The bell: the uploader hears of a file that could not be read. */
  notifications?: Pick<NotificationsService, 'notify'>;

  constructor(
    private readonly db: DataSource,
    private readonly storage: ObjectStorage,
    private readonly logger: Logger,
    private readonly parsers: ParserPool,
    /** Called inside the indexing transaction, e.g. to queue the document's embedding. */
    private readonly onIndexed?: (documentId: string, m: EntityManager) => Promise<unknown>,
  ) {}

  register(queue: JobQueue) {
    queue.register(INDEX_JOB, {
      handle: (payload) => this.index(String(payload.documentId)),
      onFailed: (payload, error) => this.markFailed(String(payload.documentId), error),
    });
  }

  async index(documentId: string): Promise<void> {
    const docs = this.db.getRepository(SourceDocument);
    const doc = await docs.findOne({ where: { id: documentId } });
    if (!doc) return; // deleted while queued
    // Connected items (no stored file) are written by their source's sync, never by this job.
    if (!doc.storageKey) return;
    await docs.update(doc.id, { status: 'parsing', progress: 10, error: null });
    const bytes = await this.storage.read(doc.storageKey);
    let parsed;
    try {
      parsed = await this.parsers.parse(
        new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        doc.fileName,
      );
    } catch (error) {
      if (error instanceof ParseError) throw new PermanentJobError(error.message);
      throw error;
    }
    await docs.update(doc.id, { progress: 60 });
    const title = parsed.title?.trim() || doc.title;
    const chunks = chunkDocument(parsed);
    if (chunks.length === 0) throw new PermanentJobError('No text could be found in this file.');

    await this.db.transaction((m) => this.writeText(m, [{ doc, title, chunks }]));
    this.logger.info('Document indexed', { documentId: doc.id, chunks: chunks.length });
  }

  /**
   * Replaces these documents' chunks (from a parsed file or from a connector's text) and marks
   * them indexed, inside the caller's transaction: a retry or a restart never duplicates chunks.
   */
  async writeText(m: EntityManager, items: IndexableText[]): Promise<void> {
    if (items.length === 0) return;
    await m.query(`DELETE FROM chunks WHERE document_id = ANY($1::uuid[])`, [
      items.map((i) => i.doc.id),
    ]);
    await insertChunksOf(m, items);
    const now = new Date();
    for (const { doc, title, chunks, extra } of items) {
      await m.getRepository(SourceDocument).update(doc.id, {
        status: 'indexed',
        progress: 100,
        chunkCount: chunks.length,
        title,
        indexedAt: now,
        error: null,
        ...extra,
      });
      await this.onIndexed?.(doc.id, m);
    }
  }

  private async markFailed(documentId: string, error: Error) {
    // Parse failures explain themselves; anything else is ours, not the file's.
    const why =
      error instanceof PermanentJobError
        ? error.message
        : 'Indexing failed after several attempts. Upload the file again.';
    await this.db.getRepository(SourceDocument).update(documentId, {
      status: 'failed',
      progress: 0,
      error: why,
    });
    const doc = await this.db.getRepository(SourceDocument).findOneBy({ id: documentId });
    if (doc?.uploadedById)
      await this.notifications?.notify({
        workspaceId: doc.workspaceId,
        userIds: [doc.uploadedById],
        kind: 'file_failed',
        title: `${doc.fileName} could not be read`,
        body: why,
        link: '/app/connectors',
        key: `document:${doc.id}:failed`,
      });
  }
}

/** A document's new text, cut into chunks, with any other fields to set when it is indexed. */
export interface IndexableText {
  doc: Pick<SourceDocument, 'id' | 'workspaceId' | 'sourceId'>;
  title: string;
  chunks: TextChunk[];
  extra?: Partial<
    Pick<
      SourceDocument,
      'externalVersion' | 'externalUpdatedAt' | 'contentHash' | 'webUrl' | 'fileSize' | 'seenRun'
    >
  >;
}

/**
 * Writes a document's chunks with their tsvector (title weighted A) and token length; the
 * search statistics follow by trigger. Used by indexing and by benchmarks that load text.
 */
export function insertChunks(
  m: EntityManager,
  doc: Pick<SourceDocument, 'id' | 'workspaceId' | 'sourceId'>,
  title: string,
  chunks: TextChunk[],
): Promise<void> {
  return insertChunksOf(m, [{ doc, title, chunks }]);
}

/**
 * The chunks of several documents in as few statements as possible (one per ~500 chunks); the
 * retrieval bench indexes a loaded collection again with it.
 */
export async function insertChunksOf(m: EntityManager, items: IndexableText[]): Promise<void> {
  const rows = items.flatMap(({ doc, title, chunks }) =>
    chunks.map((chunk, ordinal) => ({ doc, title, chunk, ordinal })),
  );
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    const batch = rows.slice(start, start + INSERT_BATCH);
    await m.query(
      `INSERT INTO chunks (workspace_id, source_id, document_id, ordinal, text, location, tsv, length)
       SELECT t.workspace_id, t.source_id, t.document_id, t.ordinal, t.text, t.location, v.tsv,
              tsvector_tokens(v.tsv)
         FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::int[], $6::text[], $7::jsonb[])
              AS t(workspace_id, source_id, document_id, title, ordinal, text, location),
              LATERAL (SELECT setweight(to_tsvector(${textSearchConfig()}, t.title), 'A')
                              || to_tsvector(${textSearchConfig()}, t.text) AS tsv) v`,
      [
        batch.map((r) => r.doc.workspaceId),
        batch.map((r) => r.doc.sourceId),
        batch.map((r) => r.doc.id),
        batch.map((r) => r.title),
        batch.map((r) => r.ordinal),
        batch.map((r) => r.chunk.text),
        batch.map((r) => (r.chunk.location ? JSON.stringify(r.chunk.location) : null)),
      ],
    );
  }
}
