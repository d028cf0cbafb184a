/**
 * Ingestion throughput: uploads a generated corpus through the real three-step REST flow, then
 * times indexing (parse in pooled workers, chunk, write chunks with tsvectors) until every
 * document is indexed.
 *   npm run bench:ingest                      embedded Postgres, 2,000 documents
 *   BENCH_DATABASE_URL=postgres://… npm run bench:ingest
 * Options: DOCS (default 2000), JOB_CONCURRENCY (default 2).
 * The corpus mixes the office fixtures (pdf, doc, docx, xls, xlsx, ppt, pptx, txt) with
 * generated .txt and .docx files of 1–40 KB of text.
 */
import 'reflect-metadata';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { startBenchServer } from './support/bench-server.js';

const DOCS = Number(process.env.DOCS ?? 2000);
const CONCURRENCY = process.env.JOB_CONCURRENCY ?? '2';
const mode = process.env.BENCH_DATABASE_URL ? 'postgres' : 'embedded';
const FIXTURES = path.resolve(import.meta.dirname, '../server/test/fixtures/office');

const WORDS =
  'policy team budget travel expense security incident release vendor office remote review customer onboarding laptop approval quarterly planning support escalation'.split(
    ' ',
  );
let seed = 42;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const paragraph = () =>
  Array.from(
    { length: 20 + Math.floor(random() * 60) },
    () => WORDS[Math.floor(random() * WORDS.length)],
  ).join(' ') + '.';
const text = (kb: number) => {
  const parts: string[] = [];
  let size = 0;
  while (size < kb * 1024) {
    const p = paragraph();
    parts.push(p);
    size += p.length + 1;
  }
  return parts;
};
const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
function docx(paragraphs: string[]): Buffer {
  const body = paragraphs.map((p) => `<w:p><w:r><w:t>${escapeXml(p)}</w:t></w:r></w:p>`).join('');
  return Buffer.from(
    zipSync({
      '[Content_Types].xml': strToU8(
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
      '_rels/.rels': strToU8(
        '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="r1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
      ),
      'word/document.xml': strToU8(
        `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
      ),
    }),
  );
}

const fixtures = fs.readdirSync(FIXTURES).filter((f) => /\.(pdf|docx?|xlsx?|pptx?|txt)$/.test(f));
/**
 * A workspace holds one copy of a file (the same bytes again are refused as a duplicate), so
 * the fixtures, used over and over, go to a new workspace every `fixtures.length` documents:
 * within such a run each fixture appears at most once.
 */
const workspaceOf = (i: number) => Math.floor(i / fixtures.length);
function corpusItem(i: number): { name: string; bytes: Buffer } {
  if (i % 5 === 3)
    return {
      name: `generated-${i}.txt`,
      bytes: Buffer.from(text(1 + Math.floor(random() * 40)).join('\n')),
    };
  if (i % 5 === 4)
    return { name: `generated-${i}.docx`, bytes: docx(text(1 + Math.floor(random() * 40))) };
  const name = fixtures[i % fixtures.length];
  return { name: `${i}-${name}`, bytes: fs.readFileSync(path.join(FIXTURES, name)) };
}

const { server, call, stop } = await startBenchServer('ingest', {
  JOB_CONCURRENCY: CONCURRENCY,
  WORKSPACE_QUOTA_MB: '100000',
});

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 100);
try {
  // Accounts made through the service, each from its own address: sign-ups are throttled per IP.
  const tokens: string[] = [];
  for (let w = 0; w <= workspaceOf(DOCS - 1); w++) {
    const email = `bench${w}@example.com`;
    await server.services.auth.signUp(
      { email, password: 'bench passphrase 1', firstName: 'Bench' },
      { ip: `10.1.${w >> 8}.${w & 255}` },
    );
    tokens.push(
      (await call('POST', '/api/signin', { email, password: 'bench passphrase 1' })).token,
    );
  }

  // Upload everything first with indexing paused, so the indexing figure stands alone.
  await server.services.jobs.stop();
  const uploadStart = performance.now();
  let bytes = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < DOCS) {
        const token = tokens[workspaceOf(next)];
        const item = corpusItem(next++);
        bytes += item.bytes.length;
        const ticket = await call(
          'POST',
          '/api/integrations/get-upload-url',
          { fileName: item.name },
          token,
        );
        const put = await fetch(ticket.uploadUrl, { method: 'PUT', body: item.bytes });
        if (!put.ok) throw new Error(`PUT ${put.status}`);
        const confirmed = await call(
          'POST',
          '/api/integrations/confirm-upload',
          { fileKey: ticket.fileKey },
          token,
        );
        if (!confirmed.documentId) throw new Error(JSON.stringify(confirmed));
      }
    }),
  );
  const uploadSeconds = (performance.now() - uploadStart) / 1000;

  const indexStart = performance.now();
  server.services.jobs.start();
  let counts = { indexed: 0, failed: 0, chunks: 0 };
  while (counts.indexed + counts.failed < DOCS) {
    await new Promise((r) => setTimeout(r, 200));
    const [row] = await server.services.db.query(
      `SELECT count(*) FILTER (WHERE status = 'indexed')::int AS indexed, count(*) FILTER (WHERE status = 'failed')::int AS failed,
              coalesce(sum(chunk_count), 0)::int AS chunks FROM documents`,
    );
    counts = row;
  }
  const indexSeconds = (performance.now() - indexStart) / 1000;
  console.log(
    `ingest benchmark (${mode} database, ${os.cpus().length} cores, ${CONCURRENCY} parse workers)`,
  );
  console.log(
    `  corpus: ${DOCS} documents, ${(bytes / 1048576).toFixed(1)} MiB (${fixtures.length} fixture files + generated txt/docx) in ${tokens.length} workspaces`,
  );
  console.log(
    `  upload (get-upload-url + PUT + confirm, 8 clients): ${(DOCS / uploadSeconds).toFixed(1)} documents/s`,
  );
  console.log(
    `  indexing: ${counts.indexed} indexed, ${counts.failed} failed in ${indexSeconds.toFixed(1)} s`,
  );
  console.log(
    `  throughput: ${(DOCS / indexSeconds).toFixed(1)} documents/s, ${(counts.chunks / indexSeconds).toFixed(0)} chunks/s (${counts.chunks} chunks)`,
  );
  console.log(
    `  peak RSS (app, workers and load generator): ${(peakRss / 1048576).toFixed(0)} MiB`,
  );
} finally {
  clearInterval(sampler);
  await stop();
}
