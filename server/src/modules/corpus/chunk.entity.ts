import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { SourceDocument } from './document.entity.js';

export interface ChunkLocation {
  kind: 'page' | 'sheet' | 'slide' | 'document';
  index: number;
  name?: string;
}

/**
 * A passage of a document, sized for retrieval and for an LLM's context. `tsv` (title weighted
 * A, text D) is written by SQL at insert time and searched through a GIN index that the
 * migration creates (TypeORM cannot declare GIN indexes).
 */
@Entity({ name: 'chunks' })
@Index('idx_chunks_document', ['documentId', 'ordinal'], { unique: true })
export class Chunk {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index('idx_chunks_workspace')
  @Column({ type: 'uuid', name: 'workspace_id' })
  workspaceId: string;

  /** Indexed: a member who reads a few sources has their candidates intersected by it. */
  @Index('idx_chunks_source')
  @Column({ type: 'uuid', name: 'source_id' })
  sourceId: string;

  @Column({ type: 'uuid', name: 'document_id' })
  documentId: string;

  @ManyToOne(() => SourceDocument, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'document_id' })
  document?: SourceDocument;

  @Column({ type: 'integer' })
  ordinal: number;

  @Column({ type: 'text' })
  text: string;

  /** Tokens in `tsv` (title included): the document length of BM25. */
  @Column({ type: 'integer', default: 0 })
  length: number;

  @Column({ type: 'jsonb', nullable: true })
  location: ChunkLocation | null;

  /** The document's `acl`, copied so the visibility filter needs no join (GIN, by migration). */
  @Index('idx_chunks_acl', { synchronize: false })
  @Column({ type: 'text', array: true, nullable: true })
  acl: string[] | null;

  @Index('idx_chunks_tsv', { synchronize: false }) // GIN, created by the AddSources migration
  @Column({ type: 'tsvector', select: false })
  tsv: string;
}
