import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, startTestApp, type TestApp } from './helpers/test-app.js';
import { addMember, inviteToken, newAdmin, signInAs, type Account } from './helpers/accounts.js';
import {
  RESTRICTED,
  SOURCE_FIELDS,
  WORKSPACE,
  codeOf,
  createGroup,
  createUploadSource,
  deleteGroup,
  gqlOk,
  removeMember,
  searchIds,
  setSourceAccess,
  updateGroup,
  uploadTextTo,
} from './helpers/access.js';

let app: TestApp;
let admin: Account;
/** A product expert: owns the sources below (source.write, no user.write). */
let owner: Account;
let m1: Account;
let m2: Account;
let outsider: Account;
/** Admin of another workspace. */
let stranger: Account;

beforeAll(async () => {
  app = await startTestApp({ DATA_DIR: `/tmp/lumen-test-access-${process.pid}` });
  admin = await newAdmin(app, 'Ada');
  owner = await addMember(app, admin, ['product_expert'], 'Olga');
  m1 = await addMember(app, admin, ['customer_facing'], 'Mia');
  m2 = await addMember(app, admin, ['customer_facing'], 'Max');
  outsider = await addMember(app, admin, ['product_expert'], 'Otto');
  stranger = await newAdmin(app, 'Sam');
}, 90_000);
afterAll(async () => {
  await app?.stop();
});

const GROUPS = `{ groups { id name memberCount members { id email } } }`;
const groupNames = async (who: Account) =>
  (await gqlOk(app, who, GROUPS)).groups.map((g: { name: string }) => g.name) as string[];
const sourceOf = async (who: Account, id: string) =>
  app.graphqlRaw(
    `query($id: ID!) { source(id: $id) { ${SOURCE_FIELDS} documentPage { nodes { id title } } } }`,
    { id },
    who.token,
  );
const sourceIds = async (who: Account) =>
  (await gqlOk(app, who, `{ sources { id } }`)).sources.map((s: { id: string }) => s.id);
const docRead = (who: Account, id: string) =>
  app.graphqlRaw(`query($id: ID!) { document(id: $id) { id title } }`, { id }, who.token);
const contentRead = (who: Account, id: string) =>
  app.graphqlRaw(
    `query($id: ID!) { documentContent(id: $id) { document { id } passages { text } } }`,
    { id },
    who.token,
  );
const fileOf = (who: Account, id: string) =>
  app.rest('GET', `/api/documents/${id}/file`, undefined, { token: who.token });
async function auditOf(action: string) {
  const data = await gqlOk(
    app,
    admin,
    `query($a: String) { auditEvents(action: $a, first: 50) { nodes { action actor { id } target { type id label } details } } }`,
    { a: action },
  );
  return data.auditEvents.nodes as {
    action: string;
    actor: { id: string } | null;
    target: { type: string; id: string; label: string | null } | null;
    details: string | null;
  }[];
}

/** Invites this exact address (a former member's, say) and signs the new account in. */
async function inviteEmail(email: string, roles = ['customer_facing']): Promise<Account> {
  const invite = await app.rest(
    'POST',
    '/api/members/invite',
    { emails: email, roles },
    { token: admin.token },
  );
  expect(invite.status).toBe(200);
  expect(invite.body.invited, JSON.stringify(invite.body)).toHaveLength(1);
  const token = await inviteToken(app, email);
  const accept = await app.graphqlRaw(
    `mutation($i: AcceptInvitationInput!) { acceptInvitation(input: $i) }`,
    { i: { token, firstName: 'Again', lastName: 'Member', password: GOOD_PASSWORD } },
  );
  expect(accept.errors).toBeUndefined();
  return signInAs(app, email);
}

