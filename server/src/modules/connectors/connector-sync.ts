import type { DataSource, EntityManager } from 'typeorm';
import {
  PermanentJobError,
  RetryLaterError,
  type JobContinuation,
  type JobQueue,
} from '../../jobs/job-queue.js';
import type { Logger } from '../../shared/logger.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { PermissionSync } from './permissions/permission-sync.js';
import {
  deleteItems,
  failedItemsDue,
  failureSummary,
  type Indexer,
  knownVersions,
  markSeen,
  pruneUnseen,
  Source,
  writeFailures,
  writeItems,
} from '../corpus/index.js';
import type { ParserPool } from '../../parsing/index.js';
import type { Connector, ConnectorItem, ItemFailure, SyncContext } from './connector.js';
import {
  ConnectorAuthError,
  ConnectorConfigError,
  ConnectorHostRefusedError,
  ConnectorUnavailableError,
  mustStop,
} from './tool-failures.js';
import { ConnectorHttp, type ConnectorAuth } from './connector-http.js';
import type { CredentialVault } from './credentials.js';
import { connectorFor } from './registry.js';
import { tellFailed, tellSynced } from './sync-notices.js';

export const SYNC_JOB = 'connector-sync';
export const syncJobKey = (sourceId: string) => `source-sync:${sourceId}`;

/** An incremental listing starts this long before the last good sync, so late changes are not missed. */
const INCREMENTAL_OVERLAP_MS = 60 * 60 * 1000;
/** Items that failed in an earlier sync, fetched again per step. */
const RETRY_BATCH = 25;
const STEP_ATTEMPTS = 4;

/** Where a sync stands, saved on the source after every step (the job's checkpoint). */
interface SyncState {
  run: number;
  /**
   * list: the connector's listing; retry: earlier failures whose wait is over; ids: the
   * complete id listing (incremental syncs that sweep); finish: prune after a complete listing.
   */
  phase: 'list' | 'retry' | 'ids' | 'finish';
  /** The connector's checkpoint (list) or id-listing cursor (ids). */
  cursor: unknown;
  since: string | null;
  startedAt: string;
  /** Every item still in the tool was marked seen this run: the rest may be pruned. */
  complete: boolean;
  /** A listing step reported it may have skipped items: nothing is pruned this run. */
  partial?: boolean;
  /**
   * An incremental sync runs the id listing (and prunes after it): the connector sweeps every
   * sync, the last sweep is older than the sweep interval, or a listing step asked for it.
   * Otherwise it ends after the retries, pruning nothing (what the tool reported gone is gone).
   */
  sweep?: boolean;
  /** The connector's cursor from the last clean sync, and the one this sync leaves. */
  syncCursor?: string | null;
  nextSyncCursor?: string;
}

interface StepWork {
  items?: ConnectorItem[];
  /** Marked seen: listed and unchanged, or found by the id listing. */
  seen?: string[];
  failures?: ItemFailure[];
  /** Confirmed gone by fetching them (404). */
  gone?: string[];
  /** Counted as listed this step. */
  listed?: number;
}

export interface SyncOptions {
  allowPrivateHosts: boolean;
  intervalMs: number;
  /** Incremental syncs of an 'interval' connector run the id listing at most this often. */
  sweepIntervalMs: number;
  retryBaseMs: number;
  maxInFlight: number;
}

/**
 * Runs a connected source's sync as a chain of short steps on the job queue: one listing page
 * per step, its items indexed and the next checkpoint saved in one transaction before the job
 * is queued again. One live job per source (its singleton key) keeps syncs of a source apart;
 * when a sync ends, the same job waits for the next periodic sync.
 */
export class ConnectorSync {
  private queue!: JobQueue;
  /** Mirrors the tools' permissions onto what a sync writes (set once at startup). */
  permissions?: Pick<
    PermissionSync,
    'readFor' | 'writeFor' | 'syncNow' | 'recount' | 'contentSyncEnded'
  >;
  /** The bell: a sync that brought new items or failed, a connection to authorize again. */
  notifications?: Pick<NotificationsService, 'notify' | 'sourceWatchers'>;

