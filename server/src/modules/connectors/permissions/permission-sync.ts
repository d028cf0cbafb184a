import type { DataSource, EntityManager } from 'typeorm';
import type { Logger } from '../../../shared/logger.js';
import { RetryLaterError, type JobContinuation, type JobQueue } from '../../../jobs/job-queue.js';
import {
  aclOf,
  copyToChunks,
  countAclChunks,
  distinctAccesses,
  groupsNamed,
  insertMembers,
  itemIdsAfter,
  type PrincipalMember,
  principalMembers,
  type Provider,
  providerOf,
  replacePrincipals,
  Source,
  unmatched,
  writeItemAccess,
} from '../../corpus/index.js';
import type { Connector, ConnectorContext } from '../connector.js';
import type { ConnectorAuth, ConnectorHttp } from '../connector-http.js';
import type { CredentialVault } from '../credentials.js';
import { ConnectorAuthError } from '../tool-failures.js';
import { connectorFor } from '../registry.js';
import {
  PermissionsUnreadableError,
  type ItemAccess,
  type PermissionReader,
} from './permission-reader.js';
import { isMemberCursor, MemberFallback, type MemberPassSetup } from './member-fallback.js';
import type { MemberSettings } from './member-settings.js';
import { memberReaderFor, permissionReaderFor } from './readers.js';

export const PERMISSION_SYNC_JOB = 'permission-sync';
export const permissionJobKey = (sourceId: string) => `source-permissions:${sourceId}`;

/** Items whose access is read per call to the tool's permission reader. */
const BATCH = 200;
/** How long a full read waits for a content sync under way, and at most since the last one. */
const DEFER_MS = 60_000;
const MAX_DEFER_MS = 60 * 60_000;

/**
 * What the sync needs of the content sync: an HTTP client with the source's credentials (or
 * with a member's own, `auth`), under the server's limits.
 */
export interface ConnectorHttpFactory {
  http(source: Source, connector: Connector, auth?: ConnectorAuth): ConnectorHttp;
}

/** A source's permission reader, with the source's credentials. */
interface Setup {
  reader: PermissionReader;
  provider: Provider;
  ctx: ConnectorContext<unknown>;
}

/** The access read for some items of a mirrored source, ready to write. */
export interface ReadAccess {
  /** Items the tool answered for. */
  access: Map<string, ItemAccess>;
  /** Their groups' members and their intersections' holders. */
  members: PrincipalMember[];
}

/**
 * Mirrors each connected tool's read permissions onto a source's documents (sources whose
 * access mode is 'mirror'). Every CONNECTOR_PERMISSION_SYNC_MINUTES, and at each resync or
 * switch to mirroring, it reads every item's access again, a batch per job step (each batch
 * written at once: an item's access never waits for the rest), then the tool groups' members,
 * replacing the source's principals in one transaction. The content sync reads new items'
 * access with their content (`readFor`). It fails closed: an error keeps the access already
 * stored; a connection that may not read permissions at all is 'degraded' (owner only).
 */
export class PermissionSync {
  private queue!: JobQueue;
  private readonly members: MemberFallback;

  constructor(
    private readonly db: DataSource,
    private readonly connections: ConnectorHttpFactory,
    /** Members' own tokens: the fallback asks the tool with them. */
    memberTokens: CredentialVault,
    private readonly logger: Logger,
    private readonly options: { intervalMs: number; memberSettings?: MemberSettings },
  ) {
    this.members = new MemberFallback(db, memberTokens, logger);
  }

  register(queue: JobQueue) {
    this.queue = queue;
    queue.register(PERMISSION_SYNC_JOB, {
      handle: (payload) => this.step(String(payload.sourceId)),
    });
  }

  /** Reads the source's permissions now (a switch to mirroring, a resync). */
  async syncNow(sourceId: string): Promise<void> {
    const job = await this.queue.enqueue(
      PERMISSION_SYNC_JOB,
      { sourceId },
      { singletonKey: permissionJobKey(sourceId) },
    );
    if (!job.created) await this.queue.runNow(permissionJobKey(sourceId), { wakeRunning: true });
  }

