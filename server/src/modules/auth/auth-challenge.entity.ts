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

export type ChallengeKind =
  'password_reset_code' | 'new_password_session' | 'email_verification_code';

/**
 * A single-use secret that expires: a mailed reset or email-verification code, or a
 * forced-new-password session.
 */
@Entity({ name: 'auth_challenges' })
@Index('idx_auth_challenges_user_kind', ['userId', 'kind'])
export class AuthChallenge {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid', name: 'user_id' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'text' })
  kind: ChallengeKind;

  @Column({ type: 'text', name: 'secret_hash' })
  secretHash: string;

  @Column({ type: 'integer', name: 'failed_attempts', default: 0 })
  failedAttempts: number;

  @Column({ type: 'timestamptz', name: 'expires_at' })
  expiresAt: Date;

  @Column({ type: 'timestamptz', name: 'used_at', nullable: true })
  usedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt: Date;
}
