import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectorContext } from '../src/modules/connectors/connector.js';
import { ConnectorUnavailableError } from '../src/modules/connectors/tool-failures.js';
import { ConnectorHttp } from '../src/modules/connectors/connector-http.js';
import { bearerAuth } from '../src/modules/connectors/credentials.js';
import {
  githubConnector,
  type GitHubSettings,
} from '../src/modules/connectors/github/github-connector.js';
import { githubPermissions } from '../src/modules/connectors/github/github-permissions.js';
import {
  accessAllows,
  type ItemAccess,
  PermissionsUnreadableError,
} from '../src/modules/connectors/permissions/permission-reader.js';
import { startFakeGitHub, type FakeGitHub } from './helpers/fake-github.js';

// The GitHub permission reader against the fake's world: for every (user, item) the reader's
// access (with its groups expanded) must allow exactly whom the fake's oracle lets read.

const OWNER_TOKEN = 'ghp_owner';
const REPOS = ['acme/site', 'acme/api', 'acme/vault', 'acme/handbook', 'acme/ops'];
/** Enough members for every permission listing to need a second page (GitHub: 100 a page). */
const FILLERS = Array.from({ length: 101 }, (_, i) => `m${String(i).padStart(3, '0')}`);
const PEOPLE = ['olivia', 'alice', 'bob', 'carol', 'oscar', 'nina'];
const USERS = [...PEOPLE, FILLERS[0]!, FILLERS[100]!];

let fake: FakeGitHub;
let settings: GitHubSettings;
/** Every item of the world, across the repositories. */
const ids: string[] = [];

function ctx(token = OWNER_TOKEN): ConnectorContext<GitHubSettings> {
  return {
    http: new ConnectorHttp({
      label: 'GitHub',
      auth: bearerAuth(token),
      allowPrivateHosts: true,
      retryBaseMs: 5,
    }),
    settings,
    parse: async () => {
      throw new Error('no files are parsed here');
    },
  };
}

/** The reader's answer, and its groups expanded, as the core would store them. */
async function read(items = ids, token = OWNER_TOKEN) {
  const access = await githubPermissions.itemAccess(ctx(token), items);
  const groups = [...access.values()]
    .flat(2)
    .filter((p) => p.startsWith('group:'))
    .map((p) => p.slice('group:'.length));
  const members = await githubPermissions.groupMembers(ctx(token), groups);
  return { access, members };
}

/** Reader == oracle for every (user, item); answers the reader's access for more checks. */
async function expectIff(): Promise<Map<string, ItemAccess>> {
  const { access, members } = await read();
  const wrong: string[] = [];
  let readable = 0;
  for (const login of USERS)
    for (const id of ids) {
      const item = access.get(id);
      const reader = item ? accessAllows(item, members, fake.principalsOf(login)) : false;
      const oracle = fake.canRead(login, id);
      if (oracle) readable++;
      if (reader !== oracle) wrong.push(`${login} ${id}: reader ${reader}, GitHub ${oracle}`);
    }
  expect(wrong).toEqual([]);
  // A world where everyone or no one reads everything would prove nothing.
  expect(readable).toBeGreaterThan(0);
  expect(readable).toBeLessThan(USERS.length * ids.length);
  return access;
}

function itemsOf(repo: string) {
  return ids.filter((id) => id.includes(`${repo}#`) || id.startsWith(`file:${repo}:`));
}

