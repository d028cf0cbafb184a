import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, newAdmin, type Account } from './helpers/accounts.js';
import { uploadAllFixtures, uploadText, type FixtureQuestion } from './helpers/knowledge.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';
import { uploadFile, waitForDocument } from './helpers/uploads.js';

let app: TestApp;
let admin: Account;
let questions: FixtureQuestion[];

beforeAll(async () => {
  app = await startTestApp();
  admin = await newAdmin(app);
  questions = await uploadAllFixtures(app, admin);
}, 120_000);
afterAll(() => app?.stop());

const ask = (body: unknown, token = admin.token) => app.rest('POST', '/api/ask', body, { token });

describe('POST /api/ask without an AI key (extractive answers)', () => {
  it('answers every fixture question with its fact and its file among the sources', async () => {
    for (const q of questions) {
      const res = await ask({ question: q.question });
      expect(res.status, q.file).toBe(200);
      expect(res.body.answer.mode).toBe('extractive');
      expect(res.body.answer.answer, `${q.file}: ${res.body.answer.answer}`).toContain(q.expected);
      const urls: string[] = res.body.answer.sources.map((s: { url: string }) => s.url);
      // A deck or sheet saved in two formats holds the same passages: one of them is cited
      // (the same passage is never listed twice).
      const twins = questions
        .filter((o) => o.file.replace(/\.\w+$/, '') === q.file.replace(/\.\w+$/, ''))
        .map((o) => o.documentId);
      expect(
        urls.some((u) => twins.some((id) => u.startsWith(`/app/documents/${id}`))),
        q.file,
      ).toBe(true);
      for (const s of res.body.answer.sources) {
        expect(typeof s.title).toBe('string');
        expect(s.title.length).toBeGreaterThan(0);
      }
      // Every citation points at a listed source.
      for (const [, n] of res.body.answer.answer.matchAll(/\[(\d+)\]/g)) {
        expect(Number(n)).toBeLessThanOrEqual(res.body.answer.sources.length);
      }
    }
  });

  it('reads a row deep in a large sheet with its column names', async () => {
    const user = await newAdmin(app, 'Sheets');
    const rows = Array.from({ length: 400 }, (_, i) => [
      `Part ${1000 + i}`,
      `Bay ${(i * 7) % 50}`,
      i === 350 ? 'Marisol Quintero' : `Clerk ${i % 9}`,
    ]);
    const sheet = XLSX.utils.aoa_to_sheet([['Part number', 'Storage bay', 'Custodian'], ...rows]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Inventory');
    const bytes = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    const { confirm } = await uploadFile(app, user, 'inventory.xlsx', bytes);
    const doc = await waitForDocument(app, user, confirm!.body.documentId);
    expect(doc.status).toBe('indexed');

    const res = await ask({ question: 'Who is the custodian of Part 1350?' }, user.token);
    expect(res.status).toBe(200);
    // The row sits in a later chunk; it still reads with the header's names.
    expect(res.body.answer.answer).toContain('Custodian: Marisol Quintero');
    expect(res.body.answer.answer).toContain('Part number: Part 1350');
    expect(res.body.answer.sources[0].location).toBe('Sheet Inventory');
  });

  it('links a source to the cited page or slide', async () => {
    const res = await ask({ question: 'Where are lost badges reported?' });
    const handbook = questions.find((q) => q.file === 'security-handbook.pdf')!;
    const source = res.body.answer.sources.find((s: { url: string }) =>
      s.url.includes(handbook.documentId),
    );
    expect(source.url).toMatch(/\?page=\d+&passage=\d+$/);
    expect(source.location).toMatch(/^Page \d+$/);
  });

  it('takes the connectors-flow shape {question, integrations}', async () => {
    const uploads = await ask({
      question: 'Who is the incident commander?',
      integrations: ['file_upload'],
    });
    expect(uploads.status).toBe(200);
    expect(uploads.body.answer.answer).toContain('Priya');
    const jira = await ask({ question: 'Who is the incident commander?', integrations: ['jira'] });
    expect(jira.status).toBe(200);
    expect(jira.body.answer.sources).toEqual([]);
    expect(jira.body.answer.answer).toMatch(/couldn't find/);
    const all = await ask({ question: 'Who is the incident commander?', integrations: [] });
    expect(all.body.answer.answer).toContain('Priya');
  });

  it('refuses empty, oversized and malformed questions with 400', async () => {
    for (const body of [
      {},
      { question: '' },
      { question: '   ' },
      { question: 42 },
      { question: 'x'.repeat(1001) },
      { question: 'ok?', integrations: ['slack'] },
      { question: 'ok?', integrations: 'jira' },
    ]) {
      const res = await ask(body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.body.error).toBe('BAD_USER_INPUT');
      expect(res.body.message).toEqual(expect.any(String));
    }
  });

  it('needs a token and search.read', async () => {
    expect((await app.rest('POST', '/api/ask', { question: 'hi?' })).status).toBe(401);
    const member = await addMember(app, admin, ['customer_facing']);
    expect((await ask({ question: 'Who is the incident commander?' }, member.token)).status).toBe(
      200,
    );
    await app.sql(`UPDATE users SET roles = '{}' WHERE id = $1`, [member.id]);
    const fresh = await app.rest('POST', '/api/refresh', { refresh_token: member.refreshToken });
    const token = fresh.body.token ?? member.token;
    if (fresh.status === 200) expect((await ask({ question: 'hi?' }, token)).status).toBe(403);
  });

  it('never shows another workspace’s documents', async () => {
    const other = await newAdmin(app, 'Olga');
    const res = await ask(
      { question: 'Where is the fire assembly point for the Montreal office?' },
      other.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.answer.sources).toEqual([]);
    expect(res.body.answer.answer).not.toContain('Lafontaine');
    const search = await app.graphqlRaw(
      `query { searchDocuments(query: "Lafontaine assembly point") { hits { title } } }`,
      {},
      other.token,
    );
    expect(search.data.searchDocuments.hits).toEqual([]);
    const doc = questions[0];
    const content = await app.graphqlRaw(
      `query($id: ID!) { documentContent(id: $id) { document { id } } }`,
      { id: doc.documentId },
      other.token,
    );
    expect(content.errors?.[0].extensions.code).toBe('NOT_FOUND');
  });
});

describe('GraphQL ask and search', () => {
  it('ask returns the answer, numbered sources and timings', async () => {
    const res = await app.graphqlRaw(
      `mutation($i: AskInput!) { ask(input: $i) { id question answer mode notice sources { number title url location sourceKind excerpt } timings { retrievalMs answerMs totalMs } } }`,
      { i: { question: 'When are expense claims reimbursed?' } },
      admin.token,
    );
    expect(res.errors).toBeUndefined();
    const r = res.data.ask;
    expect(r.answer).toContain('25th');
    expect(r.mode).toBe('extractive');
    expect(r.sources[0]).toMatchObject({ number: 1, sourceKind: 'file_upload' });
    expect(r.timings.totalMs).toBeGreaterThanOrEqual(r.timings.retrievalMs);
    expect(r.id).toEqual(expect.any(String));
  });

  it('searchDocuments ranks documents with highlighted snippets, filtered by integration', async () => {
    const q = `query($q: String!, $i: [String!]) { searchDocuments(query: $q, integrations: $i) { hits { documentId title snippet highlights { start length } author date url } } }`;
    const res = await app.graphqlRaw(q, { q: 'Northwind support contract' }, admin.token);
    const hits = res.data.searchDocuments.hits;
    expect(hits.length).toBeGreaterThan(0);
    expect(hits[0].title).toMatch(/vendors/i);
    expect(hits[0].author).toBe('Ada Admin');
    const marked = hits[0].highlights.map((h: { start: number; length: number }) =>
      hits[0].snippet.slice(h.start, h.start + h.length),
    );
    expect(marked.map((m: string) => m.toLowerCase())).toContain('northwind');
    const none = await app.graphqlRaw(q, { q: 'Northwind', i: ['confluence'] }, admin.token);
    expect(none.data.searchDocuments.hits).toEqual([]);
    const bad = await app.graphqlRaw(q, { q: '  ' }, admin.token);
    expect(bad.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('keeps history: recent questions, most asked, recently viewed', async () => {
    const user = await newAdmin(app, 'Hana');
    await uploadText(
      app,
      user,
      'parking.txt',
      'Visitor parking is on level P2 of the east garage.',
    );
    for (const question of [
      'Where is visitor parking?',
      'where is visitor parking',
      'Who approves leave?',
    ]) {
      expect((await ask({ question }, user.token)).status).toBe(200);
    }
    await app.graphqlRaw(`mutation { recordSearch(query: "garage") }`, {}, user.token);
    const res = await app.graphqlRaw(
      `query { recentQuestions { question kind } popularQuestions { question count } }`,
      {},
      user.token,
    );
    expect(res.data.recentQuestions.map((r: { question: string }) => r.question)).toEqual([
      'garage',
      'Who approves leave?',
      'where is visitor parking',
    ]);
    // One person's questions are theirs: "most asked" waits for three different members.
    expect(res.data.popularQuestions).toEqual([]);
    const colleagues = [
      await addMember(app, user, ['customer_facing'], 'Ivo'),
      await addMember(app, user, ['customer_facing'], 'Jun'),
    ];
    for (const colleague of colleagues)
      expect((await ask({ question: 'Where is visitor parking' }, colleague.token)).status).toBe(
        200,
      );
    const popular = await app.graphqlRaw(
      `query { popularQuestions { question count } }`,
      {},
      colleagues[0].token,
    );
    expect(popular.data.popularQuestions).toEqual([
      { question: 'Where is visitor parking', count: 4 },
    ]);
    // Other users' history stays theirs.
    const mine = await app.graphqlRaw(`query { recentQuestions { question } }`, {}, admin.token);
    expect(mine.data.recentQuestions.map((r: { question: string }) => r.question)).not.toContain(
      'garage',
    );

    const [doc] = await app.sql(
      `SELECT d.id FROM documents d JOIN users u ON u.workspace_id = d.workspace_id WHERE u.id = $1`,
      [user.id],
    );
    const view = await app.graphqlRaw(
      `mutation($id: ID!) { recordDocumentView(id: $id) }`,
      { id: doc.id },
      user.token,
    );
    expect(view.data.recordDocumentView).toBe(true);
    const viewed = await app.graphqlRaw(
      `query { recentlyViewedDocuments { document { id title } url } }`,
      {},
      user.token,
    );
    expect(viewed.errors).toBeUndefined();
    expect(viewed.data.recentlyViewedDocuments).toEqual([
      { document: { id: doc.id, title: 'parking' }, url: `/app/documents/${doc.id}` },
    ]);
    // Someone else's document cannot be recorded as viewed.
    await app.graphqlRaw(
      `mutation($id: ID!) { recordDocumentView(id: $id) }`,
      { id: doc.id },
      admin.token,
    );
    const theirs = await app.graphqlRaw(
      `query { recentlyViewedDocuments { document { id } } }`,
      {},
      admin.token,
    );
    expect(theirs.data.recentlyViewedDocuments).toEqual([]);
  });

  it('counts the most asked questions over the last 90 days only', async () => {
    const user = await newAdmin(app, 'Window');
    const others = [
      await addMember(app, user, ['customer_facing'], 'Kai'),
      await addMember(app, user, ['customer_facing'], 'Lin'),
    ];
    for (const asker of [user, ...others])
      for (const question of ['Old question?', 'New one?'])
        expect((await ask({ question }, asker.token)).status).toBe(200);
    await app.sql(
      `UPDATE search_history SET created_at = now() - interval '91 days'
        WHERE workspace_id = $1 AND question = 'Old question?'`,
      [user.workspaceId],
    );
    // This workspace holds no document, so both were "not found", which "most asked" leaves out
    // (content-gaps.test.ts); here they count as answered, to test the window alone.
    await app.sql(`UPDATE search_history SET found = true WHERE workspace_id = $1`, [
      user.workspaceId,
    ]);
    const res = await app.graphqlRaw(
      `query { popularQuestions { question count } recentQuestions { question } }`,
      {},
      user.token,
    );
    expect(res.data.popularQuestions).toEqual([{ question: 'New one?', count: 3 }]);
    // The user's own recent list still has it: it is their history, not a trend.
    expect(res.data.recentQuestions.map((r: { question: string }) => r.question)).toEqual([
      'New one?',
      'Old question?',
    ]);
  });

  it('documentContent shows the passages with their locations', async () => {
    const deck = questions.find((q) => q.file === 'quarterly-review.pptx')!;
    const res = await app.graphqlRaw(
      `query($id: ID!) { documentContent(id: $id) { document { title } passages { ordinal location locationKind locationIndex text } } }`,
      { id: deck.documentId },
      admin.token,
    );
    const passages = res.data.documentContent.passages;
    expect(passages.length).toBeGreaterThan(1);
    expect(passages[0]).toMatchObject({
      locationKind: 'slide',
      locationIndex: 1,
      location: 'Slide 1',
    });
    expect(passages.some((p: { text: string }) => p.text.includes('Halifax'))).toBe(true);
  });
});

describe('search statistics', () => {
  it('follow inserts and deletes (cascades included)', async () => {
    const user = await newAdmin(app, 'Stat');
    const stats = async () =>
      (
        await app.sql(
          `SELECT (SELECT df FROM search_term_stats WHERE workspace_id = $1 AND lexeme = 'zyxquartz') AS df,
                  (SELECT chunk_count FROM search_workspace_stats WHERE workspace_id = $1) AS chunks`,
          [user.workspaceId],
        )
      )[0];
    const id = await uploadText(
      app,
      user,
      'rare.txt',
      'The zyxquartz crystal is stored in vault 9.',
    );
    await uploadText(app, user, 'other.txt', 'Nothing special here.');
    expect(await stats()).toEqual({ df: 1, chunks: 2 });
    const del = await app.graphqlRaw(
      `mutation($id: ID!) { deleteDocument(id: $id) }`,
      { id },
      user.token,
    );
    expect(del.errors).toBeUndefined();
    expect(await stats()).toEqual({ df: null, chunks: 1 });
  });

  it('stay equal to a count of the chunks after a delete, with the planner statistics up to date', async () => {
    const user = await newAdmin(app, 'Recount');
    const ids: string[] = [];
    for (const [name, text] of [
      ['a.txt', 'Granite quarry safety rules: helmets at the granite face.'],
      ['b.txt', 'Quarry blasting schedule and helmets for visitors.'],
      ['c.txt', 'Visitors sign in at the quarry gate.'],
    ])
      ids.push(await uploadText(app, user, name, text));
    // With statistics, the planner knows no term has df 0: the delete must not depend on that.
    await app.sql('ANALYZE search_term_stats');
    const del = await app.graphqlRaw(
      `mutation($id: ID!) { deleteDocument(id: $id) }`,
      { id: ids[0] },
      user.token,
    );
    expect(del.errors).toBeUndefined();
    const kept = await app.sql(
      `SELECT lexeme, df FROM search_term_stats WHERE workspace_id = $1 ORDER BY lexeme`,
      [user.workspaceId],
    );
    const counted = await app.sql(
      `SELECT u.lexeme, count(*)::int AS df FROM chunks c, unnest(c.tsv) u
        WHERE c.workspace_id = $1 GROUP BY 1 ORDER BY 1`,
      [user.workspaceId],
    );
    expect(kept).toEqual(counted);
    expect(kept.map((r: { lexeme: string }) => r.lexeme)).not.toContain('granit');
    expect(kept).toContainEqual({ lexeme: 'quarri', df: 2 });
  });
});
