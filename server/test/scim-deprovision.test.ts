import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, newAdmin, signInAs, type Account } from './helpers/accounts.js';
import {
  RESTRICTED,
  WORKSPACE,
  codeOf,
  createGroup,
  createUploadSource,
  gqlOk,
  uploadTextTo,
} from './helpers/access.js';
import {
  GROUP_SCHEMA,
  PATCH_OP,
  USER_SCHEMA,
  createScimToken,
  expectList,
  expectScimError,
  scim,
} from './helpers/scim.js';
import { GOOD_PASSWORD, startTestApp, uniqueIp, type TestApp } from './helpers/test-app.js';

/**
 * What SCIM provisioning does to access: deactivation ends a person's session, refresh token,
 * API keys and document access on their next request; SCIM groups grant source access; one
 * workspace's token never reaches another; the endpoint's limits hold.
 */
let app: TestApp;
let admin: Account;
let token: string;
beforeAll(async () => {
  app = await startTestApp({
    DATA_DIR: `/tmp/lumen-test-scim-${process.pid}`,
    SCIM_RATE_PER_MINUTE: '100000',
  });
  admin = await newAdmin(app, 'Ada');
  token = await createScimToken(app, admin);
}, 60_000);
afterAll(async () => {
  await app?.stop();
});

const call = (method: string, path: string, body?: unknown) => scim(app, token, method, path, body);
const q = (filter: string) => encodeURIComponent(filter);
const me = (bearer: string) => app.graphqlRaw(`{ me { id } }`, {}, bearer);
const docRead = (bearer: string, id: string) =>
  app.graphqlRaw(`query($id: ID!) { document(id: $id) { id title } }`, { id }, bearer);
const setActive = (id: string, value: unknown) =>
  call('PATCH', `/Users/${id}`, {
    schemas: [PATCH_OP],
    Operations: [{ op: 'replace', path: 'active', value }],
  });
async function scimIdOf(email: string): Promise<string> {
  const res = await call('GET', `/Users?filter=${q(`userName eq "${email}"`)}`);
  return expectList(res, 1)[0].id;
}
async function auditOf(action: string) {
  const data = await gqlOk(
    app,
    admin,
    `query($a: String) { auditEvents(action: $a, first: 50) { nodes { action actor { id email } target { type id label } } } }`,
    { a: action },
  );
  return data.auditEvents.nodes as {
    actor: { id: string | null; email: string | null } | null;
    target: { id: string; label: string };
  }[];
}

