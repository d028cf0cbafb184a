import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newAdmin, type Account } from './helpers/accounts.js';
import { startFakeOpenAI, type FakeOpenAI } from './helpers/fake-openai.js';
import { uploadText } from './helpers/knowledge.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';

const KEY = 'sk-test-key-1234';
const DIMENSIONS = 64;
let fake: FakeOpenAI;
let app: TestApp;
let admin: Account;

// Hybrid retrieval against a loopback fake of the embeddings API. The fake's vectors are bags of
// concepts in which "maintains" ~ "services" and "automobile" ~ "car", so meaning and words can
// disagree on purpose.
beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: KEY });
  app = await startTestApp({
    OPENAI_API_KEY: KEY,
    OPENAI_BASE_URL: fake.url,
    OPENAI_TIMEOUT_SECONDS: '2',
    EMBEDDING_MODEL: 'text-embedding-3-small',
    EMBEDDING_DIMENSIONS: String(DIMENSIONS),
  });
  admin = await newAdmin(app);
  // Words favour the parade notes (both question words, side by side) and put the schedule
  // third; meaning favours the servicing schedule ("servicing" ~ "maintains") and puts the
  // parade behind three others: rank fusion lifts the schedule to the top.
  await uploadText(app, admin, 'servicing.txt', 'Automobile servicing schedule.');
  await uploadText(
    app,
    admin,
    'parade-notes.txt',
    'Automobile fleet parade downtown with music, food trucks, dancers, balloons, bands, fireworks and a contest.',
  );
  await uploadText(
    app,
    admin,
    'garage.txt',
    'Lopez Garage services and repairs our car fleet every spring, with tyre checks, oil changes and brake tests.',
  );
  await uploadText(app, admin, 'rentals.txt', 'Automobile rentals and car servicing.');
  await uploadText(
    app,
    admin,
    'club.txt',
    'Automobile club newsletter: rally dates, routes and members photos from the spring rally and the autumn tour.',
  );
  await embedded(admin);
}, 60_000);
afterAll(async () => {
  await app?.stop();
  await fake?.close();
});
beforeEach(() => {
  fake.failEmbeddings(null);
  fake.requests.length = 0;
});

