import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, newAdmin, type Account } from './helpers/accounts.js';
import { connect, githubEnv } from './helpers/connectors.js';
import { startFakeGitHub, type FakeGitHub } from './helpers/fake-github.js';
import { expectMirrored, linkAccount, permissionSync, type Person } from './helpers/mirror.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';

// A GitHub connection that mirrors GitHub's permissions, through the whole product: after a
// sync, and after each change in GitHub followed by one permission sync, every member's search
// returns an item if and only if the fake's own oracle says GitHub lets them read it.

const TOKEN = 'ghp_olivia_mirror';
const REPOS = ['acme/site', 'acme/api', 'acme/vault', 'acme/handbook'];
const WORD = 'quokka';

let fake: FakeGitHub;
let app: TestApp;
let owner: Account;
let sourceId: string;
const people: Person[] = [];

const check = (label: string) =>
  expectMirrored(app, sourceId, people, WORD, (login, id) => fake.canRead(login, id), label);

beforeAll(async () => {
  fake = await startFakeGitHub();
  for (const login of ['olivia', 'alice', 'bob', 'carol', 'oscar', 'nina']) fake.addUser({ login });
  fake.addToken(TOKEN, { login: 'olivia' });
  fake.addOrg({
    login: 'acme',
    basePermission: 'none',
    members: { olivia: 'admin', alice: 'member', bob: 'member', carol: 'member' },
  });
  fake.addRepo({ owner: 'acme', name: 'site' });
  fake.addRepo({ owner: 'acme', name: 'api', private: true });
  fake.addRepo({ owner: 'acme', name: 'vault', private: true });
  fake.addRepo({ owner: 'acme', name: 'handbook', visibility: 'internal' });
  fake.addTeam('acme', { slug: 'platform', members: ['alice'], repos: { 'acme/api': 'push' } });
  fake.addTeam('acme', {
    slug: 'db',
    parent: 'platform',
    members: ['bob'],
    repos: { 'acme/vault': 'pull' },
  });
  fake.addCollaborator('acme/vault', 'carol', 'pull');
  fake.addCollaborator('acme/api', 'oscar', 'pull');
  for (const repo of REPOS) {
    fake.addIssue({ repo, title: `The ${WORD} of ${repo}`, body: `About ${repo}.` });
    fake.putFile(repo, 'README.md', `# ${repo}\n\nThe ${WORD} lives here.`);
  }
  app = await startTestApp(githubEnv(fake));
  owner = await newAdmin(app, 'Olivia');
  for (const login of ['alice', 'bob', 'carol', 'oscar', 'nina']) {
    const member = await addMember(app, owner, ['customer_facing'], login);
    await linkAccount(app, member, 'github', String(fake.world.users.get(login)!.id));
    people.push({ name: login, account: member });
  }
  // A member who linked nothing reads only what GitHub makes public.
  people.push({
    name: 'unlinked',
    account: await addMember(app, owner, ['customer_facing'], 'Una'),
  });
  const row = await connect(app, owner, 'github', {
    domain: '',
    username: '',
    password: TOKEN,
    spacekey: REPOS.join(', '),
  });
  sourceId = row.id;
  expect(row.status, row.last_error ?? '').toBe('idle');
}, 60_000);

afterAll(async () => {
  await app?.stop();
  await fake?.close();
});

