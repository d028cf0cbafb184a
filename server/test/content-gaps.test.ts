import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '../src/modules/identity/viewer.js';
import { addMember, newAdmin, type Account } from './helpers/accounts.js';
import { uploadText } from './helpers/knowledge.js';
import { startTestApp, uniqueIp, type TestApp } from './helpers/test-app.js';

// Workspace "empty" has no document: every question there gets the not-found answer. Workspace
// "stocked" has one, to show that an answered question is no gap.
let app: TestApp;
let admin: Account;
let members: Account[];
let stocked: Account;

beforeAll(async () => {
  app = await startTestApp({ DATA_DIR: `/tmp/lumen-test-content-gaps-${process.pid}` });
  admin = await newAdmin(app, 'Gina');
  members = [];
  for (const name of ['Hugo', 'Iris', 'Jack'])
    members.push(await addMember(app, admin, ['customer_facing'], name));
  stocked = await newAdmin(app, 'Kim');
  await uploadText(
    app,
    stocked,
    'handbook.txt',
    'Fire safety.\nThe fire assembly point for the Montreal office is the Lafontaine park entrance.',
  );
}, 60_000);
afterAll(async () => {
  await app?.stop();
});

const gql = (query: string, variables: Record<string, unknown>, who: Account) =>
  app.graphqlRaw(query, variables, who.token);
const GAPS = `query($d: Int!, $f: Int) { contentGaps(days: $d, first: $f) { question count askers lastAskedAt } }`;
const gaps = async (days: number, who: Account = admin, first?: number) => {
  const res = await gql(GAPS, { d: days, f: first }, who);
  expect(res.errors).toBeUndefined();
  return res.data.contentGaps as {
    question: string;
    count: number;
    askers: number;
    lastAskedAt: string;
  }[];
};
/** Records an ask in the history through the real service, as ask.service does. */
const record = (who: Account, question: string, found: boolean | undefined, kind = 'ask') =>
  app.server.services.history.record({ userId: who.id, workspaceId: who.workspaceId } as Viewer, {
    kind: kind as 'ask' | 'search',
    question,
    found,
  });
const backdate = (question: string, days: number) =>
  app.sql(
    `UPDATE search_history SET created_at = now() - make_interval(days => $2) WHERE question = $1`,
    [question, days],
  );

describe('the not-found answer', () => {
  it('is marked found: false when the workspace has nothing on the question', async () => {
    const rest = await app.rest(
      'POST',
      '/api/ask',
      { question: 'Who approves travel to Lisbon?' },
      { token: members[0].token },
    );
    expect(rest.status).toBe(200);
    expect(rest.body.answer.found).toBe(false);
    expect(rest.body.answer.sources).toEqual([]);
    const gq = await gql(
      `mutation { ask(input: { question: "Who approves travel to Lisbon?" }) { found sources { title } } }`,
      {},
      members[1],
    );
    expect(gq.data.ask).toEqual({ found: false, sources: [] });
    const answered = await app.rest(
      'POST',
      '/api/ask',
      { question: 'Where is the fire assembly point?' },
      { token: stocked.token },
    );
    expect(answered.body.answer.found).toBe(true);
  });

  // Needs ask.service.ts to pass `found: result.found` to history.record.
  it('is kept in the history, so three members asking it make a gap', async () => {
    await app.rest(
      'POST',
      '/api/ask',
      { question: 'who approves travel to lisbon' },
      { token: members[2].token },
    );
    const rows = await app.sql(
      `SELECT found FROM search_history WHERE workspace_id = $1 AND question ILIKE '%lisbon%'`,
      [admin.workspaceId],
    );
    expect(rows.map((r) => r.found)).toEqual([false, false, false]);
    const listed = (await gaps(30)).find((g) => /lisbon/i.test(g.question));
    expect(listed).toMatchObject({
      question: 'who approves travel to lisbon',
      count: 3,
      askers: 3,
    });
    const stockedRows = await app.sql(`SELECT found FROM search_history WHERE workspace_id = $1`, [
      stocked.workspaceId,
    ]);
    expect(stockedRows.map((r) => r.found)).toEqual([true]);
  });
});

