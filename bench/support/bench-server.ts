import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/src/config.js';
import { createTemporaryDatabase } from '../../server/src/db/temporary-database.js';
import { startServer } from '../../server/src/server.js';
import { createLogger } from '../../server/src/shared/logger.js';

/**
 * The real app for a benchmark: a fresh database (embedded, or BENCH_DATABASE_URL's server), a
 * fresh DATA_DIR, production settings plus `env`, and a JSON caller for its REST paths.
 */
export async function startBenchServer(name: string, env: Record<string, string> = {}) {
  const mode = process.env.BENCH_DATABASE_URL ? 'postgres' : 'embedded';
  const db = await createTemporaryDatabase(process.env.BENCH_DATABASE_URL);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `lumen-bench-${name}-`));
  const config = {
    ...loadConfig({
      NODE_ENV: 'production',
      PORT: '0',
      DATABASE_URL: db.url,
      DATA_DIR: dataDir,
      APP_SECRET: 'bench-secret-bench-secret-bench-secret-00',
      ...env,
    }),
    host: '127.0.0.1',
  };
  const server = await startServer(config, createLogger('error'));
  /** A REST call with a JSON body, answered as parsed JSON. */
  const call = async (method: string, url: string, body?: unknown, token?: string) => {
    const res = await fetch(server.url + url, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return res.json() as Promise<any>;
  };
  return {
    server,
    db,
    mode,
    call,
    /** Stops the app; the database is dropped unless `keepDatabase`. */
    async stop(keepDatabase = false) {
      await server.stop();
      if (!keepDatabase) await db.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
