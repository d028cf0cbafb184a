import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, newAdmin, type Account } from './helpers/accounts.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';

let app: TestApp;
let admin: Account;
beforeAll(async () => {
  app = await startTestApp({ API_KEY_ASK_RATE_PER_MINUTE: '3' });
  admin = await newAdmin(app);
});
afterAll(async () => {
  await app?.stop();
});

const CREATE = `mutation($input: CreateApiKeyInput!) {
  createApiKey(input: $input) {
    secret
    apiKey { id name prefix permissions createdAt expiresAt lastUsedAt }
  }
}`;

async function createKey(
  owner: Account,
  permissions: string[] = ['search.read'],
  expiresInDays?: number,
) {
  const res = await app.graphqlRaw(
    CREATE,
    { input: { name: 'Wiki sync', permissions, expiresInDays } },
    owner.token,
  );
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data.createApiKey as { secret: string; apiKey: { id: string; prefix: string } };
}

const me = (token: string) => app.graphqlRaw(`{ me { id email } }`, {}, token);
const ask = (token: string) =>
  app.rest('POST', '/api/ask', { question: 'What is the leave policy?' }, { token });
const codeOf = (res: { errors?: any[] }) => res.errors?.[0]?.extensions?.code;

describe('API keys', () => {
  it('shows the secret once, stores only its hash, and acts as its creator', async () => {
    const { secret, apiKey } = await createKey(admin);
    expect(secret).toMatch(/^lumen_[\w-]{43}$/); // 256 random bits
    expect(secret.startsWith(apiKey.prefix)).toBe(true);
    const rows = await app.sql(`SELECT * FROM api_keys WHERE id = $1`, [apiKey.id]);
    expect(JSON.stringify(rows)).not.toContain(secret.slice(apiKey.prefix.length));
    const listed = await app.graphqlRaw(`{ apiKeys { id prefix } }`, {}, admin.token);
    expect(JSON.stringify(listed)).not.toContain(secret);

    expect((await me(secret)).data.me.id).toBe(admin.id);
    expect((await ask(secret)).status).toBe(200);
  });

  it('refuses what the key was not given: FORBIDDEN, 403 on REST', async () => {
    const { secret } = await createKey(admin, ['search.read']);
    const res = await app.graphqlRaw(
      `mutation { createUploadSource(input: { description: "Docs" }) { id } }`,
      {},
      secret,
    );
    expect(codeOf(res)).toBe('FORBIDDEN');
    const rest = await app.rest(
      'POST',
      '/api/integrations/get-upload-url',
      { fileName: 'a.txt' },
      { token: secret },
    );
    expect(rest.status).toBe(403);
  });

  it('cannot be given a permission its creator lacks', async () => {
    const member = await addMember(app, admin, ['customer_facing']);
    const res = await app.graphqlRaw(
      CREATE,
      { input: { name: 'Too much', permissions: ['source.write'] } },
      member.token,
    );
    expect(codeOf(res)).toBe('BAD_USER_INPUT');
    expect(res.errors![0].message).toMatch(/you do not have it yourself/);
  });

  it('loses permissions at once when its creator is demoted, and stops when removed', async () => {
    const other = await addMember(app, admin, ['admin'], 'Otto');
    const { secret } = await createKey(other, ['user.read', 'user.write', 'search.read']);
    const members = `{ members(first: 5) { totalCount } }`;
    expect((await app.graphqlRaw(members, {}, secret)).errors).toBeUndefined();
    const demote = await app.graphqlRaw(
      `mutation($id: ID!) { updateMemberRoles(userId: $id, roles: ["customer_facing"]) { id } }`,
      { id: other.id },
      admin.token,
    );
    expect(demote.errors).toBeUndefined();
    expect(codeOf(await app.graphqlRaw(members, {}, secret))).toBe('FORBIDDEN');
    expect((await ask(secret)).status).toBe(200); // search.read is still theirs
    await app.graphqlRaw(
      `mutation($id: ID!) { removeMember(userId: $id) }`,
      { id: other.id },
      admin.token,
    );
    expect(codeOf(await me(secret))).toBe('UNAUTHENTICATED');
    expect((await ask(secret)).status).toBe(401);
  });

  it('stops at once when revoked, and when expired', async () => {
    const { secret, apiKey } = await createKey(admin);
    expect((await me(secret)).data?.me).toBeTruthy();
    const revoked = await app.graphqlRaw(
      `mutation($id: ID!) { revokeApiKey(id: $id) }`,
      { id: apiKey.id },
      admin.token,
    );
    expect(revoked.data.revokeApiKey).toBe(true);
    expect(codeOf(await me(secret))).toBe('UNAUTHENTICATED');
    expect((await ask(secret)).status).toBe(401);

    const expiring = await createKey(admin, ['search.read'], 30);
    expect((await me(expiring.secret)).data?.me).toBeTruthy();
    await app.sql(`UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      expiring.apiKey.id,
    ]);
    expect(codeOf(await me(expiring.secret))).toBe('UNAUTHENTICATED');
  });

  it('cannot manage keys or invite: those need a person', async () => {
    const { secret } = await createKey(admin, ['user.read', 'user.write', 'search.read']);
    const created = await app.graphqlRaw(
      CREATE,
      { input: { name: 'Child', permissions: ['search.read'] } },
      secret,
    );
    expect(codeOf(created)).toBe('FORBIDDEN');
    expect(created.errors![0].message).toMatch(/needs a person signed in/);
    expect(codeOf(await app.graphqlRaw(`{ apiKeys { id } }`, {}, secret))).toBe('FORBIDDEN');
    const invite = await app.rest(
      'POST',
      '/api/members/invite',
      { emails: 'someone@example.com' },
      { token: secret },
    );
    expect(invite.status).toBe(403);
  });

  it('limits each key’s questions per minute (429 with Retry-After)', async () => {
    const { secret } = await createKey(admin);
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 4; i++) {
      last = await ask(secret);
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    // The person's own asks are not spent by their script.
    expect((await ask(admin.token)).status).toBe(200);
  });

  it('records when a key was last used, at most about once a minute', async () => {
    const { secret, apiKey } = await createKey(admin);
    await me(secret);
    const read = async () =>
      (await app.sql(`SELECT last_used_at FROM api_keys WHERE id = $1`, [apiKey.id]))[0]
        .last_used_at as Date | null;
    for (let i = 0; i < 50 && !(await read()); i++) await new Promise((r) => setTimeout(r, 20));
    const first = await read();
    expect(first).toBeTruthy();
    await me(secret);
    await new Promise((r) => setTimeout(r, 100));
    expect((await read())!.getTime()).toBe(first!.getTime());
  });

  it('lists your own keys; an admin sees the workspace’s with their creator; nobody else’s', async () => {
    const member = await addMember(app, admin, ['product_expert'], 'Mia');
    const mine = await createKey(member, ['search.read']);
    const memberList = await app.graphqlRaw(`{ apiKeys { id } }`, {}, member.token);
    expect(memberList.data.apiKeys.map((k: any) => k.id)).toEqual([mine.apiKey.id]);
    const adminList = await app.graphqlRaw(`{ apiKeys { id creator { email } } }`, {}, admin.token);
    const seen = adminList.data.apiKeys.find((k: any) => k.id === mine.apiKey.id);
    expect(seen.creator.email).toBe(member.email);

    // Another workspace's admin can neither see nor revoke it.
    const stranger = await newAdmin(app);
    const theirs = await app.graphqlRaw(`{ apiKeys { id } }`, {}, stranger.token);
    expect(theirs.data.apiKeys).toEqual([]);
    const revoke = await app.graphqlRaw(
      `mutation($id: ID!) { revokeApiKey(id: $id) }`,
      { id: mine.apiKey.id },
      stranger.token,
    );
    expect(codeOf(revoke)).toBe('NOT_FOUND');
    expect((await me(mine.secret)).data?.me).toBeTruthy();
  });
});
