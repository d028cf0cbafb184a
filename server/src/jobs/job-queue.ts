import type { DataSource, EntityManager } from 'typeorm';
import type { Logger } from '../shared/logger.js';
import { Job } from './job.entity.js';

/**
 * What a handler may ask for when it returns: run the same job again after `delayMs`, with a
 * fresh attempt budget. A long task (a sync) is a chain of short steps this way, each under the
 * lease, its progress saved by the handler before it returns.
 */
export interface JobContinuation {
  continueAfterMs: number;
}

export type JobHandler = (
  payload: Record<string, unknown>,
  job: Job,
) => Promise<void | JobContinuation>;

/** A failure that retrying cannot fix (e.g. a corrupt file): the job fails at once. */
export class PermanentJobError extends Error {}

/**
 * Not a failure: the work must wait (e.g. a rate limit's Retry-After). The job is queued again
 * after `delayMs` without spending an attempt, instead of sleeping inside its lease.
 */
export class RetryLaterError extends Error {
  constructor(
    readonly delayMs: number,
    message = 'Waiting before trying again',
  ) {
    super(message);
  }
}

export interface EnqueueOptions {
  manager?: EntityManager;
  maxAttempts?: number;
  /** Not before this time (default now). */
  runAt?: Date;
  /**
   * At most one queued or running job with this key: when one exists, nothing is added and
   * that job is returned.
   */
  singletonKey?: string;
}

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
  /** Polls in flight (a claim may be on its way back from the database). */
  private polls = new Set<Promise<void>>();

  constructor(
    private readonly db: DataSource,
    private readonly logger: Logger,
    private readonly options: {
      concurrency: number;
      pollMs: number;
      retryBaseSeconds?: number;
      /** This instance's stable name: its own jobs left running by a crash are taken back at start. */
      instanceId?: string;
    } = {
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
    managerOrOptions?: EntityManager | EnqueueOptions,
    maxAttempts = 3,
  ): Promise<{ id: string; created: boolean }> {
    const options: EnqueueOptions =
      managerOrOptions && 'transaction' in managerOrOptions
        ? { manager: managerOrOptions, maxAttempts }
        : { maxAttempts, ...managerOrOptions };
    const m = options.manager ?? this.db.manager;
    const rows: { id: string }[] = await m.query(
      `INSERT INTO jobs (kind, payload, max_attempts, run_at, singleton_key)
       VALUES ($1, $2, $3, coalesce($4, now()), $5)
       ON CONFLICT (singleton_key) WHERE status IN ('queued', 'running') DO NOTHING
       RETURNING id`,
      [
        kind,
        payload,
        options.maxAttempts ?? 3,
        options.runAt ?? null,
        options.singletonKey ?? null,
      ],
    );
    // Outside a transaction the job is visible now; inside one, the next poll picks it up.
    if (!options.manager) this.kick();
    if (rows[0]) return { id: rows[0].id, created: true };
    const [live] = await m.query(
      `SELECT id FROM jobs WHERE singleton_key = $1 AND status IN ('queued', 'running')`,
      [options.singletonKey],
    );
    return { id: live?.id, created: false };
  }

  /**
   * Brings a queued job with this key forward to now; false when none is waiting. With
   * `wakeRunning`, a running one is marked to run again as soon as its step ends, whatever
   * delay the step asks for: otherwise a wake that lands mid-step is lost to that delay.
   */
  async runNow(singletonKey: string, options: { wakeRunning?: boolean } = {}): Promise<boolean> {
    const rows: { status: string }[] = await this.db.query(
      `WITH woken AS (
       UPDATE jobs SET run_at = CASE WHEN status = 'queued' THEN now() ELSE run_at END,
              wake_requested = (status = 'running')
        WHERE singleton_key = $1 AND (status = 'queued' OR (status = 'running' AND $2))
        RETURNING status)
       SELECT status FROM woken`,
      [singletonKey, options.wakeRunning === true],
    );
    const moved = rows.some((r) => r.status === 'queued');
    if (moved) this.kick();
    return moved;
  }

  /** Drops a queued job with this key (a running one finishes its step and finds nothing to do). */
  async cancel(singletonKey: string, manager?: EntityManager): Promise<void> {
    await (manager ?? this.db.manager).query(
      `DELETE FROM jobs WHERE singleton_key = $1 AND status = 'queued'`,
      [singletonKey],
    );
  }

  /**
   * Starts claiming. Jobs this instance had running when it died (kill -9, power loss) are
   * released first: nothing of this instance runs yet, so they are orphans, and waiting for
   * their leases would stall them for minutes.
   */
  async start() {
    if (this.options.instanceId) {
      const released: unknown[] = (
        await this.db.query(
          `UPDATE jobs SET status = 'queued', locked_until = NULL, locked_by = NULL, run_at = now()
            WHERE status = 'running' AND locked_by = $1 RETURNING id`,
          [this.options.instanceId],
        )
      )[0];
      if (released.length > 0)
        this.logger.info('Took back jobs left running by a crash', { jobs: released.length });
    }
    this.stopped = false;
    this.kick();
  }

  /** Stops claiming; waits for a claim in flight and for running jobs to finish. */
  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    await Promise.all([...this.polls]);
    if (this.running > 0) await new Promise<void>((resolve) => this.idle.push(resolve));
  }

  /** Look for work now rather than at the next poll. */
  kick() {
    if (this.stopped) return;
    clearTimeout(this.timer);
    setImmediate(() => void this.poll());
  }

  private poll(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    const pass = (async () => {
      try {
        const free = this.options.concurrency - this.running;
        if (free > 0) {
          const jobs = await this.claim(free);
          // stop() came while claiming: the jobs go back to the queue rather than run.
          if (this.stopped) await this.release(jobs);
          else for (const job of jobs) this.launch(job);
        }
      } catch (error) {
        this.logger.error('Job queue poll failed', { error });
      }
      if (!this.stopped) {
        clearTimeout(this.timer);
        this.timer = setTimeout(() => void this.poll(), this.options.pollMs);
        this.timer.unref();
      }
    })();
    this.polls.add(pass);
    void pass.finally(() => this.polls.delete(pass));
    return pass;
  }

  /** Runs a claimed job; a failure to record its outcome is logged (its lease brings it back). */
  private launch(job: Job) {
    this.run(job).catch((error) =>
      this.logger.error('Could not record a job outcome', { jobId: job.id, kind: job.kind, error }),
    );
  }

  private async release(jobs: Job[]) {
    if (jobs.length === 0) return;
    await this.db.query(
      `UPDATE jobs SET status = 'queued', attempts = greatest(attempts - 1, 0),
              locked_until = NULL, locked_by = NULL WHERE id = ANY($1::uuid[])`,
      [jobs.map((j) => j.id)],
    );
  }

  private async claim(limit: number): Promise<Job[]> {
    const kinds = [...this.kinds.keys()];
    if (kinds.length === 0) return [];
    const rows: Record<string, unknown>[] = await this.db.query(
      // (Wrapped in a CTE: TypeORM answers a bare UPDATE … RETURNING as [rows, count].)
      `WITH claimed AS (
       UPDATE jobs SET status = 'running', attempts = attempts + 1, wake_requested = false,
              locked_until = now() + make_interval(secs => $3), locked_by = $4
        WHERE id IN (
          SELECT id FROM jobs
           WHERE kind = ANY($1)
             AND ((status = 'queued' AND run_at <= now()) OR (status = 'running' AND locked_until < now()))
           ORDER BY run_at
           LIMIT $2
           FOR UPDATE SKIP LOCKED)
        RETURNING id, kind, payload, attempts, max_attempts)
       SELECT * FROM claimed`,
      [kinds, limit, LEASE_SECONDS, this.options.instanceId ?? null],
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
    try {
      if (!kind) throw new PermanentJobError(`No handler for job kind ${job.kind}`);
      const outcome = await kind.handle(job.payload, job);
      if (outcome && typeof outcome.continueAfterMs === 'number') {
        await this.db.query(
          `UPDATE jobs SET status = 'queued', attempts = 0, last_error = NULL, locked_until = NULL,
                  run_at = CASE WHEN wake_requested THEN now()
                                ELSE now() + make_interval(secs => $2) END,
                  wake_requested = false
            WHERE id = $1`,
          [job.id, outcome.continueAfterMs / 1000],
        );
      } else {
        await this.db.query(
          `UPDATE jobs SET status = 'done', finished_at = now(), locked_until = NULL WHERE id = $1`,
          [job.id],
        );
      }
    } catch (caught) {
      const error = caught instanceof Error ? caught : new Error(String(caught));
      if (error instanceof RetryLaterError) {
        // Waiting is not failing: the attempt is given back.
        await this.db.query(
          `UPDATE jobs SET status = 'queued', attempts = greatest(attempts - 1, 0), locked_until = NULL,
                  last_error = $3, run_at = now() + make_interval(secs => $2) WHERE id = $1`,
          [job.id, error.delayMs / 1000, error.message],
        );
        return;
      }
      const permanent = error instanceof PermanentJobError;
      if (!permanent && job.attempts < job.maxAttempts) {
        const backoff = (this.options.retryBaseSeconds ?? 5) * 2 ** (job.attempts - 1);
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
          ?.onFailed?.(job.payload, error)
          .catch((e) => this.logger.error('Job onFailed hook failed', { error: e }));
      }
    } finally {
      this.running--;
      if (this.running === 0) this.idle.splice(0).forEach((resolve) => resolve());
      this.kick();
    }
  }
}
