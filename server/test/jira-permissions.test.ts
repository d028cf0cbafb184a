import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConnectorContext } from '../src/modules/connectors/connector.js';
import { ConnectorUnavailableError } from '../src/modules/connectors/tool-failures.js';
import { ConnectorHttp } from '../src/modules/connectors/connector-http.js';
import { basicAuth } from '../src/modules/connectors/credentials.js';
import type { JiraSettings } from '../src/modules/connectors/jira/jira-connector.js';
import { jiraPermissions } from '../src/modules/connectors/jira/jira-permissions.js';
import {
  accessAllows,
  PermissionsUnreadableError,
} from '../src/modules/connectors/permissions/permission-reader.js';
import { startFakeAtlassian, type FakeAtlassian } from './helpers/fake-atlassian.js';

// The Jira permission reader against the loopback fake's world: for every (user, issue), what
// the reader's access allows must be what the fake's oracle says Jira allows.

const EMAIL = 'jira-admin@example.com';
const TOKEN = 'jira-token';
const DEVELOPERS = '10002';
const INTERNAL = '20001';
const STAFF = '20002';

let fake: FakeAtlassian;
/** Issue ids by key. */
let ids: Record<string, string>;

function ctx(): ConnectorContext<JiraSettings> {
  return {
    http: new ConnectorHttp({
      label: 'Jira',
      auth: basicAuth(EMAIL, TOKEN),
      allowPrivateHosts: true,
      retryBaseMs: 5,
    }),
    settings: { apiBase: fake.url, siteUrl: fake.url, projectKeys: [] },
    parse: async () => {
      throw new Error('No files here.');
    },
  };
}

/**
 * Users: alice, bob, carol, dave, erin, frank, zed. Groups: eng ⊃ backend; ops ⊃ oncall ⊃ ops
 * (a cycle); jira-users. Product access: Jira Software through jira-users, Service Management
 * through ops. APP: Browse for backend, erin, the Developers role (alice and ops) and the
 * reporter (Create issues, not browsing, for eng and anyone with a product); lead erin;
 * levels Internal (backend, Developers, project lead) and Staff (alice). SVC: Browse for
 * Service Management users. OPEN: Browse for anyone.
 */
function buildWorld() {
  const w = fake.world;
  for (const key of ['alice', 'bob', 'carol', 'dave', 'erin', 'zed']) w.addUser(key);
  w.addUser('frank', { name: 'Frank Reporter' });
  w.addGroup('eng', { users: ['alice'], groups: ['backend'] });
  w.addGroup('backend', { users: ['bob'] });
  w.addGroup('ops', { users: ['carol'], groups: ['oncall'] });
  w.addGroup('oncall', { users: ['dave'], groups: ['ops'] });
  w.addGroup('jira-users', { users: ['alice', 'bob', 'erin', 'frank'] });
  w.applicationRoles.set('jira-software', { name: 'Jira', groups: ['jira-users'] });
  w.applicationRoles.set('jira-servicedesk', { name: 'Service Management', groups: ['ops'] });
  for (const key of ['APP', 'SVC', 'OPEN']) fake.addProject({ key });
  Object.assign(w.project('APP'), {
    lead: 'erin',
    permissions: {
      BROWSE_PROJECTS: [
        { type: 'group', group: 'backend' },
        { type: 'user', user: 'erin' },
        { type: 'projectRole', role: DEVELOPERS },
        { type: 'reporter' },
      ],
      CREATE_ISSUES: [{ type: 'group', group: 'eng' }, { type: 'applicationRole' }],
    },
    roles: { [DEVELOPERS]: { name: 'Developers', users: ['alice'], groups: ['ops'] } },
    securityLevels: {
      [INTERNAL]: {
        name: 'Internal',
        holders: [
          { type: 'group', group: 'backend' },
          { type: 'projectRole', role: DEVELOPERS },
          { type: 'projectLead' },
        ],
      },
      [STAFF]: { name: 'Staff', holders: [{ type: 'user', user: 'alice' }] },
    },
  });
  w.project('SVC').permissions = {
    BROWSE_PROJECTS: [{ type: 'applicationRole', application: 'jira-servicedesk' }],
  };
  w.project('OPEN').permissions = { BROWSE_PROJECTS: [{ type: 'anyone' }] };
  const issue = (input: Parameters<FakeAtlassian['addIssue']>[0]) => {
    const { id, key } = fake.addIssue(input);
    ids[key] = id;
  };
  ids = {};
  issue({ projectKey: 'APP', summary: 'Reported by Frank', reporter: 'Frank Reporter' });
  issue({ projectKey: 'APP', summary: 'Internal', securityLevel: INTERNAL });
  issue({ projectKey: 'APP', summary: 'Staff only', securityLevel: STAFF, assignee: 'erin' });
  issue({ projectKey: 'SVC', summary: 'Ticket' });
  issue({ projectKey: 'OPEN', summary: 'Public' });
}

const externalId = (key: string) => `issue:${ids[key]}`;
const allItems = () => Object.keys(ids).map(externalId);

/** Reads every issue's access, expands its groups, and checks reader == oracle for every pair. */
async function readAndCheck(items = allItems()) {
  const access = await jiraPermissions.itemAccess(ctx(), items);
  const groupIds = [...access.values()]
    .flat(2)
    .filter((p) => p.startsWith('group:'))
    .map((p) => p.slice('group:'.length));
  const members = await jiraPermissions.groupMembers(ctx(), groupIds);
  const mismatches: string[] = [];
  for (const user of fake.world.users.keys())
    for (const item of items) {
      const found = access.get(item);
      const reader = found ? accessAllows(found, members, fake.principalsOf(user)) : false;
      const oracle = fake.canRead(user, item);
      if (reader !== oracle)
        mismatches.push(`${user} on ${item}: reader ${reader}, oracle ${oracle}`);
    }
  expect(mismatches).toEqual([]);
  return access;
}

