import type { DataSource, EntityManager } from 'typeorm';
import { SourceDocument } from './document.entity.js';

/**
 * The corpus' write operations for uploaded files (sources/uploads.service.ts runs the upload
 * flow; these touch the documents table for it). Each runs in the caller's transaction.
 */

/** The document a confirmed upload made (confirm answered twice answers the same one). */
export function uploadedDocument(m: EntityManager, id: string): Promise<SourceDocument> {
  return m.getRepository(SourceDocument).findOneOrFail({ where: { id } });
}

/** A new uploaded file's document, queued for indexing by the caller. */
export function createUploadedDocument(
  m: EntityManager,
  file: {
    workspaceId: string;
    sourceId: string;
    fileName: string;
    fileType: string;
    fileSize: number;
    storageKey: string;
    fileHash: string;
    uploadedById: string;
  },
): Promise<SourceDocument> {
  return m.getRepository(SourceDocument).save({
    ...file,
    title: file.fileName.replace(/\.[^.]+$/, ''),
    status: 'queued',
  });
}

/**
 * Deletes an uploaded document that a new upload replaces (its chunks cascade); answers what it
 * was, or nothing when it is already gone.
 */
export async function deleteUploadedDocument(
  m: EntityManager,
  id: string,
  workspaceId: string,
): Promise<{ id: string; label: string; storageKey: string; sourceId: string } | null> {
  // A CTE, so the driver answers the deleted rows (a bare DELETE answers [rows, count]).
  const [old]: { id: string; label: string; storage_key: string; source_id: string }[] =
    await m.query(
      `WITH gone AS (DELETE FROM documents
                    WHERE id = $1 AND workspace_id = $2 AND storage_key IS NOT NULL
                    RETURNING id, coalesce(file_name, title) AS label, storage_key, source_id)
       SELECT * FROM gone`,
      [id, workspaceId],
    );
  return old
    ? { id: old.id, label: old.label, storageKey: old.storage_key, sourceId: old.source_id }
    : null;
}

/** Which of these stored files a document still holds (the rest may be deleted). */
export async function storageKeysInUse(
  db: DataSource | EntityManager,
  keys: string[],
): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows: { key: string }[] = await db.query(
    `SELECT DISTINCT storage_key AS key FROM documents WHERE storage_key = ANY($1::text[])`,
    [keys],
  );
  return new Set(rows.map((r) => r.key));
}

/** Bytes the workspace's uploaded files hold (connected items' text is not stored as files). */
export async function uploadedBytes(
  db: DataSource | EntityManager,
  workspaceId: string,
): Promise<number> {
  const [row] = await db.query(
    `SELECT coalesce(sum(file_size), 0) AS used FROM documents
      WHERE workspace_id = $1 AND storage_key IS NOT NULL`,
    [workspaceId],
  );
  return Number(row.used);
}

/**
 * Deletes a source with its documents, chunks and principals (they cascade); answers the
 * storage keys of its uploaded files, for the caller to delete once the rows are gone.
 */
export async function deleteSourceAndItems(
  db: DataSource | EntityManager,
  sourceId: string,
): Promise<string[]> {
  const files: { key: string }[] = await db.query(
    `SELECT storage_key AS key FROM documents WHERE source_id = $1 AND storage_key IS NOT NULL`,
    [sourceId],
  );
  await db.query(`DELETE FROM sources WHERE id = $1`, [sourceId]);
  return files.map((f) => f.key);
}
