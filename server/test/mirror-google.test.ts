import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, newAdmin, type Account } from './helpers/accounts.js';
import { googleEnv, waitForSync } from './helpers/connectors.js';
import {
  GOOGLE_MIME,
  startFakeGoogle,
  type FakeDriveGrant,
  type FakeGoogle,
} from './helpers/fake-google.js';
import { expectMirrored, linkAccount, permissionSync, type Person } from './helpers/mirror.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';

// A Google Drive connection (made through OAuth by a Workspace admin) that mirrors Drive's
// sharing, through the whole product: every member's search returns a file if and only if the
// fake's oracle says Drive lets them read it, after the sync and after each change followed by
// one permission sync. Link-only shares grant nothing; groups nest; shared drives have members.

const ADMIN = 'admin@acme.com';
const WORD = 'wombat';
const PEOPLE: Record<string, { email: string; domain: string | null }> = {
  ada: { email: 'ada@acme.com', domain: 'acme.com' },
  bob: { email: 'bob@acme.com', domain: 'acme.com' },
  cy: { email: 'cy@acme.com', domain: 'acme.com' },
  eve: { email: 'eve@gmail.com', domain: null },
};

let fake: FakeGoogle;
let app: TestApp;
let owner: Account;
let sourceId: string;
const people: Person[] = [];
const files: Record<string, string> = {};

const user = (emailAddress: string): FakeDriveGrant => ({
  type: 'user',
  emailAddress,
  role: 'reader',
});
const group = (emailAddress: string): FakeDriveGrant => ({
  type: 'group',
  emailAddress,
  role: 'reader',
});
const domain = (allowFileDiscovery: boolean): FakeDriveGrant => ({
  type: 'domain',
  domain: 'acme.com',
  role: 'reader',
  allowFileDiscovery,
});
const anyone = (allowFileDiscovery: boolean): FakeDriveGrant => ({
  type: 'anyone',
  role: 'reader',
  allowFileDiscovery,
});

function addDoc(name: string, grants: FakeDriveGrant[], at: { driveId?: string } = {}) {
  const file = fake.addFile({
    name,
    mimeType: GOOGLE_MIME.document,
    content: `The ${WORD} note called ${name}.`,
    ...at,
  });
  fake.world.grants.set(file.id, [...(fake.world.grants.get(file.id) ?? []), ...grants]);
  files[name] = file.id;
}

const emailOf = (name: string) =>
  name === 'unlinked' ? 'stranger@elsewhere.example' : PEOPLE[name]!.email;
const check = (label: string) =>
  expectMirrored(app, sourceId, people, WORD, (name, id) => fake.canRead(emailOf(name), id), label);

beforeAll(async () => {
  fake = await startFakeGoogle({ email: ADMIN });
  const { world } = fake;
  world.domains.push('acme.com');
  world.users.push(ADMIN, ...Object.values(PEOPLE).map((p) => p.email));
  world.admins.push(ADMIN);
  world.groups.set('eng@acme.com', ['bob@acme.com', 'platform@acme.com']);
  world.groups.set('platform@acme.com', ['cy@acme.com']);
  addDoc('plan', [user('Ada@Acme.com')]);
  addDoc('eng-notes', [group('eng@acme.com')]);
  addDoc('all-hands', [domain(true)]);
  addDoc('domain-link', [domain(false)]);
  addDoc('public', [anyone(true)]);
  addDoc('anyone-link', [anyone(false), user('eve@gmail.com')]);
  const driveId = fake.addDrive({ name: 'Engineering' }).id;
  world.grants.get(driveId)!.push(group('eng@acme.com'));
  addDoc('design', [], { driveId });
  app = await startTestApp(googleEnv(fake, { PUBLIC_URL: 'https://lumen.example' }));
  owner = await newAdmin(app, 'Olga');
  for (const [name, p] of Object.entries(PEOPLE)) {
    const member = await addMember(app, owner, ['customer_facing'], name);
    await linkAccount(app, member, 'google', `sub-${name}`, p.email, p.domain);
    people.push({ name, account: member });
  }
  people.push({
    name: 'unlinked',
    account: await addMember(app, owner, ['customer_facing'], 'Una'),
  });
  sourceId = await connectDrive();
}, 60_000);

afterAll(async () => {
  await app?.stop();
  await fake?.close();
});

/** The owner connects Drive through OAuth (the fake's consent page answers at once). */
async function connectDrive(): Promise<string> {
  const start = await app.rest('GET', '/api/integrations/google_docs/authorize-url', undefined, {
    token: owner.token,
  });
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const consent = await fetch(start.body.url, { redirect: 'manual' });
  const back = new URL(consent.headers.get('location')!);
  const done = await app.rest(
    'POST',
    '/api/get-access-token',
    { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
    { token: owner.token },
  );
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  const [row] = await app.sql<{ id: string }>(`SELECT id FROM sources WHERE kind = 'google_docs'`);
  const synced = await waitForSync(app, row!.id, 0);
  expect(synced.status, synced.last_error ?? '').toBe('idle');
  return row!.id;
}

describe('Google Drive permissions mirrored', () => {
  it('each member finds the files shared with them, never a link-only one', async () => {
    const found = await check('after the first sync');
    expect(found.get('ada')).toContain(`file:${files.plan}`);
    expect(found.get('cy')).toContain(`file:${files['eng-notes']}`); // through a nested group
    expect(found.get('eve')).not.toContain(`file:${files['domain-link']}`);
    expect(found.get('unlinked')).toEqual([`file:${files.public}`]);
  });

  it('follows each change after one permission sync', async () => {
    const { world } = fake;
    const changes: [string, () => void][] = [
      [
        'ada’s grant revoked',
        () =>
          world.grants.set(
            files.plan!,
            grantsOf('plan').filter((g) => g.type !== 'user' || !/ada/i.test(g.emailAddress ?? '')),
          ),
      ],
      ['cy removed from the nested group', () => world.groups.set('platform@acme.com', [])],
      [
        'all-hands made link-only',
        () =>
          world.grants.set(files['all-hands']!, [
            ...grantsOf('all-hands').filter((g) => g.type !== 'domain'),
            domain(false),
          ]),
      ],
      ['plan shared with the domain', () => world.grants.get(files.plan!)!.push(domain(true))],
      ['a file deleted', () => fake.deleteFile(files['eng-notes']!)],
    ];
    for (const [label, change] of changes) {
      change();
      await permissionSync(app, sourceId);
      await check(label);
    }
  });

  it('a connection that may not list group members still mirrors grants to people', async () => {
    world().admins.splice(0); // the connecting account is no Workspace admin any more
    await permissionSync(app, sourceId);
    const [row] = await app.sql(
      `SELECT permissions_state, permissions_error FROM sources WHERE id = $1`,
      [sourceId],
    );
    expect(row.permissions_state).toBe('ok');
    expect(row.permissions_error).toMatch(/reaches no one/);
    const found = await expectMirrored(app, sourceId, people, WORD, () => true, 'probe', false);
    // Bob read the shared drive through a group: no longer; Ada reads plan through the domain.
    expect(found.get('bob')).not.toContain(`file:${files.design}`);
    expect(found.get('ada')).toContain(`file:${files.plan}`);
  });
});

const world = () => fake.world;
const grantsOf = (name: string) => fake.world.grants.get(files[name]!)!;