describe('groups', () => {
  it('admins create, rename, refill and delete them; members see only the groups they are in', async () => {
    const financeId = await createGroup(app, admin, 'Finance', [m2.id, m1.id]);
    const all = (await gqlOk(app, admin, GROUPS)).groups;
    const finance = all.find((g: { id: string }) => g.id === financeId);
    expect(finance.memberCount).toBe(2);
    expect(finance.members.map((u: { email: string }) => u.email)).toEqual(
      [m1.email, m2.email].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );

    // Names are unique in the workspace, folded for case and spaces.
    const clash = await app.graphqlRaw(
      `mutation { createGroup(input: { name: "  finance ", memberIds: [] }) { id } }`,
      {},
      admin.token,
    );
    expect(codeOf(clash)).toBe('GROUP_NAME_TAKEN');
    // Another workspace may use the name.
    await createGroup(app, stranger, 'Finance', []);

    const legalId = await createGroup(app, admin, 'Legal', [m2.id]);
    expect(await groupNames(m1)).toEqual(['Finance']);
    expect(await groupNames(m2)).toEqual(['Finance', 'Legal']);
    expect(await groupNames(outsider)).toEqual([]);
    expect(await groupNames(owner)).toEqual([]);
    expect(await groupNames(admin)).toEqual(['Finance', 'Legal']);
    expect(await groupNames(stranger)).toEqual(['Finance']);

    // Only admins (user.write) manage groups: a product expert is refused, as is an API key
    // without user.write even when its creator is an admin.
    for (const [query, vars] of [
      [`mutation { createGroup(input: { name: "Mine", memberIds: [] }) { id } }`, {}],
      [
        `mutation($id: ID!) { updateGroup(id: $id, input: { name: "Mine", memberIds: [] }) { id } }`,
        { id: legalId },
      ],
      [`mutation($id: ID!) { deleteGroup(id: $id) }`, { id: legalId }],
    ] as const) {
      expect(codeOf(await app.graphqlRaw(query, vars, owner.token)), query).toBe('FORBIDDEN');
      expect(codeOf(await app.graphqlRaw(query, vars, m1.token)), query).toBe('FORBIDDEN');
    }
    const key = await gqlOk(
      app,
      admin,
      `mutation { createApiKey(input: { name: "reader", permissions: ["search.read"] }) { secret } }`,
    );
    expect(
      codeOf(
        await app.graphqlRaw(
          `mutation { createGroup(input: { name: "Keyed", memberIds: [] }) { id } }`,
          {},
          key.createApiKey.secret,
        ),
      ),
    ).toBe('FORBIDDEN');

    // Members must be members of this workspace: unknown ids and other workspaces' are refused.
    for (const bad of [randomUUID(), stranger.id, 'not-an-id']) {
      const res = await app.graphqlRaw(
        `mutation($m: [ID!]) { createGroup(input: { name: "Ops", memberIds: $m }) { id } }`,
        { m: [m1.id, bad] },
        admin.token,
      );
      expect(res.data?.createGroup, bad).toBeFalsy();
      // A malformed id is bad input like an unknown one (it names nothing to look up).
      expect(codeOf(res), bad).toBe('BAD_USER_INPUT');
    }
    expect(await groupNames(admin)).toEqual(['Finance', 'Legal']);

    // updateGroup replaces the name and the members.
    const renamed = await app.graphqlRaw(
      `mutation($id: ID!) { updateGroup(id: $id, input: { name: "FINANCE", memberIds: [] }) { id } }`,
      { id: legalId },
      admin.token,
    );
    expect(codeOf(renamed)).toBe('GROUP_NAME_TAKEN');
    const refused = await app.graphqlRaw(
      `mutation($id: ID!, $m: [ID!]) { updateGroup(id: $id, input: { name: "Legal team", memberIds: $m }) { id } }`,
      { id: legalId, m: [outsider.id, stranger.id] },
      admin.token,
    );
    expect(codeOf(refused)).toBe('BAD_USER_INPUT');
    expect(await groupNames(m2)).toEqual(['Finance', 'Legal']); // unchanged by the refusal
    expect(await updateGroup(app, admin, legalId, 'Legal team', [outsider.id])).toMatchObject({
      memberCount: 1,
    });
    expect(await groupNames(m2)).toEqual(['Finance']);
    expect(await groupNames(outsider)).toEqual(['Legal team']);

    // Another workspace's admin cannot touch it.
    const foreign = await app.graphqlRaw(
      `mutation($id: ID!) { updateGroup(id: $id, input: { name: "Mine", memberIds: [] }) { id } }`,
      { id: legalId },
      stranger.token,
    );
    expect(codeOf(foreign)).toBe('NOT_FOUND');
    expect(
      codeOf(
        await app.graphqlRaw(
          `mutation($id: ID!) { deleteGroup(id: $id) }`,
          { id: legalId },
          stranger.token,
        ),
      ),
    ).toBe('NOT_FOUND');

    await deleteGroup(app, admin, legalId);
    expect(await groupNames(outsider)).toEqual([]);
    expect(await groupNames(admin)).toEqual(['Finance']);
    expect(
      codeOf(
        await app.graphqlRaw(
          `mutation($id: ID!) { deleteGroup(id: $id) }`,
          { id: legalId },
          admin.token,
        ),
      ),
    ).toBe('NOT_FOUND');

    const created = await auditOf('group.created');
    expect(created.map((e) => e.target?.id)).toEqual(expect.arrayContaining([financeId, legalId]));
    const changed = await auditOf('group.changed');
    expect(changed[0].target?.id).toBe(legalId);
    expect(JSON.parse(changed[0].details!)).toEqual({ added: [outsider.id], removed: [m2.id] });
    expect((await auditOf('group.deleted'))[0].target).toMatchObject({
      id: legalId,
      label: 'Legal team',
    });
    await deleteGroup(app, admin, financeId);
  });
});

