import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { Workspace } from '../members/workspace.entity.js';

/** Integration keys a source can have; uploads are `file_upload`. */
export type SourceKind = 'file_upload' | 'confluence' | 'jira' | 'google_docs';

/** A connected source of a workspace: for uploads, a named set of files with a description. */
@Entity({ name: 'sources' })
export class Source {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index('idx_sources_workspace')
  @Column({ type: 'uuid', name: 'workspace_id' })
  workspaceId: string;

  @ManyToOne(() => Workspace, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workspace_id' })
  workspace?: Workspace;

  @Column({ type: 'text' })
  kind: SourceKind;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text', default: '' })
  description: string;

  @Column({ type: 'uuid', name: 'created_by_id', nullable: true })
  createdById: string | null;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt: Date;
}
