import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_MAIL_JOB } from '../src/modules/auth/auth.service.js';
import { addMember, newAdmin, type Account } from './helpers/accounts.js';
import { connect, githubEnv } from './helpers/connectors.js';
import { startFakeGitHub, type FakeGitHub } from './helpers/fake-github.js';
import {
  GOOD_PASSWORD,
  startTestApp,
  uniqueEmail,
  uniqueIp,
  type TestApp,
} from './helpers/test-app.js';
import { uploadFile } from './helpers/uploads.js';

let fake: FakeGitHub;
let app: TestApp;
let admin: Account;
const TOKEN = 'github_pat_11AAAAAA0auditauditaudit';

beforeAll(async () => {
  fake = await startFakeGitHub();
  fake.addRepo({ owner: 'acme', name: 'api' });
  fake.addToken(TOKEN, { login: 'ada', repos: ['acme/api'] });
  fake.putFile('acme/api', 'README.md', '# API\n\nThe API answers on port 7070.');
  app = await startTestApp(githubEnv(fake));
  admin = await newAdmin(app);
});
afterAll(async () => {
  await app?.stop();
  await fake?.close();
});

const EVENTS = `query($first: Int, $after: String, $action: String, $actorId: ID) {
  auditEvents(first: $first, after: $after, action: $action, actorId: $actorId) {
    nodes { id at action actor { id email } apiKeyId target { type id label } ip userAgent }
    pageInfo { endCursor hasNextPage }
  }
}`;

async function events(user: Account, vars: Record<string, unknown> = {}) {
  const res = await app.graphqlRaw(EVENTS, { first: 200, ...vars }, user.token);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data.auditEvents as {
    nodes: any[];
    pageInfo: { endCursor: string | null; hasNextPage: boolean };
  };
}

const gql = async (user: Account | string, query: string, variables = {}) => {
  const res = await app.graphqlRaw(query, variables, typeof user === 'string' ? user : user.token);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data;
};

