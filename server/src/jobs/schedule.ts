import type { Logger } from '../shared/logger.js';
import type { JobQueue } from './job-queue.js';

/** A periodic task: what it does, and how long after one run ends the next one starts. */
export interface ScheduledTask {
  /** Stable name (its job's key): `connectors.heal-syncs`, `audit.prune`… */
  name: string;
  everyMs: number;
  /** Answers what it did (a count, say) for the log; a throw is retried with backoff. */
  run: () => Promise<unknown>;
}

/** How a scheduled task's job is named in the `jobs` table. */
export const scheduledJobKind = (name: string) => `schedule.${name}`;

/**
 * Periodic work as singleton jobs on the Postgres queue: each task is one live job (the queue's
 * unique singleton key), whichever instance claims it runs it, and its step asks to run again
 * after the interval. So three instances run a task once per interval, not three times; a task
 * whose instance dies is taken by another when its lease runs out; a failure is retried with
 * the queue's backoff, and after its last attempt the task is simply due again one interval later.
 *
 * A task must finish within the queue's lease (two minutes); longer work belongs in a job chain.
 */
export class Schedule {
  private readonly tasks = new Map<string, ScheduledTask>();
  private started = false;

  constructor(
    private readonly jobs: JobQueue,
    private readonly logger: Logger,
  ) {}

  /** Adds a task; after start() its job is queued at once (when none is live). */
  async add(task: ScheduledTask): Promise<void> {
    if (this.tasks.has(task.name)) throw new Error(`task ${task.name} is already scheduled`);
    this.tasks.set(task.name, task);
    const kind = scheduledJobKind(task.name);
    this.jobs.register(kind, {
      handle: async () => {
        const started = performance.now();
        const outcome = await task.run();
        const fields = { task: task.name, ms: Math.round(performance.now() - started), outcome };
        // A run that did something is worth a line; an idle one only at debug level.
        if (outcome === undefined || outcome === 0) this.logger.debug('Scheduled task ran', fields);
        else this.logger.info('Scheduled task ran', fields);
        return { continueAfterMs: task.everyMs };
      },
      onFailed: async (_payload, error) => {
        this.logger.error('Scheduled task failed; it runs again at its next interval', {
          task: task.name,
          error: error.message,
        });
        await this.ensure(task, new Date(Date.now() + task.everyMs));
      },
    });
    if (this.started) await this.ensure(task);
  }

  /** Queues every task's job that is not live yet (another instance may have queued it). */
  async start(): Promise<void> {
    this.started = true;
    for (const task of this.tasks.values()) await this.ensure(task);
  }

  names(): string[] {
    return [...this.tasks.keys()];
  }

  private async ensure(task: ScheduledTask, runAt?: Date) {
    const kind = scheduledJobKind(task.name);
    await this.jobs.enqueue(kind, {}, { singletonKey: kind, maxAttempts: 3, runAt });
  }
}
