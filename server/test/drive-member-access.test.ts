import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConnectorContext } from '../src/modules/connectors/connector.js';
import {
  ConnectorAuthError,
  ConnectorUnavailableError,
} from '../src/modules/connectors/tool-failures.js';
import { ConnectorHttp } from '../src/modules/connectors/connector-http.js';
import { bearerAuth } from '../src/modules/connectors/credentials.js';
import type { GoogleDriveSettings } from '../src/modules/connectors/google-drive/drive-api.js';
import { googleDriveMemberAccess as reader } from '../src/modules/connectors/google-drive/drive-member-access.js';
import {
  DRIVE_METADATA_READONLY,
  GOOGLE_MIME,
  googleError,
  startFakeGoogle,
  type FakeDriveGrant,
  type FakeGoogle,
} from './helpers/fake-google.js';

// The member fallback for Drive against the fake's world: with each person's own token, the
// files the reader finds readable must be exactly those the fake's oracle lets them read, before
// and after changes to the world. Pages hold 50 ids, so every listing pages.

const ADMIN = 'admin@acme.com'; // the connection: owns My Drive files, organizes the shared drive
const ADA = 'ada@acme.com';
const BOB = 'bob@acme.com';
const CY = 'cy@acme.com';
const DEE = 'dee@acme.com';
const EVE = 'eve@gmail.com'; // outside the Workspace
const PEOPLE = [ADMIN, ADA, BOB, CY, DEE, EVE];
const PAGE = 50;
const BULK = 270;

let fake: FakeGoogle;
/** External ids by a short name; `all` is every id of the source. */
let files: Record<string, string>;
let all: string[];
let driveId: string;
/** Whose each issued token is. */
let issued: Map<string, string>;

beforeEach(async () => {
  fake = await startFakeGoogle({ email: ADMIN, maxPageSize: PAGE });
  issued = new Map();
  buildWorld();
});

afterEach(() => fake.close());

function ctxFor(email: string, token = fake.issueToken(email, DRIVE_METADATA_READONLY)) {
  issued.set(token, email);
  return {
    http: new ConnectorHttp({
      label: 'Google Drive',
      auth: bearerAuth(token),
      allowPrivateHosts: true,
      retryBaseMs: 5,
    }),
    settings: { apiBase: fake.url, folderIds: [] },
    parse: async () => {
      throw new Error('nothing is parsed here');
    },
  } satisfies ConnectorContext<GoogleDriveSettings>;
}

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

const fileId = (name: string) => files[name]!.slice('file:'.length);
const grantsOf = (id: string) => fake.world.grants.get(id)!;

function addDoc(
  name: string,
  grants: FakeDriveGrant[],
  at: { parents?: string[]; driveId?: string } = {},
) {
  const file = fake.addFile({ name, mimeType: GOOGLE_MIME.document, ...at });
  fake.world.grants.set(file.id, [...(fake.world.grants.get(file.id) ?? []), ...grants]);
  files[name] = `file:${file.id}`;
}

function buildWorld() {
  const { world } = fake;
  world.domains.push('acme.com');
  world.users.push(...PEOPLE);
  world.groups.set('eng@acme.com', [BOB, 'platform@acme.com']);
  world.groups.set('platform@acme.com', [CY]);
  files = {};
  // My Drive, owned by the connection.
  addDoc('plan', [user('Ada@Acme.com')]);
  addDoc('eng-notes', [group('eng@acme.com')]);
  addDoc('all-hands', [domain(true)]);
  addDoc('domain-link', [domain(false)]);
  addDoc('public', [anyone(true)]);
  addDoc('anyone-link', [anyone(false), user(EVE)]);
  addDoc('private', []); // its owner only
  const sales = fake.addFolder({ name: 'Sales' });
  grantsOf(sales.id).push(user(DEE));
  addDoc('pipeline', [], { parents: [sales.id] }); // readable through its folder
  // A shared drive: its members read every file in it.
  driveId = fake.addDrive({ name: 'Engineering' }).id;
  grantsOf(driveId).push(group('eng@acme.com'), user(DEE));
  addDoc('design', [], { driveId });
  addDoc('handoff', [user(EVE)], { driveId });
  // Many more files, so every listing takes several pages.
  const spread: FakeDriveGrant[][] = [[user(ADA)], [group('eng@acme.com')], [], [user(EVE)]];
  for (let i = 0; i < BULK; i++)
    addDoc(`bulk-${i}`, spread[i % spread.length]!, i % 9 === 0 ? { driveId } : {});
  all = Object.values(files);
}