  constructor(
    private readonly db: DataSource,
    private readonly vault: CredentialVault,
    private readonly indexer: Indexer,
    private readonly logger: Logger,
    private readonly options: SyncOptions,
    private readonly parsers: Pick<ParserPool, 'parse'>,
  ) {}

  register(queue: JobQueue) {
    this.queue = queue;
    queue.register(SYNC_JOB, {
      handle: (payload) => this.step(String(payload.sourceId)),
      onFailed: (payload, error) => this.failed(String(payload.sourceId), error),
    });
  }

  /** Queues a sync now, or brings the source's waiting one forward. */
  async syncNow(sourceId: string, manager?: EntityManager): Promise<{ started: boolean }> {
    const job = await this.queue.enqueue(
      SYNC_JOB,
      { sourceId },
      { singletonKey: syncJobKey(sourceId), manager, maxAttempts: STEP_ATTEMPTS },
    );
    if (job.created) return { started: true };
    // A sync under way may already be past what changed: another follows it at once.
    const [flagged]: [unknown[], number] = await (manager ?? this.db.manager).query(
      `UPDATE sources SET resync_requested = true
        WHERE id = $1 AND checkpoint IS NOT NULL RETURNING id`,
      [sourceId],
    );
    if (flagged.length > 0) return { started: false };
    return { started: await this.queue.runNow(syncJobKey(sourceId)) };
  }

  /** Gives every connected source a queued sync if it has none (after a failure or a crash). */
  async heal(): Promise<number> {
    const rows: { id: string }[] = await this.db.query(
      `INSERT INTO jobs (kind, payload, max_attempts, run_at, singleton_key)
       SELECT $1, jsonb_build_object('sourceId', s.id), $2, coalesce(s.next_sync_at, now()),
              'source-sync:' || s.id
         FROM sources s
        WHERE s.sealed_credentials IS NOT NULL AND s.status <> 'needs_reauth'
       ON CONFLICT (singleton_key) WHERE status IN ('queued', 'running') DO NOTHING
       RETURNING id`,
      [SYNC_JOB, STEP_ATTEMPTS],
    );
    if (rows.length > 0) this.queue.kick();
    return rows.length;
  }

  /**
   * An HTTP client for this source's tool, with its credentials (or `auth`: a member's own, for
   * the permission fallback) and the server's limits.
   */
  http(source: Source, connector: Connector, auth?: ConnectorAuth): ConnectorHttp {
    return new ConnectorHttp({
      label: connector.label,
      auth: auth ?? this.vault.authFor(source),
      allowPrivateHosts: this.options.allowPrivateHosts,
      retryBaseMs: this.options.retryBaseMs,
      maxInFlight: Math.min(this.options.maxInFlight, connector.maxInFlight ?? Infinity),
    });
  }

  /** One step of the source's sync; the queue runs the job again as long as one is asked for. */
  async step(sourceId: string): Promise<JobContinuation | void> {
    const source = await this.db.getRepository(Source).findOneBy({ id: sourceId });
    const connector = source && connectorFor(source.kind);
    // Disconnected, or waiting for new credentials (saving them queues a sync).
    if (!source?.sealedCredentials || !connector || source.status === 'needs_reauth') return;
    try {
      const state =
        (source.checkpoint as SyncState | null) ?? (await this.begin(source.id, connector));
      const ctx = this.context(source, connector, state);
      switch (state.phase) {
        case 'list':
          await this.list(source, connector, ctx, state);
          break;
        case 'retry':
          await this.retryFailed(source, connector, ctx, state);
          break;
        case 'ids':
          await this.listIds(source, connector, ctx, state);
          break;
        case 'finish':
          return { continueAfterMs: await this.finish(source, state) };
      }
      return { continueAfterMs: 0 };
    } catch (error) {
      throw await this.classify(source, error);
    }
  }

