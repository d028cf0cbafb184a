import type { DataSource, Migration } from 'typeorm';

/** Any fixed number shared by every Lumen instance: the lock that serialises migrations. */
const MIGRATION_LOCK = 7_020_417_311;

/**
 * Runs pending migrations under a Postgres advisory lock, so instances starting together on one
 * empty database take turns: the first migrates, the others then find nothing left to do.
 */
export async function migrateWithLock(dataSource: DataSource): Promise<Migration[]> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      return await dataSource.runMigrations();
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    await runner.release();
  }
}
