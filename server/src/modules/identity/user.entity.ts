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
import { Workspace } from './workspace.entity.js';
import type { RoleKey } from './permissions.js';

@Entity({ name: 'users' })
export class User {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index('idx_users_workspace')
  @Column({ type: 'uuid', name: 'workspace_id' })
  workspaceId: string;

  @ManyToOne(() => Workspace, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workspace_id' })
  workspace?: Workspace;

  /** Always stored lower-cased and trimmed; unique across the installation. */
  @Index('uq_users_email', { unique: true })
  @Column({ type: 'text' })
  email: string;

  @Column({ type: 'text', name: 'first_name', default: '' })
  firstName: string;

  @Column({ type: 'text', name: 'last_name', default: '' })
  lastName: string;

  @Column({ type: 'text', name: 'password_hash' })
  passwordHash: string;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  roles: RoleKey[];

  @Column({ type: 'boolean', name: 'marketing_opt_in', default: false })
  marketingOptIn: boolean;

  /** Sign-in answers a `session` and the user must choose a new password (/reset-password). */
  @Column({ type: 'boolean', name: 'password_change_required', default: false })
  passwordChangeRequired: boolean;

  /** Sign-in answers PASSWORDRESETREQUIRED and the user must reset by mailed code. */
  @Column({ type: 'boolean', name: 'password_reset_required', default: false })
  passwordResetRequired: boolean;

  /** Bumped to end every session at once (password reset, removal): tokens carry it as `ver`. */
  @Column({ type: 'integer', name: 'token_version', default: 0 })
  tokenVersion: number;

  /**
   * Set when the company's identity provider deactivated the person (SCIM): they cannot sign in,
   * their sessions, refresh tokens and API keys end, and every request they make is refused.
   * Null for an active member.
   */
  @Column({ type: 'timestamptz', name: 'deactivated_at', nullable: true })
  deactivatedAt: Date | null;

  /**
   * The identity provider's own id for the person (SCIM `externalId`), null when SCIM never set
   * one. Looked up by the IdP's `externalId eq` filter, so indexed.
   */
  @Index('idx_users_scim_external_id')
  @Column({ type: 'text', name: 'scim_external_id', nullable: true })
  scimExternalId: string | null;

  /**
   * When the person proved they receive mail at `email` (a mailed code or link, a mailed
   * invitation, or an identity provider vouching). Null: unverified. Whatever trusts an email
   * (matching a Slack person, joining a workspace by domain) trusts only verified ones.
   */
  @Column({ type: 'timestamptz', name: 'email_verified_at', nullable: true })
  emailVerifiedAt: Date | null;

  @Column({ type: 'timestamptz', name: 'last_sign_in_at', nullable: true })
  lastSignInAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' })
  updatedAt: Date;
}