describe('audit log', () => {
  it('records each audited action with its actor, target and client', async () => {
    // Members and invitations.
    const member = await addMember(app, admin, ['customer_facing'], 'Mia'); // sent + accepted
    await gql(
      admin,
      `mutation($id: ID!) { updateMemberRoles(userId: $id, roles: ["product_expert"]) { id } }`,
      { id: member.id },
    );
    const pending = await app.rest(
      'POST',
      '/api/members/invite',
      { emails: uniqueEmail('later') },
      { token: admin.token },
    );
    await gql(admin, `mutation($id: ID!) { revokeInvitation(id: $id) }`, {
      id: pending.body.invited[0].id,
    });
    await gql(admin, `mutation($id: ID!) { removeMember(userId: $id) }`, { id: member.id });

    // API keys and provider keys.
    const created = await gql(
      admin,
      `mutation { createApiKey(input: { name: "CI", permissions: ["search.read", "source.write", "bot.write"] }) { secret apiKey { id } } }`,
    );
    await gql(admin, `mutation($v: String!) { saveProviderKey(value: $v) { masked } }`, {
      v: 'sk-audit-test-0123456789',
    });
    await gql(admin, `mutation { deleteProviderKey }`);

    // Documents and sources, through the API key (its events carry its id).
    const key = created.createApiKey.secret as string;
    const up = await uploadFile(app, { ...admin, token: key }, 'notes.txt', Buffer.from('a note'));
    await gql(key, `mutation($id: ID!) { deleteDocument(id: $id) }`, {
      id: up.confirm!.body.documentId,
    });

    // Connectors.
    const source = await connect(app, admin, 'github', {
      domain: '',
      username: '',
      password: TOKEN,
      spacekey: 'acme/api',
    });
    await gql(admin, `mutation($id: ID!) { resyncSource(id: $id) { id } }`, { id: source.id });
    await gql(admin, `mutation($id: ID!) { deleteSource(id: $id) }`, { id: source.id });

    // Bots.
    const bot = await app.rest(
      'POST',
      '/api/create-bot',
      { name: 'Helper', user_id: admin.id, privacy: 'private' },
      { token: admin.token },
    );
    const botId = bot.body as string;
    await gql(
      admin,
      `mutation($id: ID!) { updateBot(id: $id, input: { privacy: "public" }) { id } }`,
      { id: botId },
    );
    await gql(admin, `mutation($id: ID!) { rotateBotShareLink(id: $id) { id } }`, { id: botId });
    await gql(admin, `mutation($id: ID!) { setBotShareLink(id: $id, enabled: false) { id } }`, {
      id: botId,
    });
    await gql(admin, `mutation($id: ID!) { deleteBot(id: $id) }`, { id: botId });

    // Auth: a sign-in lock-out and a password reset.
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++)
      await app.rest(
        'POST',
        '/api/signin',
        { email: admin.email, password: 'not the password' },
        { ip },
      );
    await app.rest('POST', '/api/forgot-password', { email: admin.email });
    await app.jobsDone(RESET_MAIL_JOB);
    const code = /\b(\d{6})\b/.exec((await app.outbox(admin.email))[0].text)![1];
    const reset = await app.rest('POST', '/api/forgot-password', {
      email: admin.email,
      code,
      password: GOOD_PASSWORD,
    });
    expect(reset.status).toBe(200);
    const fresh = await app.rest('POST', '/api/signin', {
      email: admin.email,
      password: GOOD_PASSWORD,
    });
    admin = { ...admin, token: fresh.body.token };

    const { nodes } = await events(admin);
    const actions = new Set(nodes.map((e) => e.action));
    for (const action of [
      'invitation.sent',
      'invitation.accepted',
      'invitation.revoked',
      'member.roles_changed',
      'member.removed',
      'api_key.created',
      'provider_key.saved',
      'provider_key.removed',
      'document.deleted',
      'connector.connected',
      'connector.resync',
      'connector.disconnected',
      'bot.created',
      'bot.made_public',
      'bot.share_link_rotated',
      'bot.share_link_disabled',
      'bot.deleted',
      'auth.sign_in_locked',
      'auth.password_reset',
    ])
      expect(actions, action).toContain(action);

    const removed = nodes.find((e) => e.action === 'member.removed');
    expect(removed.actor).toEqual({ id: admin.id, email: admin.email });
    expect(removed.target).toMatchObject({ type: 'user', id: member.id, label: member.email });
    expect(removed.ip).toBeTruthy();
    const deleted = nodes.find((e) => e.action === 'document.deleted');
    expect(deleted.apiKeyId).toBe(created.createApiKey.apiKey.id);
    const locked = nodes.find((e) => e.action === 'auth.sign_in_locked');
    expect(locked.ip).toBe(ip);
    // Newest first.
    const times = nodes.map((e) => new Date(e.at).getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('pages with a cursor and filters by action and person', async () => {
    const owner = await newAdmin(app);
    for (let i = 0; i < 5; i++)
      await app.rest(
        'POST',
        '/api/members/invite',
        { emails: uniqueEmail('p') },
        { token: owner.token },
      );
    const first = await events(owner, { first: 2, action: 'invitation.sent' });
    expect(first.nodes).toHaveLength(2);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const seen = new Set(first.nodes.map((e) => e.id));
    let after = first.pageInfo.endCursor;
    while (after) {
      const page = await events(owner, { first: 2, action: 'invitation.sent', after });
      for (const e of page.nodes) {
        expect(seen.has(e.id)).toBe(false);
        seen.add(e.id);
      }
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
    }
    expect(seen.size).toBe(5);
    expect((await events(owner, { actorId: owner.id })).nodes.length).toBeGreaterThanOrEqual(5);
    const bad = await app.graphqlRaw(EVENTS, { action: 'nope' }, owner.token);
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('is for admins of the workspace only', async () => {
    const owner = await newAdmin(app);
    await app.rest(
      'POST',
      '/api/members/invite',
      { emails: uniqueEmail('x') },
      { token: owner.token },
    );
    const member = await addMember(app, owner, ['product_expert'], 'Pia');
    const refused = await app.graphqlRaw(EVENTS, {}, member.token);
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const stranger = await newAdmin(app);
    const theirs = await events(stranger);
    expect(theirs.nodes.every((e) => e.actor?.id !== owner.id)).toBe(true);
  });

  it('is append-only, and old events go after the retention period', async () => {
    const owner = await newAdmin(app);
    await app.rest(
      'POST',
      '/api/members/invite',
      { emails: uniqueEmail('y') },
      { token: owner.token },
    );
    await expect(
      app.sql(`UPDATE audit_events SET action = 'x' WHERE workspace_id = $1`, [owner.workspaceId]),
    ).rejects.toThrow(/append-only/);
    // No operation of the API changes or deletes an event.
    const schema = await import('node:fs').then((fs) =>
      fs.readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8'),
    );
    const mutations = schema.slice(schema.indexOf('type Mutation'));
    expect(mutations.slice(0, mutations.indexOf('\n}'))).not.toMatch(/audit/i);

    await app.sql(
      `INSERT INTO audit_events (workspace_id, action, at) VALUES ($1, 'member.removed', now() - interval '400 days')`,
      [owner.workspaceId],
    );
    expect(await app.server.services.auditLog.prune(365)).toBeGreaterThanOrEqual(1);
    const left = await app.sql(
      `SELECT count(*)::int AS n FROM audit_events WHERE workspace_id = $1 AND at < now() - interval '365 days'`,
      [owner.workspaceId],
    );
    expect(left[0].n).toBe(0);
    expect((await events(owner)).nodes.length).toBeGreaterThan(0);
  });
});
