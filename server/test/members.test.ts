import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, newAdmin, type Account } from './helpers/accounts.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.stop();
});

const MEMBERS = `query($s: String, $sort: MemberSort!, $f: MemberFilter!, $first: Int!, $after: String) {
  members(search: $s, sort: $sort, filter: $f, first: $first, after: $after) {
    nodes { id email firstName lastName roles }
    totalCount
    pageInfo { hasNextPage endCursor }
  }
}`;
const ROLES = `mutation($u: ID!, $r: [String!]!) { updateMemberRoles(userId: $u, roles: $r) { id roles } }`;
const REMOVE = `mutation($u: ID!) { removeMember(userId: $u) }`;

function members(token: string, vars: Record<string, unknown> = {}) {
  return app.graphqlRaw(MEMBERS, { sort: 'FIRST_NAME', f: 'EVERYONE', first: 50, ...vars }, token);
}

/** Adds `count` members straight into the database (no argon2 per row), named Member0001… */
async function seedMembers(workspaceId: string, count: number) {
  await app.sql(
    `INSERT INTO users (workspace_id, email, first_name, last_name, password_hash, roles)
     SELECT $1::uuid, 'seed' || n || '.' || $1::text || '@example.com', 'Member' || lpad(n::text, 4, '0'),
            'Zed' || lpad((10000 - n)::text, 5, '0'), 'x',
            CASE WHEN n % 10 = 0 THEN '{product_expert}'::text[] ELSE '{customer_facing}'::text[] END
       FROM generate_series(1, $2) AS n`,
    [workspaceId, count],
  );
}

describe('members list (2,000 members)', () => {
  let admin: Account;
  beforeAll(async () => {
    admin = await newAdmin(app, 'Aaron');
    await seedMembers(admin.workspaceId, 2000);
  });

  it('pages through everyone on the server with a cursor', async () => {
    const first = await members(admin.token, { first: 100 });
    expect(first.data.members.totalCount).toBe(2001);
    expect(first.data.members.nodes).toHaveLength(100);
    expect(first.data.members.nodes[0].firstName).toBe('Aaron');
    expect(first.data.members.pageInfo.hasNextPage).toBe(true);

    const seen = new Set<string>(first.data.members.nodes.map((n: any) => n.id));
    let after = first.data.members.pageInfo.endCursor;
    let pages = 1;
    while (after) {
      const page = await members(admin.token, { first: 100, after });
      page.data.members.nodes.forEach((n: any) => seen.add(n.id));
      after = page.data.members.pageInfo.endCursor;
      pages++;
    }
    expect(pages).toBe(21);
    expect(seen.size).toBe(2001);
  });

  it('searches by name, sorts and filters by role', async () => {
    const search = await members(admin.token, { s: 'member199' });
    expect(search.data.members.totalCount).toBe(10); // Member1990 … Member1999
    const byLast = await members(admin.token, { sort: 'LAST_NAME', first: 1 });
    expect(byLast.data.members.nodes[0].lastName).toBe('Admin');
    const byLastSecond = await members(admin.token, {
      sort: 'LAST_NAME',
      first: 1,
      after: byLast.data.members.pageInfo.endCursor,
    });
    expect(byLastSecond.data.members.nodes[0].lastName).toBe('Zed08000');
    const experts = await members(admin.token, { f: 'PRODUCT_EXPERTS' });
    expect(experts.data.members.totalCount).toBe(200);
    const admins = await members(admin.token, { f: 'ADMINS' });
    expect(admins.data.members.nodes.map((n: any) => n.email)).toEqual([admin.email]);
  });

  it('treats search text literally (no LIKE wildcards)', async () => {
    const wildcard = await members(admin.token, { s: '%' });
    expect(wildcard.data.members.totalCount).toBe(0);
  });

  it('refuses a page size over 100 and a forged cursor', async () => {
    expect((await members(admin.token, { first: 500 })).errors?.[0].extensions.code).toBe(
      'BAD_USER_INPUT',
    );
    expect((await members(admin.token, { after: 'bogus' })).errors?.[0].extensions.code).toBe(
      'BAD_USER_INPUT',
    );
  });
});

