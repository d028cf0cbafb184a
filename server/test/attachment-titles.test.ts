import { afterAll, beforeAll, expect, it } from 'vitest';
import { addMember, newAdmin, type Account } from './helpers/accounts.js';
import { createUploadSource, gqlOk, uploadTextTo, waitIndexed } from './helpers/access.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';

/**
 * A bot manager who may read a mirrored source only in part (its tool's permissions) sees the
 * bot's attachments and the audit log by each document's own access: a document of that source
 * whose acl leaves them out is named nowhere, not by its title, not by a count.
 */
let app: TestApp;
let owner: Account;
let manager: Account;
let sourceId: string;
let hiddenId: string;
let openId: string;
let botId: string;

beforeAll(async () => {
  app = await startTestApp();
  owner = await newAdmin(app);
  manager = await addMember(app, owner, ['admin'], 'Maud');
  sourceId = await createUploadSource(app, owner, 'Runbooks');
  hiddenId = await uploadTextTo(
    app,
    owner,
    sourceId,
    'merger-plan.txt',
    'Project Heron merger plan.',
  );
  openId = await uploadTextTo(app, owner, sourceId, 'lunch.txt', 'Lunch is served at noon.');
  await waitIndexed(app, [hiddenId, openId]);
  // The source now mirrors its tool's permissions: the plan is its owner's tool account's alone,
  // the lunch page everyone's.
  await app.sql(`UPDATE sources SET access_mode = 'mirror' WHERE id = $1`, [sourceId]);
  for (const [id, acl] of [
    [hiddenId, ['atlassian:user:owner-only']],
    [openId, ['*']],
  ] as const) {
    await app.sql(`UPDATE documents SET acl = $2 WHERE id = $1`, [id, acl]);
    await app.sql(`UPDATE chunks SET acl = $2 WHERE document_id = $1`, [id, acl]);
  }
  const bot = await app.rest(
    'POST',
    '/api/create-bot',
    { name: 'Ops bot', user_id: owner.id },
    { token: owner.token },
  );
  botId = bot.body as string;
  for (const target of [{ documentId: hiddenId }, { documentId: openId }, { sourceId }])
    await gqlOk(
      app,
      owner,
      `mutation($b: ID!, $d: ID, $s: ID) { attachBotSource(botId: $b, documentId: $d, sourceId: $s) { id } }`,
      { b: botId, d: target.documentId ?? null, s: target.sourceId ?? null },
    );
});
afterAll(async () => {
  await app?.stop();
});

const SOURCES = `query($b: ID!) { botSources(botId: $b) { kind title documentCount documentId sourceId readable } }`;

it("names to a bot manager only the attached documents the document's own access lets them read", async () => {
  const { botSources } = await gqlOk(app, manager, SOURCES, { b: botId });
  const titles = botSources.map((s: { title: string }) => s.title);
  expect(titles).not.toContain('merger-plan');
  expect(JSON.stringify(botSources)).not.toContain(hiddenId);
  const [hidden, open, source] = botSources;
  expect(hidden).toMatchObject({ kind: 'document', readable: false, documentCount: 0 });
  expect(open).toMatchObject({
    kind: 'document',
    title: 'lunch',
    readable: true,
    documentCount: 1,
  });
  // The source is readable in part: it counts what the manager may read of it.
  expect(source).toMatchObject({ kind: 'source', title: 'Runbooks', documentCount: 1 });
  // Its owner reads it all.
  const ownerView = await gqlOk(app, owner, SOURCES, { b: botId });
  expect(ownerView.botSources.map((s: { title: string }) => s.title)).toContain('merger-plan');
  expect(ownerView.botSources[2].documentCount).toBe(2);
});

it('withholds the title of that document in the audit log, and shows the others', async () => {
  const { auditEvents } = await gqlOk(
    app,
    manager,
    `query { auditEvents(first: 100, action: "bot.source_attached") { nodes { target { type id label } } } }`,
  );
  const labels = auditEvents.nodes.map((n: { target: { label: string } }) => n.target.label);
  expect(labels).toContain('lunch.txt');
  expect(labels.join(' ')).not.toContain('merger-plan');
  expect(JSON.stringify(auditEvents)).not.toContain(hiddenId);
});