describe('GitHub permissions mirrored', () => {
  it('a new connection mirrors GitHub: each member finds exactly what GitHub lets them read', async () => {
    const [row] = await app.sql(`SELECT access_mode FROM sources WHERE id = $1`, [sourceId]);
    expect(row.access_mode).toBe('mirror');
    const found = await check('after the first sync');
    // The owner (the connecting account) reads everything; the world is not trivial.
    expect(found.get('alice')!.length).toBeGreaterThan(found.get('unlinked')!.length);
    expect(found.get('unlinked')!.every((id) => id.includes('acme/site'))).toBe(true);
  });

  it('follows each change after one permission sync', async () => {
    const world = fake.world;
    const changes: [string, () => void][] = [
      ['site made private', () => (world.repos.get('acme/site')!.visibility = 'private')],
      [
        'bob removed from the child team',
        () => world.orgs.get('acme')!.teams.get('db')!.members.delete('bob'),
      ],
      [
        'oscar no longer a collaborator',
        () => world.repos.get('acme/api')!.collaborators.delete('oscar'),
      ],
      ['handbook made public', () => (world.repos.get('acme/handbook')!.visibility = 'public')],
      [
        'nina made a collaborator of vault',
        () => fake.addCollaborator('acme/vault', 'nina', 'pull'),
      ],
    ];
    for (const [label, change] of changes) {
      change();
      await permissionSync(app, sourceId);
      await check(label);
    }
  });

  it('fails closed: a failing permissions read keeps the access it had; a refused one leaves only the owner', async () => {
    const before = await check('before the failures');
    fake.addCollaborator('acme/api', 'nina', 'pull'); // would widen nina's access
    fake.failPermissions = 500;
    await permissionSync(app, sourceId);
    const [failed] = await app.sql(
      `SELECT permissions_state, permissions_error FROM sources WHERE id = $1`,
      [sourceId],
    );
    expect(failed.permissions_state).toBe('ok');
    expect(failed.permissions_error).toBeTruthy();
    for (const person of people)
      expect(await foundBy(person), person.name).toEqual(before.get(person.name));

    fake.failPermissions = 403;
    await permissionSync(app, sourceId);
    const [refused] = await app.sql(`SELECT permissions_state FROM sources WHERE id = $1`, [
      sourceId,
    ]);
    expect(refused.permissions_state).toBe('degraded');
    for (const person of people) expect(await foundBy(person), person.name).toEqual([]);

    fake.failPermissions = null;
    await permissionSync(app, sourceId);
    await check('after the permissions can be read again');
  });

  it('reads in steps: a batch of items per job step, resumed from where the last one stopped', async () => {
    const items = await app.sql<{ external_id: string }>(
      `SELECT external_id FROM documents WHERE source_id = $1 ORDER BY external_id`,
      [sourceId],
    );
    const last = items[items.length - 1]!.external_id;
    const before = items[items.length - 2]!.external_id;
    await app.sql(`UPDATE sources SET permissions_cursor = $2 WHERE id = $1`, [sourceId, before]);
    const sync = app.server.services.permissionSync;
    // The next batch is what follows the cursor (here, the last item): at once, again.
    expect(await sync.step(sourceId, { defer: false })).toEqual({ continueAfterMs: 0 });
    const [mid] = await app.sql(`SELECT permissions_cursor FROM sources WHERE id = $1`, [sourceId]);
    expect(mid.permissions_cursor).toBe(last);
    // Nothing left: the groups are read, the run ends, and the next comes after the interval.
    const end = await sync.step(sourceId, { defer: false });
    expect(end && end.continueAfterMs).toBeGreaterThan(0);
    const [done] = await app.sql(
      `SELECT permissions_cursor, permissions_state, permissions_checked_at > now() - interval '1 minute' AS fresh
         FROM sources WHERE id = $1`,
      [sourceId],
    );
    expect(done).toEqual({ permissions_cursor: null, permissions_state: 'ok', fresh: true });
  });

  it('a permission read deferred behind a content sync runs when that sync ends, not later', async () => {
    const key = `source-permissions:${sourceId}`;
    await app.server.services.jobs.stop(); // nothing else moves the job meanwhile
    try {
      // As a resync leaves it: deferred by under a minute; and a periodic one, far ahead.
      await app.sql(
        `UPDATE jobs SET status = 'queued', run_at = now() + interval '50 seconds' WHERE singleton_key = $1`,
        [key],
      );
      const [job] = await app.sql(`SELECT count(*)::int AS n FROM jobs WHERE singleton_key = $1`, [
        key,
      ]);
      expect(job.n).toBe(1);
      await app.server.services.permissionSync.contentSyncEnded(sourceId);
      const [now] = await app.sql(
        `SELECT run_at <= now() AS due FROM jobs WHERE singleton_key = $1 AND status = 'queued'`,
        [key],
      );
      expect(now.due).toBe(true);
      await app.sql(
        `UPDATE jobs SET run_at = now() + interval '15 minutes' WHERE singleton_key = $1 AND status = 'queued'`,
        [key],
      );
      await app.server.services.permissionSync.contentSyncEnded(sourceId);
      const [later] = await app.sql(
        `SELECT run_at > now() + interval '14 minutes' AS later FROM jobs WHERE singleton_key = $1 AND status = 'queued'`,
        [key],
      );
      expect(later.later).toBe(true);
    } finally {
      await app.server.services.jobs.start();
    }
  });

  it('reads permissions at the connection’s own interval when its owner sets one', async () => {
    const set = (input: Record<string, unknown>) =>
      app.graphqlRaw(
        `mutation($s: ID!, $i: SourceAccessInput!) {
           setSourceAccess(sourceId: $s, input: $i) { access { mode permissionSyncMinutes } } }`,
        { s: sourceId, i: input },
        owner.token,
      );
    // The server's default (15) until one is chosen.
    const dflt = await set({ mode: 'MIRROR' });
    expect(dflt.data.setSourceAccess.access).toEqual({ mode: 'MIRROR', permissionSyncMinutes: 15 });
    const own = await set({ mode: 'MIRROR', permissionSyncMinutes: 5 });
    expect(own.data.setSourceAccess.access.permissionSyncMinutes).toBe(5);
    await app.server.services.jobs.stop(); // the step below is the only one running
    try {
      await app.sql(`UPDATE sources SET permissions_cursor = NULL WHERE id = $1`, [sourceId]);
      let next = await app.server.services.permissionSync.step(sourceId, { defer: false });
      while (next && next.continueAfterMs === 0)
        next = await app.server.services.permissionSync.step(sourceId, { defer: false });
      expect(next).toEqual({ continueAfterMs: 5 * 60_000 });
    } finally {
      await app.server.services.jobs.start();
    }
    for (const bad of [0, 10_081, 2.5]) {
      const refused = await set({ mode: 'MIRROR', permissionSyncMinutes: bad });
      expect(refused.errors?.[0]?.extensions?.code, String(bad)).toBe('BAD_USER_INPUT');
    }
    const [row] = await app.sql(`SELECT permission_sync_minutes FROM sources WHERE id = $1`, [
      sourceId,
    ]);
    expect(row.permission_sync_minutes).toBe(5); // a refused change keeps what was stored
  });

  it('fails closed when the token stops working: the access stays as it was', async () => {
    const before = await check('before the token is revoked');
    fake.world.repos.get('acme/site')!.visibility = 'public'; // would widen
    fake.revokeToken(TOKEN);
    await permissionSync(app, sourceId);
    const [row] = await app.sql(
      `SELECT permissions_state, permissions_error FROM sources WHERE id = $1`,
      [sourceId],
    );
    expect(row.permissions_error).toMatch(/GitHub/);
    for (const person of people)
      expect(await foundBy(person), person.name).toEqual(before.get(person.name));
  });

  it('unlinking takes effect on the next request', async () => {
    const alice = people.find((p) => p.name === 'alice')!;
    const res = await app.graphqlRaw(
      `mutation { unlinkAccount(provider: "github") }`,
      {},
      alice.account.token,
    );
    expect(res.errors).toBeUndefined();
    const found = await foundBy(alice);
    expect(found.every((id) => fake.canRead('nobody-at-all', id) || id.includes('handbook'))).toBe(
      true,
    );
    expect(found.some((id) => id.includes('acme/api'))).toBe(false);
  });

  async function foundBy(person: Person) {
    const all = await expectMirrored(app, sourceId, [person], WORD, () => true, 'probe', false);
    return all.get(person.name)!;
  }
});
