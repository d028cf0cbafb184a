/**
 * A source's documents as the Connectors page reads them, at 10,000, 100,000 and 1,000,000
 * documents in one source, over HTTP:
 *   npm run bench:source-listing                         embedded Postgres
 *   BENCH_DATABASE_URL=postgres://… npm run bench:source-listing
 * Prints p50/p95 of: the sources list with each first page (what the page loads), a page 20
 * pages deep (Load more, by cursor), and one progress poll (every source's counts and 50
 * documents by id, what is read every 1.5 s while something indexes). The counts come from the
 * sources' count rows (a trigger on documents), not from counting documents. SIZES (default
 * 10000,100000,1000000) and RUNS (per query, default 30) change the run.
 */
import 'reflect-metadata';
import { startBenchServer } from './support/bench-server.js';

const SIZES = (process.env.SIZES ?? '10000,100000,1000000').split(',').map(Number);
const RUNS = Number(process.env.RUNS ?? 30);
const bench = await startBenchServer('source-listing');
const { server, call } = bench;

const gql = async (query: string, variables: Record<string, unknown>, token: string) => {
  const body = await call('POST', '/graphql', { query, variables }, token);
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
};

async function timed(run: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await run();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const p = (q: number) => times[Math.floor(q * (times.length - 1))].toFixed(1);
  return `p50 ${p(0.5).padStart(7)} ms  p95 ${p(0.95).padStart(7)} ms`;
}

const LIST = `{ sources { id documentCount indexedCount failedCount pendingCount chunkCount
  documentPage(first: 50) { nodes { id status } pageInfo { hasNextPage endCursor } } } }`;
const PAGE = `query($id: ID!, $after: String!) { source(id: $id) { id
  documentPage(first: 50, after: $after) { nodes { id } pageInfo { hasNextPage endCursor } } } }`;
const PROGRESS = `query($ids: [ID!]!) { sources { id documentCount indexedCount failedCount
  pendingCount chunkCount } documentsById(ids: $ids) { id status progress } }`;

try {
  console.log(`source listing benchmark (${bench.mode} database, ${RUNS} runs per query)`);
  for (const size of SIZES) {
    const email = `admin${size}@example.com`;
    await call('POST', '/api/signup', { email, password: 'bench passphrase 1', firstName: 'A' });
    const { token, user } = await call('POST', '/api/signin', {
      email,
      password: 'bench passphrase 1',
    });
    const created = await gql(
      'mutation($i: CreateUploadSourceInput!) { createUploadSource(input: $i) { id } }',
      { i: { name: 'Archive', description: 'Many files' } },
      token,
    );
    const sourceId = created.createUploadSource.id as string;
    const t0 = performance.now();
    // 1 in 1,000 failed, 1 in 500 still queued, the rest indexed; a second apart each.
    await server.services.db.query(
      `INSERT INTO documents (workspace_id, source_id, title, file_name, file_type, file_size,
                              storage_key, status, chunk_count, created_at)
       SELECT $1, $2, 'doc ' || n, 'doc' || n || '.txt', 'text/plain', 100, $4 || '/' || n,
              CASE WHEN n % 1000 = 0 THEN 'failed' WHEN n % 500 = 0 THEN 'queued' ELSE 'indexed' END,
              3, now() - n * interval '1 second'
         FROM generate_series(1, $3::int) AS n`,
      [user.workspaceId, sourceId, size, `bench-${size}`],
    );
    await server.services.db.query('ANALYZE documents');
    console.log(
      `  ${size.toLocaleString()} documents seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const list = await gql(LIST, {}, token);
    const pending = list.sources[0].documentPage.nodes.map((d: { id: string }) => d.id);
    let after = list.sources[0].documentPage.pageInfo.endCursor as string;
    // That first read folded the million count rows the bulk insert left (one per document);
    // vacuum then clears the dead rows, as autovacuum does within a minute in production.
    await server.services.db.query('VACUUM ANALYZE source_document_counts');
    for (let i = 0; i < 19; i++)
      after = (await gql(PAGE, { id: sourceId, after }, token)).source.documentPage.pageInfo
        .endCursor;

    console.log(`    sources list, first pages        ${await timed(() => gql(LIST, {}, token))}`);
    console.log(
      `    page 21 (Load more, by cursor)    ${await timed(() => gql(PAGE, { id: sourceId, after }, token))}`,
    );
    console.log(
      `    progress poll (counts + 50 ids)   ${await timed(() => gql(PROGRESS, { ids: pending }, token))}`,
    );
  }
} finally {
  await bench.stop();
}
