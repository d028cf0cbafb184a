import type { DataSource, EntityManager } from 'typeorm';
import { PermanentJobError, type JobQueue } from '../../jobs/job-queue.js';
import type { ObjectStorage } from '../../storage/object-storage.js';
import type { Logger } from '../../shared/logger.js';
import { chunkDocument, type TextChunk } from './chunker.js';
import { SourceDocument } from './document.entity.js';
import { ParseError, type ParserPool } from './parsing/index.js';

export const INDEX_JOB = 'index-document';
const INSERT_BATCH = 500;

/**
 * The indexing job: read the stored file, parse it in a pooled worker with limits, chunk it and write
 * the chunks with their tsvector in one transaction that first removes any earlier chunks of
 * the document, so a retry or a restart mid-indexing never duplicates them.
 */
export class Indexer {
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

    await this.db.transaction(async (m) => {
      await m.query(`DELETE FROM chunks WHERE document_id = $1`, [doc.id]);
      await insertChunks(m, doc, title, chunks);
      await m.getRepository(SourceDocument).update(doc.id, {
        status: 'indexed',
        progress: 100,
        chunkCount: chunks.length,
        title,
        indexedAt: new Date(),
        error: null,
      });
      await this.onIndexed?.(doc.id, m);
    });
    this.logger.info('Document indexed', { documentId: doc.id, chunks: chunks.length });
  }

  private async markFailed(documentId: string, error: Error) {
    await this.db.getRepository(SourceDocument).update(documentId, {
      status: 'failed',
      progress: 0,
      // Parse failures explain themselves; anything else is ours, not the file's.
      error:
        error instanceof PermanentJobError
          ? error.message
          : 'Indexing failed after several attempts. Upload the file again.',
    });
  }
}

/**
 * Writes a document's chunks with their tsvector (title weighted A) and token length; the
 * search statistics follow by trigger. Used by indexing and by benchmarks that load text.
 */
export async function insertChunks(
  m: EntityManager,
  doc: Pick<SourceDocument, 'id' | 'workspaceId' | 'sourceId'>,
  title: string,
  chunks: TextChunk[],
): Promise<void> {
  for (let start = 0; start < chunks.length; start += INSERT_BATCH) {
    const batch = chunks.slice(start, start + INSERT_BATCH);
    await m.query(
      `INSERT INTO chunks (workspace_id, source_id, document_id, ordinal, text, location, tsv, length)
       SELECT $1, $2, $3, t.ordinal, t.text, t.location, v.tsv, tsvector_tokens(v.tsv)
         FROM unnest($5::int[], $6::text[], $7::jsonb[]) AS t(ordinal, text, location),
              LATERAL (SELECT setweight(to_tsvector('english', $4), 'A')
                              || to_tsvector('english', t.text) AS tsv) v`,
      [
        doc.workspaceId,
        doc.sourceId,
        doc.id,
        title,
        batch.map((_, i) => start + i),
        batch.map((c) => c.text),
        batch.map((c) => (c.location ? JSON.stringify(c.location) : null)),
      ],
    );
  }
}
