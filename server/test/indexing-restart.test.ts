import { afterAll, expect, it } from 'vitest';
import { newAdmin } from './helpers/accounts.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';
import { fixture, uploadFile, waitForDocument } from './helpers/uploads.js';

let first: TestApp | undefined;
let app: TestApp | undefined;
afterAll(async () => {
  await app?.stop();
  await first?.stop(); // already stopped; this drops the database both apps used
});

it('resumes indexing after a restart and never duplicates chunks', async () => {
  first = await startTestApp({ JOB_CONCURRENCY: '1' });
  const admin = await newAdmin(first);
  const uploads = [];
  for (const name of ['expense-rules.txt', 'incident-runbook.docx', 'team-budget.xlsx']) {
    uploads.push(
      (await uploadFile(first, admin, name, fixture(name))).confirm!.body.documentId as string,
    );
  }
  await first.stopKeepingDatabase();

  // What a crash mid-indexing leaves: a job still "running" with an expired lease, and half of
  // a document's chunks written.
  app = await startTestApp({ JOB_CONCURRENCY: '1' }, first.databaseUrl);
  await app.server.services.jobs.stop();
  await app.sql(
    `UPDATE jobs SET status = 'running', locked_until = now() - interval '1 second', attempts = 1
      WHERE payload->>'documentId' = $1`,
    [uploads[0]],
  );
  await app.sql(
    `UPDATE documents SET status = 'parsing', progress = 60, chunk_count = 0 WHERE id = $1`,
    [uploads[0]],
  );
  await app.sql(`DELETE FROM chunks WHERE document_id = $1`, [uploads[0]]);
  await app.sql(
    `INSERT INTO chunks (workspace_id, source_id, document_id, ordinal, text, tsv)
     SELECT workspace_id, source_id, id, 0, 'half-written', to_tsvector('half') FROM documents WHERE id = $1`,
    [uploads[0]],
  );
  app.server.services.jobs.start();

  for (const id of uploads) {
    const doc = await waitForDocument(app, admin, id);
    expect(doc.status, doc.error).toBe('indexed');
    const [row] = await app.sql(
      `SELECT count(*)::int AS n, count(DISTINCT ordinal)::int AS d FROM chunks WHERE document_id = $1`,
      [id],
    );
    expect(row.n).toBe(doc.chunkCount);
    expect(row.d).toBe(row.n);
  }
  const [half] = await app.sql(`SELECT count(*)::int AS n FROM chunks WHERE text = 'half-written'`);
  expect(half.n).toBe(0);
});