describe('setSourceAccess', () => {
  it('is for the owner or an admin: a chosen member is FORBIDDEN, an outsider NOT_FOUND; it is audited', async () => {
    const readers = await createGroup(app, admin, 'Readers', [m2.id]);
    // createUploadSource checks the access it is given before it creates anything.
    const before = (await app.sql(`SELECT count(*)::int AS n FROM sources`))[0].n;
    for (const access of [
      RESTRICTED([stranger.id]),
      RESTRICTED([], [randomUUID()]),
      RESTRICTED(['nope']),
    ]) {
      const res = await app.graphqlRaw(
        `mutation($i: CreateUploadSourceInput!) { createUploadSource(input: $i) { id } }`,
        { i: { name: 'Refused', description: 'x', access } },
        owner.token,
      );
      expect(res.data?.createUploadSource, JSON.stringify(access)).toBeFalsy();
      expect(codeOf(res), JSON.stringify(access)).toBe('BAD_USER_INPUT');
    }
    expect((await app.sql(`SELECT count(*)::int AS n FROM sources`))[0].n).toBe(before);

    const sourceId = await createUploadSource(
      app,
      owner,
      'Board papers',
      RESTRICTED([m1.id], [readers]),
    );
    const asOwner = await sourceOf(owner, sourceId);
    expect(asOwner.errors).toBeUndefined();
    expect(asOwner.data.source).toMatchObject({
      readable: true,
      canManageAccess: true,
      owner: { id: owner.id },
      access: {
        mode: 'RESTRICTED',
        memberCount: 1,
        groupCount: 1,
        members: [{ id: m1.id }],
        groups: [{ id: readers, name: 'Readers' }],
      },
    });
    // A chosen member reads it but sees only the counts, and may not change it.
    for (const chosen of [m1, m2]) {
      const seen = await sourceOf(chosen, sourceId);
      expect(seen.errors).toBeUndefined();
      expect(seen.data.source).toMatchObject({
        readable: true,
        canManageAccess: false,
        owner: { id: owner.id },
        access: { mode: 'RESTRICTED', memberCount: 1, groupCount: 1, members: [], groups: [] },
      });
      const change = await setSourceAccess(app, chosen, sourceId, WORKSPACE);
      expect(codeOf(change)).toBe('FORBIDDEN');
    }
    // Someone who cannot see it at all is told it does not exist, like an unknown id.
    for (const [who, id] of [
      [outsider, sourceId],
      [outsider, randomUUID()],
      [stranger, sourceId],
    ] as const) {
      expect(codeOf(await setSourceAccess(app, who, id, RESTRICTED([who.id])))).toBe('NOT_FOUND');
    }
    expect(codeOf(await sourceOf(outsider, sourceId))).toBe('NOT_FOUND');
    expect(await sourceIds(outsider)).not.toContain(sourceId);

    // Only members and groups of this workspace can be chosen; a refusal changes nothing.
    for (const input of [
      RESTRICTED([stranger.id]),
      RESTRICTED([randomUUID()]),
      RESTRICTED([], [randomUUID()]),
      RESTRICTED(['nope']),
    ]) {
      const res = await setSourceAccess(app, owner, sourceId, input);
      expect(res.data?.setSourceAccess, JSON.stringify(input)).toBeFalsy();
      expect(codeOf(res)).toBe('BAD_USER_INPUT');
    }
    expect((await sourceOf(owner, sourceId)).data.source.access.members).toEqual([{ id: m1.id }]);
    expect(await auditOf('source.access_changed')).toEqual([]);

    // The owner changes it; the answer is the source as changed.
    const changed = await setSourceAccess(app, owner, sourceId, RESTRICTED([outsider.id]));
    expect(changed.errors).toBeUndefined();
    expect(changed.data.setSourceAccess.access).toEqual({
      mode: 'RESTRICTED',
      memberCount: 1,
      groupCount: 0,
      members: [{ id: outsider.id }],
      groups: [],
    });
    expect(await sourceIds(outsider)).toContain(sourceId);
    expect(await sourceIds(m1)).not.toContain(sourceId);
    expect(await sourceIds(m2)).not.toContain(sourceId);
    // The newly chosen member may not change it either.
    expect(codeOf(await setSourceAccess(app, outsider, sourceId, WORKSPACE))).toBe('FORBIDDEN');

    // An admin may, and WORKSPACE clears the chosen lists.
    const opened = await setSourceAccess(app, admin, sourceId, {
      mode: 'WORKSPACE',
      memberIds: [m1.id],
      groupIds: [readers],
    });
    expect(opened.errors).toBeUndefined();
    expect(opened.data.setSourceAccess.access).toEqual({
      mode: 'WORKSPACE',
      memberCount: 0,
      groupCount: 0,
      members: [],
      groups: [],
    });
    for (const who of [m1, m2, outsider]) expect(await sourceIds(who)).toContain(sourceId);

    const events = await auditOf('source.access_changed');
    expect(events).toHaveLength(2);
    const [byAdmin, byOwner] = events;
    expect(byOwner).toMatchObject({
      actor: { id: owner.id },
      target: { type: 'source', id: sourceId, label: 'file_upload: Board papers' },
    });
    expect(JSON.parse(byOwner.details!)).toEqual({
      before: { mode: 'restricted', memberIds: [m1.id], groupIds: [readers] },
      after: { mode: 'restricted', memberIds: [outsider.id], groupIds: [] },
    });
    expect(byAdmin.actor?.id).toBe(admin.id);
    expect(JSON.parse(byAdmin.details!)).toEqual({
      before: { mode: 'restricted', memberIds: [outsider.id], groupIds: [] },
      after: { mode: 'workspace', memberIds: [], groupIds: [] },
    });
    await deleteGroup(app, admin, readers);
  });
});

