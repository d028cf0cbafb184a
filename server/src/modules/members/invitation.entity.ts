import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import type { RoleKey } from '../identity/permissions.js';
import { User } from '../identity/user.entity.js';
import { Workspace } from '../identity/workspace.entity.js';

/**
 * An invitation to join a workspace with the roles chosen at invite time. The link's token is
 * stored only as a keyed hash; resending replaces it, so an older link stops working.
 */
@Entity({ name: 'invitations' })
@Index('uq_invitations_open_email', ['workspaceId', 'email'], {
  unique: true,
  where: 'accepted_at IS NULL AND revoked_at IS NULL',
})
export class Invitation {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid', name: 'workspace_id' })
  workspaceId: string;

  @ManyToOne(() => Workspace, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workspace_id' })
  workspace?: Workspace;

  @Column({ type: 'text' })
  email: string;

  @Column({ type: 'text', array: true })
  roles: RoleKey[];

  @Column({ type: 'text', nullable: true })
  message: string | null;

  @Index('uq_invitations_token_hash', { unique: true })
  @Column({ type: 'text', name: 'token_hash' })
  tokenHash: string;

  @Column({ type: 'uuid', name: 'invited_by_id', nullable: true })
  invitedById: string | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'invited_by_id' })
  invitedBy?: User | null;

  @Column({ type: 'timestamptz', name: 'expires_at' })
  expiresAt: Date;

  @Column({ type: 'timestamptz', name: 'last_sent_at' })
  lastSentAt: Date;

  @Column({ type: 'integer', name: 'send_count', default: 1 })
  sendCount: number;

  /**
   * Whether the current link was mailed to the address (false once a link was copied to hand
   * over another way): accepting a mailed link proves the address, a copied one does not.
   */
  @Column({ type: 'boolean', name: 'token_mailed', default: true })
  tokenMailed: boolean;

  @Column({ type: 'timestamptz', name: 'accepted_at', nullable: true })
  acceptedAt: Date | null;

  @Column({ type: 'timestamptz', name: 'revoked_at', nullable: true })
  revokedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt: Date;
}
