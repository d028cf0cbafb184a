import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One thing that happened in a workspace, for its admins: who (a person, or an API key and its
 * creator), what, to what, from where. Append-only: nothing updates an event (a trigger refuses
 * it), and only the retention job deletes old ones.
 */
@Entity({ name: 'audit_events' })
@Index(['workspaceId', 'at', 'id'])
export class AuditEvent {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid', name: 'workspace_id' })
  workspaceId: string;

  /** Millisecond precision: what a JavaScript Date (and so a page cursor) holds exactly. */
  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  at: Date;

  /** e.g. member.roles_changed; see AUDIT_ACTIONS. */
  @Column({ type: 'text' })
  action: string;

  /** The person (kept after they are removed: no foreign key). */
  @Column({ type: 'uuid', name: 'actor_id', nullable: true })
  actorId: string | null;

  /** The person's address at the time. */
  @Column({ type: 'text', name: 'actor_email', nullable: true })
  actorEmail: string | null;

  /** Set when the person acted through an API key. */
  @Column({ type: 'uuid', name: 'api_key_id', nullable: true })
  apiKeyId: string | null;

  @Column({ type: 'text', name: 'target_type', nullable: true })
  targetType: string | null;

  @Column({ type: 'text', name: 'target_id', nullable: true })
  targetId: string | null;

  @Column({ type: 'text', name: 'target_label', nullable: true })
  targetLabel: string | null;

  /** What else the event records (an access change's before and after), as JSON. */
  @Column({ type: 'jsonb', nullable: true })
  details: Record<string, unknown> | null;

  @Column({ type: 'text', nullable: true })
  ip: string | null;

  @Column({ type: 'text', name: 'user_agent', nullable: true })
  userAgent: string | null;
}