describe('a restricted upload source', () => {
  it('is read by its owner and chosen members and groups only; to others its documents do not exist', async () => {
    const team = await createGroup(app, admin, 'Pelican team', [m2.id]);
    const sourceId = await createUploadSource(app, owner, 'Pelican', RESTRICTED([], [team]));
    const docId = await uploadTextTo(
      app,
      owner,
      sourceId,
      'pelican-brief.txt',
      'Pelican brief.\nThe pelican launch is planned for the third quarter in Lisbon.',
    );
    // Uploads into it are refused to those who cannot read it, as if it did not exist.
    const sneaky = await app.rest(
      'POST',
      '/api/integrations/get-upload-url',
      { fileName: 'x.txt', sourceId },
      { token: outsider.token },
    );
    expect(sneaky.status).toBe(404);
    expect(sneaky.body.error).toBe('NOT_FOUND');
    const replace = await app.rest(
      'POST',
      '/api/integrations/get-upload-url',
      { fileName: 'x.txt', replaceDocumentId: docId },
      { token: outsider.token },
    );
    expect(replace.status).toBe(404);

    for (const reader of [owner, m2]) {
      expect(await searchIds(app, reader, 'pelican launch')).toContain(docId);
      expect((await docRead(reader, docId)).data.document.id).toBe(docId);
      expect((await contentRead(reader, docId)).data.documentContent.passages[0].text).toMatch(
        /Lisbon/,
      );
      expect((await fileOf(reader, docId)).status).toBe(200);
    }
    for (const other of [m1, outsider]) {
      expect(await searchIds(app, other, 'pelican launch')).toEqual([]);
      expect(codeOf(await docRead(other, docId))).toBe('NOT_FOUND');
      expect(codeOf(await contentRead(other, docId))).toBe('NOT_FOUND');
      const file = await fileOf(other, docId);
      expect(file.status).toBe(404);
      expect(file.body.error).toBe('NOT_FOUND');
      const byId = await gqlOk(
        app,
        other,
        `query($ids: [ID!]!) { documentsById(ids: $ids) { id } }`,
        {
          ids: [docId],
        },
      );
      expect(byId.documentsById).toEqual([]);
      const answer = await app.rest(
        'POST',
        '/api/ask',
        { question: 'When is the pelican launch planned?' },
        { token: other.token },
      );
      expect(answer.status).toBe(200);
      expect(JSON.stringify(answer.body)).not.toMatch(/Lisbon|pelican-brief/);
      expect(await sourceIds(other)).not.toContain(sourceId);
    }
    await deleteGroup(app, admin, team);
  });
});

