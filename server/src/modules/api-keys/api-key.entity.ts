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
 * A key an API consumer sends instead of a person's token. Only a keyed hash of the secret is
 * stored; its first characters are kept as a prefix to tell keys apart. It acts as its creator,
 * within its own permissions and the creator's current ones.
 */
@Entity({ name: 'api_keys' })
@Index(['workspaceId', 'createdAt'])
export class ApiKey {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid', name: 'workspace_id' })
  workspaceId: string;

  /** The creator: the key acts as this person. Removing them deletes their keys. */
  @Column({ type: 'uuid', name: 'user_id' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text' })
  prefix: string;

  @Index({ unique: true })
  @Column({ type: 'text', name: 'secret_hash' })
  secretHash: string;

  @Column({ type: 'text', array: true })
  permissions: string[];

  @Column({ type: 'timestamptz', name: 'expires_at', nullable: true })
  expiresAt: Date | null;

  @Column({ type: 'timestamptz', name: 'revoked_at', nullable: true })
  revokedAt: Date | null;

  @Column({ type: 'timestamptz', name: 'last_used_at', nullable: true })
  lastUsedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt: Date;
}
