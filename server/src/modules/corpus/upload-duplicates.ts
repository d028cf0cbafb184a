import { createHash } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { badInput } from '../../shared/app-error.js';
import type { ObjectStorage } from '../../storage/object-storage.js';
import type { Reader } from './reader.js';
import type { ExistingDocument } from './sources.errors.js';
import { readableRows, sqlParams } from './visibility.js';

/** The unique index on (source_id, file_hash): the last word when two uploads to a source race. */
export const FILE_HASH_INDEX = 'uq_documents_source_file_hash';

const SHA256_HEX = /^[0-9a-f]{64}$/;

/**
 * The SHA-256 a client declares before sending the bytes, checked and lower-cased. It only
 * spares sending a file that is already there; what a document keeps is `storedHash`.
 */
export function declaredHash(raw: string | null | undefined): string | null {
  if (raw === undefined || raw === null || raw === '') return null;
  const hash = String(raw).trim().toLowerCase();
  if (!SHA256_HEX.test(hash))
    throw badInput('contentHash is the SHA-256 of the file, in hex (64 characters).', {
      field: 'contentHash',
    });
  return hash;
}

/** SHA-256 of the bytes as stored (streamed, never whole in memory); null when none are. */
export async function storedHash(storage: ObjectStorage, key: string): Promise<string | null> {
  const body = await storage.openRead(key);
  if (!body) return null;
  const hash = createHash('sha256');
  for await (const chunk of body) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * A document the reader can read that holds these bytes (other than `except`), with its
 * source's name. A copy in a source the reader cannot read is never answered: it neither blocks
 * their upload nor tells them it exists.
 */
export async function findDuplicate(
  db: DataSource | EntityManager,
  reader: Reader,
  hash: string,
  except: string | null = null,
): Promise<ExistingDocument | null> {
  const { params, param } = sqlParams([hash, except]);
  const [row]: { id: string; title: string; source_id: string; name: string }[] = await db.query(
    `SELECT d.id, d.title, d.source_id, s.name FROM documents d JOIN sources s ON s.id = d.source_id
      WHERE ${readableRows(reader, 'd', param)} AND d.file_hash = $1
        AND ($2::uuid IS NULL OR d.id <> $2::uuid)
      ORDER BY d.created_at LIMIT 1`,
    params,
  );
  return row
    ? { documentId: row.id, title: row.title, sourceId: row.source_id, sourceName: row.name }
    : null;
}

/** Of these hashes, the ones a document the reader can read holds (one document each). */
export async function findDuplicates(
  db: DataSource | EntityManager,
  reader: Reader,
  hashes: readonly string[],
): Promise<(ExistingDocument & { contentHash: string })[]> {
  if (hashes.length === 0 || reader.sourceIds.length === 0) return [];
  const { params, param } = sqlParams([hashes]);
  const rows: { id: string; title: string; source_id: string; name: string; file_hash: string }[] =
    await db.query(
      `SELECT DISTINCT ON (d.file_hash) d.id, d.title, d.source_id, s.name, d.file_hash
         FROM documents d JOIN sources s ON s.id = d.source_id
        WHERE ${readableRows(reader, 'd', param)} AND d.file_hash = ANY($1::text[])
        ORDER BY d.file_hash, d.created_at`,
      params,
    );
  return rows.map((row) => ({
    contentHash: row.file_hash,
    documentId: row.id,
    title: row.title,
    sourceId: row.source_id,
    sourceName: row.name,
  }));
}

/** Whether an insert lost the race to another upload of the same bytes (unique violation). */
export function isDuplicateInsert(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string; driverError?: { constraint?: string } };
  return e?.code === '23505' && (e.constraint ?? e.driverError?.constraint) === FILE_HASH_INDEX;
}
