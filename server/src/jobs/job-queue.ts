import type { DataSource, EntityManager } from 'typeorm';
import type { Logger } from '../shared/logger.js';
import { Job } from './job.entity.js';

export type JobHandler = (payload: Record<string, unknown>, job: Job) => Promise<void>;

/** A failure that retrying cannot fix (e.g. a corrupt file): the job fails at once. */
export class PermanentJobError extends Error {}

export interface JobKind {
  handle: JobHandler;
  /** Called once when the job has failed for good (after retries, or a PermanentJobError). */
  onFailed?: (payload: Record<string, unknown>, error: Error) => Promise<void>;
}

const LEASE_SECONDS = 120;

/**
 * A Postgres-backed queue: jobs survive restarts, several app instances share them (claims use
 * FOR UPDATE SKIP LOCKED), failures retry with exponential backoff, and a job whose worker died
 * is taken again when its lease runs out.
 */
export class JobQueue {
  private kinds = new Map<string, JobKind>();
  private running = 0;
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;
  private idle: (() => void)[] = [];

  constructor(
    private readonly db: DataSource,
    private readonly logger: Logger,
    private readonly options: { concurrency: number; pollMs: number } = {
      concurrency: 2,
      pollMs: 500,
    },
  ) {}

  register(kind: string, definition: JobKind) {
    this.kinds.set(kind, definition);
  }

  async enqueue(
    kind: string,
    payload: Record<string, unknown>,
    manager?: EntityManager,
    maxAttempts = 3,
  ) {
    const job = await (manager ?? this.db.manager)
      .getRepository(Job)
      .save({ kind, payload, maxAttempts });
    // Outside a transaction the job is visible now; inside one, the next poll picks it up.
    if (!manager) this.kick();
    return job;
  }

  start() {
    this.stopped = false;
    this.kick();
  }

  /** Stops claiming; waits for running jobs to finish. */
  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.running > 0) await new Promise<void>((resolve) => this.idle.push(resolve));
  }

  /** Look for work now rather than at the next poll. */
  kick() {
    if (this.stopped) return;
    clearTimeout(this.timer);
    setImmediate(() => void this.poll());
  }

  private async poll() {
    if (this.stopped) return;
    try {
      const free = this.options.concurrency - this.running;
      if (free > 0) {
        const jobs = await this.claim(free);
        for (const job of jobs) void this.run(job);
      }
    } catch (error) {
      this.logger.error('Job queue poll failed', { error });
    }
    if (!this.stopped) {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => void this.poll(), this.options.pollMs);
      this.timer.unref();
    }
  }

  private async claim(limit: number): Promise<Job[]> {
    const kinds = [...this.kinds.keys()];
    if (kinds.length === 0) return [];
    const rows: Record<string, unknown>[] = await this.db.query(
      // (Wrapped in a CTE: TypeORM answers a bare UPDATE … RETURNING as [rows, count].)
      `WITH claimed AS (
       UPDATE jobs SET status = 'running', attempts = attempts + 1,
              locked_until = now() + make_interval(secs => $3)
        WHERE id IN (
          SELECT id FROM jobs
           WHERE kind = ANY($1)
             AND ((status = 'queued' AND run_at <= now()) OR (status = 'running' AND locked_until < now()))
           ORDER BY run_at
           LIMIT $2
           FOR UPDATE SKIP LOCKED)
        RETURNING id, kind, payload, attempts, max_attempts)
       SELECT * FROM claimed`,
      [kinds, limit, LEASE_SECONDS],
    );
    return rows.map((r) =>
      Object.assign(new Job(), {
        id: r.id,
        kind: r.kind,
        payload: r.payload,
        attempts: r.attempts,
        maxAttempts: r.max_attempts,
      }),
    );
  }

  private async run(job: Job) {
    this.running++;
    const kind = this.kinds.get(job.kind);
    if (!kind) throw new Error(`No handler for job kind ${job.kind}`);
    try {
      await kind.handle(job.payload, job);
      await this.db.query(
        `UPDATE jobs SET status = 'done', finished_at = now(), locked_until = NULL WHERE id = $1`,
        [job.id],
      );
    } catch (caught) {
      const error = caught instanceof Error ? caught : new Error(String(caught));
      const permanent = error instanceof PermanentJobError;
      if (!permanent && job.attempts < job.maxAttempts) {
        const backoff = 5 * 2 ** (job.attempts - 1);
        this.logger.warn('Job failed; will retry', {
          jobId: job.id,
          kind: job.kind,
          attempt: job.attempts,
          error: error.message,
        });
        await this.db.query(
          `UPDATE jobs SET status = 'queued', run_at = now() + make_interval(secs => $2), last_error = $3, locked_until = NULL WHERE id = $1`,
          [job.id, backoff, error.message],
        );
      } else {
        if (!permanent)
          this.logger.error('Job failed for good', { jobId: job.id, kind: job.kind, error });
        await this.db.query(
          `UPDATE jobs SET status = 'failed', finished_at = now(), last_error = $2, locked_until = NULL WHERE id = $1`,
          [job.id, error.message],
        );
        await kind
          .onFailed?.(job.payload, error)
          .catch((e) => this.logger.error('Job onFailed hook failed', { error: e }));
      }
    } finally {
      this.running--;
      if (this.running === 0) this.idle.splice(0).forEach((resolve) => resolve());
      this.kick();
    }
  }
}
