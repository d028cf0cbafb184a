import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLEARED_WITH_WORKSPACE,
  GONE_WITHOUT_CLEARING,
} from '../src/modules/members/domain-join.service.js';
import { addMember, newAdmin, signInAs, verifyEmailOf, type Account } from './helpers/accounts.js';
import { codeOf, createUploadSource, gqlOk, RESTRICTED } from './helpers/access.js';
import { startDnsResponder, type DnsResponder } from './helpers/dns-responder.js';
import { auditActions, uniqueDomain, verifyDomain } from './helpers/sso.js';
import { GOOD_PASSWORD, startTestApp, uniqueIp, type TestApp } from './helpers/test-app.js';

let app: TestApp;
let dns: DnsResponder;
/** The team: its admin, its proven domain, a workspace-wide and a restricted source. */
let tess: Account;
let domain: string;
let handbook: string;
let payroll: string;

const JOINABLE = `{ joinableWorkspaces { id name domain } }`;
const JOIN = `mutation($w: ID!) { joinWorkspace(workspaceId: $w) { token refreshToken permissions user { id roles emailVerified workspace { id name } } } }`;
const SWITCH = `mutation($on: Boolean!) { setJoinByDomain(enabled: $on) { id joinByDomain } }`;

const joinable = async (who: Account) =>
  (await gqlOk(app, who, JOINABLE)).joinableWorkspaces as { id: string; domain: string }[];
const join = (who: Account, workspaceId = tess.workspaceId) =>
  app.graphqlRaw(JOIN, { w: workspaceId }, who.token);
const setSwitch = (who: Account, on: boolean) => app.graphqlRaw(SWITCH, { on }, who.token);

let counter = 0;
/** Signs someone up with an address at `at` (alone in their own new workspace) and signs in. */
async function signUpAt(at: string, name = 'Colin'): Promise<Account> {
  const email = `${name.toLowerCase()}.${process.pid}.${++counter}@${at}`;
  const up = await app.rest(
    'POST',
    '/api/signup',
    { email, password: GOOD_PASSWORD, firstName: name, lastName: 'Colleague' },
    { ip: uniqueIp() },
  );
  expect(up.status).toBe(201);
  return signInAs(app, email);
}

async function verifiedAt(at: string, name?: string): Promise<Account> {
  const who = await signUpAt(at, name);
  await verifyEmailOf(app, who);
  return who;
}

beforeAll(async () => {
  dns = await startDnsResponder();
  app = await startTestApp({ DNS_SERVERS: dns.server });
  tess = await newAdmin(app, 'Tess');
  domain = uniqueDomain();
  await verifyDomain(app, tess, dns, domain);
  handbook = await createUploadSource(app, tess, 'Handbook');
  payroll = await createUploadSource(app, tess, 'Payroll', RESTRICTED([]));
  expect((await setSwitch(tess, true)).errors).toBeUndefined();
}, 60_000);
afterAll(async () => {
  await app?.stop();
  await dns?.stop();
});

describe('the admin switch', () => {
  it('is off by default, for admins only, and audited when it changes', async () => {
    const admin = await newAdmin(app, 'Ada');
    const me = await gqlOk(app, admin, `{ me { workspace { id joinByDomain } } }`);
    expect(me.me.workspace).toEqual({ id: admin.workspaceId, joinByDomain: false });
    for (const role of ['product_expert', 'customer_facing']) {
      const member = await addMember(app, admin, [role]);
      expect(codeOf(await setSwitch(member, true))).toBe('FORBIDDEN');
    }
    expect(codeOf(await app.graphqlRaw(SWITCH, { on: true }))).toBe('UNAUTHENTICATED');
    const on = await setSwitch(admin, true);
    expect(on.data.setJoinByDomain).toEqual({ id: admin.workspaceId, joinByDomain: true });
    await setSwitch(admin, true); // no change: not audited again
    await setSwitch(admin, false);
    const events = await auditActions(app, admin.workspaceId, 'workspace.join_by_domain_changed');
    expect(events.map((e) => e.details)).toEqual([{ enabled: true }, { enabled: false }]);
    expect(events[0].actor_id).toBe(admin.id);
  });
});

