import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, newAdmin, signInAs, type Account } from './helpers/accounts.js';
import {
  createUploadSource,
  gqlOk,
  RESTRICTED,
  setSourceAccess,
  uploadTextTo,
} from './helpers/access.js';
import { startTestApp, uniqueEmail, uniqueIp, type TestApp } from './helpers/test-app.js';
import { uploadFile } from './helpers/uploads.js';

/**
 * The audit events added for issue 32: sign-ins, uploads, sources created, sources attached to
 * and detached from bots; and roles recorded as people read them. Each with actor and target.
 */
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.stop();
});

interface Event {
  action: string;
  actor: { id: string | null; email: string | null } | null;
  target: { type: string; id: string; label: string | null } | null;
  ip: string | null;
  userAgent: string | null;
  details: string | null;
}

async function eventsOf(admin: Account, action: string): Promise<Event[]> {
  const data = await gqlOk(
    app,
    admin,
    `query($a: String) { auditEvents(action: $a, first: 200) {
       nodes { action actor { id email } target { type id label } ip userAgent details } } }`,
    { a: action },
  );
  return data.auditEvents.nodes;
}

const detailsOf = (e: Event | undefined) => JSON.parse(e?.details ?? 'null');

describe('audit records (issue 32)', () => {
  it('records a password sign-in with the person, their address and client', async () => {
    const admin = await newAdmin(app);
    const ip = uniqueIp();
    const res = await fetch(`${app.url}/api/signin`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Forwarded-For': ip,
        'User-Agent': 'audit-test/1.0',
      },
      body: JSON.stringify({ email: admin.email, password: 'correct horse battery' }),
    });
    expect(res.status).toBe(200);
    const signIns = await eventsOf(admin, 'auth.sign_in');
    // newAdmin signed in once, and this once.
    expect(signIns).toHaveLength(2);
    const [latest] = signIns;
    expect(latest!.actor).toEqual({ id: admin.id, email: admin.email });
    expect(latest!.target).toEqual({ type: 'user', id: admin.id, label: admin.email });
    expect(latest!.ip).toBe(ip);
    expect(latest!.userAgent).toBe('audit-test/1.0');

    // A wrong password is not a sign-in; GraphQL's signIn is one.
    await app.rest('POST', '/api/signin', { email: admin.email, password: 'wrong wrong' });
    const gql = await app.graphqlRaw(`mutation($i: SignInInput!) { signIn(input: $i) { token } }`, {
      i: { email: admin.email, password: 'correct horse battery' },
    });
    expect(gql.errors).toBeUndefined();
    expect(await eventsOf(admin, 'auth.sign_in')).toHaveLength(3);
  });

  it('records sources created and files uploaded, once each', async () => {
    const admin = await newAdmin(app);
    const sourceId = await createUploadSource(app, admin, 'Policies');
    const [created] = await eventsOf(admin, 'source.created');
    expect(created!.actor).toEqual({ id: admin.id, email: admin.email });
    expect(created!.target).toEqual({ type: 'source', id: sourceId, label: 'Policies' });
    expect(detailsOf(created)).toEqual({ kind: 'file_upload', accessMode: 'workspace' });

    const docId = await uploadTextTo(
      app,
      admin,
      sourceId,
      'leave.txt',
      'Leave is 25 days.',
      {},
      false,
    );
    const [uploaded] = await eventsOf(admin, 'document.uploaded');
    expect(uploaded!.actor).toEqual({ id: admin.id, email: admin.email });
    expect(uploaded!.target).toEqual({ type: 'document', id: docId, label: 'leave.txt' });
    expect(detailsOf(uploaded)).toMatchObject({ sourceId, fileSize: 17 });

    // Confirming the same upload again answers the same document and records nothing new.
    const { ticket, confirm } = await uploadFile(app, admin, 'travel.txt', Buffer.from('Trains.'), {
      sourceId,
    });
    expect(confirm?.status).toBe(200);
    const again = await app.rest(
      'POST',
      '/api/integrations/confirm-upload',
      { fileKey: ticket.body.fileKey },
      { token: admin.token },
    );
    expect(again.body.documentId).toBe(confirm!.body.documentId);
    expect(await eventsOf(admin, 'document.uploaded')).toHaveLength(2);

    // An upload naming no source makes the default one (once): that is a source created too.
    await uploadTextTo(app, admin, null, 'a.txt', 'First loose file.', {}, false);
    await uploadTextTo(app, admin, null, 'b.txt', 'Second loose file.', {}, false);
    const sources = await eventsOf(admin, 'source.created');
    expect(sources).toHaveLength(2);
    expect(sources[0]!.target?.label).toBe('Uploaded files');
  });

  it('records sources and documents attached to and detached from a bot', async () => {
    const admin = await newAdmin(app);
    const sourceId = await createUploadSource(app, admin, 'Handbook');
    const docId = await uploadTextTo(app, admin, sourceId, 'guide.txt', 'The guide.', {}, false);
    const bot = await gqlOk(
      app,
      admin,
      `mutation { createBot(input: { name: "Helper", description: "", model: "gpt35", language: "en", privacy: "private" }) { id } }`,
    );
    const botId = bot.createBot.id as string;
    const attach = (vars: Record<string, string>) =>
      gqlOk(
        app,
        admin,
        `mutation($b: ID!, $s: ID, $d: ID) { attachBotSource(botId: $b, sourceId: $s, documentId: $d) { id } }`,
        { b: botId, ...vars },
      );
    const bySource = await attach({ s: sourceId });
    await attach({ s: sourceId }); // already attached: nothing changes, nothing is recorded
    const byDoc = await attach({ d: docId });

    const attached = await eventsOf(admin, 'bot.source_attached');
    expect(attached).toHaveLength(2);
    const [docEvent, sourceEvent] = attached; // newest first
    expect(sourceEvent!.actor).toEqual({ id: admin.id, email: admin.email });
    expect(sourceEvent!.target).toEqual({ type: 'source', id: sourceId, label: 'Handbook' });
    expect(detailsOf(sourceEvent)).toEqual({ botId, botName: 'Helper' });
    expect(docEvent!.target).toEqual({ type: 'document', id: docId, label: 'guide.txt' });
    expect(detailsOf(docEvent)).toEqual({ botId, botName: 'Helper', sourceId });

    for (const id of [bySource.attachBotSource.id, byDoc.attachBotSource.id])
      await gqlOk(
        app,
        admin,
        `mutation($b: ID!, $id: ID!) { detachBotSource(botId: $b, id: $id) }`,
        {
          b: botId,
          id,
        },
      );
    // Detaching what is gone already records nothing.
    await gqlOk(app, admin, `mutation($b: ID!, $id: ID!) { detachBotSource(botId: $b, id: $id) }`, {
      b: botId,
      id: bySource.attachBotSource.id,
    });
    const detached = await eventsOf(admin, 'bot.source_detached');
    expect(detached.map((e) => e.target)).toEqual([
      { type: 'document', id: docId, label: 'guide.txt' },
      { type: 'source', id: sourceId, label: 'Handbook' },
    ]);
    expect(detached[0]!.actor).toEqual({ id: admin.id, email: admin.email });
  });

  it('hides an attached document’s name from an admin who may not read its source', async () => {
    const admin = await newAdmin(app);
    const owner = await addMember(app, admin, ['product_expert'], 'Olga');
    const room = await createUploadSource(app, owner, 'Deal room', RESTRICTED());
    const secret = await uploadTextTo(app, owner, room, 'secret-plan.txt', 'Plan.', {}, false);
    const bot = await gqlOk(
      app,
      owner,
      `mutation { createBot(input: { name: "Deals", description: "", model: "gpt35", language: "en", privacy: "private" }) { id } }`,
    );
    await gqlOk(
      app,
      owner,
      `mutation($b: ID!, $d: ID) { attachBotSource(botId: $b, documentId: $d) { id } }`,
      { b: bot.createBot.id, d: secret },
    );
    for (const action of ['bot.source_attached', 'document.uploaded']) {
      const [event] = await eventsOf(admin, action);
      expect(event!.actor?.id).toBe(owner.id);
      expect(event!.target).toMatchObject({
        type: 'document',
        label: 'A document you cannot open',
      });
      // Nor its id: a document the admin may not read is not confirmed to exist.
      expect(JSON.stringify(event)).not.toContain(secret);
    }
    // Granted the source, the admin sees both.
    const granted = await setSourceAccess(app, owner, room, RESTRICTED([admin.id]));
    expect(granted.errors).toBeUndefined();
    const [event] = await eventsOf(admin, 'bot.source_attached');
    expect(event!.target).toEqual({ type: 'document', id: secret, label: 'secret-plan.txt' });
  });

  it('records roles as keys in the details and as people read them in the label', async () => {
    const admin = await newAdmin(app);
    const email = uniqueEmail('rita');
    await app.rest(
      'POST',
      '/api/members/invite',
      { emails: email, roles: ['product_expert'] },
      { token: admin.token },
    );
    const [sent] = await eventsOf(admin, 'invitation.sent');
    expect(detailsOf(sent)).toEqual({ roles: ['product_expert'] });

    const member = await addMember(app, admin, ['customer_facing'], 'Mia');
    await gqlOk(
      app,
      admin,
      `mutation($id: ID!) { updateMemberRoles(userId: $id, roles: ["admin", "product_expert"]) { id } }`,
      { id: member.id },
    );
    const [changed] = await eventsOf(admin, 'member.roles_changed');
    expect(changed!.target).toEqual({
      type: 'user',
      id: member.id,
      label: `${member.email}: Admins, Product Experts`,
    });
    expect(detailsOf(changed)).toEqual({
      before: ['customer_facing'],
      after: ['admin', 'product_expert'],
    });
    // The member's own sign-in (addMember signs in) is theirs.
    const signIns = await eventsOf(admin, 'auth.sign_in');
    expect(signIns.some((e) => e.actor?.id === member.id)).toBe(true);
    await signInAs(app, member.email);
  });
});
