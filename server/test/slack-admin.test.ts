import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addMember, newAdmin, verifyEmailOf, type Account } from './helpers/accounts.js';
import { codeOf, gqlOk } from './helpers/access.js';
import { startFakeSlack, type FakeSlack } from './helpers/fake-slack.js';
import { eventBody, JSON_TYPE, sendSigned, urlVerificationBody } from './helpers/slack-requests.js';
import { INTEGRATION_FIELDS, connectSlack, setSlackChannel } from './helpers/slack.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';

const TOKEN = 'xoxb-admin-token-5f2a';
const SECRET = 'admin-signing-secret-9b1c4e';
const TEAM = 'T0ADMIN';

let fake: FakeSlack;
let app: TestApp;
let admin: Account;
let member: Account;
let otherAdmin: Account;

const connect = (who: Account, botToken: string, signingSecret: string) =>
  app.graphqlRaw(
    `mutation($i: ConnectSlackInput!) { connectSlack(input: $i) { ${INTEGRATION_FIELDS} } }`,
    { i: { botToken, signingSecret } },
    who.token,
  );
const integration = async (who: Account) =>
  (await gqlOk(app, who, `{ slackIntegration { ${INTEGRATION_FIELDS} } }`)).slackIntegration;

beforeAll(async () => {
  fake = await startFakeSlack();
  fake.addBot(TOKEN, { teamId: TEAM, team: 'Acme', botUserId: 'U0BOT', botId: 'B0BOT' });
  fake.addBot('xoxb-other-workspace', {
    teamId: TEAM,
    team: 'Acme',
    botUserId: 'U0BOT',
    botId: 'B0BOT',
  });
  for (let i = 0; i < 250; i++)
    fake.addChannel(`C${String(i).padStart(4, '0')}`, `chan-${i}`, i % 50 === 0);
  app = await startTestApp({ SLACK_API_URL: fake.url });
  admin = await newAdmin(app, 'Ada');
  // Slack matches a member only by a verified address.
  await verifyEmailOf(app, admin);
  member = await addMember(app, admin, ['product_expert'], 'Pat');
  otherAdmin = await newAdmin(app, 'Olga');
}, 60_000);
afterAll(async () => {
  await app?.stop();
  await fake?.close();
});
beforeEach(() => fake.reset());

describe('the Slack integration (admins)', () => {
  it('is admin-only', async () => {
    for (const query of [
      `{ slackIntegration { teamId } }`,
      `{ slackManifest }`,
      `{ slackChannels { id } }`,
      `mutation { disconnectSlack }`,
      `mutation { setSlackChannel(input: { channelId: "C1", mode: ALL }) { teamId } }`,
    ])
      expect(codeOf(await app.graphqlRaw(query, {}, member.token)), query).toBe('FORBIDDEN');
    expect(codeOf(await connect(member, TOKEN, SECRET))).toBe('FORBIDDEN');
    expect(codeOf(await app.graphqlRaw(`{ slackIntegration { teamId } }`))).toBe('UNAUTHENTICATED');
    expect(fake.calls).toHaveLength(0);
  });

  it('is null before connecting', async () => {
    expect(await integration(admin)).toBeNull();
  });

  it('refuses a token Slack refuses, with a clear BAD_USER_INPUT', async () => {
    const res = await connect(admin, 'xoxb-not-a-real-token', SECRET);
    expect(codeOf(res)).toBe('BAD_USER_INPUT');
    expect(res.errors![0].message).toMatch(/Slack refused the bot token \(invalid_auth\)/);
    expect(codeOf(await connect(admin, TOKEN, ''))).toBe('BAD_USER_INPUT');
    expect(codeOf(await connect(admin, 'xoxp-user-token', SECRET))).toBe('BAD_USER_INPUT');
    expect(await integration(admin)).toBeNull();
  });

  it('connects after auth.test, stores both secrets sealed and never answers them', async () => {
    const res = await connect(admin, TOKEN, SECRET);
    expect(res.errors).toBeUndefined();
    expect(res.data.connectSlack).toMatchObject({
      teamId: TEAM,
      teamName: 'Acme',
      status: 'CONNECTED',
      revokedReason: null,
      botUserId: 'U0BOT',
      channels: [],
      defaultChannel: { channelId: '*', botId: null, mode: 'MENTION' },
    });
    expect(fake.callsOf('auth.test')).toHaveLength(1);
    expect(JSON.stringify(res)).not.toMatch(new RegExp(`${TOKEN}|${SECRET}`));
    const [row] = await app.sql(`SELECT * FROM slack_integrations`);
    expect(JSON.stringify(row)).not.toMatch(new RegExp(`${TOKEN}|${SECRET}`));
    expect(row.sealed_bot_token).toMatch(/^v1\./);
    // No field of the type can carry them.
    const type = await app.graphqlRaw(`{ __type(name: "SlackIntegration") { fields { name } } }`);
    const names = (type.data?.__type?.fields ?? []).map((f: any) => f.name).join(' ');
    expect(names).not.toMatch(/token|secret/i);
    const [event] = await app.sql(
      `SELECT action, target_label FROM audit_events WHERE action = 'slack.connected'`,
    );
    expect(event).toEqual({ action: 'slack.connected', target_label: 'Acme' });
  });

  it('refuses the same Slack team for a second Lumen workspace', async () => {
    const res = await connect(otherAdmin, 'xoxb-other-workspace', 'another-secret');
    expect(codeOf(res)).toBe('SLACK_TEAM_TAKEN');
  });

  it('sets channels (a bot of the workspace only) and the default', async () => {
    const bot = await gqlOk(
      app,
      admin,
      `mutation { createBot(input: { name: "Ops", description: "Operations questions" }) { id } }`,
    );
    const botId: string = bot.createBot.id;
    const set = await setSlackChannel(app, admin, 'C0OPS', 'ALL', botId);
    expect(set.channels).toEqual([{ channelId: 'C0OPS', botId, mode: 'ALL' }]);
    const def = await setSlackChannel(app, admin, '*', 'OFF');
    expect(def.defaultChannel).toEqual({ channelId: '*', botId: null, mode: 'OFF' });
    expect(def.channels).toHaveLength(1);
    const strangerBot = await app.graphqlRaw(
      `mutation($i: SetSlackChannelInput!) { setSlackChannel(input: $i) { teamId } }`,
      { i: { channelId: 'C0OPS', botId: '00000000-0000-4000-8000-000000000000', mode: 'ALL' } },
      admin.token,
    );
    expect(codeOf(strangerBot)).toBe('BAD_USER_INPUT');
    const badChannel = await app.graphqlRaw(
      `mutation { setSlackChannel(input: { channelId: "#general", mode: ALL }) { teamId } }`,
      {},
      admin.token,
    );
    expect(codeOf(badChannel)).toBe('BAD_USER_INPUT');
    await setSlackChannel(app, admin, '*', 'MENTION');
    const [audit] = await app.sql(
      `SELECT count(*)::int AS n FROM audit_events WHERE action = 'slack.channel_changed'`,
    );
    expect(audit.n).toBe(3);
  });

  it('lists the channels the bot can see, page after page', async () => {
    const data = await gqlOk(app, admin, `{ slackChannels { id name isPrivate } }`);
    expect(data.slackChannels).toHaveLength(250);
    expect(data.slackChannels.filter((c: any) => c.isPrivate)).toHaveLength(5);
    expect(fake.callsOf('conversations.list').length).toBe(2);
  });

  it('shows a manifest filled with PUBLIC_URL', async () => {
    const data = await gqlOk(app, admin, `{ slackManifest }`);
    const manifest = JSON.parse(data.slackManifest);
    const url = `${app.config.publicUrl}/slack/events`;
    expect(manifest.settings.event_subscriptions.request_url).toBe(url);
    expect(manifest.settings.interactivity.request_url).toBe(url);
    expect(manifest.features.slash_commands[0]).toMatchObject({ command: '/lumen', url });
    expect(manifest.oauth_config.scopes.bot).toEqual(
      expect.arrayContaining(['app_mentions:read', 'chat:write', 'users:read.email', 'im:history']),
    );
    expect(manifest.settings.event_subscriptions.bot_events).toEqual(
      expect.arrayContaining(['app_mention', 'message.im', 'tokens_revoked', 'app_uninstalled']),
    );
  });

  it('echoes Slack’s url_verification challenge only when signed by a connected app', async () => {
    const ok = await sendSigned(app.url, urlVerificationBody('ch4llenge'), JSON_TYPE, {
      secret: SECRET,
    });
    expect(ok).toMatchObject({ status: 200, body: { challenge: 'ch4llenge' } });
    const forged = await sendSigned(app.url, urlVerificationBody('x'), JSON_TYPE, {
      secret: 'not-the-secret',
    });
    expect(forged.status).toBe(401);
  });
});

