import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Chunk } from './chunk.entity.js';

/**
 * A chunk's embedding, in its own table so the lexical hot path never reads it. float32 bytes
 * rather than a pgvector column: pgvector is not available on every Postgres we run on (the
 * embedded one included), and vectors are only compared for a query's candidates.
 */
@Entity({ name: 'chunk_embeddings' })
export class ChunkEmbedding {
  @PrimaryColumn({ type: 'uuid', name: 'chunk_id' })
  chunkId: string;

  @ManyToOne(() => Chunk, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'chunk_id' })
  chunk?: Chunk;

  @Column({ type: 'uuid', name: 'workspace_id' })
  workspaceId: string;

  /** Model and size that made the vector (`model/dimensions`); others are ignored and redone. */
  @Column({ type: 'text' })
  model: string;

  @Column({ type: 'bytea' })
  vector: Buffer;
}
