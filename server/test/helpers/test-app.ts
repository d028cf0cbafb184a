import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import { inject } from 'vitest';
import { loadConfig, type Config } from '../../src/config.js';
import { createDatabaseOn } from '../../src/db/temporary-database.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { createLogger } from '../../src/shared/logger.js';

export interface TestApp {
  url: string;
  server: RunningServer;
  config: Config;
  databaseUrl: string;
  /** Stops the app but keeps its database (for a restart with startTestApp(env, databaseUrl)). */
  stopKeepingDatabase(): Promise<void>;
  /** POST/GET JSON to the REST adapter; `ip` sets X-Forwarded-For (TRUST_PROXY is on). */
  rest(
    method: string,
    path: string,
    body?: unknown,
    opts?: { token?: string; ip?: string; raw?: string },
  ): Promise<{ status: number; body: any; headers: Headers }>;
  /** A real Apollo Client against /graphql, optionally with a bearer token. */
  graphql(token?: string): ApolloClient;
  /** A raw GraphQL POST (fetch): `{ data, errors }` as the server sent them. */
  graphqlRaw(
    query: string,
    variables?: Record<string, unknown>,
    token?: string,
  ): Promise<{ data?: any; errors?: any[] }>;
  /** Runs SQL on the app's database (to set up states such as a forced password change). */
  sql<T = any>(query: string, params?: unknown[]): Promise<T[]>;
  /** Mail kept in the dev outbox for an address, newest first. */
  outbox(to: string): Promise<{ subject: string; text: string }[]>;
  /** Waits until no job of `kind` is queued or running (mail a request queued, say). */
  jobsDone(kind: string, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** Boots the whole app on a random port against a fresh database. */
export async function startTestApp(
  env: Record<string, string> = {},
  /** Boot on an existing test database (e.g. to restart the app); it is then not dropped. */
  existingDatabaseUrl?: string,
): Promise<TestApp> {
  const db = existingDatabaseUrl
    ? { url: existingDatabaseUrl, drop: async () => undefined }
    : await createDatabaseOn(inject('pgServerUrl'));
  const config = {
    ...loadConfig({
      NODE_ENV: 'test',
      PORT: '0',
      DATABASE_URL: db.url,
      APP_SECRET: 'test-secret-test-secret-test-secret-0123',
      DEV_OUTBOX: 'true',
      // Tests ask far faster than people do; the limit itself is tested with its own setting.
      ASK_RATE_PER_MINUTE: '100000',
      TRUST_PROXY: 'true',
      DATA_DIR: '/tmp/lumen-test-data',
      ...env,
    }),
    host: '127.0.0.1',
  };
  const server = await startServer(config, createLogger('silent'));
  const url = server.url;
  return {
    url,
    server,
    config,
    databaseUrl: db.url,
    stopKeepingDatabase: () => server.stop(),
    async rest(method, path, body, opts = {}) {
      const headers: Record<string, string> = {};
      if (body !== undefined || opts.raw !== undefined)
        headers['content-type'] = 'application/json';
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      if (opts.ip) headers['x-forwarded-for'] = opts.ip;
      const response = await fetch(url + path, {
        method,
        headers,
        body: opts.raw ?? (body === undefined ? undefined : JSON.stringify(body)),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      return { status: response.status, body: parsed, headers: response.headers };
    },
    graphql(token) {
      return new ApolloClient({
        link: new HttpLink({
          uri: `${url}/graphql`,
          headers: token ? { authorization: `Bearer ${token}` } : {},
        }),
        cache: new InMemoryCache(),
        defaultOptions: { query: { fetchPolicy: 'no-cache' }, mutate: { fetchPolicy: 'no-cache' } },
      });
    },
    async graphqlRaw(query, variables, token) {
      const response = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ query, variables }),
      });
      return (await response.json()) as { data?: any; errors?: any[] };
    },
    sql: (query, params) => server.services.db.query(query, params),
    outbox: (to) =>
      server.services.db.query(
        `SELECT subject, text FROM mail_outbox WHERE to_address = $1 ORDER BY created_at DESC`,
        [to],
      ),
    async jobsDone(kind, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const [row] = await server.services.db.query(
          `SELECT count(*)::int AS n FROM jobs WHERE kind = $1 AND status IN ('queued', 'running')`,
          [kind],
        );
        if (row.n === 0) return;
        if (Date.now() > deadline) throw new Error(`${kind} jobs still pending`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async stop() {
      await server.stop();
      await db.drop();
    },
  };
}

let counter = 0;
/** A unique email and client address per test, so throttles never cross tests. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}.${process.pid}.${Date.now()}.${++counter}@example.com`;
}
export function uniqueIp(): string {
  counter++;
  return `10.${(process.pid >> 8) & 255}.${process.pid & 255}.${counter & 255}`;
}

export const GOOD_PASSWORD = 'correct horse battery';
