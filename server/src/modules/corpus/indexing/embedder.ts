import type { DataSource, EntityManager } from 'typeorm';
import {
  EMBED_BATCH,
  EmbeddingRefused,
  vectorToBytes,
  type EmbeddingClient,
} from '../../../ai/embedding-client.js';
import { PermanentJobError, type JobQueue } from '../../../jobs/job-queue.js';
import type { Logger } from '../../../shared/logger.js';

export const EMBED_JOB = 'embed-document';

/**
 * The embedding job: after a document is indexed (its chunks searchable by words at once), its
 * chunks get vectors in batches. Only chunks without a vector of the current model and size are
 * sent, so a retry, a restart or a model change redoes no more than it must. A document whose embedding
 * fails stays searchable by words; the failure is logged, not shown as an indexing error.
 */
export class Embedder {
  constructor(
    private readonly db: DataSource,
    private readonly client: EmbeddingClient,
    private readonly logger: Logger,
  ) {}

  register(queue: JobQueue) {
    queue.register(EMBED_JOB, {
      handle: (payload) => this.embedDocument(String(payload.documentId)),
      onFailed: async (payload, error) =>
        this.logger.warn('Embedding failed; the document stays searchable by words', {
          documentId: String(payload.documentId),
          error: error.message,
        }),
    });
  }

  /** Queues the document's embedding (in the indexing transaction when one is given). */
  static enqueue(queue: JobQueue, documentId: string, manager?: EntityManager) {
    return queue.enqueue(EMBED_JOB, { documentId }, manager, 5);
  }

  /** Queues every document with chunks lacking a vector of the current model and size (at start). */
  async backfill(queue: JobQueue): Promise<number> {
    const rows: { document_id: string }[] = await this.db.query(
      `SELECT DISTINCT c.document_id FROM chunks c
         LEFT JOIN chunk_embeddings e ON e.chunk_id = c.id AND e.model = $1
        WHERE e.chunk_id IS NULL
          AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.kind = $2 AND j.payload->>'documentId' = c.document_id::text
                           AND j.status IN ('queued', 'running'))`,
      [this.client.vectorSpace, EMBED_JOB],
    );
    for (const r of rows) await Embedder.enqueue(queue, r.document_id);
    return rows.length;
  }

  async embedDocument(documentId: string): Promise<void> {
    for (;;) {
      const rows: { id: string; workspace_id: string; title: string; text: string }[] =
        await this.db.query(
          `SELECT c.id, c.workspace_id, d.title, c.text FROM chunks c
             JOIN documents d ON d.id = c.document_id
             LEFT JOIN chunk_embeddings e ON e.chunk_id = c.id AND e.model = $2
            WHERE c.document_id = $1 AND e.chunk_id IS NULL
            ORDER BY c.ordinal LIMIT $3`,
          [documentId, this.client.vectorSpace, EMBED_BATCH],
        );
      if (rows.length === 0) return;
      let vectors: Float32Array[];
      try {
        // The title goes with every chunk: it is often what tells what the passage is about.
        vectors = await this.client.embed(rows.map((r) => `${r.title}\n${r.text}`));
      } catch (error) {
        if (error instanceof EmbeddingRefused) throw new PermanentJobError(error.message);
        throw error;
      }
      // A chunk deleted meanwhile (document re-indexed or removed) is skipped by the join.
      await this.db.query(
        `INSERT INTO chunk_embeddings (chunk_id, workspace_id, model, vector)
         SELECT c.id, c.workspace_id, $2, v.vector
           FROM unnest($1::uuid[], $3::bytea[]) AS v(chunk_id, vector)
           JOIN chunks c ON c.id = v.chunk_id
         ON CONFLICT (chunk_id) DO UPDATE SET model = excluded.model, vector = excluded.vector`,
        [rows.map((r) => r.id), this.client.vectorSpace, vectors.map(vectorToBytes)],
      );
    }
  }
}