describe('who may join', () => {
  it('not an unverified address: nothing offered, joining refused', async () => {
    const colin = await signUpAt(domain);
    expect(await joinable(colin)).toEqual([]);
    expect(codeOf(await join(colin))).toBe('NOT_JOINABLE');
    // The same person once verified is offered the team's workspace.
    await verifyEmailOf(app, colin);
    expect(await joinable(colin)).toEqual([
      { id: tess.workspaceId, name: "Tess's workspace", domain },
    ]);
  });

  it('not while the switch is off', async () => {
    const colin = await verifiedAt(domain);
    await setSwitch(tess, false);
    try {
      expect(await joinable(colin)).toEqual([]);
      expect(codeOf(await join(colin))).toBe('NOT_JOINABLE');
    } finally {
      await setSwitch(tess, true);
    }
    expect(await joinable(colin)).toHaveLength(1);
  });

  it('not into a workspace that requires single sign-on (its people come through the IdP)', async () => {
    const colin = await verifiedAt(domain);
    await app.sql(`UPDATE workspaces SET sso_enforced = true WHERE id = $1`, [tess.workspaceId]);
    try {
      expect(await joinable(colin)).toEqual([]);
      expect(codeOf(await join(colin))).toBe('NOT_JOINABLE');
    } finally {
      await app.sql(`UPDATE workspaces SET sso_enforced = false WHERE id = $1`, [tess.workspaceId]);
    }
    expect(await joinable(colin)).toHaveLength(1);
  });

  it('not at another domain, nor at a domain claimed but not proven', async () => {
    const outsider = await verifiedAt('example.com', 'Otto');
    expect(await joinable(outsider)).toEqual([]);
    expect(codeOf(await join(outsider))).toBe('NOT_JOINABLE');
    // Another workspace claims a domain (the TXT record is never published) and turns joining on.
    const claimer = await newAdmin(app, 'Clara');
    const claimed = uniqueDomain();
    const res = await app.graphqlRaw(
      `mutation($d: String!) { verifySsoDomain(domain: $d) { verified } }`,
      { d: claimed },
      claimer.token,
    );
    expect(res.data.verifySsoDomain.verified).toBe(false);
    await setSwitch(claimer, true);
    const atClaimed = await verifiedAt(claimed, 'Una');
    expect(await joinable(atClaimed)).toEqual([]);
    expect(codeOf(await join(atClaimed, claimer.workspaceId))).toBe('NOT_JOINABLE');
  });

  it('not into a workspace that is not open, named by id', async () => {
    const colin = await verifiedAt(domain);
    const other = await newAdmin(app, 'Oscar');
    expect(codeOf(await join(colin, other.workspaceId))).toBe('NOT_JOINABLE');
    expect(codeOf(await join(colin, 'not-an-id'))).toBe('NOT_JOINABLE');
    expect(codeOf(await join(colin, colin.workspaceId))).toBe('NOT_JOINABLE');
  });

  it('not out of a workspace with other members or with content', async () => {
    const withMember = await verifiedAt(domain);
    await addMember(app, withMember);
    // A member of a team is not offered to leave it, and is refused if they try.
    expect(await joinable(withMember)).toEqual([]);
    expect(codeOf(await join(withMember))).toBe('WORKSPACE_NOT_EMPTY');

    const withSource = await verifiedAt(domain);
    await createUploadSource(app, withSource, 'My notes');
    expect(await joinable(withSource)).toHaveLength(1);
    const refused = await join(withSource);
    expect(codeOf(refused)).toBe('WORKSPACE_NOT_EMPTY');
    expect(refused.errors![0].message).toMatch(/sources, documents or bots/);
    // Nothing moved: still in their own workspace, still signed in.
    const me = await gqlOk(app, withSource, `{ me { roles workspace { id } } }`);
    expect(me.me).toEqual({ roles: ['admin'], workspace: { id: withSource.workspaceId } });
  });
});

