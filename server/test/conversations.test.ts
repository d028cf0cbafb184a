import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, newAdmin, type Account } from './helpers/accounts.js';
import { uploadText } from './helpers/knowledge.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';

let app: TestApp;
let admin: Account;
let member: Account;

beforeAll(async () => {
  // No provider key: answers are extractive, follow-ups carry the previous key words.
  app = await startTestApp();
  admin = await newAdmin(app);
  member = await addMember(app, admin, ['customer_facing'], 'Grace');
  await uploadText(
    app,
    admin,
    'leave-policy.txt',
    'Annual leave policy.\nEmployees get 25 days of paid annual leave each year. Contractors are not covered by the annual leave policy and get no paid leave; they agree their time off with their agency.',
  );
  await uploadText(
    app,
    admin,
    'contractor-onboarding.txt',
    'Contractor onboarding.\nContractors sign the contractor agreement, receive a visitor badge and a laptop on their first day. Contractors send their invoices to accounts payable every month. Contractors get a contractor email address.',
  );
}, 60_000);
afterAll(async () => {
  await app?.stop();
});

const ask = (who: Account, question: string, conversationId?: string) =>
  app.rest('POST', '/api/ask', { question, conversationId }, { token: who.token });
const gql = (query: string, variables: Record<string, unknown>, who: Account) =>
  app.graphqlRaw(query, variables, who.token);

