import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { SsoConnection } from './sso-connection.entity.js';

/**
 * One sign-in started at /api/auth/sso/:id/start: the state (hashed), the nonce, the PKCE
 * verifier (sealed, context `sso-login:<id>`), and a hash of the browser cookie it was started
 * from. Used once, within ten minutes.
 */
@Entity({ name: 'sso_login_attempts' })
export class SsoLoginAttempt {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index('uq_sso_login_attempts_state', { unique: true })
  @Column({ type: 'text', name: 'state_hash' })
  stateHash: string;

  @Column({ type: 'text', name: 'browser_hash' })
  browserHash: string;

  @Column({ type: 'text' })
  nonce: string;

  @Column({ type: 'text', name: 'sealed_code_verifier' })
  sealedCodeVerifier: string;

  @Column({ type: 'uuid', name: 'connection_id' })
  connectionId: string;

  @ManyToOne(() => SsoConnection, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'connection_id' })
  connection?: SsoConnection;

  @Column({ type: 'text', name: 'return_to', nullable: true })
  returnTo: string | null;

  @Index('idx_sso_login_attempts_expires')
  @Column({ type: 'timestamptz', name: 'expires_at' })
  expiresAt: Date;

  @Column({ type: 'timestamptz', name: 'used_at', nullable: true })
  usedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt: Date;
}
