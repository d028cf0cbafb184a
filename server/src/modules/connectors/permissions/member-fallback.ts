import type { DataSource } from 'typeorm';
import type { Logger } from '../../../shared/logger.js';
import { RetryLaterError, type JobContinuation } from '../../../jobs/job-queue.js';
import {
  countAclChunks,
  hideEveryItem,
  itemIdsAfter,
  keepOnlyPrincipals,
  type Provider,
  removePrincipal,
  setPrincipalOn,
  type Source,
  unmatched,
} from '../../corpus/index.js';
import type { Connector, ConnectorContext } from '../connector.js';
import type { ConnectorAuth, ConnectorHttp } from '../connector-http.js';
import { ConnectorAuthError } from '../tool-failures.js';
import type { CredentialVault } from '../credentials.js';
import type { MemberAccessReader } from './permission-reader.js';

/** `permissions_cursor` of a member pass: `members:<userId>|<last external id written>`. */
const PREFIX = 'members:';
/** Items asked about per member per job step, unless the tool's reader says otherwise. */
const BATCH = 1000;

export const isMemberCursor = (cursor: string | null) => cursor?.startsWith(PREFIX) ?? false;

interface Cursor {
  /** The member being asked ('' before the first). */
  userId: string;
  /** The last item written for them; null when they are done (or not begun). */
  after: string | null;
}

function parse(cursor: string): Cursor {
  const [userId = '', after = ''] = cursor.slice(PREFIX.length).split('|');
  return { userId, after: after === '' ? null : after };
}

const format = (c: Cursor) => `${PREFIX}${c.userId}|${c.after ?? ''}`;

interface Link {
  id: string;
  user_id: string;
  account_id: string;
  sealed_token: string;
}

/** What a member pass needs of the permission sync. */
export interface MemberPassSetup {
  reader: MemberAccessReader;
  provider: Provider;
  connector: Connector;
  http(auth: ConnectorAuth): ConnectorHttp;
  /** The source's settings as the member's token reaches the tool (null: it cannot). */
  settings(auth: ConnectorAuth): Promise<unknown | null>;
}

/**
 * The fallback when a connection's account may not read its tool's permissions (the source is
 * 'degraded'): each member who linked their account with read access is asked about, with their
 * own token, item batch by item batch, and an item's acl names the linked accounts the tool
 * showed it to (`<provider>:user:<accountId>`, a principal the member holds while linked:
 * unlinking ends it at once). Entering it empties every acl first (only the owner reads until
 * members are asked: never wider); a member's token the tool refuses loses that member their
 * access here and is forgotten (they are asked to link again); any other failure keeps what
 * that member had.
 */
export class MemberFallback {
  constructor(
    private readonly db: DataSource,
    private readonly tokens: CredentialVault,
    private readonly logger: Logger,
  ) {}

  /** The source's permissions could not be read: from now on members are asked, from the first. */
  async begin(source: Source, why: string): Promise<void> {
    await this.db.transaction(async (m) => {
      await m.query('SELECT 1 FROM sources WHERE id = $1 FOR UPDATE', [source.id]);
      if (!source.permissionsByMember) {
        // What the connection read before may be stale: nothing from it survives.
        await hideEveryItem(m, source.id);
      }
      await m.query(
        `UPDATE sources SET permissions_state = 'degraded', permissions_by_member = true,
                permissions_error = $2, permissions_cursor = $3
          WHERE id = $1`,
        [source.id, why, format({ userId: '', after: null })],
      );
    });
  }