describe('joining', () => {
  it('moves the account into the team with the default role and deletes its solo workspace', async () => {
    const colin = await verifiedAt(domain);
    const solo = colin.workspaceId;
    // What a fresh workspace may hold: an API key, an audit event, a notification.
    const key = await gqlOk(
      app,
      colin,
      `mutation { createApiKey(input: { name: "cli", permissions: ["search.read"] }) { secret } }`,
    );
    await app.sql(
      `INSERT INTO notifications (workspace_id, user_id, kind, title, body)
       VALUES ($1, $2, 'invitation_accepted', 'Hello', 'There')`,
      [solo, colin.id],
    );

    const res = await join(colin);
    expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
    const payload = res.data.joinWorkspace;
    expect(payload.user).toEqual({
      id: colin.id,
      roles: ['customer_facing'],
      emailVerified: true,
      workspace: { id: tess.workspaceId, name: "Tess's workspace" },
    });
    expect(payload.permissions).toEqual(['search.read']);
    const joined: Account = {
      ...colin,
      token: payload.token,
      refreshToken: payload.refreshToken,
      workspaceId: tess.workspaceId,
    };

    // The team's admins hear of it.
    const told = await app.sql(
      `SELECT user_id, title, body, link FROM notifications WHERE kind = 'member_joined' AND workspace_id = $1`,
      [tess.workspaceId],
    );
    expect(told).toEqual([
      expect.objectContaining({
        user_id: tess.id,
        link: '/app/users',
        body: expect.stringContaining(colin.email),
      }),
    ]);

    // The new token is the team's; every old token and key stopped working.
    const me = await gqlOk(app, joined, `{ me { id roles workspace { id } } }`);
    expect(me.me.workspace.id).toBe(tess.workspaceId);
    expect(codeOf(await app.graphqlRaw(`{ me { id } }`, {}, colin.token))).toBe('UNAUTHENTICATED');
    expect(
      codeOf(
        await app.graphqlRaw(
          `mutation($r: String!) { refreshSession(refreshToken: $r) { token } }`,
          { r: colin.refreshToken },
        ),
      ),
    ).toBe('UNAUTHENTICATED');
    expect(codeOf(await app.graphqlRaw(`{ me { id } }`, {}, key.createApiKey.secret))).toBe(
      'UNAUTHENTICATED',
    );
    const refreshed = await app.graphqlRaw(
      `mutation($r: String!) { refreshSession(refreshToken: $r) { token } }`,
      { r: joined.refreshToken },
    );
    expect(refreshed.errors).toBeUndefined();

    // They see the team's workspace-wide sources, not the restricted one.
    const sources = await gqlOk(app, joined, `{ sources { id } }`);
    const ids = sources.sources.map((s: { id: string }) => s.id);
    expect(ids).toContain(handbook);
    expect(ids).not.toContain(payroll);
    // The team's admins see the new member; the join is in the team's audit log.
    const members = await gqlOk(app, tess, `{ members(first: 50) { nodes { id roles } } }`);
    expect(members.members.nodes).toContainEqual({ id: colin.id, roles: ['customer_facing'] });
    const events = await auditActions(app, tess.workspaceId, 'member.joined_by_domain');
    expect(events.at(-1)).toMatchObject({ actor_id: colin.id, details: { domain } });

    // The solo workspace is gone, with every row naming it.
    expect(await app.sql(`SELECT id FROM workspaces WHERE id = $1`, [solo])).toEqual([]);
    const tables = await app.sql<{ table_name: string }>(
      `SELECT table_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND column_name = 'workspace_id'`,
    );
    for (const { table_name } of tables) {
      const [row] = await app.sql(
        `SELECT count(*)::int AS n FROM "${table_name}" WHERE workspace_id = $1`,
        [solo],
      );
      expect(row.n, `${table_name} rows of the deleted workspace`).toBe(0);
    }
    // In the team now: nothing more to join.
    expect(await joinable(joined)).toEqual([]);
  });

  it('needs a person: an API key cannot join', async () => {
    const colin = await verifiedAt(domain);
    const key = await gqlOk(
      app,
      colin,
      `mutation { createApiKey(input: { name: "cli", permissions: ["search.read"] }) { secret } }`,
    );
    const secret = key.createApiKey.secret;
    expect((await gqlOk(app, secret, JOINABLE)).joinableWorkspaces).toEqual([]);
    expect(codeOf(await app.graphqlRaw(JOIN, { w: tess.workspaceId }, secret))).toBe('FORBIDDEN');
  });

  it('every table naming a workspace is cleared with a solo workspace (or cascades from it)', async () => {
    const rows = await app.sql<{ table_name: string; cascades: boolean }>(
      `SELECT c.table_name,
              EXISTS (
                SELECT 1 FROM information_schema.referential_constraints rc
                  JOIN information_schema.key_column_usage k
                    ON k.constraint_name = rc.constraint_name AND k.table_schema = rc.constraint_schema
                  JOIN information_schema.constraint_column_usage u
                    ON u.constraint_name = rc.unique_constraint_name
                 WHERE k.table_name = c.table_name AND k.column_name = 'workspace_id'
                   AND u.table_name = 'workspaces' AND rc.delete_rule = 'CASCADE'
              ) AS cascades
         FROM information_schema.columns c
         JOIN information_schema.tables t
           ON t.table_schema = c.table_schema AND t.table_name = c.table_name
        WHERE c.table_schema = current_schema() AND c.column_name = 'workspace_id'
          AND t.table_type = 'BASE TABLE'`,
    );
    const handled = new Set<string>([...CLEARED_WITH_WORKSPACE, ...GONE_WITHOUT_CLEARING]);
    const unhandled = rows.filter((r) => !r.cascades && !handled.has(r.table_name));
    expect(unhandled.map((r) => r.table_name)).toEqual([]);
    // The lists name real tables.
    for (const table of handled) expect(rows.map((r) => r.table_name)).toContain(table);
  });
});
