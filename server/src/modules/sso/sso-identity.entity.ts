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
import { SsoConnection } from './sso-connection.entity.js';

/** A member's account at an identity provider: keyed by the IdP's subject, never the email. */
@Entity({ name: 'sso_identities' })
@Index('uq_sso_identities_subject', ['connectionId', 'subject'], { unique: true })
@Index('uq_sso_identities_user', ['connectionId', 'userId'], { unique: true })
export class SsoIdentity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid', name: 'connection_id' })
  connectionId: string;

  @ManyToOne(() => SsoConnection, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'connection_id' })
  connection?: SsoConnection;

  @Column({ type: 'text' })
  subject: string;

  @Index('idx_sso_identities_user')
  @Column({ type: 'uuid', name: 'user_id' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  /** The email the IdP sent at the last sign-in (for the admin's eyes; never a key). */
  @Column({ type: 'text', name: 'email_at_login', nullable: true })
  emailAtLogin: string | null;

  @Column({ type: 'timestamptz', name: 'last_login_at', nullable: true })
  lastLoginAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt: Date;
}