describe('conversations over POST /api/ask', () => {
  it('answers a first question in a new conversation and a follow-up in the same one', async () => {
    const first = await ask(member, 'How many days of annual leave do employees get?');
    expect(first.status).toBe(200);
    expect(first.body.conversationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.body.turnId).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.body.answer.sources[0].title).toBe('leave-policy');

    const followUp = await ask(member, 'What about contractors?', first.body.conversationId);
    expect(followUp.status).toBe(200);
    expect(followUp.body.conversationId).toBe(first.body.conversationId);
    expect(followUp.body.turnId).not.toBe(first.body.turnId);
    // The follow-up searched with the first question's key words…
    expect(followUp.body.searchQuery).toMatch(/^What about contractors\? .*leave/i);
    // …so it still finds the leave policy, where contractors' leave is answered.
    expect(followUp.body.answer.sources[0].title).toBe('leave-policy');
    expect(followUp.body.answer.answer).toMatch(/Contractors are not covered/);

    const turns = await app.sql(
      `SELECT ordinal, question FROM conversation_turns WHERE conversation_id = $1 ORDER BY ordinal`,
      [first.body.conversationId],
    );
    expect(turns).toEqual([
      { ordinal: 1, question: 'How many days of annual leave do employees get?' },
      { ordinal: 2, question: 'What about contractors?' },
    ]);
  });

  it('finds something else for the same words asked alone (what the carry-over changes)', async () => {
    const alone = await ask(member, 'What about contractors?');
    expect(alone.status).toBe(200);
    expect(alone.body.searchQuery).toBe('What about contractors?');
    expect(alone.body.answer.sources[0].title).toBe('contractor-onboarding');
    expect(alone.body.conversationId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('streams the conversation id and the search in the done event', async () => {
    const first = await ask(member, 'How many days of annual leave do employees get?');
    const res = await fetch(`${app.url}/api/ask/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${member.token}` },
      body: JSON.stringify({
        question: 'and contractors?',
        conversationId: first.body.conversationId,
      }),
    });
    const text = await res.text();
    const done = JSON.parse(/event: done\ndata: (.*)/.exec(text)![1]);
    expect(done.conversationId).toBe(first.body.conversationId);
    expect(done.turnId).toMatch(/^[0-9a-f-]{36}$/);
    expect(done.searchQuery).toMatch(/leave/i);
  });

  it("answers 404 for another user's conversation, an unknown one and a malformed id", async () => {
    const mine = await ask(member, 'How many days of annual leave do employees get?');
    for (const id of [mine.body.conversationId, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await ask(admin, 'What about contractors?', id);
      expect(res.status, id).toBe(404);
      expect(res.body.error).toBe('NOT_FOUND');
    }
    // Nothing was added to the member's thread.
    const [row] = await app.sql(`SELECT turn_count FROM conversations WHERE id = $1`, [
      mine.body.conversationId,
    ]);
    expect(row.turn_count).toBe(1);
    // An admin cannot read it either.
    const read = await gql(
      `query($id: ID!) { conversation(id: $id) { turns { question } } }`,
      { id: mine.body.conversationId },
      admin,
    );
    expect(read.errors?.[0].extensions.code).toBe('NOT_FOUND');
  });
});

describe('history', () => {
  it('lists, searches, renames and deletes the owner’s conversations', async () => {
    const viewer = await addMember(app, admin, ['customer_facing'], 'Hedy');
    const a = await ask(viewer, 'How many days of annual leave do employees get?');
    await ask(viewer, 'What about contractors?', a.body.conversationId);
    const b = await ask(viewer, 'Who receives the contractor invoices?');

    const list = await gql(
      `query($s: String) { conversations(first: 10, search: $s) { nodes { id title turnCount botName } pageInfo { hasNextPage } } }`,
      {},
      viewer,
    );
    expect(list.data.conversations.nodes.map((c: { id: string }) => c.id)).toEqual([
      b.body.conversationId,
      a.body.conversationId,
    ]);
    expect(list.data.conversations.nodes[1]).toMatchObject({
      title: 'How many days of annual leave do employees get?',
      turnCount: 2,
      botName: null,
    });
    // Search finds a conversation by any of its questions.
    const found = await gql(
      `query($s: String) { conversations(search: $s) { nodes { id } } }`,
      { s: 'about CONTRACTORS' },
      viewer,
    );
    expect(found.data.conversations.nodes).toEqual([{ id: a.body.conversationId }]);
    // Nobody else sees them.
    const others = await gql(`{ conversations { nodes { id } } }`, {}, admin);
    expect(others.data.conversations.nodes.map((c: { id: string }) => c.id)).not.toContain(
      a.body.conversationId,
    );

    const thread = await gql(
      `query($id: ID!) { conversation(id: $id) { turns { ordinal question searchQuery answer sources { title } } } }`,
      { id: a.body.conversationId },
      viewer,
    );
    expect(thread.data.conversation.turns.map((t: { ordinal: number }) => t.ordinal)).toEqual([
      1, 2,
    ]);
    expect(thread.data.conversation.turns[1].sources[0].title).toBe('leave-policy');

    const renamed = await gql(
      `mutation($id: ID!, $t: String!) { renameConversation(id: $id, title: $t) { conversation { title } } }`,
      { id: a.body.conversationId, t: '  Leave   questions ' },
      viewer,
    );
    expect(renamed.data.renameConversation.conversation.title).toBe('Leave questions');
    const blank = await gql(
      `mutation($id: ID!) { renameConversation(id: $id, title: " ") { conversation { title } } }`,
      { id: a.body.conversationId },
      viewer,
    );
    expect(blank.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
    const notTheirs = await gql(
      `mutation($id: ID!) { deleteConversation(id: $id) }`,
      { id: a.body.conversationId },
      member,
    );
    expect(notTheirs.errors?.[0].extensions.code).toBe('NOT_FOUND');

    const deleted = await gql(
      `mutation($id: ID!) { deleteConversation(id: $id) }`,
      { id: a.body.conversationId },
      viewer,
    );
    expect(deleted.data.deleteConversation).toBe(true);
    const left = await app.sql(
      `SELECT count(*)::int AS n FROM conversation_turns WHERE conversation_id = $1`,
      [a.body.conversationId],
    );
    expect(left[0].n).toBe(0);
    expect((await ask(viewer, 'and interns?', a.body.conversationId)).status).toBe(404);
  });

  it('prunes conversations older than the workspace keeps them; only admins set that', async () => {
    const refused = await gql(
      `mutation { setConversationRetention(days: 1) { retentionDays } }`,
      {},
      member,
    );
    expect(refused.errors?.[0].extensions.code).toBe('FORBIDDEN');
    const bad = await gql(
      `mutation { setConversationRetention(days: 0) { retentionDays } }`,
      {},
      admin,
    );
    expect(bad.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
    const set = await gql(
      `mutation { setConversationRetention(days: 30) { retentionDays } }`,
      {},
      admin,
    );
    expect(set.data.setConversationRetention.retentionDays).toBe(30);

    const old = await ask(member, 'Who receives the contractor invoices?');
    const recent = await ask(member, 'Who signs the contractor agreement?');
    await app.sql(
      `UPDATE conversations SET updated_at = now() - interval '31 days' WHERE id = $1`,
      [old.body.conversationId],
    );
    await app.sql(
      `UPDATE conversations SET updated_at = now() - interval '29 days' WHERE id = $1`,
      [recent.body.conversationId],
    );
    expect(await app.server.services.conversations.prune()).toBeGreaterThanOrEqual(1);
    const ids = (await app.sql(`SELECT id FROM conversations`)).map((r) => r.id);
    expect(ids).not.toContain(old.body.conversationId);
    expect(ids).toContain(recent.body.conversationId);
    const events = await app.sql(
      `SELECT action, target_label FROM audit_events WHERE action = $1`,
      ['workspace.conversation_retention_changed'],
    );
    expect(events.map((e) => e.target_label)).toContain('30 days');
  });
});

describe('feedback', () => {
  const RATE = `mutation($i: RateAnswerInput!) { rateAnswer(input: $i) { turnId vote reason comment } }`;

  it('keeps one vote per person and answer, changeable, on their own answers only', async () => {
    const answer = await ask(member, 'How many days of annual leave do employees get?');
    const turnId = answer.body.turnId;
    const up = await gql(RATE, { i: { turnId, vote: 'UP' } }, member);
    expect(up.data.rateAnswer).toMatchObject({ turnId, vote: 'UP', reason: null });
    const down = await gql(
      RATE,
      { i: { turnId, vote: 'DOWN', reason: 'OUTDATED', comment: ' We get 27 days now. ' } },
      member,
    );
    expect(down.data.rateAnswer).toMatchObject({
      vote: 'DOWN',
      reason: 'OUTDATED',
      comment: 'We get 27 days now.',
    });
    const rows = await app.sql(
      `SELECT vote, question_terms, document_ids FROM answer_feedback WHERE turn_id = $1`,
      [turnId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].vote).toBe(-1);
    expect(rows[0].question_terms).toEqual(expect.arrayContaining(['leav', 'employe']));
    expect(rows[0].document_ids.length).toBeGreaterThan(0);

    const thread = await gql(
      `query($id: ID!) { conversation(id: $id) { turns { myRating { vote reason } } } }`,
      { id: answer.body.conversationId },
      member,
    );
    expect(thread.data.conversation.turns[0].myRating).toEqual({
      vote: 'DOWN',
      reason: 'OUTDATED',
    });

    const stranger = await gql(RATE, { i: { turnId, vote: 'UP' } }, admin);
    expect(stranger.errors?.[0].extensions.code).toBe('NOT_FOUND');
    const tooLong = await gql(
      RATE,
      { i: { turnId, vote: 'UP', comment: 'x'.repeat(1001) } },
      member,
    );
    expect(tooLong.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');

    await gql(`mutation($t: ID!) { removeAnswerRating(turnId: $t) }`, { t: turnId }, member);
    expect(await app.sql(`SELECT 1 FROM answer_feedback WHERE turn_id = $1`, [turnId])).toEqual([]);
  });

  it('moves the voted documents for nearly the same question, within bounds', async () => {
    const answer = await ask(admin, 'Which contractors get paid annual leave?');
    const cited: string[] = (
      await app.sql(`SELECT sources FROM conversation_turns WHERE id = $1`, [answer.body.turnId])
    )[0].sources.map((s: { documentId: string }) => s.documentId);
    const top = cited[0];
    await gql(RATE, { i: { turnId: answer.body.turnId, vote: 'DOWN', reason: 'WRONG' } }, admin);

    const { rerank } = app.server.services.answerFeedback;
    const passage = (documentId: string, score: number) =>
      ({ documentId, score, chunkId: documentId }) as never;
    const other = '00000000-0000-4000-8000-000000000001';
    const rerankWith = (lexemes: string[], scores: [number, number]) =>
      rerank.call(app.server.services.answerFeedback, admin.workspaceId, lexemes, [
        passage(top, scores[0]),
        passage(other, scores[1]),
      ]);
    // The same question: the down-voted document drops below a close second…
    const same = await rerankWith(['contractor', 'paid', 'annual', 'leav'], [1, 0.95]);
    expect(same.map((p) => p.documentId)).toEqual([other, top]);
    // …but not below one far behind (bounded), and an unrelated question is untouched.
    const far = await rerankWith(['contractor', 'paid', 'annual', 'leav'], [1, 0.5]);
    expect(far.map((p) => p.documentId)).toEqual([top, other]);
    const unrelated = await rerankWith(['contractor', 'badg'], [1, 0.95]);
    expect(unrelated.map((p) => p.documentId)).toEqual([top, other]);
    expect(unrelated[0].score).toBe(1);
  });

  it('shows workspace votes to admins under analytics, and to nobody else', async () => {
    const voteDown = async (who: Account) => {
      const answer = await ask(who, 'Who signs the contractor agreement?');
      await gql(
        RATE,
        {
          i: {
            turnId: answer.body.turnId,
            vote: 'DOWN',
            reason: 'MISSING_SOURCE',
            comment: 'No HR doc',
          },
        },
        who,
      );
    };
    const QUESTIONS = `{ searchFeedbackReport(days: 7) { down worstQuestions { question } recentComments { question } } }`;
    await voteDown(member);
    // One person's question is theirs: it is counted, but not listed, until three members voted on it.
    const early = (await gql(QUESTIONS, {}, admin)).data.searchFeedbackReport;
    expect(early.down).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(early)).not.toContain('contractor agreement');
    for (const name of ['Hugo', 'Iris'])
      await voteDown(await addMember(app, admin, ['customer_facing'], name));
    const report = await gql(
      `{ searchFeedbackReport(days: 7) { up down downRate perDay { day answers down } worstQuestions { question down } recentComments { question reason comment } } }`,
      {},
      admin,
    );
    const r = report.data.searchFeedbackReport;
    expect(r.down).toBeGreaterThanOrEqual(1);
    expect(r.perDay).toHaveLength(7);
    expect(r.perDay[6].answers).toBeGreaterThan(0);
    expect(r.worstQuestions.map((q: { question: string }) => q.question)).toContain(
      'Who signs the contractor agreement?',
    );
    expect(r.recentComments[0]).toMatchObject({ reason: 'MISSING_SOURCE', comment: 'No HR doc' });
    const refused = await gql(`{ searchFeedbackReport { down } }`, {}, member);
    expect(refused.errors?.[0].extensions.code).toBe('FORBIDDEN');
  });
});

describe('bot conversations', () => {
  it('keeps a member’s thread with a bot, and shows their vote in its logs and report', async () => {
    const create = await app.rest(
      'POST',
      '/api/create-bot',
      { name: 'HR bot', user_id: admin.id, privacy: 'public' },
      { token: admin.token },
    );
    const botId = create.body as string;
    const ASK_BOT = `mutation($b: ID!, $q: String!, $c: ID) { askBot(botId: $b, question: $q, conversationId: $c) { conversationId turnId searchQuery } }`;
    const first = await gql(
      ASK_BOT,
      { b: botId, q: 'How many days of annual leave do employees get?' },
      member,
    );
    const conversationId = first.data.askBot.conversationId;
    const second = await gql(
      ASK_BOT,
      { b: botId, q: 'What about contractors?', c: conversationId },
      member,
    );
    expect(second.data.askBot.conversationId).toBe(conversationId);
    expect(second.data.askBot.searchQuery).toMatch(/leave/i);
    // A workspace conversation cannot be continued with the bot, nor the bot's without it.
    const workspaceThread = await ask(member, 'How many days of annual leave do employees get?');
    const crossed = await gql(
      ASK_BOT,
      { b: botId, q: 'and contractors?', c: workspaceThread.body.conversationId },
      member,
    );
    expect(crossed.errors?.[0].extensions.code).toBe('NOT_FOUND');
    expect((await ask(member, 'and contractors?', conversationId)).status).toBe(404);

    await gql(
      `mutation($i: RateAnswerInput!) { rateAnswer(input: $i) { vote } }`,
      { i: { turnId: second.data.askBot.turnId, vote: 'DOWN', comment: 'Too vague' } },
      member,
    );
    const logs = await gql(
      `query($b: ID!) { botLogs(botId: $b, first: 5) { nodes { question feedback { vote comment } } } }`,
      { b: botId },
      admin,
    );
    expect(logs.data.botLogs.nodes[0]).toEqual({
      question: 'What about contractors?',
      feedback: { vote: 'DOWN', comment: 'Too vague' },
    });
    expect(logs.data.botLogs.nodes[1].feedback).toBeNull();
    const report = await gql(
      `query($b: ID!) { botReport(botId: $b, days: 7) { feedback { down up downRate worstQuestions { question } } } }`,
      { b: botId },
      admin,
    );
    expect(report.data.botReport.feedback).toMatchObject({
      down: 1,
      up: 0,
      downRate: 1,
      worstQuestions: [{ question: 'What about contractors?' }],
    });
    // The member's history shows the bot's name.
    const list = await gql(`{ conversations(first: 50) { nodes { id botName } } }`, {}, member);
    expect(list.data.conversations.nodes).toContainEqual({ id: conversationId, botName: 'HR bot' });
  });

  it('lets a public page visitor follow up and vote through the conversation they hold', async () => {
    const create = await app.rest(
      'POST',
      '/api/create-bot',
      { name: 'Public HR', user_id: admin.id, privacy: 'public' },
      { token: admin.token },
    );
    const [bot] = await app.sql(`SELECT share_token FROM bots WHERE id = $1`, [create.body]);
    for (const d of await app.sql(`SELECT id FROM documents WHERE workspace_id = $1`, [
      admin.workspaceId,
    ])) {
      await gql(
        `mutation($b: ID!, $d: ID!) { attachBotSource(botId: $b, documentId: $d) { id } }`,
        { b: create.body, d: d.id },
        admin,
      );
    }
    const path = `/api/public/bots/${bot.share_token}`;
    const first = await app.rest('POST', `${path}/ask`, {
      question: 'How many days of annual leave do employees get?',
    });
    expect(first.status).toBe(200);
    const second = await app.rest('POST', `${path}/ask`, {
      question: 'What about contractors?',
      conversationId: first.body.conversationId,
    });
    expect(second.body.conversationId).toBe(first.body.conversationId);
    expect(second.body.sources[0].title).toBe('leave-policy');
    // A member's conversation id is not a visitor's.
    const memberThread = await ask(member, 'How many days of annual leave do employees get?');
    const crossed = await app.rest('POST', `${path}/ask`, {
      question: 'and contractors?',
      conversationId: memberThread.body.conversationId,
    });
    expect(crossed.status).toBe(404);

    const vote = await app.rest('POST', `${path}/feedback`, {
      turnId: second.body.turnId,
      vote: 'up',
    });
    expect(vote.status).toBe(200);
    expect(vote.body).toEqual({ turnId: second.body.turnId, vote: 'up' });
    const onMember = await app.rest('POST', `${path}/feedback`, {
      turnId: memberThread.body.turnId,
      vote: 'down',
    });
    expect(onMember.status).toBe(404);
  });
});
