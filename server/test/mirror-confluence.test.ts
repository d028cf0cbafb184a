import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, newAdmin, type Account } from './helpers/accounts.js';
import { connect, connectorEnv } from './helpers/connectors.js';
import { startFakeAtlassian, type FakeAtlassian } from './helpers/fake-atlassian.js';
import { expectMirrored, linkAccount, permissionSync, type Person } from './helpers/mirror.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';

// A Confluence connection that mirrors Confluence's permissions, through the whole product:
// a page needs its space AND the read restriction of itself and of every restricted ancestor
// (stored as one intersection principal); groups nest. Every member's search returns a page if
// and only if the fake's oracle says Confluence lets them read it, after the sync and after each
// change followed by one permission sync.

const EMAIL = 'sync@example.com';
const TOKEN = 'confluence-mirror-token';
const WORD = 'narwhal';
const USERS = ['alice', 'bob', 'carol', 'dave', 'erin'];

let fake: FakeAtlassian;
let app: TestApp;
let owner: Account;
let sourceId: string;
const people: Person[] = [];
const ids: Record<string, string> = {};

const check = (label: string) =>
  expectMirrored(
    app,
    sourceId,
    people,
    WORD,
    // A member who linked nothing is, to Confluence, someone with no grant of their own.
    (name, id) => fake.canRead(name === 'unlinked' ? 'stranger' : name, id),
    label,
  );

beforeAll(async () => {
  fake = await startFakeAtlassian();
  fake.addApiToken(EMAIL, TOKEN);
  const w = fake.world;
  for (const key of [...USERS, 'stranger']) w.addUser(key);
  w.addGroup('eng', { users: ['alice'], groups: ['backend'] });
  w.addGroup('backend', { users: ['bob'], groups: ['dba'] });
  w.addGroup('dba', { users: ['carol'], groups: [] });
  w.addGroup('design', { users: ['dave'] });
  fake.addSpace({ key: 'ENG' });
  fake.addSpace({ key: 'PUB' });
  w.space('ENG').permissions = { 'read/space': { users: ['erin'], groups: ['eng', 'design'] } };
  w.space('PUB').permissions = { 'read/space': { anonymous: true, users: [], groups: [] } };
  const page = (spaceKey: string, title: string, parentId?: string) =>
    fake.addPage({ spaceKey, title, storage: `<p>The ${WORD} of ${title}.</p>`, parentId }).id;
  ids.home = page('ENG', 'Home');
  ids.secret = page('ENG', 'Secret');
  ids.child = page('ENG', 'Secret child', ids.secret);
  ids.grandchild = page('ENG', 'Secret grandchild', ids.child);
  ids.emptied = page('ENG', 'Emptied restriction');
  ids.pub = page('PUB', 'Public home');
  ids.pubDesign = page('PUB', 'Design only');
  w.content(ids.secret).readRestriction = { users: ['erin'], groups: ['dba'] };
  w.content(ids.grandchild).readRestriction = { users: ['bob', 'erin'], groups: [] };
  w.content(ids.emptied).readRestriction = { users: [], groups: [] };
  w.content(ids.pubDesign).readRestriction = { users: [], groups: ['design'] };
  app = await startTestApp(connectorEnv(fake));
  owner = await newAdmin(app, 'Olivia');
  for (const name of USERS) {
    const member = await addMember(app, owner, ['customer_facing'], name);
    const [principal] = [...fake.principalsOf(name)];
    await linkAccount(app, member, 'atlassian', principal!.slice('user:'.length));
    people.push({ name, account: member });
  }
  people.push({
    name: 'unlinked',
    account: await addMember(app, owner, ['customer_facing'], 'Una'),
  });
  const row = await connect(app, owner, 'confluence', {
    domain: fake.url,
    username: EMAIL,
    password: TOKEN,
    spacekey: 'ENG, PUB',
  });
  sourceId = row.id;
  expect(row.status, row.last_error ?? '').toBe('idle');
}, 60_000);

afterAll(async () => {
  await app?.stop();
  await fake?.close();
});

describe('Confluence permissions mirrored', () => {
  it('each member finds the pages Confluence lets them read, restricted ancestors included', async () => {
    const found = await check('after the first sync');
    const page = (name: string) => `page:${ids[name]}`;
    // Erin reads the secret page and its descendants; Alice reads the space but not them.
    expect(found.get('erin')).toContain(page('grandchild'));
    expect(found.get('alice')).not.toContain(page('child'));
    // Bob is in dba's parent group: the secret page is not his, so neither is its grandchild.
    expect(found.get('bob')).not.toContain(page('grandchild'));
    expect(found.get('unlinked')).toEqual([page('pub')]);
  });

  it('follows each change after one permission sync', async () => {
    const w = fake.world;
    const changes: [string, () => void][] = [
      ['bob added to dba', () => w.groups.get('dba')!.users.push('bob')],
      [
        'design’s space grant revoked',
        () => (w.space('ENG').permissions['read/space']!.groups = ['eng']),
      ],
      ['home moved under the secret page', () => (w.content(ids.home!).parentId = ids.secret!)],
      ['carol removed from dba', () => (w.groups.get('dba')!.users = ['bob'])],
      ['a page deleted', () => fake.trashPage(ids.child!)],
    ];
    for (const [label, change] of changes) {
      change();
      await permissionSync(app, sourceId);
      await check(label);
    }
  });
});
