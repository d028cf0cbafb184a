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
 * A member's own account at a connected tool's provider (Atlassian, Google, GitHub), proven
 * through that provider's OAuth. Keyed by the provider's stable account id; the email is kept
 * only when the provider says it is verified. A provider token is kept (sealed) only when the
 * member agreed to let Lumen ask the tool what they may read (sources whose connection may not
 * read the tool's permissions).
 */
@Entity({ name: 'linked_accounts' })
// One account per provider per member: linking again replaces it.
@Index('uq_linked_accounts_user_provider', ['userId', 'provider'], { unique: true })
// One provider account belongs to at most one member of a workspace.
@Index('uq_linked_accounts_workspace_account', ['workspaceId', 'provider', 'accountId'], {
  unique: true,
})
export class LinkedAccount {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid', name: 'workspace_id' })
  workspaceId: string;

  @Column({ type: 'uuid', name: 'user_id' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  /** atlassian, google or github. */
  @Column({ type: 'text' })
  provider: string;

  /** Atlassian account_id, Google sub, GitHub numeric user id (as text). */
  @Column({ type: 'text', name: 'account_id' })
  accountId: string;

  /** Only an address the provider says is verified; else null. */
  @Column({ type: 'text', nullable: true })
  email: string | null;

  /** Google's `hd`: the Google Workspace domain that manages the account (domain shares). */
  @Column({ type: 'text', name: 'hosted_domain', nullable: true })
  hostedDomain: string | null;

  /**
   * The member's own token at the provider (Credentials JSON, sealed under `linked-account:<id>`),
   * with read scopes: what the permission sync asks the tool with, to learn what this member may
   * read. Null when the link only identifies the member, or once the token stopped working.
   */
  @Column({ type: 'text', name: 'sealed_token', nullable: true })
  sealedToken: string | null;

  @CreateDateColumn({ type: 'timestamptz', name: 'linked_at' })
  linkedAt: Date;
}
