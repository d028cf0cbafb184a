import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, newAdmin, type Account } from './helpers/accounts.js';
import {
  RESTRICTED,
  codeOf,
  createGroup,
  createUploadSource,
  gqlOk,
  setSourceAccess,
  updateGroup,
  uploadTextTo,
} from './helpers/access.js';
import { githubEnv, waitForSync } from './helpers/connectors.js';
import { citeFirstPassage, startFakeOpenAI, type FakeOpenAI } from './helpers/fake-openai.js';
import { startFakeGitHub, type FakeGitHub } from './helpers/fake-github.js';
import { startTestApp, uniqueIp, type TestApp } from './helpers/test-app.js';
import { uploadFile } from './helpers/uploads.js';

/**
 * The canary: a random token in the title and body of documents in RESTRICTED sources (an upload
 * and a connected GitHub issue). Every response body a member without access gets, through every
 * surface (GraphQL, REST, SSE, their API key, a bot's public link), and every prompt the model is
 * sent on their behalf, must be free of the token and of the restricted documents' ids (and, for
 * non-admins, of the restricted sources' ids). The same calls by a member with access (through a
 * group) do find the token: the positive control that shows the probes would catch a leak.
 */

const KEY = 'sk-test-canary-key-7731';
const GH_PAT = 'github_pat_11CANARY0secretsecretsecret';
const TOKEN = `zq${randomBytes(6).toString('hex')}`;

/** A workspace document that also answers the probes, so answers are never empty. */
const HANDBOOK_TEXT =
  'Merger overview.\nThe merger with Northwind is expected to close next year; the quokka mascot stays and the town hall explains the escrow timeline.';
const SECRET_TEXT = `${TOKEN} plan.\nThe ${TOKEN} quokka merger closes on the ninth of March; the ${TOKEN} escrow account holds the deposit.`;
/** Restricted too, without the token: its bytes probe upload duplicates. */
const LEDGER_TEXT = 'Ledger.\nThe pangolin ledger reconciles every Friday afternoon.';

/**
 * Questions the probes ask: they match both the handbook and the restricted plan, and the
 * handbook alone answers them (so a member without access gets an answer, and the model a prompt).
 */
const Q_PROBE = 'When does the quokka merger close, and what about the escrow?';
const Q_FOLLOW = 'And what happens to the escrow after that?';
/** A probe that names the token itself (echoed back to its asker: that echo is not a leak). */
const Q_TOKEN = `What is ${TOKEN} in the merger?`;
/** Asked by three members with access (popular questions, feedback report). */
const Q_POP = `When does the ${TOKEN} quokka merger close?`;
/** The revoked member's questions, asked while they still had access. */
const Q_REVOKED = 'What does the quokka plan say about the escrow account?';
/** The existence probe: the token alone (compared with a word nobody wrote). */
const qWord = (word: string) => `What is ${word}?`;
/**
 * What a probing persona sent themselves (their own questions, a search's echoed query): taken
 * out of what they get back, and of their prompts, before looking for the token. The members
 * with access never send these, so stripping them cannot hide a leak of their artefacts.
 */
const SENT = [Q_TOKEN, qWord(TOKEN), `"query":"${TOKEN}"`];

let fake: FakeOpenAI;
let github: FakeGitHub;
let app: TestApp;

let admin: Account;
let owner: Account;
let granted: Account;
let granted2: Account;
let revoked: Account;
let outsider: Account;
let insiders: string;

let handbook: string;
let handbookDoc: string;
let dealRoom: string;
let secretDoc: string;
let ledgerDoc: string;
let ghSource: string;
let ghDoc: string;
let draftIds: string[];

let grantedBot: string;
let revokedBot: string;
let outsiderBot: string;
let grantedShare: string;
let revokedShare: string;

/** The granted member's conversation asking Q_POP (others must not reach it). */
let grantedConversation: string;
let grantedTurn: string;
/** The revoked member's conversations from when they had access: workspace ask, and bot. */
let revokedConversation: string;
let revokedBotConversation: string;

let outsiderKey: string;
let revokedKey: string;
let grantedKey: string;

interface Persona {
  name: string;
  kind: 'member' | 'admin' | 'key' | 'visitor';
  token: string | null;
  /** The account (for a key: its creator). */
  account: Account | null;
  /** A bot it manages (attach probes). */
  ownBot: string | null;
  /** Its conversations from before (withheld turns, follow-ups). */
  priorConversations: { id: string; botId: string | null }[];
}

interface Seen {
  persona: string;
  label: string;
  status: number;
  text: string;
}
const seen: Seen[] = [];
/** Chat prompts the fake received while each persona's probes ran. */
const prompts = new Map<string, string[]>();

beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: KEY });
  github = await startFakeGitHub();
  github.addRepo({ owner: 'acme', name: 'vault', private: true });
  github.addToken(GH_PAT, { login: 'olga', repos: ['acme/vault'] });
  github.addIssue({
    repo: 'acme/vault',
    title: `${TOKEN} rollout checklist`,
    body: `The quokka rollout ${TOKEN} needs the escrow key before the merger closes.`,
    user: 'olga',
  });
  app = await startTestApp(
    githubEnv(github, {
      OPENAI_API_KEY: KEY,
      OPENAI_BASE_URL: fake.url,
      OPENAI_MODEL: 'gpt-4o-mini',
      DATA_DIR: `/tmp/lumen-test-canary-${process.pid}`,
    }),
  );
  fake.reply(citeFirstPassage);

  admin = await newAdmin(app, 'Ada');
  owner = await addMember(app, admin, ['product_expert'], 'Olga');
  granted = await addMember(app, admin, ['product_expert'], 'Gina');
  granted2 = await addMember(app, admin, ['customer_facing'], 'Gus');
  revoked = await addMember(app, admin, ['product_expert'], 'Rex');
  outsider = await addMember(app, admin, ['product_expert'], 'Otto');
  insiders = await createGroup(app, admin, 'Deal team', [granted.id, granted2.id, revoked.id]);

  handbook = await createUploadSource(app, admin, 'Company handbook');
  handbookDoc = await uploadTextTo(app, admin, handbook, 'merger-overview.txt', HANDBOOK_TEXT);
  dealRoom = await createUploadSource(app, owner, 'Deal room', RESTRICTED([], [insiders]));
  secretDoc = await uploadTextTo(app, owner, dealRoom, `${TOKEN}-plan.txt`, SECRET_TEXT);
  ledgerDoc = await uploadTextTo(app, owner, dealRoom, 'ledger.txt', LEDGER_TEXT);
  // Two drafts named with the token, gone again: audit events about restricted documents.
  const draft1 = await uploadTextTo(
    app,
    owner,
    dealRoom,
    `${TOKEN}-draft.txt`,
    `First ${TOKEN} draft of the heads of terms.`,
  );
  const draft2 = await uploadTextTo(
    app,
    owner,
    dealRoom,
    `${TOKEN}-draft-2.txt`,
    `Second ${TOKEN} draft of the heads of terms.`,
    { replaceDocumentId: draft1 },
  );
  await gqlOk(app, owner, `mutation($id: ID!) { deleteDocument(id: $id) }`, { id: draft2 });
  draftIds = [draft1, draft2];

  // A restricted connected source (GitHub), the same group.
  const connected = await gqlOk(
    app,
    owner,
    `mutation($i: IntegrationSettingsInput!, $a: SourceAccessInput) {
       connectIntegration(name: "github", input: $i, access: $a) { id } }`,
    {
      i: { domain: '', username: '', password: GH_PAT, spacekey: 'acme/vault' },
      a: RESTRICTED([], [insiders]),
    },
  );
  ghSource = connected.connectIntegration.id;
  const synced = await waitForSync(app, ghSource, 0);
  expect(synced.status, synced.last_error ?? '').toBe('idle');
  const [issue] = await app.sql(
    `SELECT id FROM documents WHERE source_id = $1 AND status = 'indexed' AND title LIKE $2`,
    [ghSource, `%${TOKEN}%`],
  );
  expect(issue, 'the GitHub issue was indexed').toBeTruthy();
  ghDoc = issue.id;

  // Bot owners answer on their own key.
  for (const who of [granted, revoked, outsider])
    await gqlOk(app, who, `mutation($v: String!) { saveProviderKey(value: $v) { masked } }`, {
      v: KEY,
    });
  const newBot = async (who: Account, name: string) =>
    (
      await gqlOk(app, who, `mutation($n: String!) { createBot(input: { name: $n }) { id } }`, {
        n: name,
      })
    ).createBot.id as string;
  const attach = (who: Account, bot: string, target: { sourceId?: string; documentId?: string }) =>
    gqlOk(
      app,
      who,
      `mutation($b: ID!, $s: ID, $d: ID) { attachBotSource(botId: $b, sourceId: $s, documentId: $d) { id } }`,
      { b: bot, s: target.sourceId ?? null, d: target.documentId ?? null },
    );
  grantedBot = await newBot(granted, 'Deal helper');
  await attach(granted, grantedBot, { sourceId: dealRoom });
  await attach(granted, grantedBot, { documentId: secretDoc });
  await attach(granted, grantedBot, { sourceId: ghSource });
  await attach(granted, grantedBot, { sourceId: handbook });
  revokedBot = await newBot(revoked, 'Rex helper');
  await attach(revoked, revokedBot, { sourceId: dealRoom });
  await attach(revoked, revokedBot, { sourceId: handbook });
  outsiderBot = await newBot(outsider, 'Otto helper');
  await attach(outsider, outsiderBot, { sourceId: handbook });
  const shareOf = async (who: Account, bot: string) =>
    (
      await gqlOk(app, who, `query($b: ID!) { bot(id: $b) { sharePath } }`, { b: bot })
    ).bot.sharePath.replace('/chat/', '') as string;
  grantedShare = await shareOf(granted, grantedBot);
  revokedShare = await shareOf(revoked, revokedBot);

  // Members with access ask, vote and view: the artefacts others must never see.
  for (const who of [owner, granted, granted2]) {
    const res = await app.rest('POST', '/api/ask', { question: Q_POP }, { token: who.token });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).toContain(TOKEN);
    await gqlOk(app, who, `mutation($i: RateAnswerInput!) { rateAnswer(input: $i) { turnId } }`, {
      i: {
        turnId: res.body.turnId,
        vote: 'DOWN',
        reason: 'OUTDATED',
        comment: `The ${TOKEN} date moved.`,
      },
    });
    if (who === granted) {
      grantedConversation = res.body.conversationId;
      grantedTurn = res.body.turnId;
    }
  }
  const botAnswer = await gqlOk(
    app,
    granted,
    `mutation($b: ID!, $q: String!) { askBot(botId: $b, question: $q) { answer turnId } }`,
    { b: grantedBot, q: Q_REVOKED },
  );
  expect(botAnswer.askBot.answer).toContain(TOKEN);
  await gqlOk(app, granted, `mutation($i: RateAnswerInput!) { rateAnswer(input: $i) { turnId } }`, {
    i: {
      turnId: botAnswer.askBot.turnId,
      vote: 'DOWN',
      reason: 'WRONG',
      comment: `Not the ${TOKEN} escrow.`,
    },
  });
  for (const who of [granted, revoked])
    await gqlOk(app, who, `mutation($id: ID!) { recordDocumentView(id: $id) }`, { id: secretDoc });

  // The revoked member, while still in the group: a conversation, a bot conversation, a key.
  const mine = await app.rest(
    'POST',
    '/api/ask',
    { question: Q_REVOKED },
    { token: revoked.token },
  );
  expect(mine.body.answer.answer, 'the revoked member read it while granted').toContain(TOKEN);
  revokedConversation = mine.body.conversationId;
  const viaBot = await gqlOk(
    app,
    revoked,
    `mutation($b: ID!, $q: String!) { askBot(botId: $b, question: $q) { answer conversationId } }`,
    { b: revokedBot, q: Q_REVOKED },
  );
  expect(viaBot.askBot.answer).toContain(TOKEN);
  revokedBotConversation = viaBot.askBot.conversationId;
  const keyOf = async (who: Account) =>
    (
      await gqlOk(
        app,
        who,
        `mutation { createApiKey(input: { name: "probe", permissions: ["search.read", "source.write", "bot.write"] }) { secret } }`,
      )
    ).createApiKey.secret as string;
  revokedKey = await keyOf(revoked);
  outsiderKey = await keyOf(outsider);
  grantedKey = await keyOf(granted);

  // Out of the group: from the next request on, nothing of the deal room is theirs.
  await updateGroup(app, admin, insiders, 'Deal team', [granted.id, granted2.id]);
}, 180_000);

