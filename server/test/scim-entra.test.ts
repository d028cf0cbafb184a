import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAdmin, type Account } from './helpers/accounts.js';
import {
  GROUP_SCHEMA,
  PATCH_OP,
  USER_SCHEMA,
  createScimToken,
  expectList,
  expectScimError,
  scim,
} from './helpers/scim.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Microsoft Entra ID's provisioning requests (its SCIM validator and the sequence in "Tutorial:
 * Develop a SCIM endpoint"), replayed in order with Entra's quirks: capitalised ops, `active` as
 * the string "False", filtered email paths, groups fetched without members, 204 group PATCHes.
 */
let app: TestApp;
let admin: Account;
let token: string;
beforeAll(async () => {
  app = await startTestApp();
  admin = await newAdmin(app, 'Ada');
  token = await createScimToken(app, admin);
}, 60_000);
afterAll(async () => {
  await app?.stop();
});

const entra = (method: string, path: string, body?: unknown) =>
  scim(app, token, method, path, body);
const q = (filter: string) => encodeURIComponent(filter);
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';

describe('Entra ID provisioning sequence', () => {
  const run = randomUUID();
  const userName = `Test_User_${run}@contoso.com`;
  const externalId = randomUUID();
  let userId: string;
  let secondId: string;
  let groupId: string;

  it('Test Connection: a filter on a random GUID answers 200 with an empty list', async () => {
    const res = await entra('GET', `/Users?filter=${q(`userName eq "${randomUUID()}"`)}`);
    expect(expectList(res, 0)).toEqual([]);
  });

  it('reads /Schemas when the configuration is saved', async () => {
    const res = await entra('GET', '/Schemas');
    const [user] = expectList(res, 2);
    expect(user.attributes.map((a: { name: string }) => a.name)).toContain('userName');
  });

  it('looks the user up, then creates it (enterprise extension, roles and a second address ignored)', async () => {
    const lookup = await entra('GET', `/Users?filter=${q(`userName eq "${userName}"`)}`);
    expectList(lookup, 0);
    const res = await entra('POST', '/Users', {
      schemas: [USER_SCHEMA, ENTERPRISE],
      externalId,
      userName,
      active: true,
      emails: [{ primary: true, type: 'work', value: userName }],
      meta: { resourceType: 'User' },
      name: { formatted: 'givenName familyName', familyName: 'familyName', givenName: 'givenName' },
      roles: [],
      [ENTERPRISE]: { employeeNumber: '42', department: 'Sales' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    userId = res.body.id;
    expect(res.body).toMatchObject({
      schemas: [USER_SCHEMA],
      id: userId,
      externalId,
      userName: userName.toLowerCase(),
      active: true,
      name: { givenName: 'givenName', familyName: 'familyName' },
      emails: [{ primary: true, type: 'work', value: userName.toLowerCase() }],
      meta: { resourceType: 'User', location: `${app.config.publicUrl}/scim/v2/Users/${userId}` },
    });
  });

  it('finds the user by userName, externalId and emails[type eq "work"].value', async () => {
    for (const filter of [
      `userName eq "${userName}"`,
      `externalId eq "${externalId}"`,
      `emails[type eq "work"].value eq "${userName.toUpperCase()}"`,
      `userName eq "${userName}" and externalId eq "${externalId}"`,
    ]) {
      const res = await entra('GET', `/Users?filter=${q(filter)}`);
      expect(expectList(res, 1)[0].id, filter).toBe(userId);
    }
    const none = await entra(
      'GET',
      `/Users?filter=${q(`emails[type eq "home"].value eq "${userName}"`)}`,
    );
    expectList(none, 0);
    // A filter Lumen cannot read is a 400 invalidFilter, not an empty list.
    expectScimError(await entra('GET', `/Users?filter=${q('userName eq')}`), 400, 'invalidFilter');
  });

  it('gets the user by id; an unknown id is a 404', async () => {
    expect((await entra('GET', `/Users/${userId}`)).body.userName).toBe(userName.toLowerCase());
    expectScimError(await entra('GET', `/Users/${randomUUID()}`), 404);
  });

  it('updates multi-valued and single-valued attributes with capitalised ops', async () => {
    const updatedEmail = `updated_${run}@contoso.com`;
    const multi = await entra('PATCH', `/Users/${userId}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'Replace', path: 'emails[type eq "work"].value', value: updatedEmail },
        { op: 'Replace', path: 'name.familyName', value: 'updatedFamilyName' },
      ],
    });
    expect(multi.status, JSON.stringify(multi.body)).toBe(200);
    expect(multi.body).toMatchObject({
      id: userId,
      userName: updatedEmail,
      emails: [{ value: updatedEmail, type: 'work', primary: true }],
      name: { givenName: 'givenName', familyName: 'updatedFamilyName' },
    });

    const newName = `${randomUUID()}@testuser.com`;
    const single = await entra('PATCH', `/Users/${userId}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'Replace', path: 'userName', value: newName },
        // Attributes Lumen does not keep are accepted and ignored, so a sync never stalls.
        { op: 'Add', path: `${ENTERPRISE}:department`, value: 'Finance' },
        { op: 'Add', path: 'title', value: 'Engineer' },
        { op: 'Add', value: { 'name.givenName': 'Given', externalId } },
      ],
    });
    expect(single.status, JSON.stringify(single.body)).toBe(200);
    expect(single.body).toMatchObject({ userName: newName, name: { givenName: 'Given' } });
  });

  it('disables with active "False" and enables with "True"; inactive users are still answered', async () => {
    const off = await entra('PATCH', `/Users/${userId}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
    const listed = await entra('GET', `/Users?filter=${q(`externalId eq "${externalId}"`)}`);
    expect(expectList(listed, 1)[0].active).toBe(false);
    const on = await entra('PATCH', `/Users/${userId}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Replace', path: 'active', value: 'True' }],
    });
    expect(on.body.active).toBe(true);
    expectScimError(
      await entra('PATCH', `/Users/${userId}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'Replace', path: 'active', value: 'maybe' }],
      }),
      400,
      'invalidValue',
    );
    expectScimError(
      await entra('PATCH', `/Users/${userId}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'Move' }],
      }),
      400,
      'invalidSyntax',
    );
  });

  it('creates a group, fetched with excludedAttributes=members and by displayName eq', async () => {
    const second = await entra('POST', '/Users', {
      schemas: [USER_SCHEMA],
      userName: `second_${run}@contoso.com`,
      active: true,
      name: { givenName: 'Second', familyName: 'User' },
    });
    secondId = second.body.id;
    const displayName = `Group_${run}`;
    const lookup = await entra(
      'GET',
      `/Groups?excludedAttributes=members&filter=${q(`displayName eq "${displayName}"`)}`,
    );
    expectList(lookup, 0);
    const created = await entra('POST', '/Groups', {
      schemas: [GROUP_SCHEMA],
      externalId: randomUUID(),
      displayName,
      meta: { resourceType: 'Group' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    groupId = created.body.id;
    expect(created.body).toMatchObject({
      schemas: [GROUP_SCHEMA],
      id: groupId,
      displayName,
      members: [],
      meta: {
        resourceType: 'Group',
        location: `${app.config.publicUrl}/scim/v2/Groups/${groupId}`,
      },
    });
    expectScimError(
      await entra('POST', '/Groups', {
        schemas: [GROUP_SCHEMA],
        displayName: displayName.toUpperCase(),
      }),
      409,
      'uniqueness',
    );

    const got = await entra('GET', `/Groups/${groupId}?excludedAttributes=members`);
    expect(got.status).toBe(200);
    expect(got.body.displayName).toBe(displayName);
    expect(got.body.members).toBeUndefined();
    const byName = await entra(
      'GET',
      `/Groups?excludedAttributes=members&filter=${q(`displayName eq "${displayName}"`)}`,
    );
    const [found] = expectList(byName, 1);
    expect(found.id).toBe(groupId);
    expect(found.members).toBeUndefined();
    expectScimError(await entra('GET', `/Groups/${randomUUID()}`), 404);
  });

  it('renames the group and adds and removes members in both forms, answering 204', async () => {
    const rename = await entra('PATCH', `/Groups/${groupId}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Replace', path: 'displayName', value: `${run}updatedDisplayName` }],
    });
    expect(rename.status).toBe(204);
    expect(rename.body).toBeNull();

    const add = await entra('PATCH', `/Groups/${groupId}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'Add', path: 'members', value: [{ $ref: null, value: userId }] },
        { op: 'Add', path: 'members', value: [{ $ref: null, value: secondId }] },
      ],
    });
    expect(add.status).toBe(204);
    const full = await entra('GET', `/Groups/${groupId}`);
    expect(full.body.displayName).toBe(`${run}updatedDisplayName`);
    expect(full.body.members.map((m: { value: string }) => m.value).sort()).toEqual(
      [userId, secondId].sort(),
    );
    const withMember = await entra('GET', `/Groups?filter=${q(`members.value eq "${secondId}"`)}`);
    expect(expectList(withMember, 1)[0].id).toBe(groupId);

    // Remove with a value list (Entra's default form)…
    const removeList = await entra('PATCH', `/Groups/${groupId}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Remove', path: 'members', value: [{ $ref: null, value: userId }] }],
    });
    expect(removeList.status).toBe(204);
    expect((await entra('GET', `/Groups/${groupId}`)).body.members).toEqual([
      expect.objectContaining({ value: secondId }),
    ]);
    // …and with a filtered path (the aadOptscim062020 form).
    const removeFilter = await entra('PATCH', `/Groups/${groupId}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Remove', path: `members[value eq "${secondId}"]` }],
    });
    expect(removeFilter.status).toBe(204);
    expect((await entra('GET', `/Groups/${groupId}`)).body.members).toEqual([]);

    expectScimError(
      await entra('PATCH', `/Groups/${groupId}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'Add', path: 'members', value: [{ value: randomUUID() }] }],
      }),
      400,
      'invalidValue',
    );
  });

  it('deletes the user and the group (204), then answers 404', async () => {
    expect((await entra('DELETE', `/Users/${userId}`)).status).toBe(204);
    expectScimError(await entra('GET', `/Users/${userId}`), 404);
    expect((await entra('DELETE', `/Groups/${groupId}`)).status).toBe(204);
    expectScimError(await entra('GET', `/Groups/${groupId}`), 404);
    expectScimError(await entra('DELETE', `/Groups/${groupId}`), 404);

    // Every change is in the audit log, done by SCIM (no person).
    const events: { action: string; actor_id: string | null; actor_email: string }[] =
      await app.sql(
        `SELECT action, actor_id, actor_email FROM audit_events
        WHERE workspace_id = $1 AND action LIKE 'scim.%' AND target_id = ANY($2)`,
        [admin.workspaceId, [userId, groupId]],
      );
    expect(new Set(events.map((e) => e.action))).toEqual(
      new Set([
        'scim.user_created',
        'scim.user_updated',
        'scim.user_deactivated',
        'scim.user_reactivated',
        'scim.user_deleted',
        'scim.group_created',
        'scim.group_updated',
        'scim.group_deleted',
      ]),
    );
    expect(events.every((e) => e.actor_id === null && e.actor_email === 'SCIM')).toBe(true);
  });

  it('accepts a plain application/json body too', async () => {
    const res = await scim(
      app,
      token,
      'POST',
      '/Users',
      { userName: `json_${run}@contoso.com` },
      { contentType: 'application/json' },
    );
    expect(res.status).toBe(201);
    expectScimError(
      await scim(app, token, 'POST', '/Users', undefined, { raw: '{"userName":' }),
      400,
      'invalidSyntax',
    );
    expectScimError(
      await entra('POST', '/Users', { userName: 'not-an-address' }),
      400,
      'invalidValue',
    );
  });
});
