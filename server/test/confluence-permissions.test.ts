import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConnectorContext } from '../src/modules/connectors/connector.js';
import { ConnectorUnavailableError } from '../src/modules/connectors/tool-failures.js';
import { ConnectorHttp } from '../src/modules/connectors/connector-http.js';
import type { ConfluenceSettings } from '../src/modules/connectors/confluence/confluence-connector.js';
import { confluencePermissions } from '../src/modules/connectors/confluence/confluence-permissions.js';
import { basicAuth } from '../src/modules/connectors/credentials.js';
import {
  accessAllows,
  PermissionsUnreadableError,
} from '../src/modules/connectors/permissions/permission-reader.js';
import { startFakeAtlassian, type FakeAtlassian } from './helpers/fake-atlassian.js';

// The Confluence permission reader against the loopback fake's world: for every (user, item),
// what the reader's access allows must be what the fake's oracle says Confluence allows.

const EMAIL = 'sync@example.com';
const TOKEN = 'confluence-token';

let fake: FakeAtlassian;
/** Page and blog post ids by name. */
let ids: Record<string, string>;

function ctx(): ConnectorContext<ConfluenceSettings> {
  return {
    http: new ConnectorHttp({
      label: 'Confluence',
      auth: basicAuth(EMAIL, TOKEN),
      allowPrivateHosts: true,
      retryBaseMs: 5,
    }),
    settings: { apiBase: fake.url, siteUrl: fake.url, spaceKeys: [] },
    parse: async () => {
      throw new Error('No files here.');
    },
  };
}

/**
 * Users: alice, bob, carol, dave, erin, zed. Groups: eng ⊃ backend ⊃ dba ⊃ backend (a cycle),
 * design. Space ENG: read for eng, design and erin (zed may only create pages, which is not
 * reading). Space PUB: anonymous read. Pages: home; secret (restricted to erin and dba) with an
 * unrestricted child and a grandchild restricted to bob and alice; a page whose restriction was
 * emptied; a blog post; in PUB a page and one restricted to design.
 */
function buildWorld() {
  const w = fake.world;
  for (const key of ['alice', 'bob', 'carol', 'dave', 'erin', 'zed']) w.addUser(key);
  w.addGroup('eng', { users: ['alice'], groups: ['backend'] });
  w.addGroup('backend', { users: ['bob'], groups: ['dba'] });
  w.addGroup('dba', { users: ['carol'], groups: ['backend'] });
  w.addGroup('design', { users: ['dave'] });
  fake.addSpace({ key: 'ENG' });
  fake.addSpace({ key: 'PUB' });
  w.space('ENG').permissions = {
    'read/space': { users: ['erin'], groups: ['eng', 'design'] },
    'create/page': { users: ['zed'], groups: [] },
  };
  w.space('PUB').permissions = { 'read/space': { anonymous: true, users: [], groups: [] } };
  const page = (spaceKey: string, title: string, parentId?: string) =>
    fake.addPage({ spaceKey, title, storage: `<p>${title}</p>`, parentId }).id;
  ids = {};
  ids.home = page('ENG', 'Home');
  ids.secret = page('ENG', 'Secret');
  ids.secretChild = page('ENG', 'Secret child', ids.secret);
  ids.secretGrandchild = page('ENG', 'Secret grandchild', ids.secretChild);
  ids.emptied = page('ENG', 'Emptied restriction');
  ids.blog = fake.addPage({ spaceKey: 'ENG', title: 'News', storage: 'n', type: 'blogpost' }).id;
  ids.pubHome = page('PUB', 'Public home');
  ids.pubDesign = page('PUB', 'Design only');
  w.content(ids.secret).readRestriction = { users: ['erin'], groups: ['dba'] };
  w.content(ids.secretGrandchild).readRestriction = { users: ['bob', 'alice'], groups: [] };
  w.content(ids.emptied).readRestriction = { users: [], groups: [] };
  w.content(ids.pubDesign).readRestriction = { users: [], groups: ['design'] };
}

const externalId = (name: string) => `${name === 'blog' ? 'blogpost' : 'page'}:${ids[name]}`;
const allItems = () => Object.keys(ids).map(externalId);

