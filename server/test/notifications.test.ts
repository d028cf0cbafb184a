import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addMember, newAdmin, type Account } from './helpers/accounts.js';
import { connect, connectorEnv, sourceRow, waitForSync } from './helpers/connectors.js';
import { startFakeAtlassian, type FakeAtlassian } from './helpers/fake-atlassian.js';
import { uploadText } from './helpers/knowledge.js';
import { uploadFile, waitForDocument } from './helpers/uploads.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';

// The bell fires: a sync that brought new items (to the source's owner and the admins), a
// connection that must be authorized again, a file that could not be read (to its uploader), an
// invitation accepted (to whoever invited), a bot's answer voted down (to the bot's owner). Each
// member reads and marks only their own notices; a notice about the same thing is renewed, not
// repeated.

const LIST = `{ notifications { id kind title body link read createdAt } unreadNotificationCount }`;
const EMAIL = 'sync@example.com';
const TOKEN = 'notify-token';

let fake: FakeAtlassian;
let app: TestApp;
let admin: Account;
let expert: Account;

/** The sync notices of a person once there are at least `n` (waits for them, at most 10 s). */
async function syncNotices(who: Account, n: number) {
  return vi.waitFor(
    async () => {
      const synced = (await noticesOf(who)).notifications.filter((x) => x.kind === 'sync_finished');
      if (synced.length < n) throw new Error(`${synced.length} sync notices so far`);
      return synced;
    },
    { timeout: 10_000, interval: 50 },
  );
}

async function noticesOf(who: Account) {
  const res = await app.graphqlRaw(LIST, {}, who.token);
  expect(res.errors).toBeUndefined();
  return res.data as {
    notifications: {
      id: string;
      kind: string;
      title: string;
      body: string;
      link: string;
      read: boolean;
      createdAt: string;
    }[];
    unreadNotificationCount: number;
  };
}

beforeAll(async () => {
  fake = await startFakeAtlassian();
  fake.addApiToken(EMAIL, TOKEN);
  fake.addSpace({ key: 'ENG', name: 'Engineering' });
  fake.addPage({ spaceKey: 'ENG', title: 'Runbook', storage: '<p>Restart the pager.</p>' });
  app = await startTestApp(connectorEnv(fake));
  admin = await newAdmin(app, 'Ada');
  expert = await addMember(app, admin, ['product_expert'], 'Pat');
}, 60_000);

afterAll(async () => {
  await app?.stop();
  await fake?.close();
});