  /** Gives every mirrored, connected source a queued permission sync if it has none. */
  async heal(): Promise<number> {
    const rows: { id: string }[] = await this.db.query(
      `INSERT INTO jobs (kind, payload, max_attempts, run_at, singleton_key)
       SELECT $1, jsonb_build_object('sourceId', s.id), 3,
              coalesce(s.permissions_checked_at
                       + make_interval(secs => coalesce(s.permission_sync_minutes * 60, $2)), now()),
              'source-permissions:' || s.id
         FROM sources s
        WHERE s.access_mode = 'mirror' AND s.sealed_credentials IS NOT NULL
       ON CONFLICT (singleton_key) WHERE status IN ('queued', 'running') DO NOTHING
       RETURNING id`,
      [PERMISSION_SYNC_JOB, this.options.intervalMs / 1000],
    );
    if (rows.length > 0) this.queue.kick();
    return rows.length;
  }

  /** The access of these items, read with the content (null: not mirrored, or unreadable now). */
  async readFor(source: Source, externalIds: string[]): Promise<ReadAccess | null> {
    // Asked of each member instead: new items wait for the next member pass (readable by no one).
    if (source.accessMode !== 'mirror' || externalIds.length === 0 || source.permissionsByMember)
      return null;
    const setup = this.setup(source);
    if (!setup) return null;
    try {
      return await this.read(source, setup, externalIds);
    } catch (error) {
      // Until the next permission sync reads it, a new item is readable by no one but the owner.
      this.logger.warn('Reading new items’ permissions failed', { sourceId: source.id, error });
      return null;
    }
  }

  /**
   * Writes what `readFor` read, inside the content sync's transaction: the items' access (an
   * item the tool no longer answers for is hidden now), their chunks' copy, and the principals'
   * members it found (added: the periodic sync removes what is gone). Items whose access could
   * not be read keep what they had (new ones: none).
   */
  async writeFor(
    m: EntityManager,
    source: Source,
    externalIds: string[],
    read: ReadAccess | null,
  ): Promise<void> {
    if (source.accessMode !== 'mirror' || externalIds.length === 0) return;
    if (read) {
      await this.writeAccess(m, source, externalIds, read.access);
      await insertMembers(m, source.id, read.members);
    }
    await copyToChunks(m, source.id, externalIds);
  }

  /**
   * A content sync of the source ended: a permission read that waited for it (deferred by at
   * most DEFER_MS, e.g. the one a resync asked for) runs now rather than up to a minute later.
   * A read queued for its next interval is left where it is. A step running now may be about to
   * defer (it saw the content sync under way): it is woken as it ends, else the read would wait
   * the whole delay. (If that step was a read's last, the wake costs one early read again.)
   */
  async contentSyncEnded(sourceId: string): Promise<void> {
    const rows: { status: string }[] = await this.db.query(
      `WITH woken AS (
       UPDATE jobs SET run_at = CASE WHEN status = 'queued' THEN now() ELSE run_at END,
              wake_requested = (status = 'running')
        WHERE singleton_key = $1
          AND (status = 'running'
               OR (status = 'queued' AND run_at > now()
                   AND run_at <= now() + make_interval(secs => $2)))
        RETURNING status)
       SELECT status FROM woken`,
      [permissionJobKey(sourceId), DEFER_MS / 1000 + 1],
    );
    if (rows.some((r) => r.status === 'queued')) this.queue.kick();
  }

  /** Counts the source's chunks per principal again (after a content sync wrote some). */
  async recount(sourceId: string): Promise<void> {
    await countAclChunks(this.db.manager, sourceId);
  }

  /**
   * A whole permission sync of a source from its start (a run part-way through starts over),
   * every step at once (tests, benchmarks).
   */
  async sync(sourceId: string): Promise<void> {
    await this.db.query('UPDATE sources SET permissions_cursor = NULL WHERE id = $1', [sourceId]);
    for (let steps = 0; steps < 100_000; steps++) {
      const next = await this.step(sourceId, { defer: false });
      if (!next || next.continueAfterMs > 0) return;
    }
  }

