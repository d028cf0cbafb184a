/**
 * Concurrent sign-ins per second against the real app over HTTP.
 *   npm run bench:signin                        embedded Postgres (default mode)
 *   BENCH_DATABASE_URL=postgres://… npm run bench:signin   any Postgres server
 * Options: CONCURRENCY (default 16), SECONDS (default 10), USERS (default 50).
 * Sign-in cost is dominated by argon2id (19 MiB, t=2) by design; the figure shows what one
 * 2-core instance sustains and whether the database adds anything on top.
 */
import 'reflect-metadata';
import os from 'node:os';
import { loadConfig } from '../server/src/config.js';
import { createTemporaryDatabase } from '../server/src/db/temporary-database.js';
import { startServer } from '../server/src/server.js';
import { createLogger } from '../server/src/shared/logger.js';

const concurrency = Number(process.env.CONCURRENCY ?? 16);
const seconds = Number(process.env.SECONDS ?? 10);
const users = Number(process.env.USERS ?? 50);
const mode = process.env.BENCH_DATABASE_URL ? 'postgres' : 'embedded';

const db = await createTemporaryDatabase(process.env.BENCH_DATABASE_URL);
const config = {
  ...loadConfig({
    NODE_ENV: 'production',
    PORT: '0',
    DATABASE_URL: db.url,
    APP_SECRET: 'bench-secret-bench-secret-bench-secret-00',
    TRUST_PROXY: 'true',
  }),
  host: '127.0.0.1',
};
const server = await startServer(config, createLogger('error'));
const post = (path: string, body: unknown, ip: string) =>
  fetch(server.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });

try {
  const password = 'bench passphrase 1';
  for (let i = 0; i < users; i++) {
    const res = await post(
      '/api/signup',
      { email: `bench${i}@example.com`, password },
      '127.0.0.1',
    );
    if (res.status !== 201) throw new Error(`signup failed: ${res.status}`);
  }
  const latencies: number[] = [];
  let errors = 0;
  let n = 0;
  const deadline = performance.now() + seconds * 1000;
  const startedAt = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (performance.now() < deadline) {
        const i = n++ % users;
        const t0 = performance.now();
        // A distinct address per worker keeps the per-address throttle out of the measurement.
        const res = await post(
          '/api/signin',
          { email: `bench${i}@example.com`, password },
          `127.0.${worker}.1`,
        );
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (res.status !== 200) errors++;
      }
    }),
  );
  const elapsed = (performance.now() - startedAt) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))].toFixed(1);
  console.log(
    `sign-in benchmark (${mode} database, ${os.cpus().length} cores, concurrency ${concurrency}, ${seconds}s)`,
  );
  console.log(`  sign-ins: ${latencies.length}, errors: ${errors}`);
  console.log(`  throughput: ${(latencies.length / elapsed).toFixed(1)} sign-ins/s`);
  console.log(`  latency ms: p50 ${pct(50)}  p95 ${pct(95)}  p99 ${pct(99)}`);
  console.log(
    `  process RSS (app + load generator): ${(process.memoryUsage().rss / 1048576).toFixed(0)} MiB`,
  );
} finally {
  await server.stop();
  await db.drop();
}