beforeAll(async () => {
  fake = await startFakeGitHub();
  for (const login of [...PEOPLE, ...FILLERS]) fake.addUser({ login });
  fake.addToken(OWNER_TOKEN, { login: 'olivia' });
  fake.addToken('ghp_carol', { login: 'carol' });
  fake.addToken('ghp_nina', { login: 'nina' });
  fake.addOrg({
    login: 'acme',
    basePermission: 'none',
    members: {
      olivia: 'admin',
      alice: 'member',
      bob: 'member',
      carol: 'member',
      ...Object.fromEntries(FILLERS.map((m) => [m, 'member' as const])),
    },
  });
  fake.addRepo({ owner: 'acme', name: 'site', hasDiscussions: true });
  fake.addRepo({ owner: 'acme', name: 'api', private: true, hasDiscussions: true });
  fake.addRepo({ owner: 'acme', name: 'vault', private: true });
  fake.addRepo({ owner: 'acme', name: 'handbook', visibility: 'internal' });
  fake.addRepo({ owner: 'acme', name: 'ops', private: true });
  // platform: alice and every filler, on api; its child team db: bob, on vault (and api through
  // its parent, never the other way round).
  fake.addTeam('acme', {
    slug: 'platform',
    members: ['alice', ...FILLERS],
    repos: { 'acme/api': 'push' },
  });
  fake.addTeam('acme', {
    slug: 'db',
    parent: 'platform',
    members: ['bob'],
    repos: { 'acme/vault': 'pull' },
  });
  fake.addCollaborator('acme/vault', 'carol', 'pull');
  fake.addCollaborator('acme/api', 'oscar', 'pull');
  fake.addCollaborator('acme/handbook', 'oscar', 'triage');
  for (const repo of REPOS) {
    ids.push(`issue:${repo}#${fake.addIssue({ repo, title: `Issue in ${repo}` })}`);
    ids.push(`file:${repo}:README.md`);
    fake.putFile(repo, 'README.md', `# ${repo}`);
  }
  ids.push(`issue:acme/api#${fake.addIssue({ repo: 'acme/api', title: 'A PR', pull: true })}`);
  ids.push(`discussion:acme/site#${fake.addDiscussion({ repo: 'acme/site', title: 'Hi' })}`);
  ids.push(`discussion:acme/api#${fake.addDiscussion({ repo: 'acme/api', title: 'RFC' })}`);
  settings = { apiBase: fake.url, repos: REPOS };
});

afterAll(async () => {
  await fake?.close();
});

describe('GitHub permissions: reader == GitHub', () => {
  it('matches the oracle for every user and item, and states each visibility as GitHub does', async () => {
    fake.requests.length = 0;
    const access = await expectIff();
    expect(access.size).toBe(ids.length);
    expect(access.get('issue:acme/site#1')).toEqual([['everyone']]);
    const oscar = [...fake.principalsOf('oscar')][0]!;
    expect(access.get('file:acme/handbook:README.md')).toEqual([['group:org:acme', oscar]]);
    // The oracle itself, on the cases the world was built for.
    expect(fake.canRead('nina', 'issue:acme/site#1')).toBe(true);
    expect(fake.canRead('nina', 'file:acme/handbook:README.md')).toBe(false);
    expect(fake.canRead('carol', 'file:acme/handbook:README.md')).toBe(true);
    expect(fake.canRead('bob', 'issue:acme/api#1')).toBe(true);
    expect(fake.canRead('alice', 'issue:acme/vault#1')).toBe(false);
    expect(fake.canRead('oscar', 'issue:acme/api#1')).toBe(true);
    expect(fake.canRead('alice', 'issue:acme/ops#1')).toBe(false);
    expect(fake.canRead('olivia', 'issue:acme/ops#1')).toBe(true);
    // One read per repository and per listing, every page of each.
    expect(fake.count({ path: /^\/repos\/acme\/[^/]+$/ })).toBe(REPOS.length);
    expect(fake.count({ path: /^\/repos\/acme\/api\/collaborators$/ })).toBe(1);
    expect(fake.count({ path: /^\/repositories\/\d+\/collaborators$/ })).toBe(1);
    expect(fake.count({ path: /^\/orgs\/acme\/members$/ })).toBe(1);
    expect(fake.count({ path: /^\/organizations\/\d+\/members$/ })).toBe(1);
  });

  it('follows a repository made private (internal → private)', async () => {
    fake.world.repos.get('acme/handbook')!.visibility = 'private';
    await expectIff();
    expect(fake.canRead('carol', 'file:acme/handbook:README.md')).toBe(false);
    expect(fake.canRead('oscar', 'file:acme/handbook:README.md')).toBe(true);
  });

  it('follows a repository flipped public → private → public', async () => {
    const site = fake.world.repos.get('acme/site')!;
    site.visibility = 'private';
    try {
      const access = await expectIff();
      expect(access.get('issue:acme/site#1')).not.toEqual([['everyone']]);
      expect(fake.canRead('nina', 'issue:acme/site#1')).toBe(false);
    } finally {
      site.visibility = 'public';
    }
    await expectIff();
    expect(fake.canRead('nina', 'issue:acme/site#1')).toBe(true);
  });

  it('follows someone removed from a nested team', async () => {
    fake.world.orgs.get('acme')!.teams.get('db')!.members.delete('bob');
    await expectIff();
    expect(fake.canRead('bob', 'issue:acme/vault#1')).toBe(false);
    expect(fake.canRead('bob', 'issue:acme/api#1')).toBe(false);
  });

  it('follows an outside collaborator removed', async () => {
    fake.world.repos.get('acme/api')!.collaborators.delete('oscar');
    await expectIff();
    expect(fake.canRead('oscar', 'issue:acme/api#1')).toBe(false);
  });

  it('leaves out the items of a deleted repository (404)', async () => {
    fake.world.repos.delete('acme/vault');
    const access = await expectIff();
    for (const id of itemsOf('acme/vault')) expect(access.has(id)).toBe(false);
    expect(itemsOf('acme/vault').length).toBeGreaterThan(0);
    expect(access.size).toBe(ids.length - itemsOf('acme/vault').length);
  });
});