describe('access changes take effect on the next request', () => {
  it('leaving a group, a deleted group, a member removed, a source opened and closed', async () => {
    const m3 = await addMember(app, admin, ['customer_facing'], 'Nia');
    const herons = await createGroup(app, admin, 'Heron watchers', [m1.id, m2.id]);
    const heronSource = await createUploadSource(app, owner, 'Herons', RESTRICTED([], [herons]));
    const heron = await uploadTextTo(
      app,
      owner,
      heronSource,
      'heron.txt',
      'Heron census.\nThe grey heron colony nests on the north marsh every spring.',
    );
    const egretSource = await createUploadSource(app, owner, 'Egrets', RESTRICTED([m3.id]));
    const egret = await uploadTextTo(
      app,
      owner,
      egretSource,
      'egret.txt',
      'Egret census.\nThe little egret roosts in the willow carr beside the estuary.',
    );
    expect(await searchIds(app, m1, 'heron colony')).toEqual([heron]);
    expect(await searchIds(app, m2, 'heron colony')).toEqual([heron]);
    expect(await searchIds(app, m3, 'egret roosts')).toEqual([egret]);

    // Removed from the group: the very next search misses it; the others still read it.
    await updateGroup(app, admin, herons, 'Heron watchers', [m2.id]);
    expect(await searchIds(app, m1, 'heron colony')).toEqual([]);
    expect(await searchIds(app, m2, 'heron colony')).toEqual([heron]);
    // Back in: read again.
    await updateGroup(app, admin, herons, 'Heron watchers', [m1.id, m2.id]);
    expect(await searchIds(app, m1, 'heron colony')).toEqual([heron]);

    // The group deleted: nobody reads through it, and the source no longer names it.
    await deleteGroup(app, admin, herons);
    expect(await searchIds(app, m1, 'heron colony')).toEqual([]);
    expect(await searchIds(app, m2, 'heron colony')).toEqual([]);
    expect(await searchIds(app, owner, 'heron colony')).toEqual([heron]);
    const heronAccess = (await sourceOf(owner, heronSource)).data.source.access;
    expect(heronAccess).toMatchObject({ mode: 'RESTRICTED', groupCount: 0, groups: [] });

    // A chosen member removed from the workspace: their token stops working, their grant goes,
    // and an account made again for the same address reads nothing it did not get.
    await removeMember(app, admin, m3.id);
    const gone = await app.graphqlRaw(
      `{ searchDocuments(query: "egret roosts") { hits { documentId } } }`,
      {},
      m3.token,
    );
    expect(gone.data?.searchDocuments).toBeFalsy();
    expect(codeOf(gone)).toBe('UNAUTHENTICATED');
    expect((await sourceOf(owner, egretSource)).data.source.access).toMatchObject({
      memberCount: 0,
      members: [],
    });
    const again = await inviteEmail(m3.email);
    expect(again.id).not.toBe(m3.id);
    expect(await searchIds(app, again, 'egret roosts')).toEqual([]);
    expect(codeOf(await docRead(again, egret))).toBe('NOT_FOUND');

    // Opened to the workspace: the next request reads it; closed again: the next one does not.
    expect(await searchIds(app, outsider, 'egret roosts')).toEqual([]);
    expect((await setSourceAccess(app, owner, egretSource, WORKSPACE)).errors).toBeUndefined();
    expect(await searchIds(app, outsider, 'egret roosts')).toEqual([egret]);
    expect(await searchIds(app, again, 'egret roosts')).toEqual([egret]);
    expect((await setSourceAccess(app, owner, egretSource, RESTRICTED())).errors).toBeUndefined();
    expect(await searchIds(app, outsider, 'egret roosts')).toEqual([]);
    expect(await searchIds(app, again, 'egret roosts')).toEqual([]);
    expect(await searchIds(app, owner, 'egret roosts')).toEqual([egret]);
  });
});