const oracle = (email: string, ids = all) => ids.filter((id) => fake.canRead(email, id));
const listings = () => fake.count({ path: '/drive/v3/files' });

async function expectOracle(ids = all) {
  for (const email of PEOPLE)
    expect([...(await reader.readableItems(ctxFor(email), ids))].sort(), email).toEqual(
      oracle(email, ids).sort(),
    );
}

describe('Drive member access', () => {
  it('finds exactly what each person may open, with their own token', async () => {
    await expectOracle();
    // The world is varied: someone sees some but not all, and each kind of share counts.
    const ada = oracle(ADA);
    expect(ada.length).toBeGreaterThan(0);
    expect(ada.length).toBeLessThan(all.length);
    expect(oracle(EVE)).toEqual(expect.arrayContaining([files.public, files.handoff]));
    expect(oracle(CY)).toEqual(expect.arrayContaining([files['eng-notes'], files.design]));
    expect(oracle(DEE)).toEqual(expect.arrayContaining([files.pipeline, files.design]));
    expect(oracle(BOB)).toContain(files['all-hands']);
    expect(PEOPLE.filter((p) => fake.canRead(p, files.private!))).toEqual([ADMIN]);
  });

  it('never grants a link-only file to whoever holds the link', async () => {
    const linkOnly = [files['anyone-link']!, files['domain-link']!];
    // Drive answers files.get by id to a link holder: that answer is no grant.
    const got = await ctxFor(ADA).http.get<{ id: string }>(
      `${fake.url}/drive/v3/files/${fileId('anyone-link')}?fields=id&supportsAllDrives=true`,
    );
    expect(got.status).toBe(200);
    for (const email of [ADA, BOB, CY, DEE]) {
      expect(linkOnly.filter((id) => fake.canRead(email, id))).toEqual([]);
      expect([...(await reader.readableItems(ctxFor(email), linkOnly))]).toEqual([]);
    }
    // Eve was granted the file itself as well; the owner owns both.
    expect([...(await reader.readableItems(ctxFor(EVE), linkOnly))]).toEqual([
      files['anyone-link'],
    ]);
    expect(new Set(await reader.readableItems(ctxFor(ADMIN), linkOnly))).toEqual(new Set(linkOnly));
  });

  it('leaves out ids it does not know, trashed and deleted files', async () => {
    fake.trashFile(fileId('plan'));
    fake.deleteFile(fileId('bulk-0'));
    const asked = [files.plan!, files['bulk-0']!, files['bulk-4']!, 'file:', 'page:1', 'file:nope'];
    expect([...(await reader.readableItems(ctxFor(ADA), asked))]).toEqual([files['bulk-4']]);
    fake.requests.length = 0;
    expect((await reader.readableItems(ctxFor(ADA), ['page:1', 'file:a/b'])).size).toBe(0);
    expect(fake.requests).toEqual([]);
  });

  describe('follows a change to the world', () => {
    const changes: [string, () => void][] = [
      [
        'a user’s grant revoked',
        () => fake.world.grants.set(fileId('plan'), grantsOf(fileId('plan')).slice(0, 1)),
      ],
      ['someone removed from a nested group', () => fake.world.groups.set('platform@acme.com', [])],
      [
        'a public file made link-only',
        () => Object.assign(grantsOf(fileId('public')).at(-1)!, { allowFileDiscovery: false }),
      ],
      [
        'a shared drive member removed',
        () => fake.world.grants.set(driveId, grantsOf(driveId).slice(0, 1)),
      ],
      ['a folder’s share removed', () => grantsOf(fake.file(fileId('pipeline')).parents[0]!).pop()],
      ['a file trashed', () => fake.trashFile(fileId('handoff'))],
    ];
    it.each(changes)('%s', async (_, change) => {
      const before = PEOPLE.map((p) => oracle(p).length);
      change();
      expect(PEOPLE.map((p) => oracle(p).length)).not.toEqual(before);
      await expectOracle();
    });
  });

  describe('cost', () => {
    it('pages the member’s listing once, however many ids are asked', async () => {
      for (const email of [ADMIN, ADA, EVE]) {
        const seen = oracle(email).length;
        const before = listings();
        await reader.readableItems(ctxFor(email), all);
        const used = listings() - before;
        // The asked ids are every file of the source: the listing runs to its end.
        expect(used, email).toBe(Math.ceil(seen / PAGE));
      }
      expect(Math.ceil(oracle(ADMIN).length / PAGE)).toBeGreaterThan(4);
      const ask = fake.requests.find((r) => r.path === '/drive/v3/files')!.query;
      expect(Object.fromEntries(ask)).toMatchObject({
        corpora: 'allDrives',
        includeItemsFromAllDrives: 'true',
        supportsAllDrives: 'true',
        fields: 'nextPageToken,incompleteSearch,files(id)',
      });
      expect(ask.get('q')).toMatch(/^trashed = false and \(mimeType = /);
      expect(fake.count({ path: /^\/drive\/v3\/files\/./ })).toBe(0); // never files.get
    });

    it('stops paging once every asked id is found', async () => {
      const before = listings();
      const found = await reader.readableItems(ctxFor(ADMIN), [files.plan!, files.private!]);
      expect(found.size).toBe(2);
      expect(listings() - before).toBe(1);
    });

    it('looks drive by drive when Drive did not search every drive', async () => {
      const second = fake.addDrive({ name: 'Sales' }).id; // Ada is no member: not listed to her
      grantsOf(second).push(user(EVE));
      addDoc('forecast', [], { driveId: second });
      all.push(files.forecast!);
      fake.searchSkipsDrives([driveId, second]);
      await expectOracle();
      // Everyone missed files in the skipped drives: each looked drive by drive, in their own.
      expect(fake.count({ path: '/drive/v3/drives' })).toBe(PEOPLE.length);
      const drivesListed = (email: string) =>
        fake.requests
          .filter((r) => r.path === '/drive/v3/files' && r.query.get('corpora') === 'drive')
          .filter((r) => issued.get(r.headers.authorization!.slice('Bearer '.length)) === email)
          .map((r) => r.query.get('driveId'));
      expect(drivesListed(ADA)).toEqual([]);
      expect(drivesListed(EVE)).toEqual([second]);
      expect(new Set(drivesListed(ADMIN))).toEqual(new Set([driveId, second]));
      fake.searchSkipsDrives([]);
      fake.requests.length = 0;
      await expectOracle();
      expect(fake.count({ path: '/drive/v3/drives' })).toBe(0);
    });
  });

  describe('fails as the member’s token does', () => {
    it('a revoked or unknown token: ConnectorAuthError', async () => {
      const ctx = ctxFor(ADA);
      fake.revokeAll();
      await expect(reader.readableItems(ctx, all)).rejects.toThrow(ConnectorAuthError);
      await expect(reader.readableItems(ctxFor(ADA, 'ya29.never-issued'), all)).rejects.toThrow(
        ConnectorAuthError,
      );
    });

    it('a token without a Drive scope: ConnectorAuthError naming the scope', async () => {
      const ctx = ctxFor(ADA, fake.issueToken(ADA, 'openid email'));
      await expect(reader.readableItems(ctx, all)).rejects.toThrow(ConnectorAuthError);
      await expect(reader.readableItems(ctx, all)).rejects.toThrow(/drive\.metadata\.readonly/);
    });

    it('Drive failing: ConnectorUnavailableError, no partial answer', async () => {
      fake.fault(
        (r) => r.path === '/drive/v3/files' && r.query.has('pageToken'),
        { status: 500, body: googleError(500, 'backendError', 'Backend Error') },
        10,
      );
      await expect(reader.readableItems(ctxFor(ADA), all)).rejects.toThrow(
        ConnectorUnavailableError,
      );
    });
  });
});
