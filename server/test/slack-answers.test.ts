import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addMember, newAdmin, verifyEmailOf, type Account } from './helpers/accounts.js';
import { createUploadSource, gqlOk, RESTRICTED, uploadTextTo } from './helpers/access.js';
import { startFakeSlack, type FakeSlack } from './helpers/fake-slack.js';
import {
  blockActionBody,
  commandBody,
  eventBody,
  FORM_TYPE,
  JSON_TYPE,
  sendSigned,
  slackTs,
} from './helpers/slack-requests.js';
import {
  blocksText,
  connectSlack,
  feedbackButtons,
  setSlackChannel,
  waitForCalls,
} from './helpers/slack.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';

const TOKEN = 'xoxb-answers-token';
const SECRET = 'answers-signing-secret-0123456789';
const TEAM = 'T0ANSWERS';
const BOT_USER = 'U0LUMEN';
const CHANNEL = 'C0GENERAL';

let fake: FakeSlack;
let app: TestApp;
let admin: Account;
let grace: Account;
let falconId: string;
let runbookId: string;

const send = (body: string, type = JSON_TYPE, headers: Record<string, string> = {}) =>
  sendSigned(app.url, body, type, { secret: SECRET, headers });
const mention = (user: string, text: string, extra: Record<string, string> = {}) =>
  eventBody(TEAM, {
    type: 'app_mention',
    user,
    text: `<@${BOT_USER}> ${text}`,
    channel: CHANNEL,
    ...extra,
  });
const direct = (user: string, text: string, channel: string) =>
  eventBody(TEAM, { type: 'message', channel_type: 'im', user, text, channel });

beforeAll(async () => {
  fake = await startFakeSlack();
  fake.addBot(TOKEN, { teamId: TEAM, team: 'Acme', botUserId: BOT_USER, botId: 'B0LUMEN' });
  app = await startTestApp({
    SLACK_API_URL: fake.url,
    DATA_DIR: `/tmp/lumen-test-slack-${process.pid}`,
  });
  admin = await newAdmin(app, 'Ada');
  // Slack matches only a verified address (grace's, a mailed invitation's, is verified).
  await verifyEmailOf(app, admin);
  grace = await addMember(app, admin, ['customer_facing'], 'Grace');
  fake.addUser({ id: 'U0ADA', email: admin.email.toUpperCase() });
  fake.addUser({ id: 'U0GRACE', email: grace.email });
  fake.addUser({ id: 'U0STRANGER', email: 'someone@elsewhere.example' });
  runbookId = await uploadTextTo(
    app,
    admin,
    null,
    'runbook.txt',
    'On-call runbook.\nThe on-call runbook lives in the Operations wiki; page the on-call engineer through PagerDuty.',
  );
  const finance = await createUploadSource(app, admin, 'Finance', RESTRICTED([grace.id]));
  falconId = await uploadTextTo(
    app,
    admin,
    finance,
    'falcon.txt',
    'Project Falcon.\nThe Project Falcon budget is 4.2 million euros for the EU region rollout.',
  );
  await connectSlack(app, admin, TOKEN, SECRET);
}, 60_000);
afterAll(async () => {
  await app?.stop();
  await fake?.close();
});
beforeEach(() => fake.reset());

