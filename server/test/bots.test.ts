import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addMember, newAdmin, type Account } from './helpers/accounts.js';
import { citeFirstPassage, startFakeOpenAI, type FakeOpenAI } from './helpers/fake-openai.js';
import { uploadText } from './helpers/knowledge.js';
import { startTestApp, uniqueIp, type TestApp } from './helpers/test-app.js';

const KEY = 'sk-proj-bot-owner-key-7f3a9c';
let fake: FakeOpenAI;
let app: TestApp;
let owner: Account;
let expert: Account;
let reader: Account;
let stranger: Account;
let handbookId: string;
let lunchId: string;

beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: KEY });
  // No server key: bots answer on their owner's key, or extractively.
  app = await startTestApp({
    OPENAI_BASE_URL: fake.url,
    DATA_DIR: `/tmp/lumen-test-bots-${process.pid}`,
  });
  owner = await newAdmin(app, 'Owen');
  expert = await addMember(app, owner, ['product_expert'], 'Eve');
  reader = await addMember(app, owner, ['customer_facing'], 'Rita');
  stranger = await newAdmin(app, 'Sam');
  handbookId = await uploadText(
    app,
    owner,
    'handbook.txt',
    'Fire safety.\nThe fire assembly point for the Montreal office is the Lafontaine park entrance.',
  );
  lunchId = await uploadText(app, owner, 'lunch.txt', 'Lunch is served in the cafeteria at noon.');
}, 60_000);
afterAll(async () => {
  await app?.stop();
  await fake?.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.reply(citeFirstPassage);
});

const rest = (method: string, p: string, body: unknown, who: Account) =>
  app.rest(method, p, body, { token: who.token });
const gql = (query: string, variables: Record<string, unknown>, who: Account) =>
  app.graphqlRaw(query, variables, who.token);