describe('contentGaps (workspace)', () => {
  beforeAll(async () => {
    const [hugo, iris, jack] = members;
    // Asked four times by three people, in three wordings: one gap, the latest wording shown.
    await record(hugo, 'How do I expense a taxi?', false);
    await record(hugo, 'how do I expense a taxi', false);
    await record(iris, 'How do I  expense a taxi?', false);
    await record(jack, 'How do I expense a taxi', false);
    // The same words, stemmed, in other wordings: one gap too.
    await record(hugo, "What's the dress code?", false);
    await record(iris, 'dress codes', false);
    await record(jack, 'What is the Dress Code', false);
    // Two people only: one person's (or two people's) questions stay theirs.
    await record(hugo, 'Is my medical leave paid?', false);
    await record(iris, 'Is my medical leave paid?', false);
    // Answered, searched, or recorded before `found` was kept: no gap.
    for (const who of members) {
      await record(who, 'Where is the fire exit?', true);
      await record(who, 'parking badge', undefined, 'search');
      await record(who, 'What is the guest wifi?', undefined);
    }
    // Forty days ago: in the 90-day window, not the 30-day one.
    for (const who of members) await record(who, 'Who orders the printer paper?', false);
    await backdate('Who orders the printer paper?', 40);
    // Another workspace's gaps are its own.
    for (const name of ['Lea', 'Max', 'Ned']) {
      const other = await addMember(app, stocked, ['customer_facing'], name);
      await record(other, 'How do I expense a taxi?', false);
    }
  }, 60_000);

  it('lists the questions three members asked that got no answer, in the period', async () => {
    const month = await gaps(30);
    expect(month.find((g) => /dress code/i.test(g.question))).toMatchObject({
      question: 'What is the Dress Code',
      count: 3,
      askers: 3,
    });
    // The medical-leave question (two people) is counted, never shown.
    const hidden = await gql(`query($d: Int!) { contentGapsHidden(days: $d) }`, { d: 30 }, admin);
    expect(hidden.data.contentGapsHidden).toBe(1);
    const refused = await gql(`query { contentGapsHidden }`, {}, members[0]);
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    // A gap is not suggested on Home as a "most asked" question: it would be answered not found.
    const popular = await app.graphqlRaw(
      `{ popularQuestions(first: 20) { question } }`,
      {},
      members[0].token,
    );
    expect(
      popular.data.popularQuestions.map((q: { question: string }) => q.question),
    ).not.toContain('How do I expense a taxi');
    const taxi = month.find((g) => /taxi/.test(g.question));
    expect(taxi).toMatchObject({ question: 'How do I expense a taxi', count: 4, askers: 3 });
    expect(Date.now() - Date.parse(taxi!.lastAskedAt)).toBeLessThan(60_000);
    const listed = month.map((g) => g.question.toLowerCase());
    for (const hidden of ['medical', 'fire exit', 'parking', 'wifi', 'printer'])
      expect(listed.join('|')).not.toContain(hidden);
    // Most asked first.
    expect(month[0].question).toBe('How do I expense a taxi');

    const quarter = await gaps(90);
    const paper = quarter.find((g) => /printer paper/.test(g.question));
    expect(paper).toMatchObject({ count: 3, askers: 3 });
    expect(Date.now() - Date.parse(paper!.lastAskedAt)).toBeGreaterThan(39 * 86_400_000);
    expect(await gaps(90, admin, 1)).toHaveLength(1);
  });

  it('shows another workspace only its own gaps', async () => {
    const theirs = await gaps(30, stocked);
    expect(theirs).toEqual([expect.objectContaining({ question: 'How do I expense a taxi?' })]);
    expect(theirs[0]).toMatchObject({ count: 3, askers: 3 });
  });

  it('is for those who manage members only', async () => {
    const refused = await gql(GAPS, { d: 30 }, members[0]);
    expect(refused.errors?.[0].extensions.code).toBe('FORBIDDEN');
    expect(refused.data).toBeNull();
  });
});