describe('notifications', () => {
  it('tells the inviter that the invitation was accepted', async () => {
    const { notifications, unreadNotificationCount } = await noticesOf(admin);
    expect(notifications).toContainEqual(
      expect.objectContaining({
        kind: 'invitation_accepted',
        title: 'Pat Member joined the workspace',
        read: false,
      }),
    );
    expect(unreadNotificationCount).toBeGreaterThan(0);
  });

  it('tells the owner and the admins of a sync that brought new items, once per unread notice', async () => {
    const row = await connect(app, expert, 'confluence', {
      domain: fake.url,
      username: EMAIL,
      password: TOKEN,
      spacekey: 'ENG',
    });
    expect(row.status, row.last_error ?? '').toBe('idle');
    // The bell rings just after the sync is marked done (once its transaction committed): wait
    // for the notice rather than read once.
    for (const who of [expert, admin]) {
      const synced = await syncNotices(who, 1);
      expect(synced, who.email).toHaveLength(1);
      expect(synced[0]).toMatchObject({ body: '1 item new or changed', link: '/app/connectors' });
    }
    // Another sync with changes renews the unread notice rather than adding one.
    fake.addPage({ spaceKey: 'ENG', title: 'Escalation', storage: '<p>Call the lead.</p>' });
    await app.server.services.connectorSync.syncNow(row.id);
    const before = (await syncNotices(expert, 1))[0]!.createdAt;
    await waitForSync(app, row.id, row.sync_run);
    // Renewed: one notice still, dated by the second sync.
    await vi.waitFor(async () => {
      const again = await syncNotices(expert, 1);
      expect(again).toHaveLength(1);
      expect(again[0]!.createdAt).not.toBe(before);
    });
  });

  it('asks to authorize again when the tool refuses the connection', async () => {
    const row = await connect(app, admin, 'confluence', {
      domain: fake.url,
      username: EMAIL,
      password: TOKEN,
      spacekey: 'ENG',
    });
    fake.failNext({ path: /./ }, { status: 401, body: { message: 'Unauthorized' } }, 50);
    await app.server.services.connectorSync.syncNow(row.id);
    for (let i = 0; i < 100 && (await sourceRow(app, row.id)).status !== 'needs_reauth'; i++)
      await new Promise((r) => setTimeout(r, 100));
    fake.clearFaults();
    expect((await sourceRow(app, row.id)).status).toBe('needs_reauth');
    const reauth = (await noticesOf(admin)).notifications.find((n) => n.kind === 'needs_reauth');
    expect(reauth).toMatchObject({ link: '/app/connectors' });
    expect(reauth!.title).toMatch(/^Connect .* again$/);
  });

  it('tells the uploader of a file that could not be read, and no one else', async () => {
    const corrupt = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x41)]);
    const upload = await uploadFile(app, expert, 'broken.pdf', corrupt);
    const doc = await waitForDocument(app, expert, upload.confirm!.body.documentId);
    expect(doc.status).toBe('failed');
    const mine = (await noticesOf(expert)).notifications.find((n) => n.kind === 'file_failed');
    expect(mine).toMatchObject({ title: 'broken.pdf could not be read' });
    expect((await noticesOf(admin)).notifications.some((n) => n.kind === 'file_failed')).toBe(
      false,
    );
  });

  it('tells a bot’s owner when one of its answers is voted down', async () => {
    await uploadText(app, expert, 'pager.txt', 'The pager rotation changes every Monday at nine.');
    const created = await app.rest(
      'POST',
      '/api/create-bot',
      { name: 'Pager helper', user_id: expert.id, privacy: 'public' },
      { token: expert.token },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const botId = created.body as string;
    const asked = await app.graphqlRaw(
      `mutation($b: ID!, $q: String!) { askBot(botId: $b, question: $q) { turnId } }`,
      { b: botId, q: 'When does the pager rotation change?' },
      admin.token,
    );
    expect(asked.errors, JSON.stringify(asked.errors)).toBeUndefined();
    const voted = await app.graphqlRaw(
      `mutation($i: RateAnswerInput!) { rateAnswer(input: $i) { turnId } }`,
      {
        i: {
          turnId: asked.data.askBot.turnId,
          vote: 'DOWN',
          reason: 'WRONG',
          comment: 'It moved to Tuesday.',
        },
      },
      admin.token,
    );
    expect(voted.errors, JSON.stringify(voted.errors)).toBeUndefined();
    const down = (await noticesOf(expert)).notifications.find((n) => n.kind === 'answer_down');
    expect(down).toMatchObject({
      title: 'An answer of Pager helper was voted down',
      link: `/app/bots/${botId}`,
    });
    expect(down!.body).toContain('It moved to Tuesday.');
  });

  it('marks read only your own notices; mark all clears the count', async () => {
    const { notifications } = await noticesOf(expert);
    const theirs = await app.graphqlRaw(
      `mutation($id: ID!) { markNotificationRead(id: $id) }`,
      { id: notifications[0]!.id },
      admin.token,
    );
    expect(theirs.data.markNotificationRead).toBe(false);
    const one = await app.graphqlRaw(
      `mutation($id: ID!) { markNotificationRead(id: $id) }`,
      { id: notifications[0]!.id },
      expert.token,
    );
    expect(one.data.markNotificationRead).toBe(true);
    const all = await app.graphqlRaw(`mutation { markAllNotificationsRead }`, {}, expert.token);
    expect(all.data.markAllNotificationsRead).toBe(notifications.filter((n) => !n.read).length - 1);
    expect((await noticesOf(expert)).unreadNotificationCount).toBe(0);
    expect((await noticesOf(admin)).unreadNotificationCount).toBeGreaterThan(0);
  });
});