async function createBot(who: Account, fields: Record<string, unknown> = {}) {
  const res = await rest(
    'POST',
    '/api/create-bot',
    { name: 'Helper', user_id: who.id, ...fields },
    who,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as string;
}

describe('provider key', () => {
  it('is stored sealed, read back masked, kept when the masked value is saved again', async () => {
    expect(
      (await rest('GET', `/api/get-openai_integration/${expert.id}`, undefined, expert)).body,
    ).toBeNull();
    const saved = await rest(
      'POST',
      '/api/save-openai-integration',
      { id: null, value: KEY, user_id: expert.id },
      expert,
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(
      [expect.any(String), 'sk-…9c', expert.id].map((v, i) =>
        i === 1 ? expect.stringMatching(/^sk-…/) : v,
      ),
    );
    const read = await rest('GET', `/api/get-openai_integration/${expert.id}`, undefined, expert);
    const [id, masked, userId] = read.body;
    expect(userId).toBe(expert.id);
    expect(masked).toBe('sk-…9c'.replace('9c', KEY.slice(-4)));
    expect(JSON.stringify(read.body)).not.toContain(KEY);
    // The masked value saved as it is keeps the stored key.
    const again = await rest(
      'POST',
      '/api/save-openai-integration',
      { id, value: masked, user_id: expert.id },
      expert,
    );
    expect(again.body[0]).toBe(id);
    const [row] = await app.sql(`SELECT sealed_value FROM provider_keys WHERE user_id = $1`, [
      expert.id,
    ]);
    expect(row.sealed_value).toMatch(/^v1\./);
    expect(row.sealed_value).not.toContain(KEY);
    // Nothing in the database holds the plaintext.
    const dump = await app.sql(`SELECT row_to_json(t)::text AS j FROM provider_keys t`);
    expect(dump.map((r) => r.j).join('')).not.toContain(KEY);
    // GraphQL shows it masked too, and can verify it with the provider.
    const verified = await gql(
      `mutation($v: String!) { saveProviderKey(value: $v, verify: true) { masked verified verifyMessage } }`,
      { v: KEY },
      expert,
    );
    expect(verified.data.saveProviderKey).toMatchObject({ verified: true });
    const refused = await gql(
      `mutation { saveProviderKey(value: "sk-wrong-key-000000", verify: true) { verified verifyMessage } }`,
      {},
      expert,
    );
    expect(refused.data.saveProviderKey).toEqual({
      verified: false,
      verifyMessage: 'The provider refused this key.',
    });
    await gql(
      `mutation($v: String!) { saveProviderKey(value: $v) { masked } }`,
      { v: KEY },
      expert,
    );
  });

  it('answers the user’s own questions on their saved key (the server has none)', async () => {
    const mine = await rest(
      'POST',
      '/api/ask',
      { question: 'Where is the fire assembly point?' },
      expert,
    );
    expect(mine.body.answer.mode).toBe('generated');
    expect(fake.requests[0].headers.authorization).toBe(`Bearer ${KEY}`);
    const theirs = await rest(
      'POST',
      '/api/ask',
      { question: 'Where is the fire assembly point?' },
      reader,
    );
    expect(theirs.body.answer.mode).toBe('extractive');
    expect(fake.requests).toHaveLength(1);
  });

  it('refuses another user id and bad values', async () => {
    expect(
      (await rest('GET', `/api/get-openai_integration/${owner.id}`, undefined, expert)).status,
    ).toBe(403);
    expect((await rest('GET', '/api/get-openai_integration/1', undefined, expert)).status).toBe(
      403,
    );
    expect(
      (
        await rest(
          'POST',
          '/api/save-openai-integration',
          { value: KEY, user_id: owner.id },
          expert,
        )
      ).status,
    ).toBe(403);
    const bad = await rest(
      'POST',
      '/api/save-openai-integration',
      { value: 'has spaces in it', user_id: expert.id },
      expert,
    );
    expect(bad.status).toBe(400);
    expect(
      (
        await rest(
          'POST',
          '/api/save-openai-integration',
          { value: '', user_id: expert.id },
          expert,
        )
      ).status,
    ).toBe(400);
  });
});

describe('bots', () => {
  it('create, list, read positionally, edit and delete as the spec shapes them', async () => {
    const id = await createBot(owner, {
      name: '  Onboarding  ',
      description: 'New hires',
      model: 'gpt4o',
      language: 'ja',
      privacy: 'private',
    });
    const one = await rest('GET', `/api/get-bot/${id}`, undefined, owner);
    expect(one.body).toEqual([id, 'Onboarding', 'New hires', 'gpt4o', 'ja', 'private']);
    const defaults = await createBot(owner, { name: 'Defaults' });
    expect((await rest('GET', `/api/get-bot/${defaults}`, undefined, owner)).body.slice(3)).toEqual(
      ['gpt35', 'en', 'public'],
    );
    const list = await rest('GET', `/api/get-bots/${owner.id}`, undefined, owner);
    expect(list.body.find((b: { id: string }) => b.id === id)).toMatchObject({
      name: 'Onboarding',
      description: 'New hires',
      privacy: 'private',
      language: 'ja',
    });
    const edited = await gql(
      `mutation($id: ID!) { updateBot(id: $id, input: { name: "Onboarding buddy", language: "es" }) { name language model privacy } }`,
      { id },
      owner,
    );
    expect(edited.data.updateBot).toEqual({
      name: 'Onboarding buddy',
      language: 'es',
      model: 'gpt4o',
      privacy: 'private',
    });
    expect((await rest('DELETE', `/api/delete-bot/${id}`, undefined, owner)).body).toEqual({
      ok: true,
    });
    expect((await rest('GET', `/api/get-bot/${id}`, undefined, owner)).body).toBeNull();
    expect((await rest('DELETE', `/api/delete-bot/${id}`, undefined, owner)).status).toBe(404);
  });

  it('validates on the server with clear messages', async () => {
    for (const [body, field] of [
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(81) }, 'name'],
      [{ name: 'ok', model: 'gpt5' }, 'model'],
      [{ name: 'ok', language: 'fr' }, 'language'],
      [{ name: 'ok', privacy: 'secret' }, 'privacy'],
      [{ name: 'ok', description: 'd'.repeat(1001) }, 'description'],
    ] as const) {
      const res = await rest('POST', '/api/create-bot', { ...body, user_id: owner.id }, owner);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(res.body.message).toMatch(new RegExp(field === 'name' ? 'name' : field, 'i'));
    }
    expect(
      (await rest('POST', '/api/create-bot', { name: 'x', user_id: expert.id }, owner)).status,
    ).toBe(403);
    // Creating bots needs bot.write.
    expect(
      (await rest('POST', '/api/create-bot', { name: 'x', user_id: reader.id }, reader)).status,
    ).toBe(403);
  });

  it('keeps private bots to their owner and admins, and other workspaces out entirely', async () => {
    const privateBot = await createBot(expert, { name: 'Mine', privacy: 'private' });
    const publicBot = await createBot(expert, { name: 'Ours', privacy: 'public' });
    const names = async (who: Account) =>
      (await rest('GET', `/api/get-bots/${who.id}`, undefined, who)).body.map(
        (b: { name: string }) => b.name,
      );
    expect(await names(expert)).toEqual(expect.arrayContaining(['Mine', 'Ours']));
    expect(await names(owner)).toEqual(expect.arrayContaining(['Mine', 'Ours'])); // admin
    expect(await names(reader)).toContain('Ours');
    expect(await names(reader)).not.toContain('Mine');
    expect(await names(stranger)).not.toContain('Ours');
    expect((await rest('GET', `/api/get-bot/${privateBot}`, undefined, reader)).body).toBeNull();
    expect((await rest('GET', `/api/get-bot/${publicBot}`, undefined, stranger)).body).toBeNull();
    const ask = await gql(
      `mutation($b: ID!) { askBot(botId: $b, question: "lunch?") { answer } }`,
      { b: privateBot },
      reader,
    );
    expect(ask.errors?.[0].extensions.code).toBe('NOT_FOUND');
    // Seeing a public bot is not owning it.
    const change = await gql(
      `mutation($b: ID!) { updateBot(id: $b, input: { name: "Hijack" }) { name } }`,
      { b: publicBot },
      reader,
    );
    expect(change.errors?.[0].extensions.code).toBe('FORBIDDEN');
    expect((await rest('DELETE', `/api/delete-bot/${publicBot}`, undefined, reader)).status).toBe(
      403,
    );
    expect(
      (await rest('DELETE', `/api/delete-bot/${privateBot}`, undefined, stranger)).status,
    ).toBe(404);
    const logs = await gql(
      `query($b: ID!) { botLogs(botId: $b) { totalCount } }`,
      { b: publicBot },
      reader,
    );
    expect(logs.errors?.[0].extensions.code).toBe('FORBIDDEN');
    const attach = await gql(
      `mutation($b: ID!, $d: ID!) { attachBotSource(botId: $b, documentId: $d) { id } }`,
      { b: publicBot, d: handbookId },
      stranger,
    );
    expect(attach.errors?.[0].extensions.code).toBe('NOT_FOUND');
  });
});