describe('deactivation', () => {
  it('ends the session, the refresh token, API keys and document access at once', async () => {
    const person = await addMember(app, admin, ['product_expert'], 'Pia');
    const sourceId = await createUploadSource(app, admin, 'Handbook', WORKSPACE);
    const docId = await uploadTextTo(
      app,
      admin,
      sourceId,
      'leave.txt',
      'The leave policy gives 30 days.',
    );
    const key = await gqlOk(
      app,
      person,
      `mutation { createApiKey(input: { name: "script", permissions: ["search.read"] }) { secret apiKey { id } } }`,
    );
    const apiKey = key.createApiKey.secret as string;
    expect((await me(person.token)).data.me.id).toBe(person.id);
    expect((await me(apiKey)).data.me.id).toBe(person.id);
    expect((await docRead(person.token, docId)).data.document.id).toBe(docId);

    const id = await scimIdOf(person.email);
    expect(id).toBe(person.id);
    const off = await setActive(id, false);
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);

    // The very next request of every kind is refused.
    expect(codeOf(await me(person.token))).toBe('UNAUTHENTICATED');
    expect(codeOf(await docRead(person.token, docId))).toBe('UNAUTHENTICATED');
    expect(codeOf(await me(apiKey))).toBe('UNAUTHENTICATED');
    const ask = await app.rest(
      'POST',
      '/api/ask',
      { question: 'leave policy?' },
      { token: apiKey },
    );
    expect(ask.status).toBe(401);
    const refresh = await app.rest('POST', '/api/refresh', { refresh_token: person.refreshToken });
    expect(refresh.status).toBe(401);
    const signIn = await app.rest(
      'POST',
      '/api/signin',
      { email: person.email, password: GOOD_PASSWORD },
      { ip: uniqueIp() },
    );
    expect(signIn.status).not.toBe(200);

    const [row] = await app.sql(
      `SELECT deactivated_at, token_version,
              (SELECT count(*)::int FROM refresh_tokens WHERE user_id = u.id AND revoked_at IS NULL) AS live_sessions,
              (SELECT count(*)::int FROM api_keys WHERE user_id = u.id AND revoked_at IS NULL) AS live_keys
         FROM users u WHERE id = $1`,
      [id],
    );
    expect(row.deactivated_at).not.toBeNull();
    expect(row.token_version).toBeGreaterThan(0);
    expect(row.live_sessions).toBe(0);
    expect(row.live_keys).toBe(0);

    // Admins see who is deactivated.
    const members = await gqlOk(
      app,
      admin,
      `{ members(search: "pia") { nodes { id deactivatedAt } } }`,
    );
    expect(members.members.nodes).toEqual([{ id, deactivatedAt: expect.any(String) }]);
    const [event] = await auditOf('scim.user_deactivated');
    expect(event).toMatchObject({
      actor: { id: null, email: 'SCIM' },
      target: { id, label: person.email },
    });

    // Reactivation lets them sign in again; the API key stays revoked.
    const on = await setActive(id, true);
    expect(on.body.active).toBe(true);
    const again = await signInAs(app, person.email);
    expect((await me(again.token)).data.me.id).toBe(id);
    expect(codeOf(await me(apiKey))).toBe('UNAUTHENTICATED');
    expect((await auditOf('scim.user_reactivated'))[0].target.id).toBe(id);
  });

  it('never deactivates or deletes the last active admin', async () => {
    const lone = await newAdmin(app, 'Lone');
    const loneToken = await createScimToken(app, lone);
    const patch = await scim(app, loneToken, 'PATCH', `/Users/${lone.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expectScimError(patch, 409);
    expect(patch.body.detail).toMatch(/last active admin/);
    expectScimError(await scim(app, loneToken, 'DELETE', `/Users/${lone.id}`), 409);
    expect((await me(lone.token)).data.me.id).toBe(lone.id);
  });
});

describe('SCIM groups and source access', () => {
  it('a SCIM group named in a source’s access gives and takes access as members change', async () => {
    const reader = await addMember(app, admin, ['customer_facing'], 'Rui');
    const created = await call('POST', '/Groups', {
      schemas: [GROUP_SCHEMA],
      displayName: 'Finance',
    });
    expect(created.status).toBe(201);
    const groupId = created.body.id as string;
    const sourceId = await createUploadSource(app, admin, 'Budgets', RESTRICTED([], [groupId]));
    const docId = await uploadTextTo(
      app,
      admin,
      sourceId,
      'budget.txt',
      'The travel budget is 4000 euros.',
    );
    expect(codeOf(await docRead(reader.token, docId))).toBe('NOT_FOUND');

    const patch = (op: string, value: unknown) =>
      call('PATCH', `/Groups/${groupId}`, {
        schemas: [PATCH_OP],
        Operations: [{ op, path: 'members', value }],
      });
    expect((await patch('Add', [{ value: reader.id }])).status).toBe(204);
    expect((await docRead(reader.token, docId)).data.document.id).toBe(docId);
    expect((await patch('Remove', [{ value: reader.id }])).status).toBe(204);
    expect(codeOf(await docRead(reader.token, docId))).toBe('NOT_FOUND');

    // Admins see it is managed by the IdP and cannot change it by hand.
    const groups = await gqlOk(app, admin, `{ groups { id managedByScim } }`);
    expect(groups.groups).toContainEqual({ id: groupId, managedByScim: true });
    const hand = await app.graphqlRaw(
      `mutation($id: ID!, $i: GroupInput!) { updateGroup(id: $id, input: $i) { id } }`,
      { id: groupId, i: { name: 'Finance', memberIds: [reader.id] } },
      admin.token,
    );
    expect(codeOf(hand)).toBe('SCIM_MANAGED');
    expect(hand.errors![0].message).toMatch(/identity provider/);
    expect(codeOf(await docRead(reader.token, docId))).toBe('NOT_FOUND');
    // A group made by hand stays editable by hand.
    const handMade = await createGroup(app, admin, 'Hand made', []);
    expect((await gqlOk(app, admin, `{ groups { id managedByScim } }`)).groups).toContainEqual({
      id: handMade,
      managedByScim: false,
    });

    const events = await auditOf('scim.group_updated');
    expect(events[0]).toMatchObject({
      actor: { id: null, email: 'SCIM' },
      target: { id: groupId },
    });
    expect((await auditOf('scim.group_created'))[0].target.id).toBe(groupId);
  });
});

describe('workspaces are apart', () => {
  it('a token of workspace A cannot see or touch workspace B', async () => {
    const other = await newAdmin(app, 'Bea');
    const otherMember = await addMember(app, other, ['customer_facing'], 'Ben');
    const otherGroup = await createGroup(app, other, 'B team', [otherMember.id]);

    expectScimError(await call('GET', `/Users/${otherMember.id}`), 404);
    expectList(await call('GET', `/Users?filter=${q(`userName eq "${otherMember.email}"`)}`), 0);
    const all = await call('GET', '/Users?count=100');
    expect(all.body.Resources.map((u: { id: string }) => u.id)).not.toContain(otherMember.id);
    expectScimError(
      await call('PUT', `/Users/${otherMember.id}`, { userName: otherMember.email }),
      404,
    );
    expectScimError(await setActive(otherMember.id, false), 404);
    expectScimError(await call('DELETE', `/Users/${otherMember.id}`), 404);
    expectScimError(await call('GET', `/Groups/${otherGroup}`), 404);
    expectScimError(await call('DELETE', `/Groups/${otherGroup}`), 404);
    const groups = await call('GET', '/Groups');
    expect(groups.body.Resources.map((g: { id: string }) => g.id)).not.toContain(otherGroup);

    // Another workspace's address is taken, with the same answer as a taken one here (no owner named).
    const taken = await call('POST', '/Users', {
      schemas: [USER_SCHEMA],
      userName: otherMember.email,
    });
    const takenHere = await call('POST', '/Users', {
      schemas: [USER_SCHEMA],
      userName: admin.email,
    });
    expectScimError(taken, 409, 'uniqueness');
    expect(taken.body).toEqual(takenHere.body);
    const rename = await setActive(admin.id, true);
    expect(rename.status).toBe(200);
    const steal = await call('PATCH', `/Users/${admin.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', path: 'userName', value: otherMember.email }],
    });
    expectScimError(steal, 409, 'uniqueness');
    // Another workspace's user cannot be put in a group here.
    const group = await call('POST', '/Groups', {
      schemas: [GROUP_SCHEMA],
      displayName: `A-${randomUUID()}`,
      members: [{ value: otherMember.id }],
    });
    expectScimError(group, 400, 'invalidValue');

    const [row] = await app.sql(`SELECT deactivated_at, email FROM users WHERE id = $1`, [
      otherMember.id,
    ]);
    expect(row).toEqual({ deactivated_at: null, email: otherMember.email });
    expect((await me(otherMember.token)).data.me.id).toBe(otherMember.id);
  });
});

