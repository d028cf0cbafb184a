import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, newAdmin, type Account } from './helpers/accounts.js';
import { connect, githubEnv } from './helpers/connectors.js';
import { startFakeGitHub, type FakeGitHub } from './helpers/fake-github.js';
import { linkThroughProvider, startLink } from './helpers/linking.js';
import { expectMirrored, linkAccount, permissionSync, type Person } from './helpers/mirror.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';

// A GitHub connection made by an account that may not read GitHub's permissions (a plain
// organization member: the collaborators listing needs push access). The source is degraded,
// and Lumen falls back to asking GitHub, with each member's own linked token, what that member
// may read: after each pass, a member finds an item iff they linked with read access and GitHub
// lets them read it. Never "everyone".

const PUBLIC_URL = 'https://lumen.example';
const RETURN_TO = `${PUBLIC_URL}/app/account/linked`;
const TOKEN = 'ghp_olivia_reader';
const REPOS = ['acme/site', 'acme/api', 'acme/vault', 'acme/handbook'];
const WORD = 'wombat';

let fake: FakeGitHub;
let app: TestApp;
let owner: Account;
let sourceId: string;
const people: Person[] = [];
/**
 * Who reads through their link: while members are asked, those who linked with read access
 * (and still hold a working token); once the connection reads permissions, every linked member.
 */
const asked = new Set<string>();

const person = (name: string) => people.find((p) => p.name === name)!.account;
// Someone GitHub does not know reads only what is public (the unlinked, once mirrored again).
const check = (label: string, unlinkedReadPublic = false) =>
  expectMirrored(
    app,
    sourceId,
    people,
    WORD,
    (login, id) =>
      asked.has(login)
        ? fake.canRead(login, id)
        : unlinkedReadPublic && fake.canRead('nobody-at-github', id),
    label,
  );

async function sourceState() {
  const [row] = await app.sql(
    `SELECT permissions_state, permissions_by_member, permissions_error, permissions_cursor
       FROM sources WHERE id = $1`,
    [sourceId],
  );
  return row;
}

beforeAll(async () => {
  fake = await startFakeGitHub();
  for (const login of ['olivia', 'alice', 'bob', 'carol', 'dave']) fake.addUser({ login });
  fake.addToken(TOKEN, { login: 'olivia' });
  fake.addOrg({
    login: 'acme',
    basePermission: 'none',
    members: { olivia: 'member', alice: 'member', bob: 'member', carol: 'member', dave: 'member' },
  });
  fake.addRepo({ owner: 'acme', name: 'site' });
  fake.addRepo({ owner: 'acme', name: 'api', private: true });
  fake.addRepo({ owner: 'acme', name: 'vault', private: true });
  fake.addRepo({ owner: 'acme', name: 'handbook', visibility: 'internal' });
  // Olivia reads every repository, but may not list collaborators (that needs push).
  fake.addTeam('acme', {
    slug: 'readers',
    members: ['olivia'],
    repos: Object.fromEntries(REPOS.map((r) => [r, 'pull' as const])),
  });
  fake.addTeam('acme', { slug: 'platform', members: ['alice'], repos: { 'acme/api': 'push' } });
  fake.addCollaborator('acme/vault', 'carol', 'pull');
  for (const repo of REPOS) {
    fake.addIssue({ repo, title: `The ${WORD} of ${repo}`, body: `About ${repo}.` });
    fake.putFile(repo, 'README.md', `# ${repo}\n\nThe ${WORD} lives here.`);
  }
  app = await startTestApp(
    githubEnv(fake, {
      GITHUB_OAUTH_URL: fake.url,
      GITHUB_CLIENT_ID: fake.clientId,
      GITHUB_CLIENT_SECRET: fake.clientSecret,
      PUBLIC_URL,
    }),
  );
  owner = await newAdmin(app, 'Olivia');
  for (const login of ['alice', 'bob', 'carol', 'dave'])
    people.push({ name: login, account: await addMember(app, owner, ['customer_facing'], login) });
  people.push({ name: 'una', account: await addMember(app, owner, ['customer_facing'], 'Una') });
}, 60_000);

afterAll(async () => {
  await app?.stop();
  await fake?.close();
});

