/**
 * What authenticating costs: a session's access token against an API key, on the same request
 * (`{ me { id } }` over HTTP), interleaved so drift hits both alike.
 *   npm run bench:api-auth                       embedded Postgres (default mode)
 *   BENCH_DATABASE_URL=postgres://… npm run bench:api-auth
 * Options: REQUESTS per credential (default 2000), CONCURRENCY (default 8), KEYS in the table
 * (default 10000, so the key lookup is measured on a table of realistic size).
 */
import 'reflect-metadata';
import os from 'node:os';
import { startBenchServer } from './support/bench-server.js';

const requests = Number(process.env.REQUESTS ?? 2000);
const concurrency = Number(process.env.CONCURRENCY ?? 8);
const keys = Number(process.env.KEYS ?? 10_000);
const { server, mode, stop } = await startBenchServer('api-auth');
const graphql = async (token: string, query: string, variables = {}) => {
  const res = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as { data?: any; errors?: unknown[] };
};

try {
  const email = 'bench@example.com';
  const password = 'bench passphrase 1';
  const post = (path: string, body: unknown) =>
    fetch(server.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  if ((await post('/api/signup', { email, password })).status !== 201) throw new Error('signup');
  const { token } = (await (await post('/api/signin', { email, password })).json()) as {
    token: string;
  };
  const created = await graphql(
    token,
    `
      mutation {
        createApiKey(input: { name: "bench", permissions: ["search.read"] }) {
          secret
        }
      }
    `,
  );
  const secret: string = created.data.createApiKey.secret;
  // Other keys fill the table, as in a workspace that has many.
  const [user] = await server.services.db.query(`SELECT id, workspace_id FROM users LIMIT 1`);
  await server.services.db.query(
    `INSERT INTO api_keys (workspace_id, user_id, name, prefix, secret_hash, permissions)
     SELECT $1, $2, 'filler', 'lumen_x', md5(g::text), ARRAY['search.read']
       FROM generate_series(1, $3) g`,
    [user.workspace_id, user.id, keys],
  );

  const latencies: Record<'token' | 'key', number[]> = { token: [], key: [] };
  let errors = 0;
  let n = 0;
  const total = requests * 2;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (n < total) {
        const side = n++ % 2 === 0 ? 'token' : 'key';
        const t0 = performance.now();
        const res = await graphql(
          side === 'token' ? token : secret,
          `
            {
              me {
                id
              }
            }
          `,
        );
        latencies[side].push(performance.now() - t0);
        if (res.errors || !res.data?.me) errors++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const pct = (values: number[], p: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))].toFixed(2);
  };
  console.log(
    `API authentication benchmark (${mode} database, ${os.cpus().length} cores, concurrency ${concurrency}, ${keys} keys in the table)`,
  );
  console.log(`  requests: ${total} in ${elapsed.toFixed(1)}s, errors: ${errors}`);
  for (const side of ['token', 'key'] as const)
    console.log(
      `  ${side === 'token' ? 'access token' : 'API key     '}: p50 ${pct(latencies[side], 50)} ms, p95 ${pct(latencies[side], 95)} ms`,
    );
  console.log(
    `  key p50 / token p50 = ${(Number(pct(latencies.key, 50)) / Number(pct(latencies.token, 50))).toFixed(2)}`,
  );
} finally {
  await stop();
}
