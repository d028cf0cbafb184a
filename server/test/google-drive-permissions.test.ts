import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConnectorContext } from '../src/modules/connectors/connector.js';
import { ConnectorUnavailableError } from '../src/modules/connectors/tool-failures.js';
import { ConnectorHttp } from '../src/modules/connectors/connector-http.js';
import { bearerAuth } from '../src/modules/connectors/credentials.js';
import type { GoogleDriveSettings } from '../src/modules/connectors/google-drive/drive-api.js';
import { googleDrivePermissions as reader } from '../src/modules/connectors/google-drive/drive-permissions.js';
import {
  PermissionsUnreadableError,
  accessAllows,
  type ItemAccess,
} from '../src/modules/connectors/permissions/permission-reader.js';
import { parseDocument } from '../src/parsing/index.js';
import {
  DRIVE_READONLY,
  GOOGLE_MIME,
  startFakeGoogle,
  type FakeDriveGrant,
  type FakeGoogle,
} from './helpers/fake-google.js';

// The Drive permission reader against the fake's world: for every account and file, the access
// it reads must let the account in exactly when Drive would (the fake's oracle), before and after
// each change to the world. Pages of 2 make every list page.

const ADMIN = 'admin@acme.com'; // the connection: owns My Drive files, organizes the shared drive
const ADA = 'ada@acme.com';
const BOB = 'bob@acme.com';
const CY = 'cy@acme.com';
const DEE = 'dee@acme.com';
const EVE = 'eve@gmail.com'; // outside the Workspace
const USERS = [ADMIN, ADA, BOB, CY, DEE, EVE];
const ADMIN_SCOPE = 'https://www.googleapis.com/auth/admin.directory.group.member.readonly';

let fake: FakeGoogle;
let ctx: ConnectorContext<GoogleDriveSettings>;
/** External ids by a short name. */
let files: Record<string, string>;
let driveId: string;

beforeEach(async () => {
  fake = await startFakeGoogle({ email: ADMIN, maxPageSize: 2 });
  buildWorld();
  ctx = contextFor(ADMIN);
});

afterEach(() => fake.close());

function contextFor(email: string, scope = `${DRIVE_READONLY} ${ADMIN_SCOPE}`) {
  return {
    http: new ConnectorHttp({
      label: 'Google Drive',
      auth: bearerAuth(fake.issueToken(email, scope)),
      allowPrivateHosts: true,
      retryBaseMs: 5,
    }),
    settings: { apiBase: fake.url, folderIds: [] },
    parse: parseDocument,
  };
}

