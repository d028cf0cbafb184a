import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { DataSource } from 'typeorm';

/** The server_settings key naming the storage folder that holds this database's files. */
export const LOCAL_STORAGE_SETTING = 'local_storage_id';

/**
 * Local file storage works for one instance, or for several that mount one shared folder as
 * DATA_DIR/storage. Instances on one database with folders of their own would each hold files
 * the others cannot read (an upload confirmed on one fails to index on another), so the first
 * one to start names the database's storage folder, by a marker file, and any instance whose
 * folder lacks that marker refuses to start, saying how to fix it.
 */
export async function claimLocalStorage(db: DataSource, storageRoot: string): Promise<void> {
  const markers = path.join(storageRoot, '.lumen-storage');
  await fs.promises.mkdir(markers, { recursive: true });
  // The marker is written before the claim: an instance that sees the claim sees its marker.
  const candidate = randomUUID();
  await fs.promises.writeFile(path.join(markers, candidate), '');
  const [row]: { value: string }[] = await db.query(
    `INSERT INTO server_settings (key, value) VALUES ($1, $2)
     ON CONFLICT (key) DO UPDATE SET key = EXCLUDED.key RETURNING value`,
    [LOCAL_STORAGE_SETTING, candidate],
  );
  if (row.value === candidate) return;
  await fs.promises.rm(path.join(markers, candidate), { force: true });
  if (fs.existsSync(path.join(markers, row.value))) return;
  throw new Error(
    `this database's uploaded files are kept in another instance's DATA_DIR/storage, which this instance (${storageRoot}) cannot read. ` +
      'Instances that share a database must share file storage: set S3_BUCKET (and S3_ENDPOINT etc.; see docs/OPERATIONS.md) on every instance, ' +
      'or mount one shared folder as DATA_DIR/storage on each.',
  );
}