  private async list(
    source: Source,
    connector: Connector,
    ctx: SyncContext<unknown>,
    state: SyncState,
  ) {
    const result = await connector.step(ctx, state.cursor ?? null);
    const partial = Boolean(state.partial || result.incomplete);
    const sweep = Boolean(state.sweep || result.sweep);
    const nextSyncCursor = result.cursor ?? state.nextSyncCursor;
    const next: SyncState = result.next
      ? { ...state, cursor: result.next, partial, sweep, nextSyncCursor }
      : {
          ...state,
          phase: 'retry',
          cursor: null,
          partial,
          sweep,
          nextSyncCursor,
          complete: connector.listsEverything(ctx),
        };
    await this.save(source, state, next, {
      items: result.items,
      seen: result.unchanged,
      failures: result.failures,
      gone: result.deleted,
      listed: result.items.length + result.unchanged.length + result.failures.length,
    });
  }

  /**
   * Items that failed before, were not listed again this sync and whose wait is over are
   * fetched one by one.
   */
  private async retryFailed(
    source: Source,
    connector: Connector,
    ctx: SyncContext<unknown>,
    state: SyncState,
  ) {
    const failed = await failedItemsDue(this.db, source.id, state.run, RETRY_BATCH);
    if (failed.length === 0) {
      // A listing that may have skipped items cannot be completed by an id listing either; an
      // incremental sync that does not sweep ends without one (and prunes nothing).
      const next: SyncState = {
        ...state,
        phase: state.complete || state.partial || !state.sweep ? 'finish' : 'ids',
        cursor: null,
      };
      await this.save(source, state, next, {});
      return;
    }
    const work: Required<Pick<StepWork, 'items' | 'failures' | 'gone'>> = {
      items: [],
      failures: [],
      gone: [],
    };
    await Promise.all(
      failed.map(async (doc) => {
        try {
          const item = await connector.fetchOne(ctx, doc.external_id);
          if (item) work.items.push(item);
          else work.gone.push(doc.external_id);
        } catch (error) {
          if (mustStop(error)) throw error;
          work.failures.push({
            externalId: doc.external_id,
            title: doc.title,
            message: (error as Error).message,
          });
        }
      }),
    );
    await this.save(source, state, state, {
      ...work,
      listed: work.items.length + work.failures.length,
    });
  }

  private async listIds(
    source: Source,
    connector: Connector,
    ctx: SyncContext<unknown>,
    state: SyncState,
  ) {
    const page = await connector.listIds(ctx, (state.cursor as string | null) ?? null);
    // A page that may have left items out (Drive's incompleteSearch): nothing is pruned.
    const partial = Boolean(state.partial || page.incomplete);
    const next: SyncState = page.next
      ? { ...state, cursor: page.next, partial }
      : { ...state, phase: 'finish', cursor: null, partial, complete: !partial };
    await this.save(source, state, next, { seen: page.ids });
  }

