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
 * The `state` of one account-linking authorization: random per call, bound to the member who
 * started it, short-lived and used once (it defeats a forged or replayed callback). Stored only
 * as a keyed hash, like the connectors' states.
 */
@Entity({ name: 'linked_account_states' })
export class LinkState {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index('uq_linked_account_states_hash', { unique: true })
  @Column({ type: 'text', name: 'state_hash' })
  stateHash: string;

  @Column({ type: 'uuid', name: 'user_id' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'uuid', name: 'workspace_id' })
  workspaceId: string;

  /** atlassian, google or github. */
  @Column({ type: 'text' })
  provider: string;

  /** Whether read scopes were asked for (the token is then kept, sealed, with the link). */
  @Column({ type: 'boolean', name: 'read_access', default: false })
  readAccess: boolean;

  @Column({ type: 'timestamptz', name: 'expires_at' })
  expiresAt: Date;

  @Column({ type: 'timestamptz', name: 'used_at', nullable: true })
  usedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt: Date;
}