afterAll(async () => {
  await app?.stop();
  await fake?.close();
  await github?.close();
});

// ---------------------------------------------------------------------------------------------
// Probing: every call records its raw response body under the persona that made it.

async function gql(
  p: Persona,
  label: string,
  query: string,
  variables: Record<string, unknown> = {},
) {
  const res = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(p.token ? { authorization: `Bearer ${p.token}` } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  const text = await res.text();
  seen.push({ persona: p.name, label, status: res.status, text });
  return { status: res.status, text, json: JSON.parse(text) as { data?: any; errors?: any[] } };
}

async function http(
  p: Persona,
  label: string,
  method: string,
  path: string,
  body?: unknown,
  ip = uniqueIp(),
) {
  const res = await fetch(app.url + path, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(p.token ? { authorization: `Bearer ${p.token}` } : {}),
      'x-forwarded-for': ip,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  seen.push({ persona: p.name, label, status: res.status, text });
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    /* a file or an event stream */
  }
  return { status: res.status, text, json };
}

const DOC = 'id title fileName fileType sourceId webUrl status chunkCount hasFile';
const ASK_SOURCE = 'documentId title url excerpt location number sourceKind sourceName';
const ASK_RESULT = `answer question searchQuery mode notice conversationId turnId sources { ${ASK_SOURCE} } related { ${ASK_SOURCE} }`;
const BOT_LOG =
  'id question answer mode fromSources askedBy withheld sources { title url } feedback { vote comment }';

/** Every surface a signed-in caller (member, admin or API key) has, in one pass. */
async function probeSignedIn(p: Persona) {
  const sha = (text: string) => createHash('sha256').update(text).digest('hex');
  // Sources and documents.
  await gql(
    p,
    'sources',
    `{ sources { id name description kind documentCount indexedCount failedCount pendingCount chunkCount readable canManageAccess
        owner { id email } access { mode memberCount groupCount members { id email } groups { id name members { id } } }
        connection { site account keys lastError status }
        documentPage(first: 50) { nodes { ${DOC} } pageInfo { hasNextPage endCursor } }
        documents(first: 50) { ${DOC} } } }`,
  );
  for (const id of [dealRoom, ghSource, handbook])
    await gql(
      p,
      `source(${id === handbook ? 'handbook' : 'restricted'})`,
      `query($id: ID!) { source(id: $id) { id name readable documentCount documentPage { nodes { ${DOC} } } } }`,
      { id },
    );
  for (const id of [secretDoc, ghDoc, ledgerDoc]) {
    await gql(p, 'document', `query($id: ID!) { document(id: $id) { ${DOC} } }`, { id });
    await gql(
      p,
      'documentContent',
      `query($id: ID!) { documentContent(id: $id) { sourceName sourceKind document { ${DOC} } passages { ordinal text location } } }`,
      { id },
    );
  }
  await gql(p, 'documentsById', `query($ids: [ID!]!) { documentsById(ids: $ids) { ${DOC} } }`, {
    ids: [secretDoc, ghDoc, ledgerDoc, handbookDoc, ...draftIds],
  });
  for (const q of [Q_PROBE, 'quokka escrow deposit ninth March', Q_TOKEN, TOKEN, 'pangolin ledger'])
    await gql(
      p,
      'searchDocuments',
      `query($q: String!) { searchDocuments(query: $q, first: 50) { query hits { documentId title snippet url sourceName sourceKind location author } } }`,
      { q },
    );
  await gql(
    p,
    'searchDocuments(github)',
    `query($q: String!) { searchDocuments(query: $q, integrations: ["github"]) { hits { documentId title snippet url } } }`,
    { q: 'quokka rollout escrow key' },
  );
  await gql(
    p,
    'uploadDuplicates',
    `query($h: [String!]!) { uploadDuplicates(contentHashes: $h) { contentHash documentId sourceId sourceName title } }`,
    { h: [sha(LEDGER_TEXT), sha(SECRET_TEXT)] },
  );
  await gql(p, 'recordDocumentView', `mutation($id: ID!) { recordDocumentView(id: $id) }`, {
    id: secretDoc,
  });
  await gql(
    p,
    'recentlyViewedDocuments',
    `{ recentlyViewedDocuments(first: 20) { url viewedAt document { ${DOC} } } }`,
  );

  // Answers: GraphQL, REST, the event stream, follow-ups.
  const asked = await gql(
    p,
    'ask',
    `mutation($q: String!) { ask(input: { question: $q }) { ${ASK_RESULT} } }`,
    { q: Q_PROBE },
  );
  await gql(
    p,
    'ask(token)',
    `mutation($q: String!) { ask(input: { question: $q }) { ${ASK_RESULT} } }`,
    {
      q: Q_TOKEN,
    },
  );
  await gql(
    p,
    'ask(github)',
    `mutation($q: String!) { ask(input: { question: $q, integrations: ["github"] }) { ${ASK_RESULT} } }`,
    { q: 'What does the quokka rollout need before the merger closes?' },
  );
  const rest = await http(p, 'POST /api/ask', 'POST', '/api/ask', { question: Q_PROBE });
  await http(p, 'POST /api/ask (token)', 'POST', '/api/ask', { question: Q_TOKEN });
  await http(p, 'POST /api/ask/stream', 'POST', '/api/ask/stream', { question: Q_PROBE });
  // The provider failing: the extractive answer is built from the same passages.
  fake.reply(() => ({ kind: 'error', status: 500 }));
  try {
    await http(p, 'POST /api/ask (extractive)', 'POST', '/api/ask', { question: Q_PROBE });
  } finally {
    fake.reply(citeFirstPassage);
    app.server.services.ask.breaker.reset();
  }
  const conversationId = rest.json?.conversationId ?? asked.json.data?.ask?.conversationId;
  if (conversationId) {
    await http(p, 'POST /api/ask (follow-up)', 'POST', '/api/ask', {
      question: Q_FOLLOW,
      conversationId,
    });
    await http(p, 'POST /api/ask/stream (follow-up)', 'POST', '/api/ask/stream', {
      question: Q_FOLLOW,
      conversationId,
    });
  }
  const CONVERSATION = `query($id: ID!) { conversation(id: $id) { conversation { id title botId botName turnCount }
      turns { ordinal question searchQuery answer mode notice sources { ${ASK_SOURCE} } myRating { vote comment } } } }`;
  for (const prior of p.priorConversations) {
    await gql(p, 'conversation(prior)', CONVERSATION, { id: prior.id });
    if (prior.botId)
      await gql(
        p,
        'askBot(prior follow-up)',
        `mutation($b: ID!, $c: ID, $q: String!) { askBot(botId: $b, conversationId: $c, question: $q) { ${ASK_RESULT} } }`,
        { b: prior.botId, c: prior.id, q: Q_FOLLOW },
      );
    else
      await http(p, 'POST /api/ask (prior follow-up)', 'POST', '/api/ask', {
        question: Q_FOLLOW,
        conversationId: prior.id,
      });
    await gql(p, 'conversation(prior, after)', CONVERSATION, { id: prior.id });
  }
  if (p.account !== granted) {
    await gql(p, 'conversation(granted)', CONVERSATION, { id: grantedConversation });
    await http(p, 'POST /api/ask (into granted conversation)', 'POST', '/api/ask', {
      question: Q_FOLLOW,
      conversationId: grantedConversation,
    });
  }
  await gql(
    p,
    'conversations',
    `{ conversations(first: 50) { nodes { id title botId botName turnCount } pageInfo { hasNextPage } } }`,
  );
  await gql(
    p,
    'conversations(search)',
    `query($s: String) { conversations(first: 50, search: $s) { nodes { id title } } }`,
    {
      s: 'escrow',
    },
  );
  await gql(p, 'recentQuestions', `{ recentQuestions(first: 50) { question kind askedAt } }`);
  await gql(
    p,
    'popularQuestions',
    `{ popularQuestions(first: 50) { question count lastAskedAt } }`,
  );
  await gql(
    p,
    'searchFeedbackReport',
    `{ searchFeedbackReport(days: 30) { up down downRate worstQuestions { question down up } recentComments { question comment reason } perDay { day up down answers } } }`,
  );

  // Bots.
  await gql(
    p,
    'bots',
    `{ bots { id name description ownerId privacy sharePath shareEnabled canManage } }`,
  );
  await http(p, 'GET /api/get-bots', 'GET', `/api/get-bots/${p.account?.id}`);
  for (const bot of [grantedBot, revokedBot, outsiderBot]) {
    await gql(p, 'bot', `query($b: ID!) { bot(id: $b) { id name sharePath canManage } }`, {
      b: bot,
    });
    await http(p, 'GET /api/get-bot', 'GET', `/api/get-bot/${bot}`);
    await gql(
      p,
      'botSources',
      `query($b: ID!) { botSources(botId: $b) { id kind sourceId documentId title documentCount readable usedByPublicLink } }`,
      { b: bot },
    );
    await gql(
      p,
      'botLogs',
      `query($b: ID!) { botLogs(botId: $b, first: 100) { totalCount nodes { ${BOT_LOG} } entries { ${BOT_LOG} } } }`,
      { b: bot },
    );
    await gql(
      p,
      'botReport',
      `query($b: ID!) { botReport(botId: $b, days: 30) { questions answered topSources { title documentId citations }
          feedback { up down worstQuestions { question down } recentComments { question comment reason } } } }`,
      { b: bot },
    );
    for (const q of [Q_PROBE, Q_TOKEN])
      await gql(
        p,
        'askBot',
        `mutation($b: ID!, $q: String!) { askBot(botId: $b, question: $q) { ${ASK_RESULT} } }`,
        { b: bot, q },
      );
  }

  // Files, uploads and sources by id.
  for (const id of [secretDoc, ledgerDoc])
    await http(p, 'GET /api/documents/:id/file', 'GET', `/api/documents/${id}/file`);
  await http(p, 'get-upload-url(into restricted)', 'POST', '/api/integrations/get-upload-url', {
    fileName: 'sneak.txt',
    sourceId: dealRoom,
  });
  await http(p, 'get-upload-url(replace restricted)', 'POST', '/api/integrations/get-upload-url', {
    fileName: 'sneak.txt',
    replaceDocumentId: secretDoc,
  });
  await http(p, 'get-upload-url(same bytes)', 'POST', '/api/integrations/get-upload-url', {
    fileName: 'ledger-copy.txt',
    contentHash: sha(LEDGER_TEXT),
  });
  await gql(
    p,
    'createUpload(into restricted)',
    `mutation($s: ID) { createUpload(input: { fileName: "sneak.txt", sourceId: $s }) { fileKey } }`,
    { s: dealRoom },
  );
  await gql(
    p,
    'createUpload(replace restricted)',
    `mutation($r: ID) { createUpload(input: { fileName: "sneak.txt", replaceDocumentId: $r }) { fileKey } }`,
    { r: secretDoc },
  );

  // Connected sources.
  await http(p, 'GET /api/get-integration/github', 'GET', '/api/get-integration/github');
  if (p.kind !== 'admin')
    await http(
      p,
      'POST /api/integrations/github/resync',
      'POST',
      '/api/integrations/github/resync',
    );
  await gql(
    p,
    'integrationSettings',
    `{ integrationSettings(name: "github") { domain username password spacekey } }`,
  );

  // Workspace lists.
  await gql(p, 'me', `{ me { id email permissions } }`);
  await http(p, 'GET /api/me', 'GET', '/api/me');
  await gql(p, 'groups', `{ groups { id name memberCount members { id email } } }`);
  await gql(p, 'members', `{ members(first: 50) { totalCount nodes { id email roles } } }`);
  await gql(p, 'apiKeys', `{ apiKeys { id name prefix permissions creator { id } } }`);
  await gql(p, 'auditActions', `{ auditActions }`);
  await gql(
    p,
    'auditEvents',
    `{ auditEvents(first: 200) { nodes { id action at details actor { id email } target { type id label } } pageInfo { hasNextPage } } }`,
  );
  await gql(
    p,
    'auditEvents(document.deleted)',
    `{ auditEvents(action: "document.deleted", first: 200) { nodes { id action details target { type id label } } } }`,
  );
}

/**
 * Mutations on what the caller cannot read: each must be refused as if it did not exist (and
 * change nothing). Not run for admins where they manage the thing (deleteSource, setSourceAccess).
 */
async function probeRefusals(p: Persona) {
  const refusals: { label: string; code: unknown }[] = [];
  const expectRefused = async (
    label: string,
    query: string,
    variables: Record<string, unknown>,
  ) => {
    const res = await gql(p, label, query, variables);
    refusals.push({ label, code: codeOf(res.json) ?? `answered ${JSON.stringify(res.json.data)}` });
  };
  await expectRefused('deleteDocument', `mutation($id: ID!) { deleteDocument(id: $id) }`, {
    id: secretDoc,
  });
  if (p.kind !== 'admin') {
    await expectRefused(
      'setSourceAccess',
      `mutation($s: ID!) { setSourceAccess(sourceId: $s, input: { mode: WORKSPACE }) { id } }`,
      { s: dealRoom },
    );
    await expectRefused(
      'setSourceAccess(github)',
      `mutation($s: ID!) { setSourceAccess(sourceId: $s, input: { mode: WORKSPACE }) { id } }`,
      { s: ghSource },
    );
    await expectRefused('deleteSource', `mutation($id: ID!) { deleteSource(id: $id) }`, {
      id: dealRoom,
    });
    await expectRefused(
      'resyncSource',
      `mutation($id: ID!) { resyncSource(id: $id) { id name documentCount } }`,
      {
        id: ghSource,
      },
    );
  }
  if (p.ownBot) {
    for (const [label, vars] of [
      ['attachBotSource(source)', { s: dealRoom, d: null }],
      ['attachBotSource(github)', { s: ghSource, d: null }],
      ['attachBotSource(document)', { s: null, d: secretDoc }],
      ['attachBotSource(github issue)', { s: null, d: ghDoc }],
    ] as const)
      await expectRefused(
        label,
        `mutation($b: ID!, $s: ID, $d: ID) { attachBotSource(botId: $b, sourceId: $s, documentId: $d) { id title } }`,
        { b: p.ownBot, ...vars },
      );
  }
  if (p.account !== granted) {
    await expectRefused(
      'rateAnswer(granted turn)',
      `mutation($t: ID!) { rateAnswer(input: { turnId: $t, vote: UP }) { turnId } }`,
      { t: grantedTurn },
    );
    await expectRefused(
      'renameConversation(granted)',
      `mutation($id: ID!) { renameConversation(id: $id, title: "Mine now") { conversation { id title } } }`,
      { id: grantedConversation },
    );
    await expectRefused(
      'deleteConversation(granted)',
      `mutation($id: ID!) { deleteConversation(id: $id) }`,
      {
        id: grantedConversation,
      },
    );
  }
  return refusals;
}

/** The public chat link of a bot: what an anonymous visitor can do. */
async function probePublic(p: Persona, share: string) {
  await http(p, 'GET /api/public/bots/:token', 'GET', `/api/public/bots/${share}`);
  let conversationId: string | undefined;
  for (const question of [
    Q_PROBE,
    Q_TOKEN,
    'What does the quokka plan say about the escrow account?',
  ]) {
    const res = await http(
      p,
      'POST /api/public/bots/:token/ask',
      'POST',
      `/api/public/bots/${share}/ask`,
      {
        question,
      },
    );
    conversationId ??= res.json?.conversationId;
    if (res.json?.turnId)
      await http(
        p,
        'POST /api/public/bots/:token/feedback',
        'POST',
        `/api/public/bots/${share}/feedback`,
        {
          turnId: res.json.turnId,
          vote: 'down',
          comment: 'probe',
        },
      );
  }
  if (conversationId)
    await http(
      p,
      'POST /api/public/bots/:token/ask (follow-up)',
      'POST',
      `/api/public/bots/${share}/ask`,
      {
        question: Q_FOLLOW,
        conversationId,
      },
    );
}

/** Runs a persona's probes, keeping the prompts the model was sent meanwhile. */
async function run(p: Persona, probes: (p: Persona) => Promise<unknown>) {
  const from = fake.requests.length;
  const result = await probes(p);
  const chats = fake.requests
    .slice(from)
    .filter((r) => r.path === '/v1/chat/completions')
    .map((r) => JSON.stringify(r.body.messages));
  prompts.set(p.name, [...(prompts.get(p.name) ?? []), ...chats]);
  return result;
}

const strip = (text: string) => SENT.reduce((t, s) => t.split(s).join('«own question»'), text);

/**
 * Every place the persona's responses and prompts hold a secret: the token anywhere, the restricted
 * documents' ids, and for non-admins the restricted sources' ids.
 */
function leaksOf(p: Persona): string[] {
  const secrets: [string, string][] = [
    ['token', TOKEN],
    ['restricted document id', secretDoc],
    ['restricted GitHub issue id', ghDoc],
    ['restricted ledger id', ledgerDoc],
  ];
  if (p.kind !== 'admin')
    secrets.push(['restricted source id', dealRoom], ['restricted GitHub source id', ghSource]);
  const leaks: string[] = [];
  for (const s of seen.filter((x) => x.persona === p.name)) {
    const text = strip(s.text);
    for (const [what, value] of secrets) {
      const at = text.indexOf(value);
      if (at !== -1)
        leaks.push(
          `${p.name} ${s.label} (HTTP ${s.status}) shows the ${what}: …${text.slice(Math.max(0, at - 160), at + 80)}…`,
        );
    }
  }
  for (const [i, prompt] of (prompts.get(p.name) ?? []).entries()) {
    const text = strip(prompt);
    const at = text.indexOf(TOKEN);
    if (at !== -1)
      leaks.push(
        `${p.name} prompt #${i} holds the token: …${text.slice(Math.max(0, at - 160), at + 80)}…`,
      );
  }
  return leaks;
}

const responses = (p: Persona, label: string) =>
  seen.filter((s) => s.persona === p.name && s.label === label);
const holdsToken = (p: Persona, label: string) =>
  responses(p, label).some((s) => s.text.includes(TOKEN));

/**
 * The errors a probe may answer a caller without access (that the thing does not exist, or that
 * the caller may not use the call at all). Any other error would make the probe vacuous: a
 * response that says nothing cannot leak either, so it must not pass for a clean one.
 */
const MAY_REFUSE: Record<string, string[]> = {
  document: ['NOT_FOUND'],
  documentContent: ['NOT_FOUND'],
  'source(restricted)': ['NOT_FOUND'],
  'conversation(granted)': ['NOT_FOUND'],
  'POST /api/ask (into granted conversation)': ['NOT_FOUND'],
  'GET /api/documents/:id/file': ['NOT_FOUND'],
  'get-upload-url(into restricted)': ['NOT_FOUND'],
  'get-upload-url(replace restricted)': ['NOT_FOUND'],
  'get-upload-url(same bytes)': ['DUPLICATE_DOCUMENT'],
  'createUpload(into restricted)': ['NOT_FOUND'],
  'createUpload(replace restricted)': ['NOT_FOUND'],
  // The only GitHub source is restricted: to them, none is connected (as with no source at all).
  'POST /api/integrations/github/resync': ['NOT_CONFIGURED'],
  // Bots they do not manage; admin-only lists; what an API key may not list.
  botLogs: ['FORBIDDEN'],
  botReport: ['FORBIDDEN'],
  auditActions: ['FORBIDDEN'],
  auditEvents: ['FORBIDDEN'],
  'auditEvents(document.deleted)': ['FORBIDDEN'],
  searchFeedbackReport: ['FORBIDDEN'],
  apiKeys: ['FORBIDDEN'],
  members: ['FORBIDDEN'],
};
const REFUSAL_LABELS = new Set([
  'deleteDocument',
  'setSourceAccess',
  'setSourceAccess(github)',
  'deleteSource',
  'resyncSource',
  'attachBotSource(source)',
  'attachBotSource(github)',
  'attachBotSource(document)',
  'attachBotSource(github issue)',
  'rateAnswer(granted turn)',
  'renameConversation(granted)',
  'deleteConversation(granted)',
]);

/** Probes that answered an error they should not have (so proved nothing). */
function vacuousProbes(p: Persona): string[] {
  return seen
    .filter((s) => s.persona === p.name && !REFUSAL_LABELS.has(s.label))
    .flatMap((s) => {
      let code: string | undefined;
      if (s.text.startsWith('event:')) {
        code =
          /^event: error$/m.test(s.text) || !/^event: done$/m.test(s.text)
            ? 'STREAM_ERROR'
            : undefined;
      } else {
        try {
          const json = JSON.parse(s.text);
          code =
            json?.errors?.[0]?.extensions?.code ??
            (s.status >= 400 ? (json?.error ?? `HTTP ${s.status}`) : undefined);
        } catch {
          code = s.status >= 400 ? `HTTP ${s.status}` : undefined;
        }
      }
      return code && !(MAY_REFUSE[s.label] ?? []).includes(code)
        ? [`${s.label}: ${code} ${s.text.slice(0, 200)}`]
        : [];
    });
}

/** The refusals every caller without access must get: the thing does not exist for them. */
function expectNotFound(p: Persona) {
  expect(vacuousProbes(p), `${p.name}: probes that answered an unexpected error`).toEqual([]);
  // The model was reached on their behalf (so prompts were built and checked).
  expect(prompts.get(p.name)?.length ?? 0, `${p.name}: prompts`).toBeGreaterThan(3);
  for (const label of ['POST /api/ask/stream', 'POST /api/ask/stream (follow-up)'])
    expect(responses(p, label)[0].text, `${p.name} ${label}`).toMatch(/^event: done$/m);
  const codeIn = (label: string) =>
    responses(p, label).map((s) => {
      const json = JSON.parse(s.text);
      return (
        json.errors?.[0]?.extensions?.code ??
        (json.error as string | undefined) ??
        `HTTP ${s.status}`
      );
    });
  for (const label of ['document', 'documentContent'])
    expect(codeIn(label), `${p.name} ${label}`).toEqual(['NOT_FOUND', 'NOT_FOUND', 'NOT_FOUND']);
  expect(codeIn('documentsById')).toEqual(['HTTP 200']);
  expect(
    JSON.parse(responses(p, 'documentsById')[0].text).data.documentsById.map(
      (d: { id: string }) => d.id,
    ),
  ).toEqual([handbookDoc]);
  expect(
    responses(p, 'GET /api/documents/:id/file').map((s) => s.status),
    `${p.name} file download`,
  ).toEqual([404, 404]);
  for (const label of ['get-upload-url(into restricted)', 'get-upload-url(replace restricted)'])
    expect(
      responses(p, label).map((s) => s.status),
      `${p.name} ${label}`,
    ).toEqual([404]);
  for (const label of ['createUpload(into restricted)', 'createUpload(replace restricted)'])
    expect(codeIn(label), `${p.name} ${label}`).toEqual(['NOT_FOUND']);
  // Only a readable copy (the outsider's, once made) may be reported; the restricted one never.
  const uploads = JSON.parse(responses(p, 'uploadDuplicates')[0].text).data.uploadDuplicates;
  expect(
    uploads.filter((u: { sourceId: string }) => u.sourceId !== handbook),
    `${p.name} uploadDuplicates`,
  ).toEqual([]);
  if (p.kind !== 'admin')
    expect(codeIn('source(restricted)'), `${p.name} source(id)`).toEqual([
      'NOT_FOUND',
      'NOT_FOUND',
    ]);
  // Answers were given (from the handbook): the probes reached the answering path.
  const rest = JSON.parse(responses(p, 'POST /api/ask')[0].text);
  expect(
    rest.answer.sources.map((s: { title: string }) => s.title),
    `${p.name} answered`,
  ).toContain('merger-overview');
  const hits = JSON.parse(responses(p, 'searchDocuments')[0].text).data.searchDocuments.hits;
  expect(hits.map((h: { documentId: string }) => h.documentId)).toEqual([handbookDoc]);
}

function persona(
  name: string,
  kind: Persona['kind'],
  account: Account | null,
  token: string | null,
  extra: Partial<Persona> = {},
): Persona {
  return { name, kind, account, token, ownBot: null, priorConversations: [], ...extra };
}

describe('canary: a restricted document never reaches anyone without access', () => {
  it('positive control: a member with access through a group finds the token everywhere it belongs', async () => {
    const p = persona('granted member', 'member', granted, granted.token, {
      ownBot: grantedBot,
      priorConversations: [{ id: grantedConversation, botId: null }],
    });
    await run(p, probeSignedIn);
    for (const label of [
      'sources',
      'source(restricted)',
      'document',
      'documentContent',
      'documentsById',
      'searchDocuments',
      'searchDocuments(github)',
      'ask',
      'ask(github)',
      'POST /api/ask',
      'POST /api/ask/stream',
      'POST /api/ask (extractive)',
      'POST /api/ask (follow-up)',
      'conversation(prior)',
      'recentlyViewedDocuments',
      'popularQuestions',
      'botSources',
      'botLogs',
      'botReport',
      'askBot',
      'GET /api/documents/:id/file',
    ])
      expect(holdsToken(p, label), `granted member's ${label} holds the token`).toBe(true);
    expect(responses(p, 'uploadDuplicates')[0].text).toContain(ledgerDoc);
    const popular = JSON.parse(responses(p, 'popularQuestions')[0].text).data.popularQuestions;
    expect(popular).toContainEqual(expect.objectContaining({ question: Q_POP, count: 3 }));
    const prompted = prompts.get(p.name)!;
    expect(prompted.length).toBeGreaterThan(5);
    expect(prompted.some((m) => m.includes(TOKEN))).toBe(true);
    // A follow-up's rewrite carries the earlier (readable) answer to the model.
    const rewrites = prompted.filter((m) => /standalone/i.test(m));
    expect(rewrites.some((m) => m.includes(TOKEN))).toBe(true);
    // So does their API key.
    const key = persona('granted key', 'key', granted, grantedKey);
    await run(key, async (k) => {
      await gql(
        k,
        'searchDocuments',
        `query($q: String!) { searchDocuments(query: $q) { hits { documentId title } } }`,
        {
          q: Q_PROBE,
        },
      );
      await http(k, 'POST /api/ask', 'POST', '/api/ask', { question: Q_PROBE });
    });
    // The leak detector itself fires on them (through the same stripping of own questions).
    const detected = leaksOf(p);
    for (const label of [
      'searchDocuments',
      'POST /api/ask',
      'documentContent',
      'askBot',
      'prompt #',
    ])
      expect(
        detected.some((l) => l.includes(` ${label}`)),
        `detector fires on ${label}`,
      ).toBe(true);
    expect(vacuousProbes(p)).toEqual([]);
    expect(holdsToken(key, 'searchDocuments')).toBe(true);
    expect(holdsToken(key, 'POST /api/ask')).toBe(true);
    expect(prompts.get(key.name)!.some((m) => m.includes(TOKEN))).toBe(true);
  });

  it('a member who never had access: no response or prompt holds it; the restricted things do not exist', async () => {
    const p = persona('outsider', 'member', outsider, outsider.token, { ownBot: outsiderBot });
    await run(p, probeSignedIn);
    const refusals = await run(p, probeRefusals);
    expect.soft(leaksOf(p)).toEqual([]);
    expectNotFound(p);
    expect
      .soft(refusals)
      .toEqual(
        (refusals as { label: string }[]).map((r) => ({ label: r.label, code: 'NOT_FOUND' })),
      );
    // Bots name what the outsider cannot open only as such.
    const sources = JSON.parse(
      responses(p, 'botSources').find((s) => s.text.includes('cannot open'))?.text ?? '{}',
    ).data?.botSources;
    expect(sources, 'the deal helper’s sources, as the outsider sees them').toBeTruthy();
    expect(
      sources
        .filter((s: { readable: boolean }) => !s.readable)
        .map((s: { title: string }) => s.title),
    ).toEqual(expect.arrayContaining(['A source you cannot open', 'A document you cannot open']));
    // Nor does an answer tell a word of a restricted document from a word nobody wrote.
    const decoy = `zq${randomBytes(6).toString('hex')}`;
    const shape = async (word: string) => {
      const res = await app.rest(
        'POST',
        '/api/ask',
        { question: qWord(word) },
        { token: outsider.token },
      );
      expect(res.status).toBe(200);
      const { answer, sources, related, mode, notice } = res.body.answer;
      return JSON.stringify({
        answer,
        sources,
        related,
        mode,
        notice,
        searchQuery: res.body.searchQuery,
      })
        .split(word)
        .join('WORD');
    };
    expect(await shape(TOKEN)).toBe(await shape(decoy));
    const hitsFor = async (word: string) =>
      (
        await gqlOk(
          app,
          outsider,
          `query($q: String!) { searchDocuments(query: $q) { hits { documentId } } }`,
          { q: word },
        )
      ).searchDocuments.hits;
    expect(await hitsFor(TOKEN)).toEqual(await hitsFor(decoy));
    // The same bytes as a restricted file neither are reported nor block an upload.
    const copy = await uploadFile(app, outsider, 'ledger-copy.txt', Buffer.from(LEDGER_TEXT), {
      sourceId: handbook,
    });
    expect(copy.confirm?.status, JSON.stringify(copy.confirm?.body)).toBe(200);
    expect(JSON.stringify(copy)).not.toContain(ledgerDoc);
  });

  it('a member removed from the group: their old answers, views, bots and key lose it on the next request', async () => {
    const p = persona('revoked member', 'member', revoked, revoked.token, {
      ownBot: revokedBot,
      priorConversations: [
        { id: revokedConversation, botId: null },
        { id: revokedBotConversation, botId: revokedBot },
      ],
    });
    await run(p, probeSignedIn);
    const refusals = await run(p, probeRefusals);
    expect.soft(leaksOf(p)).toEqual([]);
    expectNotFound(p);
    expect
      .soft(refusals)
      .toEqual(
        (refusals as { label: string }[]).map((r) => ({ label: r.label, code: 'NOT_FOUND' })),
      );
    // Their earlier turns are withheld, not deleted.
    const thread = JSON.parse(responses(p, 'conversation(prior)')[0].text).data.conversation;
    expect(thread.turns[0]).toMatchObject({
      question: Q_REVOKED,
      answer: 'This answer cites documents you cannot open.',
      sources: [],
    });
    // Their own bot's log withholds the answers they can no longer open.
    const logs = JSON.parse(responses(p, 'botLogs')[1].text).data.botLogs.nodes;
    const old = logs.find((l: { question: string }) => l.question === Q_REVOKED);
    expect(old).toMatchObject({
      withheld: true,
      answer: 'This answer cites documents you cannot open.',
      sources: [],
    });
    // The follow-ups' prompts never carried the earlier answers.
    const rewrites = prompts.get(p.name)!.filter((m) => /standalone/i.test(m));
    expect(rewrites.length).toBeGreaterThan(0);

    const key = persona('revoked member’s key', 'key', revoked, revokedKey, { ownBot: revokedBot });
    await run(key, probeSignedIn);
    await run(key, probeRefusals);
    expect.soft(leaksOf(key)).toEqual([]);
    expectNotFound(key);
  });

  it('an admin without a grant: rows and counts, never the content; audit and reports withhold it', async () => {
    const p = persona('admin without grant', 'admin', admin, admin.token, { ownBot: outsiderBot });
    await run(p, probeSignedIn);
    const refusals = await run(p, probeRefusals);
    expect.soft(leaksOf(p)).toEqual([]);
    expectNotFound(p);
    expect
      .soft(refusals)
      .toEqual(
        (refusals as { label: string }[]).map((r) => ({ label: r.label, code: 'NOT_FOUND' })),
      );
    const rows = JSON.parse(responses(p, 'sources')[0].text).data.sources;
    expect(rows.find((s: { id: string }) => s.id === dealRoom)).toMatchObject({
      readable: false,
      documentCount: 2,
      documentPage: { nodes: [] },
      documents: [],
    });
    const audit = JSON.parse(responses(p, 'auditEvents(document.deleted)')[0].text).data.auditEvents
      .nodes;
    expect(audit.filter((e: { target: { id: string } }) => draftIds.includes(e.target.id))).toEqual(
      [
        expect.objectContaining({
          target: expect.objectContaining({ label: 'A document you cannot open' }),
        }),
        expect.objectContaining({
          target: expect.objectContaining({ label: 'A document you cannot open' }),
        }),
      ],
    );
    const logs = JSON.parse(responses(p, 'botLogs')[0].text).data.botLogs.nodes;
    expect(logs.filter((l: { withheld: boolean }) => l.withheld).length).toBeGreaterThan(0);
    // Then they grant themselves: the same surfaces now hold it (the probes can see a leak).
    for (const id of [dealRoom, ghSource])
      expect(
        (await setSourceAccess(app, admin, id, RESTRICTED([admin.id], [insiders]))).errors,
      ).toBeUndefined();
    const after = persona('admin after self-grant', 'admin', admin, admin.token, {
      ownBot: outsiderBot,
    });
    await run(after, probeSignedIn);
    for (const label of [
      'searchDocuments',
      'documentContent',
      'sources',
      'auditEvents(document.deleted)',
      'searchFeedbackReport',
      'botLogs',
      'botReport',
      'POST /api/ask',
    ])
      expect(holdsToken(after, label), `admin after self-grant: ${label}`).toBe(true);
    expect(prompts.get(after.name)!.some((m) => m.includes(TOKEN))).toBe(true);
    // Back as it was for the other probes.
    for (const id of [dealRoom, ghSource])
      expect(
        (await setSourceAccess(app, admin, id, RESTRICTED([], [insiders]))).errors,
      ).toBeUndefined();
  });

  it('an API key acts with its creator’s current access', async () => {
    const p = persona('outsider’s key', 'key', outsider, outsiderKey, { ownBot: outsiderBot });
    await run(p, probeSignedIn);
    await run(p, probeRefusals);
    expect.soft(leaksOf(p)).toEqual([]);
    expectNotFound(p);
  });

  it('the public link answers only from sources open to the whole workspace', async () => {
    const p = persona('public link visitor', 'visitor', null, null);
    await run(p, (v) => probePublic(v, grantedShare));
    await run(p, (v) => probePublic(v, revokedShare));
    expect.soft(leaksOf(p)).toEqual([]);
    const answered = responses(p, 'POST /api/public/bots/:token/ask').map((s) =>
      JSON.parse(s.text),
    );
    expect(answered.every((a) => a.answer)).toBe(true);
    expect(answered[0].sources.map((s: { title: string }) => s.title)).toContain('merger-overview');
    expect(prompts.get(p.name)!.length).toBeGreaterThan(0);
    // What the granted member sees of their bot says which attachments the link uses.
    const sources = await gqlOk(
      app,
      granted,
      `query($b: ID!) { botSources(botId: $b) { sourceId documentId readable usedByPublicLink } }`,
      { b: grantedBot },
    );
    expect(sources.botSources).toEqual(
      expect.arrayContaining([
        { sourceId: dealRoom, documentId: null, readable: true, usedByPublicLink: false },
        { sourceId: null, documentId: secretDoc, readable: true, usedByPublicLink: false },
        { sourceId: ghSource, documentId: null, readable: true, usedByPublicLink: false },
        { sourceId: handbook, documentId: null, readable: true, usedByPublicLink: true },
      ]),
    );
  });

  it('nothing was changed by the refused calls', async () => {
    const [row] = await app.sql(
      `SELECT (SELECT count(*)::int FROM documents WHERE source_id = $1) AS docs,
              (SELECT access_mode FROM sources WHERE id = $1) AS mode,
              (SELECT count(*)::int FROM conversations WHERE id = $2) AS conversations,
              (SELECT title FROM conversations WHERE id = $2) AS title`,
      [dealRoom, grantedConversation],
    );
    expect(row).toEqual({ docs: 2, mode: 'restricted', conversations: 1, title: Q_POP });
  });
});
