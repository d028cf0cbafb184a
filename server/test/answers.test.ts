import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUploadSource, RESTRICTED, uploadTextTo } from './helpers/access.js';
import { addMember, newAdmin, type Account } from './helpers/accounts.js';
import { citeFirstPassage, startFakeOpenAI, type FakeOpenAI } from './helpers/fake-openai.js';
import { readEvents, uploadAllFixtures, uploadText } from './helpers/knowledge.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Answers people can trust (issue 27): the examples that were confidently wrong, as regression
 * tests. Without a key (extractive) first, then the same with the loopback fake model.
 */

const LEAVE = [
  'Leave policy',
  'Employees get 27 vacation days a year, plus public holidays.',
  'Contractors are not employees: they get 9 rest days a year, agreed in their contract.',
  'Unused vacation days carry over until the end of March.',
].join('\n');
const ONCALL = [
  'On-call handbook',
  'The pager rotates every Monday at nine in the morning.',
  'When the pager fires, acknowledge the alert within five minutes and open an incident channel.',
  'Escalate to the incident commander if the alert is not resolved within thirty minutes.',
].join('\n');
const CAPACITY = [
  'Capacity planning',
  'Capacity reviews happen in the first week of every month.',
  'Each team brings its forecast for the next quarter to the review.',
].join('\n');

let app: TestApp;
let admin: Account;
let fake: FakeOpenAI;
let withModel: TestApp;
let modelAdmin: Account;

async function loadKnowledge(target: TestApp, user: Account) {
  await uploadAllFixtures(target, user);
  await uploadText(target, user, 'leave-policy.txt', LEAVE);
  await uploadText(target, user, 'on-call.txt', ONCALL);
  await uploadText(target, user, 'capacity-planning.txt', CAPACITY);
}

beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: 'sk-test-key-1234' });
  [app, withModel] = await Promise.all([
    startTestApp(),
    startTestApp({
      OPENAI_API_KEY: 'sk-test-key-1234',
      OPENAI_BASE_URL: fake.url,
      OPENAI_MODEL: 'gpt-4o-mini',
    }),
  ]);
  [admin, modelAdmin] = await Promise.all([newAdmin(app), newAdmin(withModel)]);
  await Promise.all([loadKnowledge(app, admin), loadKnowledge(withModel, modelAdmin)]);
}, 180_000);
afterAll(async () => {
  await Promise.all([app?.stop(), withModel?.stop()]);
  await fake?.close();
});