/** Waits until every chunk of the user's workspace has a vector. */
async function embedded(user: Account) {
  for (let i = 0; i < 200; i++) {
    const [row] = await app.sql(
      `SELECT count(*)::int AS missing FROM chunks c
         JOIN users u ON u.workspace_id = c.workspace_id AND u.id = $1
         LEFT JOIN chunk_embeddings e ON e.chunk_id = c.id
        WHERE e.chunk_id IS NULL`,
      [user.id],
    );
    if (row.missing === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('chunks were not embedded');
}

const QUESTION = 'Who maintains the automobile fleet?';
const sourceTitles = async () => {
  const res = await app.rest('POST', '/api/ask', { question: QUESTION }, { token: admin.token });
  expect(res.status).toBe(200);
  // Every passage found, cited or not, in the ranking's order (its number).
  const found: { title: string; number: number }[] = [
    ...res.body.answer.sources,
    ...res.body.answer.related,
  ];
  return found.sort((a, b) => a.number - b.number).map((s) => s.title);
};

describe('embeddings', () => {
  it('stores one vector per chunk, from the title and text, of the configured size', async () => {
    const rows = await app.sql(
      `SELECT d.file_name, e.model, length(e.vector) AS bytes FROM chunk_embeddings e
         JOIN chunks c ON c.id = e.chunk_id JOIN documents d ON d.id = c.document_id
         JOIN users u ON u.workspace_id = d.workspace_id AND u.id = $1 ORDER BY d.file_name`,
      [admin.id],
    );
    expect(rows).toEqual([
      {
        file_name: 'club.txt',
        model: `text-embedding-3-small/${DIMENSIONS}`,
        bytes: DIMENSIONS * 4,
      },
      {
        file_name: 'garage.txt',
        model: `text-embedding-3-small/${DIMENSIONS}`,
        bytes: DIMENSIONS * 4,
      },
      {
        file_name: 'parade-notes.txt',
        model: `text-embedding-3-small/${DIMENSIONS}`,
        bytes: DIMENSIONS * 4,
      },
      {
        file_name: 'rentals.txt',
        model: `text-embedding-3-small/${DIMENSIONS}`,
        bytes: DIMENSIONS * 4,
      },
      {
        file_name: 'servicing.txt',
        model: `text-embedding-3-small/${DIMENSIONS}`,
        bytes: DIMENSIONS * 4,
      },
    ]);
    // The plaintext of the chunk went to the provider with its title, as the model's input.
    await uploadText(app, admin, 'badge.txt', 'Lost badges go to the front desk.');
    await embedded(admin);
    const sent = fake.requests.find((r) => r.path === '/v1/embeddings');
    expect(sent?.body).toMatchObject({
      model: 'text-embedding-3-small',
      dimensions: DIMENSIONS,
      encoding_format: 'float',
      input: ['badge\nLost badges go to the front desk.'],
    });
  });

  it('ranks by words and meaning together (rank fusion), by words alone when the provider fails', async () => {
    const hybrid = await sourceTitles();
    expect(hybrid[0]).toBe('servicing');
    const question = fake.requests.find(
      (r) => r.path === '/v1/embeddings' && r.body.input[0] === QUESTION,
    );
    expect(question).toBeDefined();

    fake.failEmbeddings(500);
    const words = await sourceTitles();
    expect(words[0]).toBe('parade-notes');
    expect(new Set(words)).toEqual(new Set(hybrid));
  });

  it('keeps the results list on words, without an embedding call per keystroke', async () => {
    const res = await app.graphqlRaw(
      `query($q: String!) { searchDocuments(query: $q) { hits { title } } }`,
      { q: 'automobile fleet' },
      admin.token,
    );
    expect(res.data.searchDocuments.hits[0].title).toBe('parade-notes');
    expect(fake.requests.filter((r) => r.path === '/v1/embeddings')).toEqual([]);
  });

  it('leaves a document searchable by words when its embedding is refused', async () => {
    fake.failEmbeddings(401);
    const id = await uploadText(
      app,
      admin,
      'refused.txt',
      'The quarterly zeppelin review is on Friday.',
    );
    let status = '';
    for (let i = 0; i < 100 && status !== 'failed'; i++) {
      const [job] = await app.sql(
        `SELECT status FROM jobs WHERE kind = 'embed-document' AND payload->>'documentId' = $1`,
        [id],
      );
      status = job?.status ?? '';
      if (status !== 'failed') await new Promise((r) => setTimeout(r, 50));
    }
    // A refused key is not retried: one attempt, then the job fails for good.
    expect(status).toBe('failed');
    const [doc] = await app.sql(`SELECT status, error FROM documents WHERE id = $1`, [id]);
    expect(doc).toEqual({ status: 'indexed', error: null });
    fake.failEmbeddings(null);
    const res = await app.rest(
      'POST',
      '/api/ask',
      { question: 'When is the zeppelin review?' },
      { token: admin.token },
    );
    expect(res.body.answer.answer).toContain('Friday');

    // At the next start (here: by hand), documents still missing vectors are queued again.
    const queued = await app.server.services.embedder!.backfill(app.server.services.jobs);
    expect(queued).toBe(1);
    await embedded(admin);
  });

  it('removes vectors with their chunks', async () => {
    const [doc] = await app.sql(`SELECT id FROM documents WHERE file_name = 'rentals.txt'`);
    await app.sql(`DELETE FROM documents WHERE id = $1`, [doc.id]);
    const [left] = await app.sql(
      `SELECT count(*)::int AS n FROM chunk_embeddings e
        WHERE NOT EXISTS (SELECT 1 FROM chunks c WHERE c.id = e.chunk_id)`,
    );
    expect(left.n).toBe(0);
    const [all] = await app.sql(`SELECT count(*)::int AS n FROM chunk_embeddings`);
    const [chunks] = await app.sql(`SELECT count(*)::int AS n FROM chunks`);
    expect(all.n).toBe(chunks.n);
  });
});
