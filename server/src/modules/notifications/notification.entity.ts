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
 * Something a member should know about (a sync that brought new items or failed, a connection
 * to authorize again, an invitation accepted, a file that could not be read, an answer voted
 * down): shown under the bell until read.
 */
@Entity({ name: 'notifications' })
@Index('idx_notifications_user_created', ['userId', 'createdAt'])
// One unread notice per subject (a source failing every interval updates its notice).
@Index('uq_notifications_unread_key', ['userId', 'key'], {
  unique: true,
  where: 'read_at IS NULL AND key IS NOT NULL',
})
export class Notification {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid', name: 'workspace_id' })
  workspaceId: string;

  @Column({ type: 'uuid', name: 'user_id' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  /** sync_finished, sync_failed, needs_reauth, invitation_accepted, member_joined, file_failed, answer_down. */
  @Column({ type: 'text' })
  kind: string;

  @Column({ type: 'text' })
  title: string;

  @Column({ type: 'text', default: '' })
  body: string;

  /** A path in the app (`/app/connectors`), never an outside address. */
  @Column({ type: 'text', nullable: true })
  link: string | null;

  /** What the notice is about (e.g. `source:<id>:failed`): a newer one replaces an unread one. */
  @Column({ type: 'text', nullable: true })
  key: string | null;

  @Column({ type: 'timestamptz', name: 'read_at', nullable: true })
  readAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt: Date;
}