interface Answer {
  answer: string;
  found: boolean;
  mode: string;
  sources: { title: string; number: number }[];
  related: { title: string; number: number }[];
}
async function ask(
  question: string,
  conversationId?: string,
  target = app,
  user = admin,
): Promise<{ answer: Answer; conversationId: string; searchQuery: string }> {
  const res = await target.rest(
    'POST',
    '/api/ask',
    { question, conversationId },
    { token: user.token },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** The citations in order of appearance: 1, 2, … and one source per number. */
function expectCleanCitations(a: Answer) {
  const order: number[] = [];
  for (const m of a.answer.matchAll(/\[(\d+)\]/g)) {
    if (!order.includes(Number(m[1]))) order.push(Number(m[1]));
  }
  expect(order).toEqual(order.map((_, i) => i + 1));
  expect(a.sources.map((s) => s.number)).toEqual(order);
  const sentences = a.answer.split(/(?<=[.!?](?:\s*\[\d+\])*)\s+/).map((s) =>
    s
      .replace(/\[\d+\]/g, '')
      .trim()
      .toLowerCase(),
  );
  expect(new Set(sentences).size, a.answer).toBe(sentences.length);
}

describe('follow-ups answer the new question (extractive)', () => {
  it('"And who manages the Ottawa office?" after the Montreal fire point', async () => {
    const first = await ask('Where is the fire assembly point for the Montreal office?');
    expect(first.answer.answer).toContain('Lafontaine');
    const next = await ask('And who manages the Ottawa office?', first.conversationId);
    expect(next.answer.found).toBe(true);
    expect(next.answer.answer).toContain('Rafael');
    expect(next.answer.answer).not.toContain('Lafontaine');
    expect(next.answer.sources[0].title).toBe('office-directory');
    // The follow-up leads; the carried words are shown apart, as searched.
    expect(next.searchQuery).toMatch(/^And who manages the Ottawa office\? \(\+ .+\)$/);
    expectCleanCitations(next.answer);
  });

  it('"What should I do when the pager fires?" after another on-call question', async () => {
    const first = await ask('When does the pager rotate?');
    expect(first.answer.answer).toContain('every Monday');
    const next = await ask('What should I do when the pager fires?', first.conversationId);
    expect(next.answer.answer).toContain('acknowledge the alert within five minutes');
    expect(next.answer.answer).not.toContain('rotates every Monday');
    expectCleanCitations(next.answer);
  });

  it('"And what about contractors?" gives the contractors’ days, not the employees’', async () => {
    const first = await ask('How many vacation days do employees get?');
    expect(first.answer.answer).toContain('27 vacation days');
    const next = await ask('And what about contractors?', first.conversationId);
    expect(next.answer.answer).toContain('9 rest days');
    expect(next.answer.answer).not.toContain('27 vacation days');
    expect(next.answer.sources.map((s) => s.title)).toEqual(['leave-policy']);
  });
});

describe('questions the sources do not cover', () => {
  it('"How many weeks of parental leave do we get?" is not found, with related documents', async () => {
    const { answer } = await ask('How many weeks of parental leave do we get?');
    expect(answer.found).toBe(false);
    expect(answer.answer).toMatch(/couldn't find anything about this/);
    expect(answer.sources).toEqual([]);
    expect(answer.related.length).toBeGreaterThan(0);
    expect(answer.related.map((s) => s.number)).toEqual(answer.related.map((_, i) => i + 1));
  });

  it('says the same for a place the sources never name, and on the stream and over GraphQL', async () => {
    const { answer } = await ask('Who manages the Tokyo office?');
    expect(answer.found).toBe(false);
    const stream = await fetch(`${app.url}/api/ask/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
      body: JSON.stringify({ question: 'What is the dress code?' }),
    });
    const events = await readEvents(stream);
    const done = events.find((e) => e.event === 'done')!;
    expect(done.data.found).toBe(false);
    expect(done.data.sources).toEqual([]);
    const gql = await app.graphqlRaw(
      `mutation($q: String!) { ask(input: { question: $q }) { found answer sources { number } } }`,
      { q: 'Who owns the Support team budget?' },
      admin.token,
    );
    expect(gql.data.ask.found).toBe(true);
    expect(gql.data.ask.answer).toContain('Kwame');
  });
});

/** The number the model was given the leave policy under (its passages are "[n] Title\ntext"). */
function leaveNumber(req: { body: any }): number {
  const last = req.body.messages.at(-1).content as string;
  return Number(/\[(\d+)\] leave-policy/.exec(last)?.[1] ?? 0);
}

describe('found is judged on what the asker may read', () => {
  it('treats a word only in sources the asker may not read like a word nobody wrote', async () => {
    const member = await addMember(app, admin, ['customer_facing'], 'Nell');
    await uploadText(
      app,
      admin,
      'campus.txt',
      'Campus.\nThe office move to the Riverside campus happens next spring.',
    );
    // A restricted word in many passages is a common word, so it weighs little: were it weighed
    // as the workspace knows it, the member's answer would be found for it and not for a word
    // nobody wrote, and "found" would tell them the restricted sources use it.
    const vault = await createUploadSource(app, admin, 'Vault', RESTRICTED());
    const paragraph = (i: number) =>
      `Ledger ${i}. The quillwort reconciliation of batch ${i} lists the invoices, the approvals and the payments of the week, with their references and amounts, checked twice by finance before the end of the month. `.repeat(
        8,
      );
    await uploadTextTo(
      app,
      admin,
      vault,
      'ledgers.txt',
      Array.from({ length: 60 }, (_, i) => paragraph(i)).join('\n\n'),
    );
    const asked = (word: string) => ask(`When is the ${word} campus move?`, undefined, app, member);
    const [restricted, nobody] = [await asked('quillwort'), await asked('vorpalite')];
    expect(restricted.answer.found).toBe(nobody.answer.found);
    expect(restricted.answer.answer).toBe(nobody.answer.answer);
    // The admin reads the vault: for them the word is common, and the campus answer found.
    const admins = await ask('When is the quillwort campus move?');
    expect(admins.answer.found).toBe(true);
  });
});

describe('with a model', () => {
  it('replaces an answer whose citations do not support it by the not-found answer', async () => {
    fake.reply((req) => ({
      kind: 'answer',
      text: `Parental leave is sixteen weeks, paid in full by the company [${leaveNumber(req)}].`,
    }));
    // Asked so that the passages are on topic: the check is on what the model wrote.
    const { answer } = await ask(
      'How many vacation days do employees get?',
      undefined,
      withModel,
      modelAdmin,
    );
    expect(answer.mode).toBe('generated');
    expect(answer.found).toBe(false);
    expect(answer.sources).toEqual([]);
    fake.reply(citeFirstPassage);
  });

  it('renumbers a model’s citations and drops a repeated sentence', async () => {
    // Cites the leave policy under whatever number it was given, with a sentence said twice.
    fake.reply((req) => {
      const n = leaveNumber(req);
      return {
        kind: 'answer',
        text: `Employees get 27 vacation days a year [${n}]. Employees get 27 vacation days a year [${n}]. Contractors get 9 rest days a year [${n}].`,
      };
    });
    const { answer } = await ask(
      'How many vacation days do employees and contractors get?',
      undefined,
      withModel,
      modelAdmin,
    );
    expect(answer.found).toBe(true);
    expect(answer.answer).toBe(
      'Employees get 27 vacation days a year [1]. Contractors get 9 rest days a year [1].',
    );
    expectCleanCitations(answer);
    fake.reply(citeFirstPassage);
  });

  it('gives a model the looser matches quoting cannot answer, and keeps its cited answer', async () => {
    fake.reply(citeFirstPassage);
    const question = 'Where do we gather after a fire alarm in Montreal?';
    // Two of its words are in no document: quoted sentences would not answer it...
    const quoted = await ask(question);
    expect(quoted.answer.found).toBe(false);
    // ...but a model reads the fire-safety passage for it, and its citation holds.
    const written = await ask(question, undefined, withModel, modelAdmin);
    expect(written.answer.mode).toBe('generated');
    expect(written.answer.found).toBe(true);
    expect(written.answer.sources[0].title).toBe('fire-safety');
  });

  it('does not call the model for a question the sources say nothing about', async () => {
    fake.requests.length = 0;
    const { answer } = await ask(
      'What is the airspeed velocity of an unladen swallow?',
      undefined,
      withModel,
      modelAdmin,
    );
    expect(answer.found).toBe(false);
    expect(fake.requests.filter((r) => r.path.includes('chat'))).toEqual([]);
  });

  it('gives a model a question the passages only partly cover, and keeps its "not covered"', async () => {
    // The leave passage shares "weeks" and "leave": a model reads it (a paraphrase may hide
    // there), says it does not answer parental leave, and the answer is not found.
    fake.requests.length = 0;
    fake.reply(() => ({ kind: 'answer', text: 'The sources do not cover parental leave.' }));
    const { answer } = await ask(
      'How many weeks of parental leave do we get?',
      undefined,
      withModel,
      modelAdmin,
    );
    expect(fake.requests.filter((r) => r.path.includes('chat')).length).toBeGreaterThan(0);
    expect(answer.found).toBe(false);
    expect(answer.sources).toEqual([]);
  });
});
