import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * An upload URL that was handed out: whose it is, what it may hold and until when. The URL takes
 * one PUT; confirming it (once; a second confirm answers the same document) turns the stored
 * bytes into a document. Until then its size counts toward the workspace quota; expired ones
 * are deleted with their bytes.
 */
@Entity({ name: 'pending_uploads' })
export class PendingUpload {
  /** The server-generated storage key (also the `fileKey` the client confirms). */
  @PrimaryColumn({ type: 'text' })
  key: string;

  @Column({ type: 'uuid', name: 'workspace_id' })
  workspaceId: string;

  @Column({ type: 'uuid', name: 'user_id' })
  userId: string;

  @Column({ type: 'uuid', name: 'source_id' })
  sourceId: string;

  @Column({ type: 'text', name: 'file_name' })
  fileName: string;

  @Column({ type: 'text', name: 'file_type' })
  fileType: string;

  @Column({
    type: 'bigint',
    name: 'max_size',
    transformer: { to: (v: number) => v, from: (v: string) => Number(v) },
  })
  maxSize: number;

  /** When the one PUT this URL allows was received (null: not yet, or it failed). */
  @Column({ type: 'timestamptz', name: 'put_at', nullable: true })
  putAt: Date | null;

  @Column({ type: 'timestamptz', name: 'expires_at' })
  expiresAt: Date;

  /** The document this upload replaces (the user chose Replace): deleted when this is confirmed. */
  @Column({ type: 'uuid', name: 'replace_document_id', nullable: true })
  replaceDocumentId: string | null;

  @Column({ type: 'uuid', name: 'document_id', nullable: true })
  documentId: string | null;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt: Date;
}