  /**
   * Prunes what a complete listing did not see (and notes when, for the sweep interval); answers
   * how long until the next sync (at once when a resync was asked for meanwhile).
   */
  private async finish(source: Source, state: SyncState): Promise<number> {
    const again = await this.db.transaction(async (m) => {
      if (!(await this.stillRunning(m, source.id, state.run))) return true;
      const swept = state.complete && !state.partial;
      const deleted = swept ? await pruneUnseen(m, source.id, state.run) : 0;
      const failed = await failureSummary(m, source.id);
      const lastError =
        failed && failed.n > 0
          ? `${failed.n === 1 ? '1 item' : `${failed.n} items`} could not be read. Each is read again as soon as it changes, else after a wait that doubles from one sync interval up to a day. First: “${failed.title}”: ${failed.error ?? 'unknown error'}`
          : null;
      const [requested]: { resync_requested: boolean }[] = await m.query(
        `SELECT resync_requested FROM sources WHERE id = $1`,
        [source.id],
      );
      const wait = requested?.resync_requested ? 0 : this.options.intervalMs / 1000;
      await m.query(
        `UPDATE sources SET checkpoint = NULL, status = 'idle', last_sync_finished_at = now(),
                last_success_at = $2, next_sync_at = now() + make_interval(secs => $3),
                items_deleted = items_deleted + $4, last_error = $5, resync_requested = false,
                items_total = $8, sync_cursor = coalesce($6, sync_cursor),
                last_sweep_at = CASE WHEN $7 THEN now() ELSE last_sweep_at END
          WHERE id = $1`,
        [
          source.id,
          state.startedAt,
          wait,
          deleted,
          lastError,
          state.nextSyncCursor ?? null,
          swept,
          failed.total,
        ],
      );
      return Boolean(requested?.resync_requested);
    });
    this.logger.info('Source synced', { sourceId: source.id, run: state.run });
    // A new mirrored source's first full permission read follows its first sync (its items
    // came with their access; the read also fills in what a step could not read).
    if (source.accessMode === 'mirror') {
      await this.permissions?.recount(source.id);
      if (!source.permissionsCheckedAt) await this.permissions?.syncNow(source.id);
      else await this.permissions?.contentSyncEnded(source.id);
    }
    await tellSynced(this.db, this.notifications, source.id);
    return again ? 0 : this.options.intervalMs;
  }

  /**
   * Starts a sync: a new run number, counts from zero, the incremental window from the last good
   * sync, and whether it sweeps (runs the id listing).
   */
  private async begin(sourceId: string, connector: Connector): Promise<SyncState> {
    return this.db.transaction(async (m) => {
      const [row]: {
        checkpoint: SyncState | null;
        sync_run: number;
        last_success_at: Date | null;
        sync_cursor: string | null;
        sweep_due: boolean;
      }[] = await m.query(
        `SELECT checkpoint, sync_run, last_success_at, sync_cursor,
                last_sweep_at IS NULL
                  OR last_sweep_at <= now() - make_interval(secs => $2) AS sweep_due
           FROM sources WHERE id = $1 FOR UPDATE`,
        [sourceId, this.options.sweepIntervalMs / 1000],
      );
      if (row!.checkpoint) return row!.checkpoint;
      const state: SyncState = {
        run: row!.sync_run + 1,
        phase: 'list',
        cursor: null,
        since: row!.last_success_at
          ? new Date(
              new Date(row!.last_success_at).getTime() - INCREMENTAL_OVERLAP_MS,
            ).toISOString()
          : null,
        startedAt: new Date().toISOString(),
        complete: false,
        sweep: (connector.deletions ?? 'every-sync') === 'every-sync' || row!.sweep_due,
        syncCursor: row!.sync_cursor,
      };
      await m.query(
        `UPDATE sources SET sync_run = $2, checkpoint = $3, status = 'syncing', last_error = NULL,
                resync_requested = false,
                last_sync_started_at = now(), next_sync_at = NULL,
                items_seen = 0, items_indexed = 0, items_failed = 0, items_deleted = 0
          WHERE id = $1`,
        [sourceId, state.run, state],
      );
      return state;
    });
  }

  /**
   * Writes one step's results and the next checkpoint in one transaction. A step whose run is no
   * longer the source's (settings saved again, source disconnected) writes nothing.
   */
  private async save(source: Source, state: SyncState, next: SyncState, work: StepWork) {
    // A mirrored source's items get their access with their content (read before the
    // transaction: it calls the tool); until it is known they are readable by no one.
    const written = (work.items ?? []).map((i) => i.externalId);
    const access = await this.permissions?.readFor(source, written);
    await this.db.transaction(async (m) => {
      if (!(await this.stillRunning(m, source.id, state.run))) return;
      const indexed = await writeItems(m, this.indexer, source, state.run, work.items ?? []);
      await this.permissions?.writeFor(m, source, written, access ?? null);
      if (work.seen?.length) await markSeen(m, source.id, work.seen, state.run);
      if (work.failures?.length)
        await writeFailures(m, source, state.run, work.failures, this.options.intervalMs / 1000);
      if (work.gone?.length) await deleteItems(m, source.id, work.gone);
      await m.query(
        `UPDATE sources SET checkpoint = $2, items_seen = items_seen + $3,
                items_indexed = items_indexed + $4, items_failed = items_failed + $5,
                items_deleted = items_deleted + $6
          WHERE id = $1`,
        [
          source.id,
          next,
          work.listed ?? 0,
          indexed,
          work.failures?.length ?? 0,
          work.gone?.length ?? 0,
        ],
      );
    });
  }

