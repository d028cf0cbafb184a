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
 * One opaque refresh token, stored as a keyed hash. Tokens rotated from one sign-in share a
 * family; presenting a token that was already used revokes the whole family (theft detection).
 */
@Entity({ name: 'refresh_tokens' })
export class RefreshToken {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index('idx_refresh_tokens_user')
  @Column({ type: 'uuid', name: 'user_id' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Index('idx_refresh_tokens_family')
  @Column({ type: 'uuid', name: 'family_id' })
  familyId: string;

  @Index('uq_refresh_tokens_hash', { unique: true })
  @Column({ type: 'text', name: 'token_hash' })
  tokenHash: string;

  /** The browser or program that signed in (its User-Agent, clipped), for the sessions list. */
  @Column({ type: 'text', name: 'user_agent', nullable: true })
  userAgent: string | null;

  @Column({ type: 'boolean', name: 'remember', default: false })
  remember: boolean;

  @Column({ type: 'timestamptz', name: 'expires_at' })
  expiresAt: Date;

  @Column({ type: 'timestamptz', name: 'used_at', nullable: true })
  usedAt: Date | null;

  @Column({ type: 'timestamptz', name: 'revoked_at', nullable: true })
  revokedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt: Date;
}
