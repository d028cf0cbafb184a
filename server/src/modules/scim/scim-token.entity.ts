import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { User } from '../identity/user.entity.js';
import { Workspace } from '../identity/workspace.entity.js';

/**
 * The bearer token a workspace's identity provider sends to /scim/v2. Only a keyed hash of the
 * secret is stored, with its first and last characters to tell tokens apart. A workspace has at
 * most one live token: creating one revokes the one before (the partial unique index holds it).
 */
@Entity({ name: 'scim_tokens' })
@Index('uq_scim_tokens_live', ['workspaceId'], { unique: true, where: 'revoked_at IS NULL' })
export class ScimToken {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid', name: 'workspace_id' })
  workspaceId: string;

  @ManyToOne(() => Workspace, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workspace_id' })
  workspace?: Workspace;

  @Index('uq_scim_tokens_secret_hash', { unique: true })
  @Column({ type: 'text', name: 'secret_hash' })
  secretHash: string;

  /** The first characters of the secret, e.g. lumenscim_Ab3x. */
  @Column({ type: 'text' })
  prefix: string;

  @Column({ type: 'text' })
  last4: string;

  /** The admin who created it (kept as null when they are removed). */
  @Column({ type: 'uuid', name: 'created_by', nullable: true })
  createdBy: string | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'created_by' })
  creator?: User | null;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt: Date;

  @Column({ type: 'timestamptz', name: 'last_used_at', nullable: true })
  lastUsedAt: Date | null;

  @Column({ type: 'timestamptz', name: 'revoked_at', nullable: true })
  revokedAt: Date | null;
}