describe('permissions and isolation', () => {
  it('needs user.read to list members', async () => {
    const admin = await newAdmin(app);
    const member = await addMember(app, admin, ['customer_facing']);
    expect((await members(member.token)).errors?.[0].extensions.code).toBe('FORBIDDEN');
    const expert = await addMember(app, admin, ['product_expert'], 'Pat');
    expect((await members(expert.token)).data.members.totalCount).toBe(3);
  });

  it('never shows or touches another workspace', async () => {
    const a = await newAdmin(app, 'Alice');
    const b = await newAdmin(app, 'Bob');
    const bMember = await addMember(app, b, ['customer_facing']);
    const listed = await members(a.token, { s: bMember.email.split('@')[0] });
    expect(listed.data.members.totalCount).toBe(0);
    expect(
      (await app.graphqlRaw(ROLES, { u: bMember.id, r: ['admin'] }, a.token)).errors?.[0].extensions
        .code,
    ).toBe('NOT_FOUND');
    expect(
      (await app.graphqlRaw(REMOVE, { u: bMember.id }, a.token)).errors?.[0].extensions.code,
    ).toBe('NOT_FOUND');
    const invited = await app.graphqlRaw(
      `mutation($i: InviteMembersInput!) { inviteMembers(input: $i) { invited { id } } }`,
      { i: { emails: 'isolated.invite@example.com' } },
      b.token,
    );
    const id = invited.data.inviteMembers.invited[0].id;
    const revoke = await app.graphqlRaw(
      `mutation($id: ID!) { revokeInvitation(id: $id) }`,
      { id },
      a.token,
    );
    expect(revoke.errors?.[0].extensions.code).toBe('NOT_FOUND');
    const aInvites = await app.graphqlRaw(`{ invitations { email } }`, {}, a.token);
    expect(aInvites.data.invitations).toEqual([]);
  });

  it('answers NOT_FOUND, not a server error, for an id that is not a UUID', async () => {
    const admin = await newAdmin(app);
    const res = await app.graphqlRaw(REMOVE, { u: "1' OR '1'='1" }, admin.token);
    expect(res.errors?.[0].extensions.code).toBe('NOT_FOUND');
  });
});

describe('roles and removal', () => {
  it('keeps the last admin: no self-demotion or removal while alone', async () => {
    const admin = await newAdmin(app);
    expect(
      (await app.graphqlRaw(ROLES, { u: admin.id, r: ['customer_facing'] }, admin.token))
        .errors?.[0].extensions.code,
    ).toBe('LAST_ADMIN');
    expect(
      (await app.graphqlRaw(REMOVE, { u: admin.id }, admin.token)).errors?.[0].extensions.code,
    ).toBe('LAST_ADMIN');

    const second = await addMember(app, admin, ['admin'], 'Second');
    const demoted = await app.graphqlRaw(
      ROLES,
      { u: admin.id, r: ['product_expert', 'customer_facing'] },
      second.token,
    );
    expect(demoted.data.updateMemberRoles.roles).toEqual(['product_expert', 'customer_facing']);
    expect(
      (await app.graphqlRaw(ROLES, { u: second.id, r: ['customer_facing'] }, second.token))
        .errors?.[0].extensions.code,
    ).toBe('LAST_ADMIN');
  });

  it('refuses unknown or empty roles', async () => {
    const admin = await newAdmin(app);
    const member = await addMember(app, admin);
    expect(
      (await app.graphqlRaw(ROLES, { u: member.id, r: [] }, admin.token)).errors?.[0].extensions
        .code,
    ).toBe('BAD_USER_INPUT');
    expect(
      (await app.graphqlRaw(ROLES, { u: member.id, r: ['owner'] }, admin.token)).errors?.[0]
        .extensions.code,
    ).toBe('BAD_USER_INPUT');
  });

  it('needs user.write to change roles or remove', async () => {
    const admin = await newAdmin(app);
    const expert = await addMember(app, admin, ['product_expert'], 'Pat');
    expect(
      (await app.graphqlRaw(ROLES, { u: expert.id, r: ['admin'] }, expert.token)).errors?.[0]
        .extensions.code,
    ).toBe('FORBIDDEN');
    expect(
      (await app.graphqlRaw(REMOVE, { u: admin.id }, expert.token)).errors?.[0].extensions.code,
    ).toBe('FORBIDDEN');
  });

  it("ends a removed member's sessions at once", async () => {
    const admin = await newAdmin(app);
    const member = await addMember(app, admin);
    expect((await app.rest('GET', '/api/me', undefined, { token: member.token })).status).toBe(200);
    expect((await app.graphqlRaw(REMOVE, { u: member.id }, admin.token)).data.removeMember).toBe(
      true,
    );
    expect((await app.rest('GET', '/api/me', undefined, { token: member.token })).status).toBe(401);
    expect(
      (await app.rest('POST', '/api/refresh', { refresh_token: member.refreshToken })).status,
    ).toBe(401);
  });
});
