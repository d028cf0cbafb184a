import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newAdmin, type Account } from './helpers/accounts.js';
import { citeFirstPassage, startFakeOpenAI, type FakeOpenAI } from './helpers/fake-openai.js';
import { readEvents, uploadText } from './helpers/knowledge.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';

const KEY = 'sk-test-key-1234';
let fake: FakeOpenAI;
let app: TestApp;
let admin: Account;

beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: KEY });
  app = await startTestApp({
    OPENAI_API_KEY: KEY,
    OPENAI_BASE_URL: fake.url,
    OPENAI_MODEL: 'gpt-4o-mini',
    OPENAI_TIMEOUT_SECONDS: '1',
  });
  admin = await newAdmin(app);
  await uploadText(
    app,
    admin,
    'fire-safety.txt',
    'Fire safety.\nThe fire assembly point for the Montreal office is the Lafontaine park entrance.',
  );
  await uploadText(app, admin, 'lunch.txt', 'Lunch is served in the cafeteria at noon.');
}, 60_000);
afterAll(async () => {
  await app?.stop();
  await fake?.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.reply(citeFirstPassage);
  // Each failure below is met afresh (the breaker itself: provider-breaker.test.ts).
  app.server.services.ask.breaker.reset();
});

const QUESTION = 'Where is the fire assembly point for the Montreal office?';
const ask = (question = QUESTION) =>
  app.rest('POST', '/api/ask', { question }, { token: admin.token });

