import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConnectorContext } from '../src/modules/connectors/connector.js';
import {
  ConnectorAuthError,
  ConnectorUnavailableError,
} from '../src/modules/connectors/tool-failures.js';
import { ConnectorHttp } from '../src/modules/connectors/connector-http.js';
import { bearerAuth } from '../src/modules/connectors/credentials.js';
import type { GitHubSettings } from '../src/modules/connectors/github/github-connector.js';
import { githubMemberAccess as reader } from '../src/modules/connectors/github/github-member-access.js';
import { startFakeGitHub, type FakeGitHub } from './helpers/fake-github.js';

// The member fallback for GitHub against the fake's world: with each person's own token, the
// items the reader finds readable must be exactly those the fake's oracle lets them read, before
// and after changes to the world, at one request per repository whatever the number of items.

const REPOS = ['acme/site', 'acme/api', 'acme/vault', 'acme/handbook', 'acme/ops', 'nina/notes'];
/** olivia owns acme; oscar and nina are outside it; zed has no grant anywhere. */
const PEOPLE = ['olivia', 'alice', 'bob', 'carol', 'dan', 'oscar', 'nina', 'zed'];
const ISSUES_PER_REPO = 45;

let fake: FakeGitHub;
let settings: GitHubSettings;
/** Every item of the source. */
let all: string[];

beforeEach(async () => {
  fake = await startFakeGitHub();
  settings = { apiBase: fake.url, repos: REPOS };
  for (const login of PEOPLE) {
    fake.addUser({ login });
    fake.addToken(tokenOf(login), { login });
  }
  fake.addOrg({
    login: 'acme',
    basePermission: 'none',
    members: { olivia: 'admin', alice: 'member', bob: 'member', carol: 'member', dan: 'member' },
  });
  fake.addRepo({ owner: 'acme', name: 'site', hasDiscussions: true });
  fake.addRepo({ owner: 'acme', name: 'api', private: true, hasDiscussions: true });
  fake.addRepo({ owner: 'acme', name: 'vault', private: true });
  fake.addRepo({ owner: 'acme', name: 'handbook', visibility: 'internal' });
  fake.addRepo({ owner: 'acme', name: 'ops', private: true }); // the organization's owners only
  fake.addRepo({ owner: 'nina', name: 'notes', private: true }); // nina's alone
  // platform reads api; its child team db reads vault (and api through its parent).
  fake.addTeam('acme', { slug: 'platform', members: ['alice'], repos: { 'acme/api': 'push' } });
  fake.addTeam('acme', {
    slug: 'db',
    parent: 'platform',
    members: ['bob'],
    repos: { 'acme/vault': 'pull' },
  });
  fake.addCollaborator('acme/vault', 'carol', 'pull');
  fake.addCollaborator('acme/api', 'oscar', 'pull');
  fake.addCollaborator('acme/handbook', 'oscar', 'triage');
  all = [];
  for (const repo of REPOS) {
    for (let i = 0; i < ISSUES_PER_REPO; i++)
      all.push(
        `issue:${repo}#${fake.addIssue({ repo, title: `${repo} ${i}`, pull: i % 5 === 0 })}`,
      );
    fake.putFile(repo, 'docs/README.md', `# ${repo}`);
    all.push(`file:${repo}:docs/README.md`);
  }
  for (const repo of ['acme/site', 'acme/api'])
    all.push(`discussion:${repo}#${fake.addDiscussion({ repo, title: 'Ideas' })}`);
});

afterEach(() => fake.close());

function tokenOf(login: string) {
  return `ghp_${login}`;
}

function ctxFor(login: string, token = tokenOf(login)): ConnectorContext<GitHubSettings> {
  return {
    http: new ConnectorHttp({
      label: 'GitHub',
      auth: bearerAuth(token),
      allowPrivateHosts: true,
      retryBaseMs: 5,
    }),
    settings,
    parse: async () => {
      throw new Error('nothing is parsed here');
    },
  };
}

const oracle = (login: string, ids = all) => ids.filter((id) => fake.canRead(login, id));
const repoReads = () => fake.count({ path: /^\/repos\/[^/]+\/[^/]+$/ });
const inRepo = (repo: string) =>
  all.filter((id) => id.includes(`:${repo}#`) || id.includes(`:${repo}:`));

async function expectOracle(ids = all) {
  for (const login of PEOPLE)
    expect([...(await reader.readableItems(ctxFor(login), ids))].sort(), login).toEqual(
      oracle(login, ids).sort(),
    );
}

