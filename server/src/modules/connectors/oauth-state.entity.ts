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

/**
 * The `state` of one OAuth authorization: random per call, bound to the user who asked for it,
 * short-lived and used once (it defeats a forged callback). Stored only as a keyed hash. Once
 * used, it remembers which source it connected, so the same callback sent twice answers the same.
 */
@Entity({ name: 'connector_oauth_states' })
export class OAuthState {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index('uq_connector_oauth_states_hash', { unique: true })
  @Column({ type: 'text', name: 'state_hash' })
  stateHash: string;

  @Column({ type: 'uuid', name: 'user_id' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'uuid', name: 'workspace_id' })
  workspaceId: string;

  /** The integration it authorizes (`confluence`, `jira`). */
  @Column({ type: 'text' })
  provider: string;

  /** What the form held when Authorize was pressed (site, space keys). */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  settings: Record<string, string>;

  /** Hash of the code it was exchanged with, so a repeated callback is recognised. */
  @Column({ type: 'text', name: 'code_hash', nullable: true })
  codeHash: string | null;

  @Column({ type: 'uuid', name: 'source_id', nullable: true })
  sourceId: string | null;

  @Column({ type: 'timestamptz', name: 'expires_at' })
  expiresAt: Date;

  @Column({ type: 'timestamptz', name: 'used_at', nullable: true })
  usedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt: Date;
}