describe('answers written by the AI provider (loopback fake of OpenAI)', () => {
  it('sends only the top passages with the question, and returns the cited answer', async () => {
    const res = await ask();
    expect(res.status).toBe(200);
    expect(res.body.answer.mode).toBe('generated');
    expect(res.body.answer.notice).toBeNull();
    expect(res.body.answer.answer).toMatch(
      /^According to the sources, fire-safety Fire safety\. The fire assembly point .*\[1\]\.$/,
    );
    expect(res.body.answer.sources[0].title).toBe('fire-safety');

    expect(fake.requests).toHaveLength(1);
    const { body, headers } = fake.requests[0];
    expect(headers.authorization).toBe(`Bearer ${KEY}`);
    expect(body.model).toBe('gpt-4o-mini');
    expect(body.stream).toBe(true);
    const system = body.messages.find((m: { role: string }) => m.role === 'system').content;
    expect(system).toMatch(/only the numbered passages/);
    expect(system).toMatch(/language of the question/);
    const user = body.messages.find((m: { role: string }) => m.role === 'user').content;
    expect(user).toContain('[1] fire-safety');
    expect(user).toContain('Lafontaine park entrance');
    expect(user).toContain(`Question: ${QUESTION}`);
    // The unrelated document was not sent.
    expect(user).not.toContain('cafeteria');
  });

  it('streams sources, then the answer in pieces, then the final result (SSE)', async () => {
    fake.reply(() => ({ kind: 'answer', text: 'Meet at the Lafontaine park entrance [1].' }));
    const res = await fetch(`${app.url}/api/ask/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
      body: JSON.stringify({ question: QUESTION }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = await readEvents(res);
    expect(events[0].event).toBe('sources');
    expect(events[0].data.sources[0]).toMatchObject({ number: 1, title: 'fire-safety' });
    const deltas = events.filter((e) => e.event === 'delta');
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.map((d) => d.data.text).join('')).toBe(
      'Meet at the Lafontaine park entrance [1].',
    );
    const done = events[events.length - 1];
    expect(done.event).toBe('done');
    expect(done.data).toMatchObject({
      mode: 'generated',
      answer: 'Meet at the Lafontaine park entrance [1].',
    });
  });

  it('refuses a bad question on the stream with a plain 400', async () => {
    const res = await fetch(`${app.url}/api/ask/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
      body: JSON.stringify({ question: '' }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe('BAD_USER_INPUT');
  });

  it('does not call the model when nothing in the sources matches', async () => {
    const res = await ask('What is the airspeed velocity of an unladen swallow?');
    expect(res.body.answer.answer).toMatch(/couldn't find/);
    expect(res.body.answer.sources).toEqual([]);
    expect(fake.requests).toHaveLength(0);
  });

  for (const [label, reply, notice] of [
    ['a refused key', { kind: 'error', status: 401 }, /refused the API key/],
    ['rate limiting', { kind: 'error', status: 429 }, /rate limiting/],
    ['a server error', { kind: 'error', status: 500 }, /could not be reached/],
    ['a timeout', { kind: 'hang' }, /did not answer in time/],
    [
      'a stream cut midway',
      { kind: 'stream-error-midway', text: 'one two three four five six' },
      /could not be reached/,
    ],
  ] as const) {
    it(`falls back to the extractive answer with a notice on ${label}`, async () => {
      fake.reply(() => reply);
      const res = await ask();
      expect(res.status).toBe(200);
      expect(res.body.answer.mode).toBe('extractive');
      expect(res.body.answer.notice).toMatch(notice);
      expect(res.body.answer.answer).toContain('Lafontaine park entrance');
      expect(res.body.answer.answer).toContain('[1]');
      expect(fake.requests.length).toBeGreaterThan(0);
    }, 15_000);
  }

  it('the streamed form also falls back, and its final event carries the extractive answer', async () => {
    fake.reply(() => ({
      kind: 'stream-error-midway',
      text: 'partial words that will be replaced soon',
    }));
    const res = await fetch(`${app.url}/api/ask/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
      body: JSON.stringify({ question: QUESTION }),
    });
    const events = await readEvents(res);
    const done = events[events.length - 1];
    expect(done.event).toBe('done');
    expect(done.data.mode).toBe('extractive');
    expect(done.data.notice).toMatch(/extracted from your sources/);
    expect(done.data.answer).toContain('Lafontaine');
  });
});

describe('follow-up questions with the AI provider', () => {
  const followUp = (question: string, conversationId: string) =>
    app.rest('POST', '/api/ask', { question, conversationId }, { token: admin.token });

  it('rewrites a follow-up into a standalone search and gives the model the earlier turns', async () => {
    const first = await ask();
    fake.requests.length = 0;
    const res = await followUp('Which park is it?', first.body.conversationId);
    expect(res.status).toBe(200);
    expect(res.body.conversationId).toBe(first.body.conversationId);
    // The fake resolves the follow-up against the first question, as a model would.
    // The follow-up's own words lead; the rewrite's added words are the weaker context.
    expect(res.body.searchQuery).toBe(
      'Which park is it? (+ regarding Where the fire assembly point for the Montreal office)',
    );
    expect(res.body.answer.sources[0].title).toBe('fire-safety');

    const [rewrite, answer] = fake.requests;
    expect(rewrite.body.stream).toBeFalsy();
    expect(rewrite.body.messages[0].content).toMatch(/standalone search question/);
    const transcript = rewrite.body.messages[1].content as string;
    expect(transcript).toContain(`User: ${QUESTION}`);
    expect(transcript).toContain('Assistant: According to the sources');
    expect(transcript).toContain('Follow-up: Which park is it?');
    // Earlier answers go to the model without their [n] markers, before the new passages.
    expect(answer.body.stream).toBe(true);
    const roles = answer.body.messages.map((m: { role: string }) => m.role);
    expect(roles).toEqual(['system', 'user', 'assistant', 'user']);
    expect(answer.body.messages[1].content).toBe(QUESTION);
    expect(answer.body.messages[2].content).not.toMatch(/\[\d+\]/);
    expect(answer.body.messages[3].content).toContain('Question: Which park is it?');
  });

  it('carries the previous key words when the rewrite fails', async () => {
    const first = await ask();
    // A refused rewrite (400); an outage would also skip the answer (provider-breaker.test.ts).
    fake.reply((req) => (req.body.stream ? citeFirstPassage(req) : { kind: 'error', status: 400 }));
    const res = await followUp('what about the entrance?', first.body.conversationId);
    expect(res.status).toBe(200);
    expect(res.body.searchQuery).toMatch(/^what about the entrance\? \(\+ \w+/);
    expect(res.body.searchQuery).toMatch(/Montreal|assembly|fire/i);
    expect(res.body.answer.mode).toBe('generated');
    expect(res.body.answer.sources[0].title).toBe('fire-safety');
  });
});

describe('sources of an answer', () => {
  it('lists only the passages the answer cites, numbered from 1; the others come apart as related', async () => {
    fake.reply(() => ({ kind: 'answer', text: 'Lunch is served at noon in the cafeteria [2].' }));
    const res = await ask('Where is the fire assembly point, and when is lunch served?');
    expect(res.status).toBe(200);
    const { sources, related } = res.body.answer;
    // The model cited its second passage; the answer and the list say [1], the first source.
    expect(res.body.answer.answer).toBe('Lunch is served at noon in the cafeteria [1].');
    expect(res.body.answer.found).toBe(true);
    expect(sources.map((s: { number: number; title: string }) => [s.number, s.title])).toEqual([
      [1, 'lunch'],
    ]);
    expect(related.length).toBeGreaterThan(0);
    expect(related.map((s: { number: number }) => s.number)).toEqual(
      related.map((_: unknown, i: number) => i + 2),
    );
    expect([...sources, ...related].map((s: { title: string }) => s.title).sort()).toEqual([
      'fire-safety',
      'lunch',
    ]);
  });

  it('never lists the same passage twice (the same file uploaded under two names)', async () => {
    const text = 'Parking.\nVisitors park on level minus two of the Montreal office garage.';
    await uploadText(app, admin, 'parking.txt', text);
    // Files stored before uploads were hashed have no hash, so their copies may still be there.
    await app.sql(`UPDATE documents SET file_hash = NULL WHERE file_name = 'parking.txt'`);
    await uploadText(app, admin, 'parking-copy.txt', text);
    fake.reply(citeFirstPassage);
    const res = await ask('Where do visitors park at the Montreal office?');
    const all = [...res.body.answer.sources, ...res.body.answer.related];
    const parking = all.filter((s: { title: string }) => s.title.startsWith('parking'));
    expect(parking).toHaveLength(1);
  });
});