describe('admins', () => {
  it('see a restricted source’s row and counts but not its documents until they grant themselves (audited)', async () => {
    const sourceId = await createUploadSource(app, owner, 'Osprey', RESTRICTED());
    const docId = await uploadTextTo(
      app,
      owner,
      sourceId,
      'osprey.txt',
      'Osprey nest.\nThe osprey platform on the reservoir was rebuilt after the storm.',
    );
    const row = async () => {
      const all = await gqlOk(
        app,
        admin,
        `{ sources { ${SOURCE_FIELDS} documentPage { nodes { id } } documents { id } } }`,
      );
      return all.sources.find((s: { id: string }) => s.id === sourceId);
    };
    const seen = await row();
    expect(seen).toMatchObject({
      name: 'Osprey',
      readable: false,
      canManageAccess: true,
      documentCount: 1,
      indexedCount: 1,
      owner: { id: owner.id },
      access: { mode: 'RESTRICTED', memberCount: 0, groupCount: 0, members: [], groups: [] },
      documentPage: { nodes: [] },
      documents: [],
    });
    expect(seen.chunkCount).toBeGreaterThan(0);
    const one = await sourceOf(admin, sourceId);
    expect(one.errors).toBeUndefined();
    expect(one.data.source).toMatchObject({ readable: false, documentPage: { nodes: [] } });
    expect(codeOf(await docRead(admin, docId))).toBe('NOT_FOUND');
    expect(codeOf(await contentRead(admin, docId))).toBe('NOT_FOUND');
    expect((await fileOf(admin, docId)).status).toBe(404);
    expect(await searchIds(app, admin, 'osprey platform')).toEqual([]);

    const granted = await setSourceAccess(app, admin, sourceId, RESTRICTED([admin.id]));
    expect(granted.errors).toBeUndefined();
    expect(granted.data.setSourceAccess.access.members).toEqual([{ id: admin.id }]);
    expect(await row()).toMatchObject({
      readable: true,
      documentPage: { nodes: [{ id: docId }] },
      documents: [{ id: docId }],
    });
    expect(await searchIds(app, admin, 'osprey platform')).toEqual([docId]);
    expect((await docRead(admin, docId)).data.document.id).toBe(docId);
    expect((await fileOf(admin, docId)).status).toBe(200);
    const [event] = await auditOf('source.access_changed');
    expect(event).toMatchObject({ actor: { id: admin.id }, target: { id: sourceId } });
    expect(JSON.parse(event.details!)).toEqual({
      before: { mode: 'restricted', memberIds: [], groupIds: [] },
      after: { mode: 'restricted', memberIds: [admin.id], groupIds: [] },
    });
  });

  it('setSourceAccess answers the source as changed: an admin who grants themselves reads it in that answer', async () => {
    const sourceId = await createUploadSource(app, owner, 'Harrier', RESTRICTED());
    await uploadTextTo(
      app,
      owner,
      sourceId,
      'harrier.txt',
      'Harrier roost.\nThe hen harrier roost is on the moor.',
    );
    const granted = await app.graphqlRaw(
      `mutation($s: ID!, $i: SourceAccessInput!) { setSourceAccess(sourceId: $s, input: $i) {
         readable access { members { id } } documentPage { nodes { title } } } }`,
      { s: sourceId, i: RESTRICTED([admin.id]) },
      admin.token,
    );
    expect(granted.errors).toBeUndefined();
    expect(granted.data.setSourceAccess.access.members).toEqual([{ id: admin.id }]);
    // The answer describes the source after the change, like its access fields do.
    expect(granted.data.setSourceAccess).toMatchObject({
      readable: true,
      documentPage: { nodes: [{ title: 'harrier' }] },
    });
  });

  it('a restricted source whose owner leaves is read by nobody but an admin who grants themselves', async () => {
    const leaver = await addMember(app, admin, ['product_expert'], 'Lea');
    const sourceId = await createUploadSource(app, leaver, 'Bitterns', RESTRICTED());
    const docId = await uploadTextTo(
      app,
      leaver,
      sourceId,
      'bittern.txt',
      'Bittern survey.\nThe bittern booms from the reedbed at dawn in April.',
    );
    expect(await searchIds(app, leaver, 'bittern booms')).toEqual([docId]);
    await removeMember(app, admin, leaver.id);

    for (const who of [m1, m2, outsider, owner, admin]) {
      expect(await searchIds(app, who, 'bittern booms')).toEqual([]);
      expect(codeOf(await docRead(who, docId))).toBe('NOT_FOUND');
    }
    // Nobody else manages it now: to members it does not exist.
    expect(codeOf(await setSourceAccess(app, owner, sourceId, RESTRICTED([owner.id])))).toBe(
      'NOT_FOUND',
    );
    // An account made again for the leaver's address is someone new.
    const back = await inviteEmail(leaver.email, ['product_expert']);
    expect(await searchIds(app, back, 'bittern booms')).toEqual([]);
    expect(codeOf(await sourceOf(back, sourceId))).toBe('NOT_FOUND');
    expect(codeOf(await setSourceAccess(app, back, sourceId, WORKSPACE))).toBe('NOT_FOUND');

    const asAdmin = await sourceOf(admin, sourceId);
    expect(asAdmin.errors).toBeUndefined();
    expect(asAdmin.data.source).toMatchObject({
      owner: null,
      readable: false,
      canManageAccess: true,
      documentCount: 1,
      documentPage: { nodes: [] },
    });
    expect(
      (await setSourceAccess(app, admin, sourceId, RESTRICTED([admin.id]))).errors,
    ).toBeUndefined();
    expect(await searchIds(app, admin, 'bittern booms')).toEqual([docId]);
    expect(await searchIds(app, back, 'bittern booms')).toEqual([]);
  });
});

