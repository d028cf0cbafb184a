import type { DataSource } from 'typeorm';
import { bytesToVector, similarity, type EmbeddingClient } from '../../../ai/embedding-client.js';
import type { Logger } from '../../../shared/logger.js';
import type { RetrievalQuery, RetrievalResult, Retriever, ScoredChunk } from './retriever.js';

export const HYBRID = {
  /** How many lexical candidates are ranked again by meaning. */
  depth: 100,
  /** Reciprocal rank fusion constant (Cormack et al. 2009): 60 is the usual, robust choice. */
  rrfK: 60,
  /** An answer should not wait long on the query's vector: past this, words alone decide. */
  queryTimeoutMs: 3_000,
};

/**
 * Hybrid retrieval: the lexical retriever's best `depth` candidates are ranked again by the
 * cosine similarity of their embeddings to the question's, and the two rankings are fused with
 * reciprocal rank fusion. Candidates come from words (BM25F with relaxed any-term matching), so
 * meaning re-orders what words found rather than finding passages sharing no word with the
 * question: a dense first stage needs an ANN index (pgvector), which not every Postgres we run
 * on has. When the question cannot be embedded (provider down, slow, refused) words decide alone.
 */
export class HybridRetriever implements Retriever {
  constructor(
    private readonly db: DataSource,
    private readonly lexical: Retriever,
    private readonly embeddings: EmbeddingClient,
    private readonly logger: Logger,
  ) {}

  async retrieve(query: RetrievalQuery): Promise<RetrievalResult> {
    const limit = Math.floor(query.limit);
    const [lexical, queryVector] = await Promise.all([
      this.lexical.retrieve({ ...query, limit: Math.max(limit, HYBRID.depth) }),
      // A follow-up's meaning includes what it refers to: its carried words are embedded with it.
      this.embedQuestion(query.context ? `${query.text} ${query.context}` : query.text),
    ]);
    if (!queryVector || lexical.chunks.length < 2) {
      return { ...lexical, chunks: lexical.chunks.slice(0, limit) };
    }
    const rows: { chunk_id: string; vector: Buffer }[] = await this.db.query(
      `SELECT chunk_id, vector FROM chunk_embeddings
        WHERE chunk_id = ANY($1::uuid[]) AND model = $2 AND workspace_id = $3`,
      [lexical.chunks.map((c) => c.chunkId), this.embeddings.vectorSpace, query.reader.workspaceId],
    );
    const denseRank = new Map(
      rows
        .map((r) => ({ id: r.chunk_id, sim: similarity(queryVector, bytesToVector(r.vector)) }))
        .sort((a, b) => b.sim - a.sim)
        .map((r, i) => [r.id, i + 1]),
    );
    return { ...lexical, chunks: fuse(lexical.chunks, denseRank).slice(0, limit) };
  }

  private async embedQuestion(text: string): Promise<Float32Array | null> {
    try {
      const [vector] = await this.embeddings.embed(
        [text],
        AbortSignal.timeout(HYBRID.queryTimeoutMs),
      );
      return vector;
    } catch (error) {
      this.logger.warn('Question not embedded; ranking by words alone', {
        error: error instanceof Error ? error.message : String(error),
      });
      return null;
    }
  }
}

/**
 * Reciprocal rank fusion of the lexical order (its array order) with the dense ranks. A chunk
 * without a vector yet (still embedding) keeps its lexical share only.
 */
export function fuse(lexical: ScoredChunk[], denseRank: Map<string, number>): ScoredChunk[] {
  return lexical
    .map((chunk, i) => {
      const dense = denseRank.get(chunk.chunkId);
      const score = 1 / (HYBRID.rrfK + i + 1) + (dense ? 1 / (HYBRID.rrfK + dense) : 0);
      return { ...chunk, score };
    })
    .sort((a, b) => b.score - a.score);
}