describe('asking a bot', () => {
  it('answers only from its sources, in its language, on its owner’s key and model, and logs it', async () => {
    const botId = await createBot(expert, { name: 'Safety bot', model: 'gpt4o', language: 'ja' });
    const attach = await gql(
      `mutation($b: ID!, $d: ID!) { attachBotSource(botId: $b, documentId: $d) { id kind title documentCount } }`,
      { b: botId, d: handbookId },
      expert,
    );
    expect(attach.data.attachBotSource).toMatchObject({
      kind: 'document',
      title: 'handbook',
      documentCount: 1,
    });
    const res = await gql(
      `mutation($b: ID!, $q: String!) { askBot(botId: $b, question: $q) { answer mode sources { title url } } }`,
      { b: botId, q: 'Where is the fire assembly point for the Montreal office?' },
      reader,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.askBot.mode).toBe('generated');
    expect(res.data.askBot.sources.map((s: { title: string }) => s.title)).toEqual(['handbook']);
    const request = fake.requests[0];
    expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request.body.model).toBe('gpt-4o');
    expect(request.body.messages[0].content).toContain('Answer in Japanese.');
    // A document the bot does not have is never used, even when it matches better.
    const lunch = await gql(
      `mutation($b: ID!) { askBot(botId: $b, question: "When is lunch served in the cafeteria?") { answer sources { title } } }`,
      { b: botId },
      reader,
    );
    expect(lunch.data.askBot.sources).toEqual([]);
    expect(lunch.data.askBot.answer).not.toContain('noon');
    // The workspace's own ask did not record these in the asker's history.
    const history = await gql(`query { recentQuestions { question } }`, {}, reader);
    expect(history.data.recentQuestions.map((r: { question: string }) => r.question)).not.toContain(
      'When is lunch served in the cafeteria?',
    );

    const logs = await gql(
      `query($b: ID!) { botLogs(botId: $b, first: 1) { totalCount pageInfo { hasNextPage endCursor } nodes { question answer mode fromSources askedBy latencyMs sources { title url } } } }`,
      { b: botId },
      expert,
    );
    const page = logs.data.botLogs;
    expect(page.totalCount).toBe(2);
    expect(page.pageInfo.hasNextPage).toBe(true);
    expect(page.nodes[0]).toMatchObject({
      question: 'When is lunch served in the cafeteria?',
      fromSources: false,
      askedBy: 'Rita Member',
    });
    const next = await gql(
      `query($b: ID!, $a: String) { botLogs(botId: $b, first: 5, after: $a) { pageInfo { hasNextPage } nodes { question fromSources sources { title } } } }`,
      { b: botId, a: page.pageInfo.endCursor },
      expert,
    );
    expect(next.data.botLogs.nodes).toEqual([
      {
        question: 'Where is the fire assembly point for the Montreal office?',
        fromSources: true,
        sources: [{ title: 'handbook' }],
      },
    ]);
    expect(next.data.botLogs.pageInfo.hasNextPage).toBe(false);

    const report = await gql(
      `query($b: ID!) { botReport(botId: $b, days: 7) { questions answered perDay { day questions answered } topSources { title citations } } }`,
      { b: botId },
      expert,
    );
    const r = report.data.botReport;
    expect(r).toMatchObject({
      questions: 2,
      answered: 1,
      topSources: [{ title: 'handbook', citations: 1 }],
    });
    expect(r.perDay).toHaveLength(7);
    expect(r.perDay[6]).toMatchObject({ questions: 2, answered: 1 });
  });

  it('answers extractively when the owner has no key', async () => {
    const botId = await createBot(owner, { name: 'No key' });
    await gql(
      `mutation($b: ID!, $d: ID!) { attachBotSource(botId: $b, documentId: $d) { id } }`,
      { b: botId, d: lunchId },
      owner,
    );
    const res = await gql(
      `mutation($b: ID!) { askBot(botId: $b, question: "When is lunch served?") { answer mode } }`,
      { b: botId },
      owner,
    );
    expect(res.data.askBot).toMatchObject({ mode: 'extractive' });
    expect(res.data.askBot.answer).toContain('noon');
    expect(fake.requests).toHaveLength(0);
  });

  it('answers on the public chat link of a public bot, rate limited, without the key or links', async () => {
    const botId = await createBot(expert, { name: 'Public helper' });
    await gql(
      `mutation($b: ID!, $d: ID!) { attachBotSource(botId: $b, documentId: $d) { id } }`,
      { b: botId, d: handbookId },
      expert,
    );
    const bot = await gql(`query($b: ID!) { bot(id: $b) { sharePath } }`, { b: botId }, expert);
    const token = bot.data.bot.sharePath.replace('/chat/', '');
    const info = await app.rest('GET', `/api/public/bots/${token}`);
    expect(info.body).toEqual({ name: 'Public helper', description: '', language: 'en' });
    const res = await app.rest('POST', `/api/public/bots/${token}/ask`, {
      question: 'Where is the fire assembly point?',
    });
    expect(res.status).toBe(200);
    expect(res.body.sources).toEqual([{ number: 1, title: 'handbook', location: null }]);
    expect(JSON.stringify(res.body)).not.toContain(KEY);
    expect(JSON.stringify(res.body)).not.toContain('/app/documents');
    const logs = await gql(
      `query($b: ID!) { botLogs(botId: $b) { nodes { askedBy } } }`,
      { b: botId },
      expert,
    );
    expect(logs.data.botLogs.nodes[0].askedBy).toBe('Public link');
    // A private bot has no public page.
    await gql(
      `mutation($b: ID!) { updateBot(id: $b, input: { privacy: "private" }) { id } }`,
      { b: botId },
      expert,
    );
    expect((await app.rest('GET', `/api/public/bots/${token}`)).status).toBe(404);
    expect(
      (await app.rest('POST', `/api/public/bots/${token}/ask`, { question: 'hi?' })).status,
    ).toBe(404);
    await gql(
      `mutation($b: ID!) { updateBot(id: $b, input: { privacy: "public" }) { id } }`,
      { b: botId },
      expert,
    );
    let limited = 0;
    for (let i = 0; i < 25; i++) {
      const r = await app.rest('POST', `/api/public/bots/${token}/ask`, { question: 'fire?' });
      if (r.status === 429) limited++;
    }
    expect(limited).toBeGreaterThan(0);
  });

  it('rotates the share link (the old one dead at once) and turns it off and on', async () => {
    const botId = await createBot(expert, { name: 'Rotating helper' });
    // Its own client address: the public chat's rate limit is per address.
    const ip = uniqueIp();
    const pathOf = async () =>
      (await gql(`query($b: ID!) { bot(id: $b) { sharePath shareEnabled } }`, { b: botId }, expert))
        .data.bot;
    const first = (await pathOf()).sharePath.replace('/chat/', '');
    expect((await app.rest('GET', `/api/public/bots/${first}`, undefined, { ip })).status).toBe(
      200,
    );

    // Only those who manage the bot may change its link.
    const denied = await gql(
      `mutation($b: ID!) { rotateBotShareLink(id: $b) { sharePath } }`,
      { b: botId },
      reader,
    );
    expect(denied.errors?.[0].extensions.code).toMatch(/FORBIDDEN|NOT_FOUND/);

    const rotated = await gql(
      `mutation($b: ID!) { rotateBotShareLink(id: $b) { sharePath } }`,
      { b: botId },
      expert,
    );
    const second = rotated.data.rotateBotShareLink.sharePath.replace('/chat/', '');
    expect(second).not.toBe(first);
    expect((await app.rest('GET', `/api/public/bots/${first}`, undefined, { ip })).status).toBe(
      404,
    );
    expect((await app.rest('GET', `/api/public/bots/${second}`, undefined, { ip })).status).toBe(
      200,
    );

    const off = await gql(
      `mutation($b: ID!) { setBotShareLink(id: $b, enabled: false) { sharePath shareEnabled } }`,
      { b: botId },
      expert,
    );
    expect(off.data.setBotShareLink).toEqual({ sharePath: null, shareEnabled: false });
    expect((await app.rest('GET', `/api/public/bots/${second}`, undefined, { ip })).status).toBe(
      404,
    );
    expect(
      (await app.rest('POST', `/api/public/bots/${second}/ask`, { question: 'hi?' }, { ip }))
        .status,
    ).toBe(404);
    await gql(
      `mutation($b: ID!) { setBotShareLink(id: $b, enabled: true) { shareEnabled } }`,
      { b: botId },
      expert,
    );
    expect((await pathOf()).sharePath).toBe(`/chat/${second}`);
    expect((await app.rest('GET', `/api/public/bots/${second}`, undefined, { ip })).status).toBe(
      200,
    );
  });
});