describe('GitHub permissions: failing closed', () => {
  it('leaves out ids of repositories not chosen or not understood', async () => {
    const { access } = await read(['issue:acme/other#1', 'page:12', 'issue:acme/api#1']);
    expect([...access.keys()]).toEqual(['issue:acme/api#1']);
  });

  it('says what is missing when the permission endpoints answer 403', async () => {
    fake.failPermissions = 403;
    try {
      const read = githubPermissions.itemAccess(ctx(), ['issue:acme/api#1']);
      await expect(read).rejects.toBeInstanceOf(PermissionsUnreadableError);
      await expect(read).rejects.toThrow(/push \(write\), maintain or admin access to acme\/api/);
      const members = githubPermissions.groupMembers(ctx(), ['org:acme']);
      await expect(members).rejects.toBeInstanceOf(PermissionsUnreadableError);
      await expect(members).rejects.toThrow(/member of the acme organization.*read:org/);
    } finally {
      fake.failPermissions = null;
    }
  });

  it('throws, never answers, when the permission endpoints answer 500', async () => {
    fake.failPermissions = 500;
    try {
      await expect(
        githubPermissions.itemAccess(ctx(), ['issue:acme/api#1', 'issue:acme/site#1']),
      ).rejects.toBeInstanceOf(ConnectorUnavailableError);
      await expect(githubPermissions.groupMembers(ctx(), ['org:acme'])).rejects.toBeInstanceOf(
        ConnectorUnavailableError,
      );
    } finally {
      fake.failPermissions = null;
    }
  });

  it('refuses an account with only read access to a private repository', async () => {
    fake.addCollaborator('acme/ops', 'carol', 'pull');
    await expect(
      githubPermissions.itemAccess(ctx('ghp_carol'), ['issue:acme/ops#1']),
    ).rejects.toBeInstanceOf(PermissionsUnreadableError);
    // Public repositories need no permission listing.
    const { access } = await read(['issue:acme/site#1'], 'ghp_carol');
    expect(access.get('issue:acme/site#1')).toEqual([['everyone']]);
  });

  it('answers [] for a group it does not know', async () => {
    const members = await githubPermissions.groupMembers(ctx(), ['org:nowhere', 'team:12']);
    expect(members).toEqual(
      new Map([
        ['org:nowhere', []],
        ['team:12', []],
      ]),
    );
  });

  it('hides a private repository from the content endpoints of who may not read it', async () => {
    const as = (token: string) => ({ ...ctx(token), settings });
    expect(await githubConnector.fetchOne(as('ghp_nina'), 'issue:acme/api#1')).toBeNull();
    expect(await githubConnector.fetchOne(as('ghp_nina'), 'issue:acme/site#1')).not.toBeNull();
    expect(await githubConnector.fetchOne(as(OWNER_TOKEN), 'issue:acme/api#1')).not.toBeNull();
  });
});