const user = (emailAddress: string, role: FakeDriveGrant['role'] = 'reader'): FakeDriveGrant => ({
  type: 'user',
  emailAddress,
  role,
});
const group = (emailAddress: string, role: FakeDriveGrant['role'] = 'reader'): FakeDriveGrant => ({
  type: 'group',
  emailAddress,
  role,
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
  const file = fake.addFile({ name, mimeType: GOOGLE_MIME.document, content: name, ...at });
  fake.world.grants.set(file.id, [...(fake.world.grants.get(file.id) ?? []), ...grants]);
  files[name] = `file:${file.id}`;
  return file;
}

function buildWorld() {
  const { world } = fake;
  world.domains.push('acme.com');
  world.users.push(...USERS);
  world.admins.push(ADMIN);
  world.groups.set('eng@acme.com', [BOB, 'platform@acme.com']);
  world.groups.set('platform@acme.com', [CY, 'eng@acme.com']); // a cycle, as Google allows
  world.groups.set('sales@acme.com', ['support@acme.com', DEE, EVE]); // Eve on page 2
  world.groups.set('support@acme.com', []);
  files = {};
  // My Drive, owned by the connection.
  addDoc('plan', [user('Ada@Acme.com')]); // Drive keeps the address as typed
  addDoc('eng-notes', [group('eng@acme.com', 'writer'), user(DEE, 'commenter')]);
  addDoc('all-hands', [domain(true)]);
  addDoc('domain-link', [domain(false)]);
  addDoc('public', [anyone(true)]);
  addDoc('anyone-link', [anyone(false), user(EVE)]);
  const sales = fake.addFolder({ name: 'Sales' });
  world.grants.get(sales.id)!.push(group('sales@acme.com'));
  addDoc('pipeline', [], { parents: [sales.id] }); // readable through its folder
  // A shared drive: its members read every file in it.
  driveId = fake.addDrive({ name: 'Engineering' }).id;
  world.grants.get(driveId)!.push(group('eng@acme.com', 'writer'), user(DEE));
  addDoc('design', [], { driveId });
  addDoc('handoff', [user(EVE)], { driveId });
}

/** The (account, file) pairs where the access read and the oracle disagree. */
function mismatches(access: Map<string, ItemAccess>, members: Map<string, string[]>): string[] {
  const wrong: string[] = [];
  for (const email of USERS)
    for (const [name, id] of Object.entries(files)) {
      const allowed = accessAllows(access.get(id) ?? [], members, fake.principalsOf(email));
      if (allowed !== fake.canRead(email, id)) wrong.push(`${email} ${name}: read ${allowed}`);
    }
  return wrong;
}

/** Reads every file's access and its groups' members, and checks the iff for every pair. */
async function readAndCheck() {
  const access = await reader.itemAccess(ctx, Object.values(files));
  const groups = new Set(
    [...access.values()]
      .flat(2)
      .filter((p) => p.startsWith('group:'))
      .map((p) => p.slice('group:'.length)),
  );
  const members = await reader.groupMembers(ctx, [...groups]);
  expect(mismatches(access, members)).toEqual([]);
  return { access, members };
}

describe('Drive permission reader', () => {
  it('reads each file’s access as Drive decides it, for every account', async () => {
    const { access, members } = await readAndCheck();
    expect(access.size).toBe(Object.keys(files).length);
    expect(access.get(files.public!)).toEqual([['everyone']]);
    // Link-only shares grant nothing: only the owner and Eve's own grant remain.
    expect(access.get(files['anyone-link']!)).toEqual([[`email:${ADMIN}`, `email:${EVE}`]]);
    expect(access.get(files['domain-link']!)).toEqual([[`email:${ADMIN}`]]);
    expect(access.get(files['all-hands']!)![0]).toContain('domain:acme.com');
    expect(access.get(files.plan!)![0]).toContain(`email:${ADA}`);
    // Nested groups, through a cycle; an empty group adds no one.
    expect(new Set(members.get('eng@acme.com'))).toEqual(new Set([`email:${BOB}`, `email:${CY}`]));
    expect(new Set(members.get('sales@acme.com'))).toEqual(
      new Set([`email:${DEE}`, `email:${EVE}`]),
    );
    // The world is varied enough: both answers occur for the outsider and for an insider.
    for (const email of [EVE, ADA]) {
      const answers = Object.values(files).map((id) => fake.canRead(email, id));
      expect(answers).toContain(true);
      expect(answers).toContain(false);
    }
  });

  it('pages every list, and reads a shared drive’s members once per call', async () => {
    await readAndCheck();
    const drivePermissions = `/drive/v3/files/${driveId}/permissions`;
    expect(fake.count((r) => r.path === drivePermissions && !r.query.has('pageToken'))).toBe(1);
    expect(fake.count((r) => r.path === drivePermissions && r.query.has('pageToken'))).toBe(1);
    expect(fake.count((r) => r.path.endsWith('/members') && r.query.has('pageToken'))).toBe(1);
  });

  it('would notice a wrong access (the check can fail)', async () => {
    const { access, members } = await readAndCheck();
    access.set(files['anyone-link']!, [['everyone']]);
    access.set(files.plan!, [[`email:${ADMIN}`]]);
    expect(mismatches(access, members)).toEqual(
      expect.arrayContaining([
        `${ADA} anyone-link: read true`,
        `${DEE} anyone-link: read true`,
        `${ADA} plan: read false`,
      ]),
    );
  });

  describe('follows each change to the world', () => {
    it('a user’s grant revoked', async () => {
      expect(fake.canRead(ADA, files.plan!)).toBe(true);
      const plan = fileId('plan');
      fake.world.grants.set(
        plan,
        grantsOf(plan).filter((g) => g.type !== 'user' || g.role === 'owner'),
      );
      expect(fake.canRead(ADA, files.plan!)).toBe(false);
      await readAndCheck();
    });

    it('someone removed from a nested group', async () => {
      expect(fake.canRead(CY, files['eng-notes']!)).toBe(true);
      fake.world.groups.set('platform@acme.com', ['eng@acme.com']);
      expect(fake.canRead(CY, files['eng-notes']!)).toBe(false);
      expect(fake.canRead(CY, files.design!)).toBe(false);
      await readAndCheck();
    });

    it('a public file made link-only', async () => {
      expect(fake.canRead(EVE, files.public!)).toBe(true);
      const grant = grantsOf(fileId('public')).find((g) => g.type === 'anyone')!;
      Object.assign(grant, { allowFileDiscovery: false });
      expect(fake.canRead(EVE, files.public!)).toBe(false);
      const { access } = await readAndCheck();
      expect(access.get(files.public!)).toEqual([[`email:${ADMIN}`]]);
    });

    it('a domain grant added', async () => {
      expect(fake.canRead(BOB, files.plan!)).toBe(false);
      grantsOf(fileId('plan')).push(domain(true));
      expect(fake.canRead(BOB, files.plan!)).toBe(true);
      expect(fake.canRead(EVE, files.plan!)).toBe(false);
      await readAndCheck();
    });

    it('a shared drive member removed', async () => {
      expect(fake.canRead(BOB, files.design!)).toBe(true);
      fake.world.grants.set(
        driveId,
        grantsOf(driveId).filter((g) => g.type !== 'group'),
      );
      expect(fake.canRead(BOB, files.design!)).toBe(false);
      await readAndCheck();
    });

    it('a file deleted: left out', async () => {
      fake.deleteFile(fileId('handoff'));
      expect(fake.canRead(EVE, files.handoff!)).toBe(false);
      const { access } = await readAndCheck();
      expect(access.has(files.handoff!)).toBe(false);
      expect(access.size).toBe(Object.keys(files).length - 1);
    });
  });

  describe('fails closed', () => {
    it('a 403 on the permission endpoints: PermissionsUnreadableError, never a result', async () => {
      fake.failPermissions = 403;
      await expect(reader.itemAccess(ctx, Object.values(files))).rejects.toThrow(
        PermissionsUnreadableError,
      );
      await expect(reader.groupMembers(ctx, ['eng@acme.com'])).rejects.toThrow(
        'Group members need a Google Workspace admin to connect Drive (admin.directory.group.member.readonly)',
      );
    });

    it('a 500: an error is thrown, not a result', async () => {
      fake.failPermissions = 500;
      await expect(reader.itemAccess(ctx, [files.design!])).rejects.toThrow(
        ConnectorUnavailableError,
      );
      await expect(reader.groupMembers(ctx, ['eng@acme.com'])).rejects.toThrow(
        ConnectorUnavailableError,
      );
    });

    it('groups read by someone who is not a Workspace admin, or without the scope', async () => {
      await expect(reader.groupMembers(contextFor(ADA), ['eng@acme.com'])).rejects.toThrow(
        PermissionsUnreadableError,
      );
      await expect(
        reader.groupMembers(contextFor(ADMIN, DRIVE_READONLY), ['eng@acme.com']),
      ).rejects.toThrow(PermissionsUnreadableError);
    });

    it('leaves out files gone, trashed, unknown, unseen, or whose sharing is hidden', async () => {
      fake.trashFile(fileId('pipeline'));
      // Dee's file, shared with the connection as a reader: Drive hides its permissions.
      const hidden = addDoc('hidden', []);
      fake.world.grants.set(hidden.id, [user(DEE, 'owner'), user(ADMIN)]);
      // Shared with Dee only: the connection cannot see it at all (404).
      const unseen = addDoc('unseen', []);
      fake.world.grants.set(unseen.id, [user(DEE, 'owner')]);
      const access = await reader.itemAccess(ctx, [
        files.pipeline!,
        files.hidden!,
        files.unseen!,
        'file:doesNotExist',
        'page:123',
        files.plan!,
      ]);
      expect([...access.keys()]).toEqual([files.plan!]);
    });

    it('a group Google no longer knows has no members', async () => {
      const members = await reader.groupMembers(ctx, ['gone@acme.com', 'support@acme.com']);
      expect(members).toEqual(
        new Map([
          ['gone@acme.com', []],
          ['support@acme.com', []],
        ]),
      );
    });
  });
});
