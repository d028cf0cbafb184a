import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, newAdmin, type Account } from './helpers/accounts.js';
import { connect, connectorEnv } from './helpers/connectors.js';
import { startFakeAtlassian, type FakeAtlassian } from './helpers/fake-atlassian.js';
import { linkThroughProvider, startLink } from './helpers/linking.js';
import { expectMirrored, permissionSync, type Person } from './helpers/mirror.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';

// A Confluence space connected with an API token whose account may not read Confluence's
// permissions (the permission endpoints answer 403). Members link their Atlassian accounts with
// read access, and each is asked about with their own OAuth token, which Atlassian takes only
// through its API gateway: the source names the site, so the member's granted sites say which
// cloud id it is. A member then finds a page iff Confluence lets them read it.

const PUBLIC_URL = 'https://lumen.example';
const RETURN_TO = `${PUBLIC_URL}/app/account/linked`;
const EMAIL = 'reader@example.com';
const TOKEN = 'confluence-reader-token';
const WORD = 'axolotl';
const USERS = ['alice', 'bob', 'erin'];

let fake: FakeAtlassian;
let app: TestApp;
let owner: Account;
let sourceId: string;
const people: Person[] = [];
const ids: Record<string, string> = {};

const accountOf = (name: string) => [...fake.principalsOf(name)][0]!.slice('user:'.length);
const check = (label: string) =>
  expectMirrored(app, sourceId, people, WORD, (name, id) => fake.canRead(name, id), label);

beforeAll(async () => {
  fake = await startFakeAtlassian();
  fake.addApiToken(EMAIL, TOKEN);
  const w = fake.world;
  for (const key of USERS) w.addUser(key);
  w.addGroup('eng', { users: ['alice'], groups: [] });
  fake.addSpace({ key: 'ENG' });
  w.space('ENG').permissions = { 'read/space': { users: ['erin', 'bob'], groups: ['eng'] } };
  const page = (title: string, parentId?: string) =>
    fake.addPage({ spaceKey: 'ENG', title, storage: `<p>The ${WORD} of ${title}.</p>`, parentId })
      .id;
  ids.home = page('Home');
  ids.secret = page('Secret');
  ids.child = page('Secret child', ids.secret);
  w.content(ids.secret).readRestriction = { users: ['erin'], groups: [] };
  fake.failPermissions = 403; // the API token's account is no admin
  app = await startTestApp(connectorEnv(fake, { PUBLIC_URL }));
  owner = await newAdmin(app, 'Olivia');
  for (const name of USERS)
    people.push({ name, account: await addMember(app, owner, ['customer_facing'], name) });
  const row = await connect(app, owner, 'confluence', {
    domain: fake.url,
    username: EMAIL,
    password: TOKEN,
    spacekey: 'ENG',
  });
  sourceId = row.id;
  expect(row.status, row.last_error ?? '').toBe('idle');
}, 60_000);

afterAll(async () => {
  await app?.stop();
  await fake?.close();
});

describe('Confluence permissions asked of each member', () => {
  it('members who link with read access find exactly the pages Confluence shows them', async () => {
    await permissionSync(app, sourceId);
    const [row] = await app.sql(
      `SELECT permissions_state, permissions_by_member FROM sources WHERE id = $1`,
      [sourceId],
    );
    expect(row).toEqual({ permissions_state: 'degraded', permissions_by_member: true });
    for (const name of USERS) {
      fake.signedIn = accountOf(name);
      const url = await startLink(app, people.find((p) => p.name === name)!.account, 'atlassian');
      expect(url.searchParams.get('scope')!.split(' ')).toEqual(
        expect.arrayContaining(['read:me', 'read:page:confluence', 'offline_access']),
      );
      const account = people.find((p) => p.name === name)!.account;
      const linked = await linkThroughProvider(app, account, 'atlassian', RETURN_TO);
      expect(linked).toMatchObject({ accountId: accountOf(name), checksAccess: true });
    }
    await permissionSync(app, sourceId);
    const found = await check('after one member pass');
    expect(found.get('erin')).toContain(`page:${ids.child}`);
    expect(found.get('alice')).toEqual([`page:${ids.home}`]);
    // Asked through the gateway, as Atlassian requires for a member's OAuth token.
    expect(fake.requests.some((r) => r.path.startsWith(`/ex/confluence/${fake.cloudId}/`))).toBe(
      true,
    );
  });

  it('follows a restriction and a grant removed, after one pass', async () => {
    const w = fake.world;
    w.content(ids.home!).readRestriction = { users: ['bob'], groups: [] };
    w.space('ENG').permissions['read/space']!.groups = [];
    await permissionSync(app, sourceId);
    const found = await check('after the changes');
    expect(found.get('alice')).toEqual([]);
  });
});
