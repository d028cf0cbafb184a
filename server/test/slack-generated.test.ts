import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAdmin, verifyEmailOf, type Account } from './helpers/accounts.js';
import { gqlOk, uploadTextTo } from './helpers/access.js';
import { citeFirstPassage, startFakeOpenAI, type FakeOpenAI } from './helpers/fake-openai.js';
import { startFakeSlack, type FakeSlack } from './helpers/fake-slack.js';
import { eventBody, JSON_TYPE, sendSigned } from './helpers/slack-requests.js';
import { blocksText, connectSlack, setSlackChannel, waitForCalls } from './helpers/slack.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';

const KEY = 'sk-slack-generated-test-key';
const TOKEN = 'xoxb-generated-token';
const SECRET = 'generated-signing-secret';
const TEAM = 'T0GEN';

let openai: FakeOpenAI;
let fake: FakeSlack;
let app: TestApp;
let admin: Account;

beforeAll(async () => {
  openai = await startFakeOpenAI({ apiKey: KEY });
  openai.reply(citeFirstPassage);
  fake = await startFakeSlack();
  fake.addBot(TOKEN, { teamId: TEAM, team: 'Gen', botUserId: 'U0LUMEN', botId: 'B0LUMEN' });
  app = await startTestApp({
    SLACK_API_URL: fake.url,
    OPENAI_API_KEY: KEY,
    OPENAI_BASE_URL: openai.url,
    OPENAI_MODEL: 'gpt-4o-mini',
    DATA_DIR: `/tmp/lumen-test-slack-gen-${process.pid}`,
  });
  admin = await newAdmin(app, 'Ada');
  // Slack matches a member only by a verified address.
  await verifyEmailOf(app, admin);
  fake.addUser({ id: 'U0ADA', email: admin.email });
  await uploadTextTo(
    app,
    admin,
    null,
    'assembly.txt',
    'Fire safety.\nThe fire assembly point for the Montreal office is the Lafontaine park entrance.',
  );
  await uploadTextTo(app, admin, null, 'lunch.txt', 'Lunch is served in the cafeteria at noon.');
  await connectSlack(app, admin, TOKEN, SECRET);
}, 60_000);
afterAll(async () => {
  await app?.stop();
  await fake?.close();
  await openai?.close();
});

describe('answers written by the model', () => {
  it('turn the numbered citations into Slack links to their sources', async () => {
    await sendSigned(
      app.url,
      eventBody(TEAM, {
        type: 'app_mention',
        user: 'U0ADA',
        text: '<@U0LUMEN> where is the fire assembly point for the Montreal office?',
        channel: 'C0GEN',
      }),
      JSON_TYPE,
      { secret: SECRET },
    );
    const [post] = await waitForCalls(fake, 'chat.postMessage');
    const text = blocksText(post);
    expect(text).toMatch(
      /^According to the sources, .*Montreal office.* <http:\/\/[^|]+\|\[1\]>\.$/m,
    );
    expect(text).toContain('|assembly>');
    const [turn] = await app.sql(
      `SELECT t.mode FROM conversation_turns t JOIN conversations c ON c.id = t.conversation_id WHERE c.origin = 'slack'`,
    );
    expect(turn.mode).toBe('generated');
  });

  it('a channel’s bot answers from its own sources only, and logs the question as Slack’s', async () => {
    const bot = await gqlOk(
      app,
      admin,
      `mutation { createBot(input: { name: "Canteen", description: "Lunch questions" }) { id } }`,
    );
    const botId = bot.createBot.id;
    const [lunch] = await app.sql(`SELECT id FROM documents WHERE title = 'lunch'`);
    await gqlOk(
      app,
      admin,
      `mutation($b: ID!, $d: ID!) { attachBotSource(botId: $b, documentId: $d) { id } }`,
      { b: botId, d: lunch.id },
    );
    await setSlackChannel(app, admin, 'C0CANTEEN', 'MENTION', botId);
    fake.reset();
    await sendSigned(
      app.url,
      eventBody(TEAM, {
        type: 'app_mention',
        user: 'U0ADA',
        text: '<@U0LUMEN> when is lunch served?',
        channel: 'C0CANTEEN',
      }),
      JSON_TYPE,
      { secret: SECRET },
    );
    const [post] = await waitForCalls(fake, 'chat.postMessage');
    expect(blocksText(post)).toContain('|lunch>');
    const logs = await gqlOk(
      app,
      admin,
      `query($b: ID!) { botLogs(botId: $b, first: 5) { nodes { question origin askedBy } } }`,
      { b: botId },
    );
    expect(logs.botLogs.nodes[0]).toMatchObject({
      question: 'when is lunch served?',
      origin: 'slack',
    });
  });
});