  /** One step of a member pass: the next batch of items for the member under way, or the end. */
  async step(source: Source, setup: MemberPassSetup): Promise<JobContinuation | null> {
    const cursor = parse(source.permissionsCursor ?? PREFIX);
    const link = await this.nextLink(source, setup.provider, cursor);
    if (!link) {
      await this.finish(source, setup.provider);
      return null;
    }
    const after = link.user_id === cursor.userId ? cursor.after : null;
    const batch = setup.reader.batchSize ?? BATCH;
    const ids = await itemIdsAfter(this.db, source.id, after ?? '', batch);
    const principal = `${setup.provider}:user:${link.account_id}`;
    let next: Cursor = { userId: link.user_id, after: null };
    try {
      if (ids.length > 0) {
        const auth = this.tokens.authFor({ id: link.id, sealedCredentials: link.sealed_token });
        const settings = await setup.settings(auth);
        const ctx: ConnectorContext<unknown> = {
          http: setup.http(auth),
          settings,
          parse: () => Promise.reject(new Error('Permission reads parse no files.')),
        };
        // A token that cannot reach the tool's site at all: none of its items are theirs.
        const readable = settings ? await setup.reader.readableItems(ctx, ids) : new Set<string>();
        await this.write(source.id, principal, ids, readable);
        if (ids.length === batch) next = { userId: link.user_id, after: ids[ids.length - 1]! };
      }
    } catch (error) {
      if (error instanceof RetryLaterError) throw error;
      if (error instanceof ConnectorAuthError) await this.refused(source, link, principal);
      else
        this.logger.warn('Asking a member’s access failed; they keep what they had', {
          sourceId: source.id,
          userId: link.user_id,
          error,
        });
    }
    await this.db.query('UPDATE sources SET permissions_cursor = $2 WHERE id = $1', [
      source.id,
      format(next),
    ]);
    return { continueAfterMs: 0 };
  }

  /** The member under way (when not done), else the next one with a token, by user id. */
  private async nextLink(source: Source, provider: Provider, c: Cursor): Promise<Link | null> {
    const rows: Link[] = await this.db.query(
      `SELECT id, user_id, account_id, sealed_token FROM linked_accounts
        WHERE workspace_id = $1 AND provider = $2 AND sealed_token IS NOT NULL
          AND (CASE WHEN $4 THEN user_id::text >= $3 ELSE user_id::text > $3 END)
        ORDER BY user_id::text LIMIT 1`,
      [source.workspaceId, provider, c.userId, c.after !== null],
    );
    return rows[0] ?? null;
  }

  /** The member's principal off the items the tool did not show them, onto those it did. */
  private async write(sourceId: string, principal: string, ids: string[], readable: Set<string>) {
    const shown = ids.filter((id) => readable.has(id));
    await this.db.transaction(async (m) => {
      await m.query('SELECT 1 FROM sources WHERE id = $1 FOR UPDATE', [sourceId]);
      await setPrincipalOn(m, sourceId, principal, ids, shown);
    });
  }

  /**
   * The tool refused the member's token (revoked, expired beyond renewal, a scope taken back):
   * they lose what this source's items granted them, and are asked to link again.
   */
  private async refused(source: Source, link: Link, principal: string) {
    await this.db.transaction(async (m) => {
      await m.query('SELECT 1 FROM sources WHERE id = $1 FOR UPDATE', [source.id]);
      await removePrincipal(m, source.id, principal);
      await m.query('UPDATE linked_accounts SET sealed_token = NULL WHERE id = $1', [link.id]);
    });
    this.logger.info('A member’s linked token was refused; they must link again', {
      sourceId: source.id,
      userId: link.user_id,
    });
  }

  /**
   * Every member asked: principals of accounts no longer linked with read access are dropped
   * (an unlinked account already reads nothing: this keeps a relink from reviving stale
   * grants), the counts rewritten, and the pass dated.
   */
  private async finish(source: Source, provider: Provider) {
    await this.db.transaction(async (m) => {
      await m.query('SELECT 1 FROM sources WHERE id = $1 FOR UPDATE', [source.id]);
      const held = (
        (await m.query(
          `SELECT provider || ':user:' || account_id AS p FROM linked_accounts
            WHERE workspace_id = $1 AND provider = $2 AND sealed_token IS NOT NULL`,
          [source.workspaceId, provider],
        )) as { p: string }[]
      ).map((r) => r.p);
      await keepOnlyPrincipals(m, source.id, held);
      await countAclChunks(m, source.id);
      await m.query(
        `UPDATE sources SET permissions_checked_at = now(), permissions_cursor = NULL,
                permissions_unmatched = $2
          WHERE id = $1`,
        [source.id, await unmatched(m, source)],
      );
    });
    this.logger.info('Source permissions asked of each member', { sourceId: source.id });
  }
}
