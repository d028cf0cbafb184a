import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'workspaces' })
export class Workspace {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'text' })
  name: string;

  /** Conversations untouched for longer than this are deleted with their turns and votes. */
  @Column({ type: 'integer', name: 'conversation_retention_days', default: 90 })
  conversationRetentionDays: number;

  /**
   * Password sign-in is refused to the workspace's members (single sign-on only), except the
   * break-glass owner: its earliest-created admin.
   */
  @Column({ type: 'boolean', name: 'sso_enforced', default: false })
  ssoEnforced: boolean;

  /**
   * People with a verified address at one of the workspace's proven domains may join it
   * themselves (with the default role) instead of waiting for an invitation.
   */
  @Column({ type: 'boolean', name: 'join_by_domain', default: false })
  joinByDomain: boolean;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt: Date;
}
