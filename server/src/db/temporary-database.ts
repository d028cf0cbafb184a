import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from './embedded-postgres.js';
import { createLogger } from '../shared/logger.js';

export interface TemporaryDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A fresh, empty database for a test run or a tool: created on the server at `serverUrl`
 * (e.g. TEST_DATABASE_URL) or, without one, on a throwaway embedded Postgres. Dropped after.
 */
export async function createTemporaryDatabase(serverUrl?: string): Promise<TemporaryDatabase> {
  if (serverUrl) return createDatabaseOn(serverUrl);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-pg-'));
  const embedded = await startEmbeddedPostgres(dir, createLogger('warn'));
  const db = await createDatabaseOn(embedded.url);
  return {
    url: db.url,
    async drop() {
      await db.drop();
      await embedded.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A new uniquely named database on an existing server, dropped (forcibly) by `drop()`. */
export async function createDatabaseOn(serverUrl: string): Promise<TemporaryDatabase> {
  const name = `lumen_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
