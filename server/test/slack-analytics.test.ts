import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, newAdmin, type Account } from './helpers/accounts.js';
import { gqlOk, uploadTextTo } from './helpers/access.js';
import { startFakeSlack, type FakeSlack } from './helpers/fake-slack.js';
import { eventBody, JSON_TYPE, sendSigned } from './helpers/slack-requests.js';
import { blocksText, connectSlack, waitForCalls } from './helpers/slack.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';

// Questions asked in Slack count in Analytics, marked as Slack's, including those of people who
// match no member; those people have a per-minute rate of their own.
const TOKEN = 'xoxb-analytics-token';
const SECRET = 'analytics-signing-secret-0123456789';
const TEAM = 'T0ANALYTICS';
const RATE = 3;

let fake: FakeSlack;
let app: TestApp;
let admin: Account;
let members: Account[];

const direct = (user: string, text: string) =>
  eventBody(TEAM, { type: 'message', channel_type: 'im', user, text, channel: `D${user}` });
const send = (body: string) => sendSigned(app.url, body, JSON_TYPE, { secret: SECRET });
const askWeb = (who: Account, question: string) =>
  gqlOk(app, who, `mutation($q: String!) { ask(input: { question: $q }) { found } }`, {
    q: question,
  });

beforeAll(async () => {
  fake = await startFakeSlack();
  fake.addBot(TOKEN, { teamId: TEAM, team: 'Acme', botUserId: 'U0BOT', botId: 'B0BOT' });
  app = await startTestApp({
    SLACK_API_URL: fake.url,
    ASK_RATE_PER_MINUTE: String(RATE),
    DATA_DIR: `/tmp/lumen-test-slack-analytics-${process.pid}`,
  });
  admin = await newAdmin(app, 'Ada');
  members = [admin];
  for (const name of ['Bob', 'Cy'])
    members.push(await addMember(app, admin, ['customer_facing'], name));
  fake.addUser({ id: 'U0STRANGER', email: 'someone@elsewhere.example' });
  fake.addUser({ id: 'U0BUSY', email: 'busy@elsewhere.example' });
  fake.addUser({ id: 'U0CALM', email: 'calm@elsewhere.example' });
  await uploadTextTo(
    app,
    admin,
    null,
    'runbook.txt',
    'On-call runbook.\nThe on-call runbook lives in the Operations wiki; page the on-call engineer through PagerDuty.',
  );
  await connectSlack(app, admin, TOKEN, SECRET);
}, 60_000);
afterAll(async () => {
  await app?.stop();
  await fake?.close();
});

describe('Slack questions in Analytics', () => {
  it('counts a non-member’s questions as Slack’s, apart from the web’s', async () => {
    await send(direct('U0STRANGER', 'where is the on-call runbook?'));
    await send(direct('U0STRANGER', 'who do I page when on call?'));
    await waitForCalls(fake, 'chat.postMessage', 2);
    await askWeb(admin, 'where is the on-call runbook?');

    const rows = await app.sql(
      `SELECT user_id, origin FROM search_history WHERE origin = 'slack' ORDER BY created_at`,
    );
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.user_id === null)).toBe(true);

    const report = await gqlOk(
      app,
      admin,
      `{ searchFeedbackReport(days: 7) { answersByOrigin { origin answers } perDay { answers } } }`,
    );
    const byOrigin = Object.fromEntries(
      report.searchFeedbackReport.answersByOrigin.map((o: any) => [o.origin, o.answers]),
    );
    expect(byOrigin).toEqual({ slack: 2, web: 1 });
    const perDay = report.searchFeedbackReport.perDay.reduce(
      (n: number, d: any) => n + d.answers,
      0,
    );
    expect(perDay).toBe(3);
  });

  it('never lists a non-member’s question in anyone’s recent searches', async () => {
    const recent = await gqlOk(app, admin, `{ recentQuestions(first: 10) { question } }`);
    expect(recent.recentQuestions.map((q: any) => q.question)).toEqual([
      'where is the on-call runbook?',
    ]);
  });

  it('marks a content gap asked in Slack as such', async () => {
    const question = 'what is the parking policy for visitors?';
    for (const member of members) await askWeb(member, question);
    await send(direct('U0STRANGER', question));
    await waitForCalls(fake, 'chat.postMessage', 3);
    const { contentGaps } = await gqlOk(
      app,
      admin,
      `{ contentGaps(days: 7) { question count askers origins } }`,
    );
    const gap = contentGaps.find((g: any) => g.question === question);
    // The Slack person counts as a question, not as one of the members it takes to list it.
    expect(gap).toMatchObject({ count: 4, askers: 3 });
    expect([...gap.origins].sort()).toEqual(['slack', 'web']);
  });

  it('holds a non-member to their own rate: over it, they are told to wait', async () => {
    fake.reset();
    for (let i = 0; i <= RATE; i++) await send(direct('U0BUSY', `where is the runbook, try ${i}?`));
    const posts = await waitForCalls(fake, 'chat.postMessage', RATE + 1);
    const texts = posts.map((p) => blocksText(p) || String(p.body.text));
    expect(texts.filter((t) => /faster than this workspace allows/.test(t))).toHaveLength(1);
    // Another non-member is not held by it.
    await send(direct('U0CALM', 'where is the on-call runbook?'));
    const after = await waitForCalls(fake, 'chat.postMessage', RATE + 2);
    expect(blocksText(after[RATE + 1])).not.toMatch(/faster than this workspace allows/);
  });
});
