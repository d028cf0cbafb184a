import type { DataSource } from 'typeorm';
import type { Viewer } from '../identity/viewer.js';
import { EVERYONE, personalPrincipals } from './acl.js';

/**
 * Who is reading, as the visibility path sees it: the workspace, the member (null for a public
 * bot page's visitor) and the sources whose documents and passages they may read. Every read of
 * documents, passages or chunks takes a Reader and filters by it (visibility.ts); nothing reads
 * them by workspace alone. A Reader lives for one request: access changes apply on the next.
 */
export interface Reader {
  readonly workspaceId: string;
  readonly userId: string | null;
  /** The readable sources, resolved when the request began; anything else is unreadable. */
  readonly sourceIds: readonly string[];
  /**
   * Whether those are all the workspace's sources (when the request began). Ranking uses it to
   * size candidate generation; the filter is applied all the same (fail closed).
   */
  readonly readsEverything: boolean;
  /**
   * Among `sourceIds`, the ones read item by item (a source that mirrors its tool's permissions,
   * not the reader's own): only their documents whose `acl` names one of `principals`.
   */
  readonly partialSourceIds: readonly string[];
  /** The principals the reader holds (connectors/permissions/acl.ts), for those sources. */
  readonly principals: readonly string[];
}

/**
 * The sources a member reads in full: every source open to the workspace, the ones they own,
 * and the restricted ones granted to them or to a group they are in; and those they read item
 * by item: the sources that mirror their tool's permissions, unless those could not be read
 * (degraded: only the owner reads it, and the members the tool, asked with each one's own linked
 * account, showed items to: their acl then names only those accounts). An access mode this code does not know grants nobody
 * (fail closed).
 */
const SOURCES_AND_ACCESS = `
  SELECT s.id, (s.access_mode = 'workspace'
          OR s.created_by_id = $2
          OR (s.access_mode = 'restricted' AND (
                EXISTS (SELECT 1 FROM source_member_grants g
                         WHERE g.source_id = s.id AND g.user_id = $2)
             OR EXISTS (SELECT 1 FROM source_group_grants g
                          JOIN group_members m ON m.group_id = g.group_id
                         WHERE g.source_id = s.id AND m.user_id = $2)))) AS readable,
         (s.access_mode = 'mirror' AND s.created_by_id IS DISTINCT FROM $2
          AND (s.permissions_state IS DISTINCT FROM 'degraded' OR s.permissions_by_member))
           AS partial
    FROM sources s WHERE s.workspace_id = $1`;

/** Sources open to the whole workspace: all that a visitor of a public bot page may read. */
const SOURCES_OPEN_TO_ALL = `
  SELECT s.id, s.access_mode = 'workspace' AS readable, false AS partial
    FROM sources s WHERE s.workspace_id = $1`;

/**
 * What every member reads, whoever they are: the sources open to the workspace in full, and the
 * items of a source mirroring its tool's permissions that the tool opens to everyone (acl `*`),
 * unless its permissions could not be read (then only its owner reads it).
 */
const SOURCES_EVERY_MEMBER_READS = `
  SELECT s.id, s.access_mode = 'workspace' AS readable,
         (s.access_mode = 'mirror'
          AND (s.permissions_state IS DISTINCT FROM 'degraded' OR s.permissions_by_member)) AS partial
    FROM sources s WHERE s.workspace_id = $1`;

/** The member's linked accounts: who they are in the connected tools. */
const LINKED_ACCOUNTS = `
  SELECT provider, account_id AS "accountId", email, hosted_domain AS "hostedDomain"
    FROM linked_accounts WHERE user_id = $1 AND workspace_id = $2`;

/** The group and intersection principals those accounts hold in these sources. */
const HELD_PRINCIPALS = `
  SELECT DISTINCT principal FROM source_principals
   WHERE member = ANY($1::text[]) AND source_id = ANY($2::uuid[])`;

/** One Reader per request: several resolvers of one request share it. */
const perRequest = new WeakMap<Viewer, Promise<Reader>>();

/** Builds Readers: the one place that decides which sources someone may read. */
export class Readers {
  constructor(private readonly db: DataSource) {}

  /** The signed-in member's (or their API key's: a key acts with its creator's access). */
  forViewer(viewer: Viewer): Promise<Reader> {
    let reader = perRequest.get(viewer);
    if (!reader) {
      reader = this.forMember(viewer.workspaceId, viewer.userId);
      perRequest.set(viewer, reader);
      // A failed lookup is not kept: the next resolver of the request asks again.
      reader.catch(() => perRequest.delete(viewer));
    }
    return reader;
  }

  /**
   * Forgets the request's Reader after the request itself changed access (a source's setting,
   * a group, a new source), so what it answers shows the change.
   */
  forget(viewer: Viewer): void {
    perRequest.delete(viewer);
  }

  async forMember(workspaceId: string, userId: string): Promise<Reader> {
    const rows: SourceRow[] = await this.db.query(SOURCES_AND_ACCESS, [workspaceId, userId]);
    const partial = rows.filter((r) => r.partial === true && r.readable !== true);
    if (partial.length === 0) return toReader(workspaceId, userId, rows, []);
    const personal = personalPrincipals(
      await this.db.query(LINKED_ACCOUNTS, [userId, workspaceId]),
    );
    const held: { principal: string }[] =
      personal.length === 0
        ? []
        : await this.db.query(HELD_PRINCIPALS, [personal, partial.map((r) => r.id)]);
    return toReader(workspaceId, userId, rows, [
      EVERYONE,
      ...personal,
      ...held.map((h) => h.principal),
    ]);
  }

  /**
   * What every member of the workspace may read, for answers other people see too (a Slack
   * channel): a visitor's sources, plus the mirrored items open to every member. No user.
   */
  async forEveryMember(workspaceId: string): Promise<Reader> {
    const rows: SourceRow[] = await this.db.query(SOURCES_EVERY_MEMBER_READS, [workspaceId]);
    return toReader(workspaceId, null, rows, [EVERYONE]);
  }

  /** An anonymous visitor (a public bot link): only what the whole workspace may read. */
  async forVisitor(workspaceId: string): Promise<Reader> {
    return toReader(workspaceId, null, await this.db.query(SOURCES_OPEN_TO_ALL, [workspaceId]), []);
  }
}

/** Whether the reader may read this source's documents (some of them, when read item by item). */
export function canReadSource(reader: Reader, sourceId: string): boolean {
  return reader.sourceIds.includes(sourceId);
}

/** The reader cut down to some sources (a bot's): narrowing never widens. */
export function narrowReader(reader: Reader, to: readonly string[]): Reader {
  const keep = new Set(to);
  const sourceIds = reader.sourceIds.filter((id) => keep.has(id));
  return {
    ...reader,
    sourceIds,
    partialSourceIds: reader.partialSourceIds.filter((id) => keep.has(id)),
    readsEverything: reader.readsEverything && sourceIds.length === reader.sourceIds.length,
  };
}

interface SourceRow {
  id: string;
  readable: boolean;
  partial: boolean;
}

function toReader(
  workspaceId: string,
  userId: string | null,
  rows: SourceRow[],
  principals: string[],
): Reader {
  const full = rows.filter((r) => r.readable === true).map((r) => r.id);
  // Without a principal to hold, a source read item by item yields nothing: left out.
  const partialSourceIds =
    principals.length === 0
      ? []
      : rows.filter((r) => r.partial === true && r.readable !== true).map((r) => r.id);
  return {
    workspaceId,
    userId,
    sourceIds: [...full, ...partialSourceIds],
    readsEverything: full.length === rows.length,
    partialSourceIds,
    principals,
  };
}
