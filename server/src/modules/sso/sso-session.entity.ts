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

/**
 * A Lumen session (refresh-token family) that began at an identity provider: its id_token is
 * kept sealed (context `sso-session:<id>`) as the hint for the IdP's logout.
 */
@Entity({ name: 'sso_sessions' })
export class SsoSession {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index('uq_sso_sessions_family', { unique: true })
  @Column({ type: 'uuid', name: 'family_id' })
  familyId: string;

  @Index('idx_sso_sessions_user')
  @Column({ type: 'uuid', name: 'user_id' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'uuid', name: 'connection_id' })
  connectionId: string;

  @ManyToOne(() => SsoConnection, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'connection_id' })
  connection?: SsoConnection;

  @Column({ type: 'text', name: 'sealed_id_token', nullable: true })
  sealedIdToken: string | null;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt: Date;
}
