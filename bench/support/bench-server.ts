import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/src/config.js';
import { startEmbeddedPostgres } from '../../server/src/db/embedded-postgres.js';
import { createTemporaryDatabase } from '../../server/src/db/temporary-database.js';
import { startServer } from '../../server/src/server.js';
import { createLogger } from '../../server/src/shared/logger.js';

/** A refused REST call: the bench stops on it instead of reading an error body as an answer. */
export class BenchCallError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    what: string,
  ) {
    super(`${what} answered ${status}: ${JSON.stringify(body)}`);
  }
}

/**
 * The real app for a benchmark: a fresh database (embedded, or BENCH_DATABASE_URL's server), a
 * fresh DATA_DIR, production settings plus `env`, and a JSON caller for its REST paths. With
 * `databaseDir`, the database is instead an embedded Postgres kept in that folder with the app's
 * DATA_DIR (created if missing, reused as they are if not, never dropped): a bench's cache of a
 * loaded corpus.
 */
export async function startBenchServer(
  name: string,
  env: Record<string, string> = {},
  options: { databaseDir?: string } = {},
) {
  const mode = options.databaseDir
    ? 'embedded, cached'
    : process.env.BENCH_DATABASE_URL
      ? 'postgres'
      : 'embedded';
  const db = options.databaseDir
    ? await keptDatabase(options.databaseDir)
    : await createTemporaryDatabase(process.env.BENCH_DATABASE_URL);
  // Kept with its database: the app refuses a database whose uploaded files it cannot read.
  const dataDir =
    options.databaseDir ?? fs.mkdtempSync(path.join(os.tmpdir(), `lumen-bench-${name}-`));
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
  /**
   * A REST call with a JSON body, answered as parsed JSON. Any answer but a 2xx rejects with
   * BenchCallError, so a refused upload or sign-in can never pass for a result.
   */
  const call = async (method: string, url: string, body?: unknown, token?: string) => {
    const res = await fetch(server.url + url, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: the raw text goes into the error below, or back to the caller.
    }
    if (!res.ok) throw new BenchCallError(res.status, parsed, `${method} ${url}`);
    return parsed as any;
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
      if (!options.databaseDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** An embedded Postgres in `dir` that outlives the run: "dropping" it only stops it. */
async function keptDatabase(dir: string) {
  const embedded = await startEmbeddedPostgres(dir, createLogger('warn'));
  return { url: embedded.url, drop: () => embedded.stop() };
}

/**
 * Runs a bench's main function: any failure is printed with its reason and the process exits
 * non-zero at once (open sockets, timers or a half-stopped server can never keep it waiting).
 */
export function runBench(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`bench failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}

/**
 * Polls `check` until it answers true; fails when it has not moved on (its `progress` is the
 * same) for `stallMs`, so a stuck bench says so instead of waiting for ever.
 */
export async function waitFor(
  what: string,
  check: () => Promise<{ done: boolean; progress: number }>,
  stallMs = 120_000,
): Promise<void> {
  let last = -1;
  let since = performance.now();
  for (;;) {
    const { done, progress } = await check();
    if (done) return;
    if (progress !== last) {
      last = progress;
      since = performance.now();
    } else if (performance.now() - since > stallMs)
      throw new Error(`${what}: no progress for ${Math.round(stallMs / 1000)} s (at ${progress})`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