describe('the SCIM token', () => {
  it('is shown once, stored hashed, replaced by a new one, revoked, and audited', async () => {
    const owner = await newAdmin(app, 'Tia');
    const first = await createScimToken(app, owner);
    expect(first).toMatch(/^lumenscim_[\w-]{43}$/);
    const status = await gqlOk(
      app,
      owner,
      `{ scimStatus { enabled tokenPrefix tokenLast4 createdAt lastUsedAt baseUrl } }`,
    );
    expect(status.scimStatus).toMatchObject({
      enabled: true,
      tokenPrefix: first.slice(0, 14),
      tokenLast4: first.slice(-4),
      lastUsedAt: null,
      baseUrl: `${app.config.publicUrl}/scim/v2`,
    });
    const rows = await app.sql(`SELECT * FROM scim_tokens WHERE workspace_id = $1`, [
      owner.workspaceId,
    ]);
    expect(JSON.stringify(rows)).not.toContain(first.slice(14, -4));

    expect((await scim(app, first, 'GET', '/Users')).status).toBe(200);
    const used = await gqlOk(app, owner, `{ scimStatus { lastUsedAt } }`);
    expect(used.scimStatus.lastUsedAt).not.toBeNull();

    // One live token per workspace: a new one ends the previous at once.
    const second = await createScimToken(app, owner);
    expectScimError(await scim(app, first, 'GET', '/Users'), 401);
    expect((await scim(app, second, 'GET', '/Users')).status).toBe(200);

    const revoked = await gqlOk(app, owner, `mutation { revokeScimToken }`);
    expect(revoked.revokeScimToken).toBe(true);
    expectScimError(await scim(app, second, 'GET', '/Users'), 401);
    expect((await gqlOk(app, owner, `mutation { revokeScimToken }`)).revokeScimToken).toBe(false);
    expect((await gqlOk(app, owner, `{ scimStatus { enabled tokenPrefix } }`)).scimStatus).toEqual({
      enabled: false,
      tokenPrefix: null,
    });

    const events = await app.sql(
      `SELECT action, actor_id FROM audit_events WHERE workspace_id = $1 AND action LIKE 'scim.token%' ORDER BY at`,
      [owner.workspaceId],
    );
    expect(events).toEqual([
      { action: 'scim.token_created', actor_id: owner.id },
      { action: 'scim.token_created', actor_id: owner.id },
      { action: 'scim.token_revoked', actor_id: owner.id },
    ]);
  });

  it('is managed by admins in person only', async () => {
    const member = await addMember(app, admin, ['product_expert'], 'Nia');
    for (const op of [
      `mutation { createScimToken { secret } }`,
      `mutation { revokeScimToken }`,
      `{ scimStatus { enabled } }`,
    ])
      expect(codeOf(await app.graphqlRaw(op, {}, member.token)), op).toBe('FORBIDDEN');
    const key = await gqlOk(
      app,
      admin,
      `mutation { createApiKey(input: { name: "admin script", permissions: ["user.write"] }) { secret } }`,
    );
    const viaKey = await app.graphqlRaw(
      `mutation { createScimToken { secret } }`,
      {},
      key.createApiKey.secret,
    );
    expect(codeOf(viaKey)).toBe('FORBIDDEN');
    expect(codeOf(await app.graphqlRaw(`mutation { createScimToken { secret } }`))).toBe(
      'UNAUTHENTICATED',
    );
  });
});