  /**
   * One step of a source's permission sync, short enough for the job's lease: the access of the
   * next BATCH items (in external id order after `permissions_cursor`), written at once; when
   * none are left, the groups' members and the intersections' holders, read again and written
   * in one transaction. The job then comes back after the interval.
   */
  async step(sourceId: string, options = { defer: true }): Promise<JobContinuation | void> {
    const source = await this.db.getRepository(Source).findOneBy({ id: sourceId });
    if (!source || source.accessMode !== 'mirror' || !source.sealedCredentials) return;
    const setup = this.setup(source);
    if (!setup) return;
    // A content sync under way reads its items' access itself: a new read waits for it to end
    // (a first sync above all), unless the last full read is getting old.
    const checked = source.permissionsCheckedAt?.getTime() ?? null;
    const fresh = checked === null || Date.now() - checked < MAX_DEFER_MS;
    if (options.defer && source.permissionsCursor === null && source.checkpoint && fresh)
      return { continueAfterMs: DEFER_MS };
    if (isMemberCursor(source.permissionsCursor)) {
      const pass = this.memberPass(source, setup);
      const next = pass && (await this.members.step(source, pass));
      return next ?? { continueAfterMs: this.intervalOf(source) };
    }
    // The tool refused the source's credentials: a read with them would be refused too (and
    // spend a refresh). Connecting it again brings the read forward (ConnectorsService).
    if (source.status === 'needs_reauth') return { continueAfterMs: this.intervalOf(source) };
    try {
      const ids = await this.itemIdsAfter(source.id, source.permissionsCursor ?? '');
      if (ids.length > 0) {
        const access = await setup.reader.itemAccess(setup.ctx, ids);
        await this.db.transaction(async (m) => {
          // One writer of the source's access at a time (a content sync step locks it too).
          await m.query('SELECT 1 FROM sources WHERE id = $1 FOR UPDATE', [source.id]);
          await this.writeAccess(m, source, ids, access);
          await copyToChunks(m, source.id, ids);
          await m.query('UPDATE sources SET permissions_cursor = $2 WHERE id = $1', [
            source.id,
            ids[ids.length - 1],
          ]);
        });
        return { continueAfterMs: 0 };
      }
      await this.finish(source, setup);
    } catch (error) {
      // The connection may not read permissions: each member who linked is asked instead.
      if (error instanceof PermissionsUnreadableError && memberReaderFor(source.kind)) {
        await this.members.begin(source, error.message);
        return { continueAfterMs: 0 };
      }
      await this.failed(source, error);
    }
    return { continueAfterMs: this.intervalOf(source) };
  }

  /** What a member pass over this source needs; null for a tool without a member reader. */
  private memberPass(source: Source, setup: Setup): MemberPassSetup | null {
    const reader = memberReaderFor(source.kind);
    const connector = connectorFor(source.kind);
    if (!reader || !connector) return null;
    return {
      reader,
      provider: setup.provider,
      connector,
      http: (auth) => this.connections.http(source, connector, auth),
      settings: (auth) =>
        this.options.memberSettings
          ? this.options.memberSettings(source.kind, source.settings, auth)
          : Promise.resolve(source.settings),
    };
  }

  /**
   * The last step: every distinct access the source's items state, their groups' members read
   * again, and the source's principals replaced in one transaction. Principals that only items
   * written since (by a content sync, with their members) name are kept; principals no item
   * names any more are dropped.
   */
  private async finish(source: Source, setup: Setup) {
    const accesses = await this.distinctAccesses(source.id);
    const { rows: members, note, groups } = await this.membersFor(source, setup, accesses);
    const covered = new Set(groups.map((g) => `${source.id}:group:${g}`));
    for (const access of accesses)
      for (const p of aclOf(source.id, setup.provider, access))
        if (p.startsWith(`${source.id}:`)) covered.add(p);
    await this.db.transaction(async (m) => {
      await m.query('SELECT 1 FROM sources WHERE id = $1 FOR UPDATE', [source.id]);
      await replacePrincipals(m, source.id, [...covered], members);
      await countAclChunks(m, source.id);
      await m.query(
        `UPDATE sources SET permissions_checked_at = now(), permissions_state = 'ok',
                permissions_error = $3, permissions_unmatched = $2, permissions_cursor = NULL,
                permissions_by_member = false
          WHERE id = $1`,
        [source.id, await unmatched(m, source), note],
      );
    });
    this.logger.info('Source permissions read', { sourceId: source.id });
  }

