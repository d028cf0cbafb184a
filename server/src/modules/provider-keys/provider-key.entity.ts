import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { User } from '../identity/user.entity.js';

/**
 * A user's AI provider key (SPEC's "openai integration"): sealed with AES-256-GCM bound to its
 * owner, shown back only masked.
 */
@Entity({ name: 'provider_keys' })
export class ProviderKey {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index('uq_provider_keys_user', { unique: true })
  @Column({ type: 'uuid', name: 'user_id' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'uuid', name: 'workspace_id' })
  workspaceId: string;

  @Column({ type: 'text', default: 'openai' })
  provider: string;

  /** `v1.<iv>.<tag>.<ciphertext>`; the AAD is `provider-key:<userId>`. */
  @Column({ type: 'text', name: 'sealed_value' })
  sealedValue: string;

  /** The masked form (e.g. `sk-…abcd`), so reads never need the plaintext. */
  @Column({ type: 'text' })
  masked: string;

  /** When the provider last accepted the key (null: not verified or refused). */
  @Column({ type: 'timestamptz', name: 'verified_at', nullable: true })
  verifiedAt: Date | null;

  /** When the provider refused the key in use; nothing calls it until it is saved again. */
  @Column({ type: 'timestamptz', name: 'invalid_at', nullable: true })
  invalidAt: Date | null;

  /** The provider's refusal, in words a user can act on (never the key). */
  @Column({ type: 'text', name: 'invalid_reason', nullable: true })
  invalidReason: string | null;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' })
  updatedAt: Date;
}

/** Connector settings a user saved by integration name (SPEC §3 integration settings record). */
@Entity({ name: 'integration_settings' })
@Index('uq_integration_settings_user_name', ['userId', 'name'], { unique: true })
export class IntegrationSetting {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid', name: 'user_id' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'uuid', name: 'workspace_id' })
  workspaceId: string;

  /** Lower-case integration name, e.g. `confluence`. */
  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text', default: '' })
  domain: string;

  @Column({ type: 'text', default: '' })
  username: string;

  /** The password / API token, sealed like provider keys (AAD `integration:<userId>:<name>`). */
  @Column({ type: 'text', name: 'sealed_password', nullable: true })
  sealedPassword: string | null;

  @Column({ type: 'text', default: '' })
  spacekey: string;

  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' })
  updatedAt: Date;
}