describe('a bot’s content gaps', () => {
  const ASK_BOT = `mutation($b: ID!, $q: String!) { askBot(botId: $b, question: $q) { found } }`;
  const REPORT = `query($b: ID!, $d: Int) { botReport(botId: $b, days: $d) { questions answered contentGaps { question count askers lastAskedAt } } }`;
  let botId: string;
  let token: string;

  beforeAll(async () => {
    const created = await app.rest(
      'POST',
      '/api/create-bot',
      { name: 'Office bot', user_id: admin.id, privacy: 'public' },
      { token: admin.token },
    );
    botId = created.body as string;
    const bot = await gql(`query($b: ID!) { bot(id: $b) { sharePath } }`, { b: botId }, admin);
    token = bot.data.bot.sharePath.replace('/chat/', '');
  });

  it('lists the bot’s unanswered questions with who asked them counted, public visitors as one', async () => {
    const [hugo, iris] = members;
    for (const [who, q] of [
      [hugo, 'Where do I park my bike?'],
      [hugo, 'where do I  park my bike'],
      [iris, 'Where do I park my bike?'],
      [iris, 'Can I bring my dog?'],
    ] as const) {
      const res = await gql(ASK_BOT, { b: botId, q }, who);
      expect(res.data.askBot.found).toBe(false);
    }
    // Two visitors of the public link (two addresses): anonymous, so one asker.
    for (const ip of [uniqueIp(), uniqueIp()]) {
      const res = await app.rest(
        'POST',
        `/api/public/bots/${token}/ask`,
        { question: 'Is the office open on Sunday?' },
        { ip },
      );
      expect(res.status).toBe(200);
      expect(res.body.sources).toEqual([]);
    }
    const logs = await app.sql(`SELECT from_sources FROM bot_logs WHERE bot_id = $1`, [botId]);
    expect(logs.map((l) => l.from_sources)).toEqual(Array(6).fill(false));

    const report = await gql(REPORT, { b: botId, d: 7 }, admin);
    expect(report.errors).toBeUndefined();
    const gapsOf = report.data.botReport.contentGaps;
    // The same question in other case, spacing and punctuation is one gap.
    expect(gapsOf).toEqual([
      expect.objectContaining({ question: 'Where do I park my bike?', count: 3, askers: 2 }),
      expect.objectContaining({ question: 'Is the office open on Sunday?', count: 2, askers: 1 }),
      expect.objectContaining({ question: 'Can I bring my dog?', count: 1, askers: 1 }),
    ]);
    expect(Date.now() - Date.parse(gapsOf[0].lastAskedAt)).toBeLessThan(60_000);

    // Ten days ago: outside a 7-day report, inside a 30-day one.
    await app.sql(
      `UPDATE bot_logs SET created_at = now() - interval '10 days' WHERE bot_id = $1 AND question = $2`,
      [botId, 'Can I bring my dog?'],
    );
    const week = (await gql(REPORT, { b: botId, d: 7 }, admin)).data.botReport.contentGaps;
    expect(week.map((g: { question: string }) => g.question)).not.toContain('Can I bring my dog?');
    const month = (await gql(REPORT, { b: botId, d: 30 }, admin)).data.botReport.contentGaps;
    expect(month.map((g: { question: string }) => g.question)).toContain('Can I bring my dog?');
  });

  it('leaves out what the bot answered from its sources', async () => {
    const created = await app.rest(
      'POST',
      '/api/create-bot',
      { name: 'Safety bot', user_id: stocked.id, privacy: 'private' },
      { token: stocked.token },
    );
    const safetyBot = created.body as string;
    const [doc] = await app.sql(`SELECT id FROM documents WHERE workspace_id = $1`, [
      stocked.workspaceId,
    ]);
    await gql(
      `mutation($b: ID!, $d: ID!) { attachBotSource(botId: $b, documentId: $d) { id } }`,
      { b: safetyBot, d: doc.id },
      stocked,
    );
    const answered = await gql(
      ASK_BOT,
      { b: safetyBot, q: 'Where is the fire assembly point?' },
      stocked,
    );
    expect(answered.data.askBot.found).toBe(true);
    await gql(ASK_BOT, { b: safetyBot, q: 'Who waters the plants?' }, stocked);
    const report = (await gql(REPORT, { b: safetyBot, d: 30 }, stocked)).data.botReport;
    expect(report).toMatchObject({ questions: 2, answered: 1 });
    expect(report.contentGaps).toEqual([
      expect.objectContaining({ question: 'Who waters the plants?', count: 1, askers: 1 }),
    ]);
  });

  it('is shown to those who manage the bot only', async () => {
    const refused = await gql(REPORT, { b: botId, d: 30 }, members[0]);
    expect(refused.errors?.[0].extensions.code).toBe('FORBIDDEN');
  });
});