  /** The source's own interval, else the server's. */
  private intervalOf(source: Source): number {
    return source.permissionSyncMinutes
      ? source.permissionSyncMinutes * 60_000
      : this.options.intervalMs;
  }

  private setup(source: Source): Setup | null {
    const connector = connectorFor(source.kind);
    const reader = permissionReaderFor(source.kind);
    const provider = providerOf(source.kind);
    if (!connector || !reader || !provider) return null;
    const ctx: ConnectorContext<unknown> = {
      http: this.connections.http(source, connector),
      settings: source.settings,
      parse: () => Promise.reject(new Error('Permission reads parse no files.')),
    };
    return { reader, provider, ctx };
  }

  private async read(source: Source, setup: Setup, externalIds: string[]): Promise<ReadAccess> {
    const access = await setup.reader.itemAccess(setup.ctx, externalIds);
    return { access, members: (await this.membersFor(source, setup, access.values())).rows };
  }

  /**
   * The members of the groups these accesses name, and the holders of their intersections. A
   * connection that may not list group members (not a Google Workspace admin, say) still mirrors
   * every grant to people: its group grants reach no one, and the source says why.
   */
  private async membersFor(
    source: Source,
    setup: Setup,
    accesses: Iterable<ItemAccess>,
  ): Promise<{ rows: PrincipalMember[]; note: string | null; groups: string[] }> {
    const all = [...accesses];
    const groups = groupsNamed(all);
    let members = new Map<string, string[]>();
    let note: string | null = null;
    try {
      if (groups.length > 0) members = await setup.reader.groupMembers(setup.ctx, groups);
    } catch (error) {
      if (!(error instanceof PermissionsUnreadableError)) throw error;
      note = `${error.message} Until then, what is shared with a group reaches no one here.`;
    }
    return { rows: principalMembers(source.id, setup.provider, all, members), note, groups };
  }

  /** The next batch of the source's items after `cursor`, in external id order. */
  private async itemIdsAfter(sourceId: string, cursor: string): Promise<string[]> {
    return itemIdsAfter(this.db, sourceId, cursor, BATCH);
  }

  /** Every distinct access the source's items state (far fewer than items). */
  private async distinctAccesses(sourceId: string): Promise<ItemAccess[]> {
    return distinctAccesses(this.db, sourceId);
  }

  /** Each item's acl from its access; an item left out of `access` is hidden (acl empty). */
  private async writeAccess(
    m: EntityManager,
    source: Source,
    externalIds: string[],
    access: ReadonlyMap<string, ItemAccess>,
  ) {
    const provider = providerOf(source.kind)!;
    const rows = externalIds.map((id) => {
      const a = access.get(id);
      return { external_id: id, acl: a ? aclOf(source.id, provider, a) : [], clauses: a ?? null };
    });
    await writeItemAccess(m, source.id, rows);
  }

  /**
   * Fail closed: the access stored stays (nothing widens; items this run already read keep what
   * it read), and the next run starts over. A connection whose account may not
   * read the tool's permissions is degraded (owner only); expired credentials wait for the
   * content sync's re-authorization; anything else is retried at the next interval.
   */
  private async failed(source: Source, error: unknown) {
    if (error instanceof RetryLaterError) throw error;
    const degraded = error instanceof PermissionsUnreadableError;
    const message =
      degraded || error instanceof ConnectorAuthError || isConnectorError(error)
        ? (error as Error).message
        : 'Reading the tool’s permissions stopped on an unexpected error (details are in the server log).';
    if (!degraded && !isConnectorError(error) && !(error instanceof ConnectorAuthError))
      this.logger.error('Permission sync failed', { sourceId: source.id, error });
    await this.db.query(
      `UPDATE sources SET permissions_error = $2, permissions_cursor = NULL,
              permissions_state = CASE WHEN $3 THEN 'degraded' ELSE permissions_state END
        WHERE id = $1`,
      [source.id, message, degraded],
    );
  }
}

function isConnectorError(error: unknown): boolean {
  return error instanceof Error && /^Connector/.test(error.name);
}