describe('when the connection may not read GitHub’s permissions', () => {
  it('linking asks only who you are while no source needs more', async () => {
    const url = await startLink(app, person('alice'), 'github');
    expect(url.searchParams.get('scope')!.split(' ')).toEqual(['user:email']);
  });

  it('the source is degraded and, until members link with read access, only its owner reads it', async () => {
    const row = await connect(app, owner, 'github', {
      domain: '',
      username: '',
      password: TOKEN,
      spacekey: REPOS.join(', '),
    });
    sourceId = row.id;
    expect(row.status, row.last_error ?? '').toBe('idle');
    await permissionSync(app, sourceId);
    const state = await sourceState();
    expect(state).toMatchObject({
      permissions_state: 'degraded',
      permissions_by_member: true,
      permissions_cursor: null,
    });
    expect(state.permissions_error).toMatch(/needs push \(write\), maintain or admin access/);
    await check('nobody asked yet');
    const res = await app.graphqlRaw(
      `{ sources { id permissionsState permissionsFromMembers } }`,
      {},
      owner.token,
    );
    expect(res.data.sources.find((s: { id: string }) => s.id === sourceId)).toMatchObject({
      permissionsState: 'degraded',
      permissionsFromMembers: true,
    });
  });

  it('members who link with read access find exactly what GitHub lets them read', async () => {
    for (const login of ['alice', 'bob', 'carol']) {
      fake.signedIn = login;
      const url = await startLink(app, person(login), 'github');
      // The workspace needs it now: read access (GitHub's `repo`) is asked for too.
      expect(url.searchParams.get('scope')!.split(' ')).toEqual(['user:email', 'repo']);
      const linked = await linkThroughProvider(app, person(login), 'github', RETURN_TO);
      expect(linked.checksAccess).toBe(true);
      asked.add(login);
    }
    // Dave's link only identifies him: he is not asked about, and reads nothing here.
    await linkAccount(app, person('dave'), 'github', String(fake.world.users.get('dave')!.id));
    await permissionSync(app, sourceId);
    const found = await check('after one member pass');
    expect(found.get('alice')!.length).toBeGreaterThan(found.get('bob')!.length);
    expect(found.get('bob')!.length).toBeGreaterThan(0);
    expect(found.get('dave')).toEqual([]);
    const [{ n }] = await app.sql(
      `SELECT count(*)::int AS n FROM chunks WHERE source_id = $1 AND 'github:user:' || $2 = ANY(acl)`,
      [sourceId, String(fake.world.users.get('alice')!.id)],
    );
    expect(n).toBeGreaterThan(0); // the chunks carry the grant the filter reads
    expect((await sourceState()).permissions_state).toBe('degraded');
  });

  it('follows changes in GitHub after one pass: removals and additions', async () => {
    fake.world.orgs.get('acme')!.teams.get('platform')!.members.delete('alice');
    fake.world.repos.get('acme/vault')!.collaborators.delete('carol');
    fake.addCollaborator('acme/api', 'bob', 'pull');
    await permissionSync(app, sourceId);
    const found = await check('after the changes');
    expect(found.get('bob')!.some((id) => id.includes('acme/api'))).toBe(true);
    expect(found.get('carol')!.some((id) => id.includes('acme/vault'))).toBe(false);
  });

  it('a member whose token GitHub refuses loses what it granted, and is asked to link again', async () => {
    fake.revokeTokensOf('bob');
    await permissionSync(app, sourceId);
    asked.delete('bob');
    await check('after bob’s token was revoked');
    const res = await app.graphqlRaw(
      `{ linkedAccounts { provider checksAccess } }`,
      {},
      person('bob').token,
    );
    expect(res.data.linkedAccounts).toEqual([{ provider: 'github', checksAccess: false }]);
  });

  it('unlinking takes effect at once, before any pass', async () => {
    const res = await app.graphqlRaw(
      `mutation { unlinkAccount(provider: "github") }`,
      {},
      person('carol').token,
    );
    expect(res.data.unlinkAccount).toBe(true);
    asked.delete('carol');
    await check('after carol unlinked');
  });

  it('once the connection may read permissions, the mirror reads them itself again', async () => {
    fake.world.orgs.get('acme')!.members.set('olivia', 'admin');
    await permissionSync(app, sourceId);
    expect(await sourceState()).toMatchObject({
      permissions_state: 'ok',
      permissions_by_member: false,
    });
    // Identity links are enough again (dave's too); the unlinked read what is public.
    for (const p of people) if (p.name !== 'una' && p.name !== 'carol') asked.add(p.name);
    const found = await check('read from the connection again', true);
    expect(found.get('una')!.length).toBeGreaterThan(0);
  });
});