describe('limits', () => {
  it('caps count at 100 and pages with startIndex', async () => {
    await app.sql(
      `INSERT INTO users (workspace_id, email, password_hash, roles)
       SELECT $1, 'bulk' || i || '.' || $2 || '@example.com', '', '{customer_facing}'
         FROM generate_series(1, 120) AS i`,
      [admin.workspaceId, randomUUID().slice(0, 8)],
    );
    const page = await call('GET', '/Users?count=1000');
    const total = page.body.totalResults as number;
    expect(total).toBeGreaterThan(120);
    expect(expectList(page, total)).toHaveLength(100);
    const next = await call('GET', '/Users?startIndex=101&count=100');
    expect(expectList(next, total, 101)).toHaveLength(total - 100);
    const ids = new Set(
      [...page.body.Resources, ...next.body.Resources].map((u: { id: string }) => u.id),
    );
    expect(ids.size).toBe(total);
    expect(expectList(await call('GET', '/Users?count=0'), total)).toEqual([]);
    expectScimError(await call('GET', '/Users?count=ten'), 400, 'invalidValue');
  });

  it('refuses a body over 256 kB with a SCIM 413', async () => {
    const res = await call('POST', '/Users', {
      schemas: [USER_SCHEMA],
      userName: `big-${randomUUID()}@example.com`,
      title: 'x'.repeat(300 * 1024),
    });
    expectScimError(res, 413);
  });

  it('throttles one token past its rate with a 429 and Retry-After', async () => {
    const limited = await startTestApp({ SCIM_RATE_PER_MINUTE: '3' });
    try {
      const boss = await newAdmin(limited, 'Rae');
      const secret = await createScimToken(limited, boss);
      for (let i = 0; i < 3; i++)
        expect((await scim(limited, secret, 'GET', '/Users')).status).toBe(200);
      const over = await scim(limited, secret, 'GET', '/Users');
      expectScimError(over, 429);
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await limited.stop();
    }
  });
});
