/**
 * Members screen queries at workspace sizes of 2,000 and 20,000 members, over HTTP:
 *   npm run bench:members                         embedded Postgres
 *   BENCH_DATABASE_URL=postgres://… npm run bench:members
 * Prints p50/p95 latency of the first page, a name search as typed, and a sorted/filtered page.
 * SIZES (members, default 2000,20000) and RUNS (per query, default 60) change the run.
 */
import 'reflect-metadata';
import { loadConfig } from '../server/src/config.js';
import { createTemporaryDatabase } from '../server/src/db/temporary-database.js';
import { startServer } from '../server/src/server.js';
import { createLogger } from '../server/src/shared/logger.js';

const SIZES = (process.env.SIZES ?? '2000,20000').split(',').map(Number);
const RUNS = Number(process.env.RUNS ?? 60);
const mode = process.env.BENCH_DATABASE_URL ? 'postgres' : 'embedded';
const QUERY = `query($s: String, $sort: MemberSort!, $f: MemberFilter!) {
  members(search: $s, sort: $sort, filter: $f, first: 50) { nodes { id email firstName lastName roles } totalCount pageInfo { hasNextPage endCursor } }
}`;

const db = await createTemporaryDatabase(process.env.BENCH_DATABASE_URL);
const config = {
  ...loadConfig({
    NODE_ENV: 'production',
    PORT: '0',
    DATABASE_URL: db.url,
    APP_SECRET: 'bench-secret-bench-secret-bench-secret-00',
  }),
  host: '127.0.0.1',
};
const server = await startServer(config, createLogger('error'));
const post = async (path: string, body: unknown, token?: string) => {
  const res = await fetch(server.url + path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return res.json() as Promise<any>;
};

try {
  console.log(`members benchmark (${mode} database, ${RUNS} runs per query)`);
  for (const size of SIZES) {
    const email = `admin${size}@example.com`;
    await post('/api/signup', { email, password: 'bench passphrase 1', firstName: 'Admin' });
    const { token, user } = await post('/api/signin', { email, password: 'bench passphrase 1' });
    await server.services.db.query(
      `INSERT INTO users (workspace_id, email, first_name, last_name, password_hash, roles)
       SELECT $1::uuid, 'm' || n || '.' || $2::int || '@example.com', 'First' || n, 'Last' || (n * 7919 % $2::int), 'x',
              CASE WHEN n % 10 = 0 THEN '{product_expert}'::text[] ELSE '{customer_facing}'::text[] END
         FROM generate_series(1, $2::int - 1) AS n`,
      [user.workspaceId, size],
    );
    await server.services.db.query('ANALYZE users');
    const cases: [string, Record<string, unknown>][] = [
      ['first page (first name)', { sort: 'FIRST_NAME', f: 'EVERYONE' }],
      ['search "first12"', { s: 'first12', sort: 'FIRST_NAME', f: 'EVERYONE' }],
      ['product experts by email', { sort: 'EMAIL', f: 'PRODUCT_EXPERTS' }],
    ];
    for (const [label, variables] of cases) {
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        const body = await post('/graphql', { query: QUERY, variables }, token);
        times.push(performance.now() - t0);
        if (body.errors) throw new Error(JSON.stringify(body.errors));
        total = body.data.members.totalCount;
      }
      times.sort((a, b) => a - b);
      const p = (q: number) => times[Math.floor(q * (times.length - 1))].toFixed(1);
      console.log(
        `  ${size} members, ${label.padEnd(26)} matches ${String(total).padStart(6)}: p50 ${p(0.5)} ms  p95 ${p(0.95)} ms`,
      );
    }
  }
} finally {
  await server.stop();
  await db.drop();
}