  private async stillRunning(m: EntityManager, sourceId: string, run: number): Promise<boolean> {
    const [row]: { run: string | null }[] = await m.query(
      `SELECT checkpoint->>'run' AS run FROM sources WHERE id = $1 FOR UPDATE`,
      [sourceId],
    );
    return Boolean(row) && Number(row!.run) === run;
  }

  private context(source: Source, connector: Connector, state: SyncState): SyncContext<unknown> {
    return {
      http: this.http(source, connector),
      settings: source.settings,
      since: state.since ? new Date(state.since) : null,
      cursor: state.syncCursor ?? null,
      parse: (bytes, fileName) => this.parsers.parse(bytes, fileName),
      // A failed item waiting for its retry counts as known at the version that failed, so a
      // listing that shows that version again does not fetch it; a new version is fetched.
      knownVersions: (ids) => knownVersions(this.db, source.id, ids),
    };
  }

  /**
   * What the queue should do with a step's error: wait (rate limit), stop for good (credentials,
   * settings), or retry with backoff (the tool was unavailable).
   */
  private async classify(source: Source, error: unknown): Promise<Error> {
    if (error instanceof RetryLaterError) {
      await this.db.query(
        `UPDATE sources SET last_error = $2, next_sync_at = now() + make_interval(secs => $3) WHERE id = $1`,
        [source.id, error.message, error.delayMs / 1000],
      );
      return error;
    }
    if (
      error instanceof ConnectorAuthError ||
      error instanceof ConnectorConfigError ||
      error instanceof ConnectorHostRefusedError
    )
      return Object.assign(new PermanentJobError(error.message), { cause: error });
    return error instanceof Error ? error : new Error(String(error));
  }

  /** The sync stopped for good: say why, and (unless the credentials are refused) try again later. */
  private async failed(sourceId: string, error: Error) {
    const cause = (error as { cause?: unknown }).cause ?? error;
    if (cause instanceof ConnectorAuthError) {
      await this.db.query(
        `UPDATE sources SET status = 'needs_reauth', last_error = $2, checkpoint = NULL,
                last_sync_finished_at = now(), next_sync_at = NULL
          WHERE id = $1`,
        [sourceId, cause.message],
      );
      await tellFailed(this.db, this.notifications, sourceId, true, cause.message);
      return;
    }
    const known =
      cause instanceof ConnectorConfigError ||
      cause instanceof ConnectorUnavailableError ||
      cause instanceof ConnectorHostRefusedError;
    if (!known) this.logger.error('Source sync failed', { sourceId, error });
    const message = known
      ? (cause as Error).message
      : 'The sync stopped on an unexpected error (details are in the server log). Lumen will try again at the next sync.';
    // (An UPDATE … RETURNING comes back from TypeORM as [rows, count].)
    const [updated]: [{ next: Date }[], number] = await this.db.query(
      `UPDATE sources SET status = 'error', last_error = $2, checkpoint = NULL,
              last_sync_finished_at = now(), next_sync_at = now() + make_interval(secs => $3)
        WHERE id = $1 RETURNING next_sync_at AS next`,
      [sourceId, message, this.options.intervalMs / 1000],
    );
    await tellFailed(this.db, this.notifications, sourceId, false, message);
    if (updated[0])
      await this.queue.enqueue(
        SYNC_JOB,
        { sourceId },
        { singletonKey: syncJobKey(sourceId), runAt: updated[0].next, maxAttempts: STEP_ATTEMPTS },
      );
  }
}