describe('remaining GraphQL operations', () => {
  it('botSources, detachBotSource and deleteProviderKey', async () => {
    const botId = await createBot(owner, { name: 'Detach me' });
    const attached = await gql(
      `mutation($b: ID!, $d: ID!) { attachBotSource(botId: $b, documentId: $d) { id } }`,
      { b: botId, d: lunchId },
      owner,
    );
    const again = await gql(
      `mutation($b: ID!, $d: ID!) { attachBotSource(botId: $b, documentId: $d) { id } }`,
      { b: botId, d: lunchId },
      owner,
    );
    expect(again.data.attachBotSource.id).toBe(attached.data.attachBotSource.id);
    const listed = await gql(
      `query($b: ID!) { botSources(botId: $b) { id title } }`,
      { b: botId },
      owner,
    );
    expect(listed.data.botSources).toEqual([
      { id: attached.data.attachBotSource.id, title: 'lunch' },
    ]);
    const detached = await gql(
      `mutation($b: ID!, $id: ID!) { detachBotSource(botId: $b, id: $id) }`,
      { b: botId, id: attached.data.attachBotSource.id },
      owner,
    );
    expect(detached.data.detachBotSource).toBe(true);
    const empty = await gql(`query($b: ID!) { botSources(botId: $b) { id } }`, { b: botId }, owner);
    expect(empty.data.botSources).toEqual([]);

    await gql(
      `mutation { saveProviderKey(value: "sk-owner-temp-key-1") { masked } }`,
      {},
      stranger,
    );
    expect((await gql(`query { providerKey { masked } }`, {}, stranger)).data.providerKey).toEqual({
      masked: 'sk-…ey-1',
    });
    expect((await gql(`mutation { deleteProviderKey }`, {}, stranger)).data.deleteProviderKey).toBe(
      true,
    );
    expect(
      (await gql(`query { providerKey { masked } }`, {}, stranger)).data.providerKey,
    ).toBeNull();
  });
});

describe('secrets at rest', () => {
  it('leaves no plaintext secret in the database files', async () => {
    await app.sql('CHECKPOINT');
    const dir = app.config.dataDir;
    void dir;
    const [{ setting }] = await app.sql(`SELECT current_setting('data_directory') AS setting`);
    const files: string[] = [];
    const walk = (d: string) => {
      for (const e of fs.readdirSync(d, { withFileTypes: true })) {
        const p = path.join(d, e.name);
        if (e.isDirectory()) walk(p);
        else if (e.isFile()) files.push(p);
      }
    };
    try {
      walk(path.join(setting, 'base'));
    } catch {
      return; // a Postgres server on another user's files (TEST_DATABASE_URL): not readable here
    }
    for (const f of files) {
      const bytes = fs.readFileSync(f);
      expect(bytes.includes(Buffer.from(KEY)), f).toBe(false);
    }
  });
});