describe('popular questions', () => {
  const popular = async (who: Account) =>
    (await gqlOk(app, who, `{ popularQuestions(first: 50) { question count } }`))
      .popularQuestions as { question: string; count: number }[];
  const ask = async (who: Account, question: string) => {
    const res = await app.rest('POST', '/api/ask', { question }, { token: who.token });
    expect(res.status).toBe(200);
    return res.body;
  };

  it('shows a question once three members asked it, never when an answer cites what the viewer cannot read', async () => {
    const open = await createUploadSource(app, admin, 'Raptors');
    await uploadTextTo(
      app,
      admin,
      open,
      'kestrel.txt',
      'Kestrel notes.\nThe kestrel hovers over the motorway verge before it drops on voles.',
    );
    const shared = 'Where does the kestrel hover?';
    await ask(m1, shared);
    await ask(m1, shared);
    await ask(m2, shared);
    // Two members, three times: still private to them.
    expect((await popular(outsider)).map((q) => q.question)).not.toContain(shared);
    await ask(owner, shared);
    expect(await popular(outsider)).toContainEqual({ question: shared, count: 4 });

    const closed = await createUploadSource(
      app,
      owner,
      'Nest sites',
      RESTRICTED([m1.id, admin.id]),
    );
    await uploadTextTo(
      app,
      owner,
      closed,
      'nest-sites.txt',
      'Nest sites.\nThe kestrel nest box sits under the eaves of the old granary.',
    );
    const secret = 'Where is the kestrel nest box?';
    for (const who of [owner, m1, admin]) {
      const answer = await ask(who, secret);
      expect(JSON.stringify(answer.answer.sources)).toContain('nest-sites');
    }
    expect(await popular(m1)).toContainEqual({ question: secret, count: 3 });
    expect((await popular(outsider)).map((q) => q.question)).not.toContain(secret);
    expect((await popular(m2)).map((q) => q.question)).not.toContain(secret);
    // Access withdrawn: the question goes from m1's list on the next request.
    expect(
      (await setSourceAccess(app, owner, closed, RESTRICTED([admin.id]))).errors,
    ).toBeUndefined();
    expect((await popular(m1)).map((q) => q.question)).not.toContain(secret);
    expect(await popular(admin)).toContainEqual({ question: secret, count: 3 });
  });
});