/** Reads every item's access, expands its groups, and checks reader == oracle for every pair. */
async function readAndCheck(items = allItems()) {
  const access = await confluencePermissions.itemAccess(ctx(), items);
  const groupIds = [...access.values()]
    .flat(2)
    .filter((p) => p.startsWith('group:'))
    .map((p) => p.slice('group:'.length));
  const members = await confluencePermissions.groupMembers(ctx(), groupIds);
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

/** Who the oracle lets read a named item. */
const readers = (name: string) =>
  [...fake.world.users.keys()].filter((u) => fake.canRead(u, externalId(name)));

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

describe('Confluence permission reader', () => {
  it('matches the oracle for every user and item, and the oracle says what Confluence says', async () => {
    const access = await readAndCheck();
    const space = ['alice', 'bob', 'carol', 'dave', 'erin'];
    expect(readers('home')).toEqual(space);
    expect(readers('secret')).toEqual(['bob', 'carol', 'erin']);
    // An unrestricted child inherits its restricted parent's restriction.
    expect(readers('secretChild')).toEqual(['bob', 'carol', 'erin']);
    // Both restrictions up the tree apply: alice is named below but not above.
    expect(readers('secretGrandchild')).toEqual(['bob']);
    // An empty restriction is none: the page is as open as its space.
    expect(readers('emptied')).toEqual(space);
    expect(readers('blog')).toEqual(space);
    expect(readers('pubHome')).toEqual([...space, 'zed']);
    expect(readers('pubDesign')).toEqual(['dave']);
    expect(access.get(externalId('pubHome'))).toEqual([['everyone']]);
    expect(access.get(externalId('secretGrandchild'))).toHaveLength(3);
    expect(access.get(externalId('emptied'))).toHaveLength(1);
    // The create grant to zed is not a read grant.
    expect(access.get(externalId('home'))![0]).not.toContain(
      `user:${fake.world.users.get('zed')!.accountId}`,
    );
  });

  it('reads each space and each page restriction once per call, following every page', async () => {
    await readAndCheck();
    const spaceReads = fake.requests.filter((r) => r.path.endsWith('/permissions'));
    const spaces = new Set(spaceReads.map((r) => r.path));
    expect(spaces.size).toBe(2);
    for (const path of spaces)
      expect(spaceReads.filter((r) => r.path === path && !r.query.has('cursor'))).toHaveLength(1);
    expect(spaceReads.some((r) => r.query.has('cursor'))).toBe(true);
    const secretReads = fake.requests.filter(
      (r) =>
        r.path === `/wiki/rest/api/content/${ids.secret}/restriction/byOperation/read` &&
        r.query.get('start') === '0',
    );
    expect(secretReads).toHaveLength(1);
    expect(
      fake.requests.some(
        (r) => r.path.endsWith('/membersByGroupId') && r.query.get('start') !== '0',
      ),
    ).toBe(true);
  });

  it('revoking a space grant narrows every page of the space', async () => {
    fake.world.space('ENG').permissions['read/space']!.groups = ['design'];
    await readAndCheck();
    expect(readers('home')).toEqual(['dave', 'erin']);
    expect(readers('secretChild')).toEqual(['erin']);
  });

  it('removing someone from a nested group removes what the group gave them', async () => {
    const dba = fake.world.groups.get('dba')!;
    dba.users = dba.users.filter((u) => u !== 'carol');
    await readAndCheck();
    expect(readers('home')).toEqual(['alice', 'bob', 'dave', 'erin']);
    expect(readers('secret')).toEqual(['bob', 'erin']);
  });

  it('moving a page under a restricted parent applies the parent restriction', async () => {
    fake.world.content(ids.home!).parentId = ids.secretChild!;
    const access = await readAndCheck();
    expect(readers('home')).toEqual(['bob', 'carol', 'erin']);
    expect(access.get(externalId('home'))).toHaveLength(2);
  });

  it('a deleted page (or an unknown one) is left out, and its children move up', async () => {
    fake.trashPage(ids.secretChild!);
    const access = await readAndCheck([...allItems(), 'page:999999', 'blogpost:999998']);
    expect(access.has(externalId('secretChild'))).toBe(false);
    expect(access.has('page:999999')).toBe(false);
    expect(access.has(externalId('secretGrandchild'))).toBe(true);
    expect(readers('secretGrandchild')).toEqual(['bob']);
  });

  it('a group Confluence no longer knows has no members', async () => {
    const members = await confluencePermissions.groupMembers(ctx(), ['no-such-group']);
    expect(members.get('no-such-group')).toEqual([]);
  });

  it('403 on the permission endpoints: PermissionsUnreadableError, saying what is missing', async () => {
    fake.failPermissions = 403;
    const read = confluencePermissions.itemAccess(ctx(), allItems());
    await expect(read).rejects.toBeInstanceOf(PermissionsUnreadableError);
    await expect(read).rejects.toThrow(/space admin/);
    const groupId = fake.world.groups.get('eng')!.id;
    await expect(confluencePermissions.groupMembers(ctx(), [groupId])).rejects.toBeInstanceOf(
      PermissionsUnreadableError,
    );
  });

  it('500 on the permission endpoints: an error, never a result', async () => {
    fake.failPermissions = 500;
    await expect(confluencePermissions.itemAccess(ctx(), allItems())).rejects.toBeInstanceOf(
      ConnectorUnavailableError,
    );
    const groupId = fake.world.groups.get('eng')!.id;
    await expect(confluencePermissions.groupMembers(ctx(), [groupId])).rejects.toBeInstanceOf(
      ConnectorUnavailableError,
    );
  });
});
