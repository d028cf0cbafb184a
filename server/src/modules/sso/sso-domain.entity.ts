import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { Workspace } from '../identity/workspace.entity.js';

/**
 * An email domain a workspace claims. It routes people to the workspace only once proven by a
 * DNS TXT record carrying `txt_token`; once verified it belongs to one workspace only.
 */
@Entity({ name: 'sso_domains' })
@Index('uq_sso_domains_workspace_domain', ['workspaceId', 'domain'], { unique: true })
@Index('uq_sso_domains_verified', ['domain'], { unique: true, where: 'verified_at IS NOT NULL' })
export class SsoDomain {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid', name: 'workspace_id' })
  workspaceId: string;

  @ManyToOne(() => Workspace, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workspace_id' })
  workspace?: Workspace;

  @Column({ type: 'text' })
  domain: string;

  @Column({ type: 'text', name: 'txt_token' })
  txtToken: string;

  @Column({ type: 'timestamptz', name: 'verified_at', nullable: true })
  verifiedAt: Date | null;

  @Column({ type: 'timestamptz', name: 'last_checked_at', nullable: true })
  lastCheckedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt: Date;
}