describe('GitHub member access', () => {
  it('finds exactly what each person may open, with their own token', async () => {
    expect(all.length).toBeGreaterThan(260);
    await expectOracle();
    // The world is varied: each kind of access shows, and no one but an owner reads everything.
    const readers = (repo: string) => PEOPLE.filter((p) => fake.canRead(p, inRepo(repo)[0]!));
    expect(readers('acme/site')).toEqual(PEOPLE);
    expect(readers('acme/api')).toEqual(['olivia', 'alice', 'bob', 'oscar']);
    expect(readers('acme/vault')).toEqual(['olivia', 'bob', 'carol']);
    expect(readers('acme/handbook')).toEqual(['olivia', 'alice', 'bob', 'carol', 'dan', 'oscar']);
    expect(readers('acme/ops')).toEqual(['olivia']);
    expect(readers('nina/notes')).toEqual(['nina']);
    expect(oracle('zed').length).toBeLessThan(all.length);
    expect(oracle('zed').length).toBeGreaterThan(0);
  });

  it('asks once per repository, however many items', async () => {
    for (const login of PEOPLE) {
      const before = repoReads();
      await reader.readableItems(ctxFor(login), all);
      expect(repoReads() - before, login).toBe(REPOS.length);
    }
    // Only the repositories of the ids asked.
    const before = repoReads();
    await reader.readableItems(ctxFor('alice'), [...inRepo('acme/api'), ...inRepo('acme/ops')]);
    expect(repoReads() - before).toBe(2);
    expect(fake.requests.length).toBe(PEOPLE.length * REPOS.length + 2);
  });

  it('leaves out ids it does not know and repositories the source does not sync', async () => {
    fake.addRepo({ owner: 'acme', name: 'other' });
    const other = `issue:acme/other#${fake.addIssue({ repo: 'acme/other', title: 'x' })}`;
    const asked = [other, 'page:1', 'issue:acme/site', 'file:acme/site', 'issue:ACME/Site#1'];
    expect([...(await reader.readableItems(ctxFor('zed'), asked))]).toEqual(['issue:ACME/Site#1']);
    expect(fake.count({ path: '/repos/acme/other' })).toBe(0);
  });

  it('follows what the member’s token may reach, and a 403 on a repository', async () => {
    // A fine-grained token of alice's that was given the site only.
    fake.addToken('github_pat_alice_site', { login: 'alice', repos: ['acme/site'] });
    const narrow = await reader.readableItems(ctxFor('alice', 'github_pat_alice_site'), all);
    expect([...narrow].sort()).toEqual(inRepo('acme/site').sort());
    // The organization's SSO refuses the token for one repository: that one only is left out.
    fake.fault(
      { path: '/repos/acme/api' },
      { status: 403, body: { message: 'Resource protected by organization SAML enforcement.' } },
    );
    const found = await reader.readableItems(ctxFor('alice'), all);
    expect([...found].sort()).toEqual(
      oracle('alice')
        .filter((id) => !inRepo('acme/api').includes(id))
        .sort(),
    );
  });

  describe('follows a change to the world', () => {
    const changes: [string, () => void][] = [
      [
        'a team member removed',
        () => fake.world.orgs.get('acme')!.teams.get('db')!.members.clear(),
      ],
      ['a collaborator removed', () => fake.world.repos.get('acme/api')!.collaborators.clear()],
      ['a public repository made private', () => (repo('acme/site').visibility = 'private')],
      ['an internal repository made public', () => (repo('acme/handbook').visibility = 'public')],
      [
        'a member leaves the organization',
        () => fake.world.orgs.get('acme')!.members.delete('dan'),
      ],
      ['nina shares her notes', () => fake.addCollaborator('nina/notes', 'zed', 'pull')],
      ['a repository deleted', () => fake.world.repos.delete('acme/vault')],
    ];
    it.each(changes)('%s', async (_, change) => {
      const before = PEOPLE.map((p) => oracle(p).length);
      change();
      expect(PEOPLE.map((p) => oracle(p).length)).not.toEqual(before);
      await expectOracle();
    });
  });

  describe('fails as the member’s token does', () => {
    it('a revoked or unknown token: ConnectorAuthError', async () => {
      fake.revokeToken(tokenOf('alice'));
      await expect(reader.readableItems(ctxFor('alice'), all)).rejects.toThrow(ConnectorAuthError);
      await expect(reader.readableItems(ctxFor('x', 'ghp_never_issued'), all)).rejects.toThrow(
        ConnectorAuthError,
      );
      fake.revokeTokensOf('BOB'); // every token of the user
      await expect(reader.readableItems(ctxFor('bob'), all)).rejects.toThrow(ConnectorAuthError);
      expect((await reader.readableItems(ctxFor('carol'), all)).size).toBe(oracle('carol').length);
    });

    it('GitHub failing: ConnectorUnavailableError, no partial answer', async () => {
      fake.fault(
        { path: '/repos/acme/vault' },
        { status: 502, body: { message: 'Bad gateway' } },
        10,
      );
      await expect(reader.readableItems(ctxFor('bob'), all)).rejects.toThrow(
        ConnectorUnavailableError,
      );
    });
  });
});

function repo(fullName: string) {
  return fake.world.repos.get(fullName)!;
}