describe('revocation', () => {
  it('token_revoked from Slack marks the integration REVOKED and posts nothing more', async () => {
    fake.addUser({ id: 'U0ADA', email: admin.email });
    fake.fail('reactions.add', { error: 'token_revoked' });
    await sendSigned(
      app.url,
      eventBody(TEAM, {
        type: 'message',
        channel_type: 'im',
        user: 'U0ADA',
        text: 'runbook?',
        channel: 'D0ADA',
      }),
      JSON_TYPE,
      { secret: SECRET },
    );
    await app.jobsDone('slack.answer');
    expect(fake.callsOf('chat.postMessage')).toHaveLength(0);
    expect(await integration(admin)).toMatchObject({
      status: 'REVOKED',
      revokedReason: 'token_revoked',
    });
    const [audit] = await app.sql(`SELECT action FROM audit_events WHERE action = 'slack.revoked'`);
    expect(audit).toBeTruthy();
    // Slack's requests for that team are no longer taken.
    const later = await sendSigned(
      app.url,
      eventBody(TEAM, {
        type: 'message',
        channel_type: 'im',
        user: 'U0ADA',
        text: 'hi',
        channel: 'D0ADA',
      }),
      JSON_TYPE,
      { secret: SECRET },
    );
    expect(later.status).toBe(401);
  });

  it('connecting again restores it; the tokens_revoked event revokes it too', async () => {
    expect((await connectSlack(app, admin, TOKEN, SECRET)).status).toBe('CONNECTED');
    const channels = (await integration(admin)).channels;
    expect(channels).toHaveLength(1); // the same team keeps its settings
    const res = await sendSigned(
      app.url,
      eventBody(TEAM, { type: 'tokens_revoked', tokens: { bot: ['U0BOT'] } }),
      JSON_TYPE,
      { secret: SECRET },
    );
    expect(res.status).toBe(200);
    expect(await integration(admin)).toMatchObject({
      status: 'REVOKED',
      revokedReason: 'tokens_revoked',
    });
  });

  it('disconnecting removes it: slackIntegration is null', async () => {
    await connectSlack(app, admin, TOKEN, SECRET);
    expect((await gqlOk(app, admin, `mutation { disconnectSlack }`)).disconnectSlack).toBe(true);
    expect(await integration(admin)).toBeNull();
    expect(await app.sql(`SELECT * FROM slack_integrations`)).toHaveLength(0);
    const [audit] = await app.sql(
      `SELECT count(*)::int AS n FROM audit_events WHERE action = 'slack.disconnected'`,
    );
    expect(audit.n).toBe(1);
  });
});