describe('a mention in a channel', () => {
  it('reacts 👀, answers in the thread with sources and buttons, then removes 👀', async () => {
    const body = mention('U0ADA', 'where is the on-call runbook?');
    const ts = JSON.parse(body).event.ts;
    const ack = await send(body);
    expect(ack.status).toBe(200);
    expect(ack.ms).toBeLessThan(3000);
    const [post] = await waitForCalls(fake, 'chat.postMessage');
    expect(post.token).toBe(TOKEN);
    expect(post.body).toMatchObject({ channel: CHANNEL, thread_ts: ts });
    const text = blocksText(post);
    expect(text).toMatch(/Operations wiki/);
    expect(text).toContain('*Sources*');
    expect(text).toContain(`<${app.config.publicUrl}/`);
    expect(text).toContain('|runbook>');
    const buttons = feedbackButtons(post);
    expect(buttons.map((b) => b.action_id)).toEqual(['lumen_feedback_up', 'lumen_feedback_down']);
    expect(fake.callsOf('reactions.add')[0].body).toMatchObject({ name: 'eyes', timestamp: ts });
    await waitForCalls(fake, 'reactions.remove');
    // Marked as Slack's in the asker's history.
    const data = await gqlOk(app, admin, `{ conversations(first: 5) { nodes { title origin } } }`);
    expect(data.conversations.nodes[0]).toMatchObject({
      title: 'where is the on-call runbook?',
      origin: 'slack',
    });
    const [history] = await app.sql(
      `SELECT origin FROM search_history WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1`,
      [admin.id],
    );
    expect(history.origin).toBe('slack');
  });

  it('keeps the conversation when someone replies in the thread (no mention needed)', async () => {
    const first = mention('U0ADA', 'where is the on-call runbook?');
    const ts = JSON.parse(first).event.ts;
    await send(first);
    const [answer] = await waitForCalls(fake, 'chat.postMessage');
    const turn = feedbackButtons(answer)[0].value;
    await send(
      eventBody(TEAM, {
        type: 'message',
        channel_type: 'channel',
        user: 'U0ADA',
        text: 'how do I page the engineer?',
        channel: CHANNEL,
        thread_ts: ts,
      }),
    );
    const posts = await waitForCalls(fake, 'chat.postMessage', 2);
    expect(posts[1].body.thread_ts).toBe(ts);
    const [conversation] = await app.sql(
      `SELECT c.turn_count, c.origin FROM conversations c
         JOIN conversation_turns t ON t.conversation_id = c.id WHERE t.id = $1`,
      [turn],
    );
    expect(conversation).toMatchObject({ turn_count: 2, origin: 'slack' });
  });

  it('records 👍 / 👎 as the web’s feedback, from the person who asked', async () => {
    await send(mention('U0ADA', 'where is the on-call runbook?'));
    const [answer] = await waitForCalls(fake, 'chat.postMessage');
    const turnId = feedbackButtons(answer)[1].value;
    const press = (user: string, actionId: string) =>
      send(
        blockActionBody({
          teamId: TEAM,
          user,
          channel: CHANNEL,
          messageTs: '1.000001',
          threadTs: answer.body.thread_ts,
          actionId,
          value: turnId,
        }),
        FORM_TYPE,
      );
    expect((await press('U0ADA', 'lumen_feedback_down')).status).toBe(200);
    await waitForCalls(fake, 'chat.postEphemeral');
    const [vote] = await app.sql(`SELECT vote, user_id FROM answer_feedback WHERE turn_id = $1`, [
      turnId,
    ]);
    expect(vote).toEqual({ vote: -1, user_id: admin.id });
    expect(fake.callsOf('chat.postEphemeral')[0].body).toMatchObject({
      user: 'U0ADA',
      text: expect.stringMatching(/Thanks/),
    });
    // Someone else's vote is not recorded on the asker's answer.
    await press('U0GRACE', 'lumen_feedback_up');
    await waitForCalls(fake, 'chat.postEphemeral', 2);
    expect(fake.callsOf('chat.postEphemeral')[1].body.text).toMatch(/Only the person who asked/);
    const votes = await app.sql(`SELECT vote FROM answer_feedback WHERE turn_id = $1`, [turnId]);
    expect(votes).toEqual([{ vote: -1 }]);
  });

  it('answers a retried delivery (same event_id) once', async () => {
    const body = mention('U0ADA', 'where is the on-call runbook?');
    expect((await send(body)).status).toBe(200);
    expect((await send(body, JSON_TYPE, { 'x-slack-retry-num': '1' })).status).toBe(200);
    expect((await send(body, JSON_TYPE, { 'x-slack-retry-num': '2' })).status).toBe(200);
    await waitForCalls(fake, 'chat.postMessage');
    await app.jobsDone('slack.answer');
    expect(fake.callsOf('chat.postMessage')).toHaveLength(1);
  });

  it('refuses a bad signature and a stale timestamp (401) and posts nothing', async () => {
    const body = mention('U0ADA', 'where is the on-call runbook?');
    const forged = await sendSigned(app.url, body, JSON_TYPE, { secret: SECRET, signWith: 'x' });
    expect(forged.status).toBe(401);
    const stale = await sendSigned(app.url, body, JSON_TYPE, {
      secret: SECRET,
      at: Math.floor(Date.now() / 1000) - 6 * 60,
    });
    expect(stale.status).toBe(401);
    const unsigned = await fetch(`${app.url}/slack/events`, {
      method: 'POST',
      headers: { 'content-type': JSON_TYPE },
      body,
    });
    expect(unsigned.status).toBe(401);
    // Another team's request is refused too.
    const other = await sendSigned(
      app.url,
      eventBody('T0OTHER', { type: 'app_mention', user: 'U0ADA', text: 'hi', channel: CHANNEL }),
      JSON_TYPE,
      { secret: SECRET },
    );
    expect(other.status).toBe(401);
    await new Promise((r) => setTimeout(r, 300));
    await app.jobsDone('slack.answer');
    expect(fake.calls).toHaveLength(0);
  });

  it('waits out Slack’s 429 (Retry-After) and then posts, asking only once', async () => {
    fake.fail('chat.postMessage', { status: 429, retryAfter: 1 });
    const started = Date.now();
    await send(mention('U0ADA', 'where is the on-call runbook?'));
    const posts = await waitForCalls(fake, 'chat.postMessage', 2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    await app.jobsDone('slack.answer');
    expect(fake.callsOf('chat.postMessage')).toHaveLength(2); // the 429, then the answer
    const turn = feedbackButtons(posts[1])[0].value;
    const [row] = await app.sql(
      `SELECT c.turn_count FROM conversations c JOIN conversation_turns t ON t.conversation_id = c.id WHERE t.id = $1`,
      [turn],
    );
    expect(row.turn_count).toBe(1);
  });

  it('ignores its own messages, other bots, edits, and channels that do not call for it', async () => {
    await setSlackChannel(app, admin, 'C0QUIET', 'OFF');
    const bodies = [
      eventBody(TEAM, {
        type: 'message',
        channel_type: 'im',
        user: BOT_USER,
        text: 'hello',
        channel: 'D0ADA',
      }),
      eventBody(TEAM, {
        type: 'message',
        channel_type: 'im',
        user: 'U0OTHERBOT',
        bot_id: 'B0OTHER',
        text: 'beep',
        channel: 'D0ADA',
      }),
      eventBody(TEAM, {
        type: 'message',
        channel_type: 'im',
        user: 'U0ADA',
        subtype: 'message_changed',
        text: 'edited',
        channel: 'D0ADA',
      }),
      // MENTION mode (the default) without a mention, and an OFF channel even when mentioned.
      eventBody(TEAM, {
        type: 'message',
        channel_type: 'channel',
        user: 'U0ADA',
        text: 'where is the on-call runbook?',
        channel: CHANNEL,
      }),
      eventBody(TEAM, {
        type: 'app_mention',
        user: 'U0ADA',
        text: `<@${BOT_USER}> runbook?`,
        channel: 'C0QUIET',
      }),
      // The message event of a mention: the app_mention answers it.
      eventBody(TEAM, {
        type: 'message',
        channel_type: 'channel',
        user: 'U0ADA',
        text: `<@${BOT_USER}> runbook?`,
        channel: CHANNEL,
      }),
    ];
    for (const body of bodies) expect((await send(body)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    await app.jobsDone('slack.answer');
    expect(fake.calls).toHaveLength(0);
  });

  it('answers every new message of a channel in ALL mode', async () => {
    await setSlackChannel(app, admin, 'C0HELP', 'ALL');
    await send(
      eventBody(TEAM, {
        type: 'message',
        channel_type: 'channel',
        user: 'U0ADA',
        text: 'where is the on-call runbook?',
        channel: 'C0HELP',
      }),
    );
    const [post] = await waitForCalls(fake, 'chat.postMessage');
    expect(post.body.channel).toBe('C0HELP');
  });
});

describe('access', () => {
  it('a channel answer never cites what not everyone may read; the member’s DM does', async () => {
    await send(mention('U0GRACE', 'What is the Project Falcon budget?'));
    const [inChannel] = await waitForCalls(fake, 'chat.postMessage');
    expect(blocksText(inChannel)).not.toMatch(/4\.2 million|\|falcon>/);
    await send(direct('U0GRACE', 'What is the Project Falcon budget?', 'D0GRACE'));
    const [, inDirect] = await waitForCalls(fake, 'chat.postMessage', 2);
    expect(inDirect.body.channel).toBe('D0GRACE');
    expect(blocksText(inDirect)).toMatch(/4\.2 million/);
    expect(blocksText(inDirect)).toContain('|falcon>');
    const cited = await app.sql(
      `SELECT t.sources FROM conversation_turns t JOIN conversations c ON c.id = t.conversation_id
        WHERE c.user_id = $1 AND c.origin = 'slack' ORDER BY t.created_at`,
      [grace.id],
    );
    const ids = cited.map((r) => r.sources.map((s: any) => s.documentId));
    expect(ids[0]).not.toContain(falconId);
    expect(ids[1]).toContain(falconId);
  });

  it('a person matching no member gets workspace-wide content and how to join', async () => {
    await send(direct('U0STRANGER', 'What is the Project Falcon budget?', 'D0STRANGER'));
    const [post] = await waitForCalls(fake, 'chat.postMessage');
    const text = blocksText(post);
    expect(text).not.toMatch(/4\.2 million/);
    expect(text).toMatch(/not a member of this Lumen workspace/);
    expect(text).toContain(app.config.publicUrl);
    await send(direct('U0STRANGER', 'where is the on-call runbook?', 'D0STRANGER'));
    const [, second] = await waitForCalls(fake, 'chat.postMessage', 2);
    expect(blocksText(second)).toContain('|runbook>');
    expect(runbookId).toBeTruthy();
  });

  it('a member whose address is not verified matches nobody, until it is', async () => {
    const ursula = await addMember(app, admin, ['customer_facing'], 'Ursula');
    await app.sql(`UPDATE users SET email_verified_at = NULL WHERE id = $1`, [ursula.id]);
    fake.addUser({ id: 'U0URSULA', email: ursula.email });
    await send(direct('U0URSULA', 'where is the on-call runbook?', 'D0URSULA'));
    const [post] = await waitForCalls(fake, 'chat.postMessage');
    // She is told what to do: verify her address, not ask for an invitation she already has.
    expect(blocksText(post)).toMatch(/has not verified its email address yet/);
    expect(blocksText(post)).toContain(`${app.config.publicUrl}/app/account`);
    expect(blocksText(post)).not.toMatch(/not a member of this Lumen workspace/);
    // Verified, the same person is matched: answered as the member she is.
    await app.sql(`UPDATE users SET email_verified_at = now() WHERE id = $1`, [ursula.id]);
    await send(direct('U0URSULA', 'where is the on-call runbook?', 'D0URSULA'));
    const [, second] = await waitForCalls(fake, 'chat.postMessage', 2);
    expect(blocksText(second)).toContain('|runbook>');
    expect(blocksText(second)).not.toMatch(/not a member of this Lumen workspace|not verified/);
  });
});

describe('/lumen', () => {
  it('answers only to the asker (ephemeral), with their own access', async () => {
    const ack = await send(
      commandBody({
        teamId: TEAM,
        user: 'U0GRACE',
        channel: CHANNEL,
        text: 'Project Falcon budget?',
      }),
      FORM_TYPE,
    );
    expect(ack.status).toBe(200);
    expect(ack.body).toMatchObject({ response_type: 'ephemeral' });
    const [post] = await waitForCalls(fake, 'chat.postEphemeral');
    expect(post.body).toMatchObject({ channel: CHANNEL, user: 'U0GRACE' });
    expect(blocksText(post)).toMatch(/4\.2 million/);
    expect(fake.callsOf('chat.postMessage')).toHaveLength(0);
  });

  it('falls back to the response_url where the bot is not in the channel', async () => {
    fake.fail('chat.postEphemeral', { error: 'channel_not_found' });
    await send(
      commandBody({
        teamId: TEAM,
        user: 'U0ADA',
        channel: 'C0ELSEWHERE',
        text: 'where is the on-call runbook?',
        responseUrl: `${fake.url}/response/abc`,
      }),
      FORM_TYPE,
    );
    await app.jobsDone('slack.answer');
    expect(fake.responses).toHaveLength(1);
    expect(fake.responses[0].body).toMatchObject({ response_type: 'ephemeral' });
  });

  it('an empty command is answered with how to use it', async () => {
    const ack = await send(
      commandBody({ teamId: TEAM, user: 'U0ADA', channel: CHANNEL, text: ' ' }),
      FORM_TYPE,
    );
    expect(ack.body.text).toMatch(/\/lumen where/);
    expect(slackTs()).toBeTruthy();
  });
});
