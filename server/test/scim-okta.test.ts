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
 * Okta's "SCIM 2.0 SPEC Test" (the Runscope suite an OIN submission runs), replayed request by
 * request against the real server, then Okta's CRUD sequence and its group push.
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

const okta = (method: string, path: string, body?: unknown) => scim(app, token, method, path, body);
const q = (filter: string) => encodeURIComponent(filter);

/** The body Okta's suite posts (with the password Okta always sends, which must be ignored). */
function oktaUser(n: string) {
  return {
    schemas: [USER_SCHEMA],
    userName: `Runscope${n}Test@atko.com`,
    name: { givenName: `Runscope${n}`, familyName: 'Test' },
    emails: [{ primary: true, value: `Runscope${n}Test@atko.com`, type: 'work' }],
    displayName: `Runscope${n} Test`,
    locale: 'en-US',
    externalId: `00ujl29u0le5T6Aj${n}`,
    groups: [],
    password: '1mz050nq',
    active: true,
  };
}

describe('Okta SCIM 2.0 SPEC test', () => {
  let createdId: string;
  const n = String(Date.now() % 100000);

  it('R1: lists one user with numeric paging fields and a complete first resource', async () => {
    const res = await okta('GET', '/Users?count=1&startIndex=1');
    const [first] = expectList(res, 1, 1);
    expect(res.body.itemsPerPage).toBe(1);
    expect(first.schemas).toEqual([USER_SCHEMA]);
    expect(first.id).toBe(admin.id);
    expect(first.userName).toBe(admin.email);
    expect(first.name.givenName).toBe('Ada');
    expect(first.name.familyName).toBe('Admin');
    expect(first.active).toBe(true);
    expect(first.emails[0].value).toBe(admin.email);
    expect(first.meta).toMatchObject({
      resourceType: 'User',
      location: `${app.config.publicUrl}/scim/v2/Users/${admin.id}`,
    });
    expect(Date.parse(first.meta.created)).not.toBeNaN();
    expect(Date.parse(first.meta.lastModified)).not.toBeNaN();
  });

  it('R2: gets that user by id', async () => {
    const res = await okta('GET', `/Users/${admin.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/scim\+json/);
    expect(res.body).toMatchObject({
      id: admin.id,
      userName: admin.email,
      active: true,
      name: { givenName: 'Ada', familyName: 'Admin' },
      emails: [{ value: admin.email, primary: true, type: 'work' }],
    });
  });

  it('R3 and R5: a userName filter that matches nobody answers an empty list', async () => {
    for (const name of [`${randomUUID()}@atko.com`, `${randomUUID()}@example.com`]) {
      const res = await okta(
        'GET',
        `/Users?filter=${q(`userName eq "${name}"`)}&startIndex=1&count=100`,
      );
      expect(expectList(res, 0, 1)).toEqual([]);
    }
  });

  it('R4 and R12: an unknown id answers 404 with a SCIM error', async () => {
    expectScimError(await okta('GET', `/Users/${randomUUID()}`), 404);
    expectScimError(await okta('GET', '/Users/010101'), 404);
  });

  it('R6 and R7: creates a user (201, echoes name and userName, never the password) and gets it back', async () => {
    const res = await okta('POST', '/Users', oktaUser(n));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.headers.get('content-type')).toMatch(/^application\/scim\+json/);
    createdId = res.body.id;
    expect(res.headers.get('location')).toBe(`${app.config.publicUrl}/scim/v2/Users/${createdId}`);
    expect(res.body).toMatchObject({
      schemas: [USER_SCHEMA],
      userName: `runscope${n}test@atko.com`,
      name: { givenName: `Runscope${n}`, familyName: 'Test' },
      externalId: `00ujl29u0le5T6Aj${n}`,
      active: true,
      emails: [{ value: `runscope${n}test@atko.com`, primary: true, type: 'work' }],
      meta: { resourceType: 'User' },
    });
    expect(JSON.stringify(res.body)).not.toContain('1mz050nq');
    expect(res.body.password).toBeUndefined();

    const [row] = await app.sql(
      `SELECT workspace_id, roles, password_hash, deactivated_at FROM users WHERE id = $1`,
      [createdId],
    );
    expect(row).toEqual({
      workspace_id: admin.workspaceId,
      roles: ['customer_facing'],
      password_hash: '',
      deactivated_at: null,
    });
    // The identity provider vouches for the address it provisions.
    const [verified] = await app.sql(`SELECT email_verified_at FROM users WHERE id = $1`, [
      createdId,
    ]);
    expect(verified.email_verified_at).toBeInstanceOf(Date);

    const got = await okta('GET', `/Users/${createdId}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(res.body);
  });

  it('R8: the same POST again is a 409 uniqueness conflict', async () => {
    expectScimError(await okta('POST', '/Users', oktaUser(n)), 409, 'uniqueness');
  });

  it('R9: userName matches case-insensitively', async () => {
    const res = await okta('GET', `/Users?filter=${q(`userName eq "RUNSCOPE${n}TEST@ATKO.COM"`)}`);
    const [found] = expectList(res, 1);
    expect(found.id).toBe(createdId);
  });

  it('R10: lists groups', async () => {
    const res = await okta('GET', '/Groups');
    expect(Array.isArray(expectList(res, res.body.totalResults))).toBe(true);
  });

  it('R11: a bad token is a 401 with a SCIM error body and status "401"', async () => {
    expectScimError(await scim(app, 'lumenscim_not-a-real-token', 'GET', '/Users'), 401);
    expectScimError(await scim(app, 'Bearer', 'GET', '/Users'), 401);
    expectScimError(await scim(app, null, 'GET', '/Users'), 401);
    // A person's own API key or session is not a SCIM token.
    expectScimError(await scim(app, admin.token, 'GET', '/Users'), 401);
  });
});

describe('Okta CRUD sequence', () => {
  it('creates, finds, replaces after a GET, deactivates without a path, and reactivates', async () => {
    const n = `${Date.now() % 100000}c`;
    const created = await okta('POST', '/Users', oktaUser(n));
    expect(created.status).toBe(201);
    const id = created.body.id as string;

    const found = await okta(
      'GET',
      `/Users?filter=${q(`userName eq "Runscope${n}Test@atko.com"`)}&startIndex=1&count=100`,
    );
    expect(expectList(found, 1)[0].id).toBe(id);
    const byExternal = await okta(
      'GET',
      `/Users?filter=${q(`externalId eq "00ujl29u0le5T6Aj${n}"`)}`,
    );
    expect(expectList(byExternal, 1)[0].id).toBe(id);

    // PUT of the whole object after a GET (read-modify-write), with Okta's password again.
    const got = await okta('GET', `/Users/${id}`);
    const replaced = await okta('PUT', `/Users/${id}`, {
      ...got.body,
      name: { givenName: 'Changed', familyName: 'Person' },
      password: 'again-a-password',
    });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body).toMatchObject({
      id,
      userName: got.body.userName,
      name: { givenName: 'Changed', familyName: 'Person' },
      active: true,
    });
    expect(JSON.stringify(replaced.body)).not.toContain('again-a-password');
    expect(Date.parse(replaced.body.meta.lastModified)).toBeGreaterThanOrEqual(
      Date.parse(got.body.meta.lastModified),
    );

    // Okta deprovisions with a path-less replace whose value carries active: false.
    const off = await okta('PATCH', `/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', value: { active: false } }],
    });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ id, active: false });
    // Inactive users are still fetched and listed.
    expect((await okta('GET', `/Users/${id}`)).body.active).toBe(false);
    const inactive = await okta('GET', `/Users?filter=${q(`userName eq "${got.body.userName}"`)}`);
    expect(expectList(inactive, 1)[0].active).toBe(false);

    // Okta also sends id and schemas inside the value object; they are ignored.
    const on = await okta('PATCH', `/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', value: { id, schemas: [USER_SCHEMA], active: true } }],
    });
    expect(on.status).toBe(200);
    expect(on.body.active).toBe(true);
    const [row] = await app.sql(`SELECT deactivated_at FROM users WHERE id = $1`, [id]);
    expect(row.deactivated_at).toBeNull();

    expect((await okta('DELETE', `/Users/${id}`)).status).toBe(204);
    expectScimError(await okta('GET', `/Users/${id}`), 404);
    expectScimError(await okta('DELETE', `/Users/${id}`), 404);
  });

  it('reads the discovery endpoints', async () => {
    const config = await okta('GET', '/ServiceProviderConfig');
    expect(config.status).toBe(200);
    expect(config.body).toMatchObject({
      patch: { supported: true },
      bulk: { supported: false },
      filter: { supported: true, maxResults: 100 },
      authenticationSchemes: [{ type: 'oauthbearertoken' }],
    });
    const types = await okta('GET', '/ResourceTypes');
    expect(expectList(types, 2).map((t: { id: string }) => t.id)).toEqual(['User', 'Group']);
    const schemas = await okta('GET', '/Schemas');
    expect(expectList(schemas, 2).map((s: { id: string }) => s.id)).toEqual([
      USER_SCHEMA,
      GROUP_SCHEMA,
    ]);
    expect((await okta('GET', `/Schemas/${USER_SCHEMA}`)).body.name).toBe('User');
    expectScimError(await okta('GET', '/Nothing'), 404);
  });

  it('pushes a group: create, rename with id in the value, add and remove members', async () => {
    const member = (await okta('POST', '/Users', oktaUser(`${Date.now() % 100000}g`))).body;
    const created = await okta('POST', '/Groups', {
      schemas: [GROUP_SCHEMA],
      displayName: 'Okta Engineering',
      members: [],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ displayName: 'Okta Engineering', members: [] });
    const id = created.body.id as string;

    // Okta renames with a path-less replace carrying id and displayName.
    const renamed = await okta('PATCH', `/Groups/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', value: { id, displayName: 'Okta Engineers' } }],
    });
    expect(renamed.status).toBe(204);
    const add = await okta('PATCH', `/Groups/${id}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'add', path: 'members', value: [{ value: member.id, display: member.userName }] },
      ],
    });
    expect(add.status).toBe(204);
    const got = await okta('GET', `/Groups/${id}`);
    expect(got.body).toMatchObject({
      displayName: 'Okta Engineers',
      members: [{ value: member.id, display: member.userName }],
    });
    const remove = await okta('PATCH', `/Groups/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'remove', path: `members[value eq "${member.id}"]` }],
    });
    expect(remove.status).toBe(204);
    expect((await okta('GET', `/Groups/${id}`)).body.members).toEqual([]);
    // PUT replaces the whole group.
    const put = await okta('PUT', `/Groups/${id}`, {
      schemas: [GROUP_SCHEMA],
      displayName: 'Okta Engineers',
      members: [{ value: member.id }],
    });
    expect(put.status).toBe(200);
    expect(put.body.members).toHaveLength(1);
    expect((await okta('DELETE', `/Groups/${id}`)).status).toBe(204);
    expectScimError(await okta('GET', `/Groups/${id}`), 404);
  });
});
