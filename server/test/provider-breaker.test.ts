import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addMember, newAdmin, type Account } from './helpers/accounts.js';
import { citeFirstPassage, startFakeOpenAI, type FakeOpenAI } from './helpers/fake-openai.js';
import { readEvents, uploadText } from './helpers/knowledge.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';

// The fake accepts this key only: the server's key and members' good keys are this one.
const KEY = 'sk-test-breaker-key-5150';
const COOLDOWN_MS = 4000;
const QUESTION = 'Where is the fire assembly point for the Montreal office?';

let fake: FakeOpenAI;
let app: TestApp;
/** Asks on the server's key (no key of their own). */
let admin: Account;

beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: KEY });
  app = await startTestApp({
    OPENAI_API_KEY: KEY,
    OPENAI_BASE_URL: fake.url,
    OPENAI_TIMEOUT_SECONDS: '1',
    OPENAI_COOLDOWN_MS: String(COOLDOWN_MS),
  });
  admin = await newAdmin(app);
  await uploadText(
    app,
    admin,
    'fire-safety.txt',
    'Fire safety.\nThe fire assembly point for the Montreal office is the Lafontaine park entrance.',
  );
}, 60_000);
afterAll(async () => {
  await app?.stop();
  await fake?.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.reply(citeFirstPassage);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ask = (who: Account, question = QUESTION, conversationId?: string) =>
  app.rest('POST', '/api/ask', { question, conversationId }, { token: who.token });
const gql = (query: string, variables: Record<string, unknown>, who: Account) =>
  app.graphqlRaw(query, variables, who.token);
const keyState = async (who: Account) =>
  (await gql(`query { providerKey { status invalidAt invalidReason retryAt masked } }`, {}, who))
    .data.providerKey;

/** A member of the admin's workspace with `value` saved as their own key. */
async function memberWithKey(value = KEY): Promise<Account> {
  const member = await addMember(app, admin, ['product_expert'], 'Kim');
  const saved = await gql(
    `mutation($v: String!) { saveProviderKey(value: $v) { status } }`,
    { v: value },
    member,
  );
  expect(saved.data.saveProviderKey).toEqual({ status: 'OK' });
  return member;
}

describe('a failing key is skipped for a cool-down (circuit breaker)', () => {
  it('after a 500, questions on that key make no request and say why once, then it is tried again', async () => {
    const member = await memberWithKey();
    fake.reply(() => ({ kind: 'error', status: 500 }));

    const first = await ask(member);
    expect(first.status).toBe(200);
    expect(first.body.answer).toMatchObject({ mode: 'extractive', providerState: 'cooling_down' });
    expect(first.body.answer.notice).toBe(
      'The AI provider could not be reached. This answer was extracted from your sources instead. Check your key in Integrations (/app/integrations).',
    );
    expect(first.body.answer.answer).toContain('Lafontaine park entrance');
    const failedRequests = fake.requests.length;
    expect(failedRequests).toBeGreaterThan(0);

    for (let i = 0; i < 3; i++) {
      const next = await ask(member);
      expect(next.body.answer).toMatchObject({
        mode: 'extractive',
        notice: null,
        providerState: 'cooling_down',
      });
      expect(next.body.answer.answer).toContain('Lafontaine park entrance');
    }
    // GraphQL and the stream's final event say the same.
    const viaGraphql = await gql(
      `mutation($q: String!) { ask(input: { question: $q }) { mode notice providerState } }`,
      { q: QUESTION },
      member,
    );
    expect(viaGraphql.data.ask).toEqual({
      mode: 'extractive',
      notice: null,
      providerState: 'cooling_down',
    });
    const stream = await fetch(`${app.url}/api/ask/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${member.token}` },
      body: JSON.stringify({ question: QUESTION }),
    });
    const done = (await readEvents(stream)).at(-1)!;
    expect(done.event).toBe('done');
    expect(done.data).toMatchObject({ notice: null, providerState: 'cooling_down' });
    expect(fake.requests).toHaveLength(failedRequests);

    const state = await keyState(member);
    expect(state.status).toBe('COOLING_DOWN');
    expect(new Date(state.retryAt).getTime()).toBeGreaterThan(Date.now());
    // Another key (the server's, used by the admin) is not held back: it is tried, and fails.
    const serverKeyAnswer = await ask(admin);
    expect(fake.requests.length).toBeGreaterThan(failedRequests);
    expect(serverKeyAnswer.body.answer.notice).toMatch(/Ask your admin/);
    fake.reply(citeFirstPassage);
    app.server.services.ask.breaker.clear('server');

    await sleep(COOLDOWN_MS + 100);
    fake.requests.length = 0;
    const again = await ask(member);
    expect(fake.requests).toHaveLength(1);
    expect(again.body.answer).toMatchObject({
      mode: 'generated',
      notice: null,
      providerState: 'ok',
    });
    expect((await keyState(member)).status).toBe('OK');
  }, 30_000);

  it('after a timeout on the server key, the next questions answer at once', async () => {
    fake.reply(() => ({ kind: 'hang' }));
    const started = performance.now();
    const first = await ask(admin);
    const firstMs = performance.now() - started;
    expect(firstMs).toBeGreaterThanOrEqual(1000);
    expect(first.body.answer.notice).toBe(
      "The AI provider did not answer in time. This answer was extracted from your sources instead. Ask your admin to check the server's AI key.",
    );
    expect(first.body.answer.providerState).toBe('cooling_down');
    const requested = fake.requests.length;

    const t0 = performance.now();
    const next = await ask(admin);
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(next.body.answer).toMatchObject({
      mode: 'extractive',
      notice: null,
      providerState: 'cooling_down',
    });
    expect(fake.requests).toHaveLength(requested);

    fake.reply(citeFirstPassage);
    await sleep(COOLDOWN_MS + 100);
    fake.requests.length = 0;
    const again = await ask(admin);
    expect(fake.requests).toHaveLength(1);
    expect(again.body.answer).toMatchObject({ mode: 'generated', providerState: 'ok' });
  }, 30_000);

  it('a follow-up’s rewrite obeys the breaker too', async () => {
    const member = await memberWithKey();
    const first = await ask(member);
    expect(first.body.answer.mode).toBe('generated');
    const conversationId: string = first.body.conversationId;

    // The rewrite meets the failure: the answer is not tried after it, and carries the notice.
    fake.requests.length = 0;
    fake.reply(() => ({ kind: 'error', status: 503 }));
    const followUp = await ask(member, 'And what about the entrance?', conversationId);
    expect(followUp.status).toBe(200);
    expect(fake.requests.length).toBeGreaterThan(0);
    expect(fake.requests.every((r) => !r.body.stream)).toBe(true); // rewrite calls only
    expect(followUp.body.answer).toMatchObject({
      mode: 'extractive',
      providerState: 'cooling_down',
    });
    expect(followUp.body.answer.notice).toMatch(/could not be reached/);
    expect(followUp.body.searchQuery).toMatch(/^And what about the entrance\? \(\+ \w+/);

    // While it cools down, neither the rewrite nor the answer is tried.
    fake.requests.length = 0;
    const another = await ask(member, 'And in Toronto?', conversationId);
    expect(fake.requests).toHaveLength(0);
    expect(another.body.answer).toMatchObject({ notice: null, providerState: 'cooling_down' });
    expect(another.body.searchQuery).toMatch(/^And in Toronto\? \(\+ \w+/);
  }, 30_000);
});

describe('a key the provider refuses', () => {
  it('is marked invalid: no more requests, shown on the key and its bots, cleared by saving again', async () => {
    const member = await memberWithKey('sk-revoked-key-000111');
    const botId = (
      await gql(`mutation { createBot(input: { name: "Refused" }) { id } }`, {}, member)
    ).data.createBot.id;
    await gql(
      `mutation($b: ID!, $s: ID!) { attachBotSource(botId: $b, sourceId: $s) { id } }`,
      {
        b: botId,
        s: (
          await app.sql(`SELECT id FROM sources WHERE workspace_id = $1 LIMIT 1`, [
            member.workspaceId,
          ])
        )[0].id,
      },
      member,
    );

    const first = await ask(member);
    expect(fake.requests).toHaveLength(1);
    expect(first.body.answer).toMatchObject({ mode: 'extractive', providerState: 'invalid' });
    expect(first.body.answer.notice).toBe(
      'The AI provider refused the API key. This answer was extracted from your sources instead. Check your key in Integrations (/app/integrations).',
    );
    const state = await keyState(member);
    expect(state).toMatchObject({
      status: 'INVALID',
      invalidReason: 'The AI provider refused the API key.',
    });
    expect(state.invalidAt).toBeTruthy();
    const [row] = await app.sql(
      `SELECT invalid_at, invalid_reason FROM provider_keys WHERE user_id = $1`,
      [member.id],
    );
    expect(row.invalid_at).toBeInstanceOf(Date);

    // No provider call while invalid: the member's questions, their bot's, and follow-ups.
    const next = await ask(member, QUESTION, first.body.conversationId);
    expect(next.body.answer).toMatchObject({ notice: null, providerState: 'invalid' });
    const botAnswer = await gql(
      `mutation($b: ID!) { askBot(botId: $b, question: "Where is the fire assembly point?") { mode notice providerState } }`,
      { b: botId },
      member,
    );
    expect(botAnswer.data.askBot).toEqual({
      mode: 'extractive',
      notice: null,
      providerState: 'invalid',
    });
    expect(fake.requests).toHaveLength(1);
    const bot = await gql(
      `query($b: ID!) { bot(id: $b) { providerStatus } }`,
      { b: botId },
      member,
    );
    expect(bot.data.bot.providerStatus).toBe('INVALID');
    // Those who do not manage the bot are not told about its owner's key.
    const list = await gql(`{ bots { id providerStatus canManage } }`, {}, admin);
    expect(list.data.bots.find((b: { id: string }) => b.id === botId)).toMatchObject({
      providerStatus: 'INVALID', // an admin manages every bot
      canManage: true,
    });

    // Saving it again (even as it is, masked) clears the mark: the next question tries it.
    const again = await gql(
      `mutation($v: String!) { saveProviderKey(value: $v) { status invalidAt invalidReason } }`,
      { v: state.masked },
      member,
    );
    expect(again.data.saveProviderKey).toEqual({
      status: 'OK',
      invalidAt: null,
      invalidReason: null,
    });
    expect(
      (await gql(`query($b: ID!) { bot(id: $b) { providerStatus } }`, { b: botId }, member)).data
        .bot.providerStatus,
    ).toBe('OK');
    fake.requests.length = 0;
    await ask(member);
    expect(fake.requests).toHaveLength(1); // still refused: marked again
    expect((await keyState(member)).status).toBe('INVALID');

    await gql(
      `mutation($v: String!) { saveProviderKey(value: $v) { status } }`,
      { v: KEY },
      member,
    );
    const fixed = await ask(member);
    expect(fixed.body.answer).toMatchObject({ mode: 'generated', providerState: 'ok' });
  }, 30_000);

  it('a refused server key is kept in memory: members without a key stop calling it', async () => {
    fake.reply(() => ({ kind: 'error', status: 401 }));
    const first = await ask(admin);
    expect(first.body.answer.providerState).toBe('invalid');
    expect(first.body.answer.notice).toMatch(/refused the API key.*Ask your admin/);
    fake.requests.length = 0;
    fake.reply(citeFirstPassage);
    const next = await ask(admin);
    expect(next.body.answer).toMatchObject({ notice: null, providerState: 'invalid' });
    expect(fake.requests).toHaveLength(0);
    app.server.services.ask.breaker.clear('server');
  });
});

describe('a bot answering without its model says so in its language', () => {
  it('a Spanish bot’s fallback notice is in Spanish, naming who can fix the key', async () => {
    const owner = await memberWithKey();
    const colleague = await addMember(app, admin, ['product_expert'], 'Ana');
    const botId = (
      await gql(
        `mutation { createBot(input: { name: "Ayuda", language: "es" }) { id } }`,
        {},
        owner,
      )
    ).data.createBot.id;
    const [source] = await app.sql(`SELECT id FROM sources WHERE workspace_id = $1 LIMIT 1`, [
      owner.workspaceId,
    ]);
    await gql(
      `mutation($b: ID!, $s: ID!) { attachBotSource(botId: $b, sourceId: $s) { id } }`,
      { b: botId, s: source.id },
      owner,
    );
    const askBot = (who: Account) =>
      gql(
        `mutation($b: ID!) { askBot(botId: $b, question: "Where is the fire assembly point?") { mode notice providerState } }`,
        { b: botId },
        who,
      );
    fake.reply(() => ({ kind: 'error', status: 500 }));
    const res = await askBot(colleague);
    expect(res.data.askBot.mode).toBe('extractive');
    expect(res.data.askBot.notice).toBe(
      'No se pudo contactar con el proveedor de IA. Por eso esta respuesta se ha extraído directamente de las fuentes. El propietario del bot puede revisar la clave en Integrations (/app/integrations).',
    );
    // Open now: later answers stay quiet.
    expect((await askBot(owner)).data.askBot).toMatchObject({
      notice: null,
      providerState: 'cooling_down',
    });
    // The owner meeting a failure is told to check their own key, in the bot's language.
    const key = (await app.sql(`SELECT id FROM provider_keys WHERE user_id = $1`, [owner.id]))[0];
    app.server.services.ask.breaker.clear(key.id);
    expect((await askBot(owner)).data.askBot.notice).toMatch(
      /^No se pudo contactar .* Revisa tu clave en Integrations \(\/app\/integrations\)\.$/,
    );
  }, 30_000);
});
