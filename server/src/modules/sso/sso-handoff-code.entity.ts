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
 * The single-use code the callback hands the browser (in the URL fragment) instead of tokens:
 * completeSsoSignIn exchanges it, once, within 60 seconds, for the session `family_id` names.
 */
@Entity({ name: 'sso_handoff_codes' })
export class SsoHandoffCode {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index('uq_sso_handoff_codes_hash', { unique: true })
  @Column({ type: 'text', name: 'code_hash' })
  codeHash: string;

  @Column({ type: 'uuid', name: 'user_id' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  /** The refresh-token family the session will get (its id_token is kept under it). */
  @Column({ type: 'uuid', name: 'family_id' })
  familyId: string;

  @Column({ type: 'timestamptz', name: 'expires_at' })
  expiresAt: Date;

  @Column({ type: 'timestamptz', name: 'used_at', nullable: true })
  usedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt: Date;
}
