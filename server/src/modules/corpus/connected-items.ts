import { createHash } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import type { ParsedSection } from '../../parsing/index.js';
import { chunkDocument } from './indexing/chunker.js';
import type { IndexableText, Indexer } from './indexing/indexer.js';

/**
 * The corpus' write operations for connected sources: what a sync step does to the documents of
 * the source it syncs (connectors/connector-sync.ts decides when; these decide how). Each runs
 * in the caller's transaction, beside the step's checkpoint.
 */

/** A page, issue or file as text, ready to chunk and index. */
export interface ConnectorItem {
  /** Stable within the source, e.g. `page:123`, `issue:10042`. */
  externalId: string;
  title: string;
  /** Where the item lives in its tool: answers cite it. */
  url: string;
  /** Changes whenever the item does (a version number, an update time). */
  version: string;
  updatedAt: Date | null;
  /** What kind of item, shown like a file type: `confluence/page`, `jira/issue`. */
  itemType: string;
  sections: ParsedSection[];
}

/**
 * An item that could not be read; it is shown as failed and never pruned because it failed.
 * It is fetched again as soon as the tool lists a new version of it, and otherwise after a
 * wait (one sync interval, doubling with each failure, at most a day).
 */
export interface ItemFailure {
  externalId: string;
  title: string;
  url?: string;
  message: string;
  /**
   * The version that failed, as listed (`ConnectorItem.version`): until the wait is over, a
   * listing that shows this same version takes the item as unchanged and does not fetch it.
   */
  version?: string;
}

/** The source a sync writes to. */
export interface SyncedSource {
  id: string;
  workspaceId: string;
  kind: string;
}

/** The longest wait before a failed item whose version has not changed is fetched again. */
const MAX_RETRY_WAIT_SECONDS = 24 * 60 * 60;

/** Items that failed before, were not listed again in this run, and whose wait is over. */
export function failedItemsDue(
  db: DataSource,
  sourceId: string,
  run: number,
  limit: number,
): Promise<{ external_id: string; title: string }[]> {
  return db.query(
    `SELECT external_id, title FROM documents
      WHERE source_id = $1 AND status = 'failed' AND external_id IS NOT NULL
        AND (seen_run IS NULL OR seen_run < $2) AND (retry_at IS NULL OR retry_at <= now())
      ORDER BY external_id LIMIT $3`,
    [sourceId, run, limit],
  );
}

/** After a complete listing: deletes the items this run did not see; answers how many. */
export async function pruneUnseen(m: EntityManager, sourceId: string, run: number) {
  const [deleted]: [unknown[], number] = await m.query(
    `DELETE FROM documents WHERE source_id = $1 AND seen_run IS DISTINCT FROM $2 RETURNING id`,
    [sourceId, run],
  );
  return deleted.length;
}

/** How many of the source's items failed, and the first of them (by title) with its error. */
export async function failureSummary(
  m: EntityManager,
  sourceId: string,
): Promise<{ n: number; title: string | null; error: string | null; total: number }> {
  const [row] = await m.query(
    `SELECT count(*) FILTER (WHERE status = 'failed')::int AS n,
            min(title) FILTER (WHERE status = 'failed') AS title,
            (array_agg(error ORDER BY title) FILTER (WHERE status = 'failed'))[1] AS error,
            count(*)::int AS total
       FROM documents WHERE source_id = $1`,
    [sourceId],
  );
  return row;
}

/** Items listed unchanged (or found by the id listing) are marked seen by this run. */
export async function markSeen(m: EntityManager, sourceId: string, ids: string[], run: number) {
  await m.query(
    `UPDATE documents SET seen_run = $3 WHERE source_id = $1 AND external_id = ANY($2::text[])`,
    [sourceId, ids, run],
  );
}

/** Items the tool says are gone. */
export async function deleteItems(m: EntityManager, sourceId: string, ids: string[]) {
  await m.query(`DELETE FROM documents WHERE source_id = $1 AND external_id = ANY($2::text[])`, [
    sourceId,
    ids,
  ]);
}

/**
 * Upserts the items' documents; only those whose text changed are chunked again. Answers how
 * many items were written.
 */
