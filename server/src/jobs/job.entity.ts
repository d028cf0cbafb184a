import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

/**
 * A unit of background work in Postgres. Workers claim due jobs with FOR UPDATE SKIP LOCKED, so
 * several app instances share the queue and a restart resumes what was queued or running.
 */
@Entity({ name: 'jobs' })
@Index('idx_jobs_due', ['status', 'runAt'])
// One live job per key (e.g. one sync per source); finished jobs keep their key for history.
@Index('uq_jobs_singleton_live', ['singletonKey'], {
  unique: true,
  where: `"status" IN ('queued', 'running')`,
})
export class Job {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'text' })
  kind: string;

  @Column({ type: 'jsonb' })
  payload: Record<string, unknown>;

  @Column({ type: 'text', default: 'queued' })
  status: JobStatus;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  /** At most one queued or running job per key. */
  @Column({ type: 'text', name: 'singleton_key', nullable: true })
  singletonKey: string | null;

  @Column({ type: 'integer', name: 'max_attempts', default: 3 })
  maxAttempts: number;

  @Column({ type: 'timestamptz', name: 'run_at', default: () => 'now()' })
  runAt: Date;

  /** A running job whose lease ran out (its worker died) is taken again. */
  @Column({ type: 'timestamptz', name: 'locked_until', nullable: true })
  lockedUntil: Date | null;

  /** The instance that claimed the job (see Config.instanceId). */
  @Column({ type: 'text', name: 'locked_by', nullable: true })
  lockedBy: string | null;

  /**
   * Asked to run again now while it was running (a resync, the end of the sync it waited for):
   * the step's continuation then runs at once instead of after its delay, so the wake is not lost.
   */
  @Column({ type: 'boolean', name: 'wake_requested', default: false })
  wakeRequested: boolean;

  @Column({ type: 'text', name: 'last_error', nullable: true })
  lastError: string | null;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt: Date;

  @Column({ type: 'timestamptz', name: 'finished_at', nullable: true })
  finishedAt: Date | null;
}