/** Who the oracle lets read an issue. */
const readers = (key: string) =>
  [...fake.world.users.keys()].filter((u) => fake.canRead(u, externalId(key)));

beforeEach(async () => {
  fake = await startFakeAtlassian();
  fake.addApiToken(EMAIL, TOKEN);
  buildWorld();
  // One entry per page of every permission listing, so every pagination path is walked.
  fake.permissionPageSize = 1;
});

afterEach(async () => {
  await fake.close();
});

describe('Jira permission reader', () => {
  it('matches the oracle for every user and issue, and the oracle says what Jira says', async () => {
    const access = await readAndCheck();
    // Browse: backend (bob), erin, Developers (alice, ops: carol, dave), the reporter (frank).
    expect(readers('APP-1')).toEqual(['alice', 'bob', 'carol', 'dave', 'erin', 'frank']);
    // Internal: browse holders who are also backend, Developers or the lead (erin).
    expect(readers('APP-2')).toEqual(['alice', 'bob', 'carol', 'dave', 'erin']);
    expect(readers('APP-3')).toEqual(['alice']);
    // Service Management product access (through ops), not everyone on the site.
    expect(readers('SVC-1')).toEqual(['carol', 'dave']);
    expect(readers('OPEN-1')).toEqual(['alice', 'bob', 'carol', 'dave', 'erin', 'zed', 'frank']);
    expect(access.get(externalId('OPEN-1'))).toEqual([['everyone']]);
    expect(access.get(externalId('SVC-1'))).toEqual([['group:jira-app:jira-servicedesk']]);
    expect(access.get(externalId('APP-2'))).toHaveLength(2);
    expect(access.get(externalId('APP-1'))).toHaveLength(1);
  });

  it('reads each project scheme and each level once per call, following every page', async () => {
    await readAndCheck();
    const schemeReads = fake.requests.filter((r) => r.path.endsWith('/permissionscheme'));
    expect(schemeReads).toHaveLength(3);
    const internalReads = fake.requests.filter(
      (r) =>
        r.path === '/rest/api/3/issuesecurityschemes/level/member' &&
        r.query.get('levelId') === INTERNAL,
    );
    // Three holders, one a page: three pages, read for the one issue that has the level.
    expect(internalReads.map((r) => r.query.get('startAt'))).toEqual(['0', '1', '2']);
    expect(
      fake.requests.some(
        (r) => r.path === '/rest/api/3/group/member' && r.query.get('startAt') !== '0',
      ),
    ).toBe(true);
  });

  it('adding a security level to an issue narrows it to the level holders', async () => {
    fake.world.issue('APP-1').securityLevel = STAFF;
    await readAndCheck();
    expect(readers('APP-1')).toEqual(['alice']);
  });

  it('changing a role’s actors changes who holds the role', async () => {
    fake.world.project('APP').roles[DEVELOPERS] = {
      name: 'Developers',
      users: ['zed'],
      groups: [],
    };
    await readAndCheck();
    expect(readers('APP-1')).toEqual(['bob', 'erin', 'zed', 'frank']);
    expect(readers('APP-2')).toEqual(['bob', 'erin', 'zed']);
  });

  it('removing someone from a nested group removes what the group gave them', async () => {
    const oncall = fake.world.groups.get('oncall')!;
    oncall.users = [];
    await readAndCheck();
    expect(readers('SVC-1')).toEqual(['carol']);
    expect(readers('APP-1')).not.toContain('dave');
  });

  it('revoking a grant in the permission scheme removes it', async () => {
    const app = fake.world.project('APP');
    app.permissions.BROWSE_PROJECTS = app.permissions.BROWSE_PROJECTS!.filter(
      (h) => h.type !== 'user',
    );
    await readAndCheck();
    expect(readers('APP-1')).toEqual(['alice', 'bob', 'carol', 'dave', 'frank']);
  });

  it('a deleted issue (or an unknown one) is left out', async () => {
    fake.deleteIssue('APP-3');
    const access = await readAndCheck([...allItems(), 'issue:999999', 'page:1']);
    expect(access.has(externalId('APP-3'))).toBe(false);
    expect(access.has('issue:999999')).toBe(false);
    expect(access.size).toBe(4);
  });

  it('a role, product or group Jira no longer knows has no members', async () => {
    const members = await jiraPermissions.groupMembers(ctx(), [
      'jira-role:999:10002',
      'jira-app:no-such-product',
      'no-such-group',
    ]);
    expect([...members.values()]).toEqual([[], [], []]);
  });

  it('403 on the permission endpoints: PermissionsUnreadableError, saying what is missing', async () => {
    fake.failPermissions = 403;
    const read = jiraPermissions.itemAccess(ctx(), allItems());
    await expect(read).rejects.toBeInstanceOf(PermissionsUnreadableError);
    await expect(read).rejects.toThrow(/Administer Jira/);
    await expect(
      jiraPermissions.groupMembers(ctx(), [fake.world.groups.get('eng')!.id]),
    ).rejects.toThrow(/Browse users and groups/);
  });

  it('500 on the permission endpoints: an error, never a result', async () => {
    fake.failPermissions = 500;
    await expect(jiraPermissions.itemAccess(ctx(), allItems())).rejects.toBeInstanceOf(
      ConnectorUnavailableError,
    );
    await expect(jiraPermissions.groupMembers(ctx(), ['jira-app:*'])).rejects.toBeInstanceOf(
      ConnectorUnavailableError,
    );
  });
});