export async function writeItems(
  m: EntityManager,
  indexer: Pick<Indexer, 'writeText'>,
  source: SyncedSource,
  run: number,
  all: ConnectorItem[],
): Promise<number> {
  const items = [...new Map(all.map((i) => [i.externalId, i])).values()];
  if (items.length === 0) return 0;
  const texts = items.map((i) => i.sections.map((s) => s.text).join('\n\n'));
  const hashes = items.map((item, n) =>
    createHash('sha256').update(item.title).update('\n').update(texts[n]!).digest('base64url'),
  );
  const rows: { id: string; external_id: string; content_hash: string | null }[] = await m.query(
    `INSERT INTO documents (workspace_id, source_id, external_id, title, file_name, file_type,
                            file_size, status, progress, web_url, external_updated_at, seen_run)
     SELECT $1, $2, t.external_id, t.title, t.title, t.item_type, t.size, 'parsing', 50, t.url,
            t.updated_at, $3
       FROM unnest($4::text[], $5::text[], $6::text[], $7::bigint[], $8::text[], $9::timestamptz[])
            AS t(external_id, title, item_type, size, url, updated_at)
     ON CONFLICT (source_id, external_id) DO UPDATE
        SET title = EXCLUDED.title, file_name = EXCLUDED.file_name, file_type = EXCLUDED.file_type,
            file_size = EXCLUDED.file_size, web_url = EXCLUDED.web_url,
            external_updated_at = EXCLUDED.external_updated_at, seen_run = EXCLUDED.seen_run,
            failed_version = NULL, failure_count = 0, retry_at = NULL
     RETURNING id, external_id, content_hash`,
    [
      source.workspaceId,
      source.id,
      run,
      items.map((i) => i.externalId),
      items.map((i) => i.title.slice(0, 500)),
      items.map((i) => i.itemType),
      texts.map((t) => Buffer.byteLength(t)),
      items.map((i) => i.url),
      items.map((i) => i.updatedAt?.toISOString() ?? null),
    ],
  );
  const idOf = new Map(rows.map((r) => [r.external_id, r]));
  const rewrite: IndexableText[] = [];
  const same: { id: string; version: string; hash: string }[] = [];
  for (const [n, item] of items.entries()) {
    const row = idOf.get(item.externalId)!;
    if (row.content_hash === hashes[n]) {
      same.push({ id: row.id, version: item.version, hash: hashes[n]! });
      continue;
    }
    const chunks = chunkDocument({ format: 'txt', title: item.title, sections: item.sections });
    rewrite.push({
      doc: { id: row.id, workspaceId: source.workspaceId, sourceId: source.id },
      title: item.title,
      chunks,
      extra: { externalVersion: item.version, contentHash: hashes[n]! },
    });
  }
  await indexer.writeText(m, rewrite);
  // A new version with the same text (a label, a view count) keeps its chunks.
  if (same.length > 0)
    await m.query(
      `UPDATE documents d SET external_version = t.version, status = 'indexed', progress = 100,
              error = NULL, indexed_at = coalesce(d.indexed_at, now())
         FROM unnest($1::uuid[], $2::text[]) AS t(id, version) WHERE d.id = t.id`,
      [same.map((s) => s.id), same.map((s) => s.version)],
    );
  return items.length;
}

/**
 * A failed item keeps any earlier chunks (still answerable). It is fetched again when a
 * listing shows a version other than the one that failed, else once its wait is over: one
 * sync interval (`retryBaseSeconds`) after the first failure of that version, doubling, at most
 * a day (`retry_at`; `failure_count` counts the failures of that version).
 */
export async function writeFailures(
  m: EntityManager,
  source: SyncedSource,
  run: number,
  failures: ItemFailure[],
  retryBaseSeconds: number,
) {
  const unique = [...new Map(failures.map((f) => [f.externalId, f])).values()];
  // A failure without a version (a retry by id) is one more of the version that failed before.
  const count = `CASE WHEN EXCLUDED.failed_version IS DISTINCT FROM documents.failed_version
                       AND EXCLUDED.failed_version IS NOT NULL THEN 1
                      ELSE documents.failure_count + 1 END`;
  const wait = (n: string) =>
    `now() + make_interval(secs => least($9::float8 * power(2, least(${n} - 1, 20)), ${MAX_RETRY_WAIT_SECONDS}))`;
  await m.query(
    `INSERT INTO documents (workspace_id, source_id, external_id, title, file_name, file_type,
                            file_size, status, progress, error, web_url, seen_run,
                            failed_version, failure_count, retry_at)
     SELECT $1, $2, t.external_id, t.title, t.title, $4, 0, 'failed', 0, t.message, t.url, $3,
            t.version, 1, ${wait('1')}
       FROM unnest($5::text[], $6::text[], $7::text[], $8::text[], $10::text[])
            AS t(external_id, title, message, url, version)
     ON CONFLICT (source_id, external_id) DO UPDATE
        SET status = 'failed', progress = 0, error = EXCLUDED.error, external_version = NULL,
            seen_run = EXCLUDED.seen_run,
            failed_version = coalesce(EXCLUDED.failed_version, documents.failed_version),
            failure_count = ${count}, retry_at = ${wait(count)}`,
    [
      source.workspaceId,
      source.id,
      run,
      `${source.kind}/item`,
      unique.map((f) => f.externalId),
      unique.map((f) => f.title.slice(0, 500) || f.externalId),
      unique.map((f) => f.message.slice(0, 1000)),
      unique.map((f) => f.url ?? null),
      retryBaseSeconds,
      unique.map((f) => f.version || null),
    ],
  );
}

/**
 * The version each of these items is known at: an indexed item's, or the version that failed
 * while its wait lasts (a listing that shows that version again does not fetch it).
 */
export async function knownVersions(
  db: DataSource,
  sourceId: string,
  ids: string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows: { external_id: string; version: string }[] = await db.query(
    `SELECT external_id,
            CASE WHEN status = 'indexed' THEN external_version ELSE failed_version END AS version
       FROM documents
      WHERE source_id = $1 AND external_id = ANY($2::text[])
        AND ((status = 'indexed' AND external_version IS NOT NULL)
          OR (status = 'failed' AND failed_version IS NOT NULL AND retry_at > now()))`,
    [sourceId, ids],
  );
  return new Map(rows.map((r) => [r.external_id, r.version]));
}
