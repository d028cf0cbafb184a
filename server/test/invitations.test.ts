import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, inviteToken, newAdmin, signInAs } from './helpers/accounts.js';
import { GOOD_PASSWORD, startTestApp, uniqueEmail, type TestApp } from './helpers/test-app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.stop();
});

const INVITE = `mutation($i: InviteMembersInput!) { inviteMembers(input: $i) { invited { id email roles } skipped { email reason } } }`;
const ACCEPT = `mutation($i: AcceptInvitationInput!) { acceptInvitation(input: $i) }`;
const PREVIEW = `query($t: String!) { invitation(token: $t) { email workspaceName invitedByName roles } }`;

describe('POST /api/members/invite', () => {
  it('invites valid addresses once each and says why the others were skipped', async () => {
    const admin = await newAdmin(app);
    const other = await newAdmin(app, 'Other');
    const fresh = uniqueEmail('new');
    const again = uniqueEmail('again');
    await app.rest('POST', '/api/members/invite', { emails: again }, { token: admin.token });

    const res = await app.rest(
      'POST',
      '/api/members/invite',
      {
        emails: ` ${fresh.toUpperCase()}, ${fresh};not-an-email, ${admin.email}\n${other.email}, ${again}`,
        inviteMessage: 'Welcome!',
      },
      { token: admin.token },
    );
    expect(res.status).toBe(200);
    // An address with an account in another workspace is invited like a new one: the answer
    // must not tell the inviter that it has an account.
    expect(res.body.invited.map((i: any) => i.email)).toEqual([fresh, other.email]);
    expect(res.body.invited[0].roles).toEqual(['customer_facing']);
    const reasons = Object.fromEntries(res.body.skipped.map((s: any) => [s.email, s.reason]));
    expect(reasons).toEqual({
      'not-an-email': 'INVALID_EMAIL',
      [admin.email]: 'ALREADY_MEMBER',
      [again]: 'ALREADY_INVITED',
    });
    const [mail] = await app.outbox(fresh);
    expect(mail.text).toContain('Welcome!');
    expect(mail.text).toMatch(/accept-invite\?token=/);
    // Its owner is told why joining cannot work, without a link that would fail.
    const [told] = await app.outbox(other.email);
    expect(told.text).toMatch(/already has a Lumen account in another workspace/);
    expect(told.text).not.toMatch(/accept-invite/);
  });

  it('caps the addresses per request and refuses an empty list', async () => {
    const admin = await newAdmin(app);
    const many = Array.from({ length: 51 }, (_, i) => `cap${i}.${Date.now()}@example.com`).join(
      ',',
    );
    const tooMany = await app.rest(
      'POST',
      '/api/members/invite',
      { emails: many },
      { token: admin.token },
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ error: 'BAD_USER_INPUT', field: 'emails' });
    const none = await app.rest(
      'POST',
      '/api/members/invite',
      { emails: ' , ' },
      { token: admin.token },
    );
    expect(none.status).toBe(400);
  });

  it('refuses members without user.write: 403 over REST, FORBIDDEN over GraphQL', async () => {
    const admin = await newAdmin(app);
    const member = await addMember(app, admin, ['customer_facing']);
    const rest = await app.rest(
      'POST',
      '/api/members/invite',
      { emails: uniqueEmail() },
      { token: member.token },
    );
    expect(rest.status).toBe(403);
    expect(rest.body.error).toBe('FORBIDDEN');
    const gql = await app.graphqlRaw(INVITE, { i: { emails: uniqueEmail() } }, member.token);
    expect(gql.errors?.[0].extensions.code).toBe('FORBIDDEN');
    const anonymous = await app.rest('POST', '/api/members/invite', { emails: uniqueEmail() });
    expect(anonymous.status).toBe(401);
  });

  it("a demoted admin's still-valid token cannot invite (roles re-checked in the database)", async () => {
    const admin = await newAdmin(app);
    const second = await addMember(app, admin, ['admin'], 'Second');
    const demote = await app.graphqlRaw(
      `mutation($u: ID!) { updateMemberRoles(userId: $u, roles: ["customer_facing"]) { id roles } }`,
      { u: second.id },
      admin.token,
    );
    expect(demote.errors).toBeUndefined();
    // second.token still carries user.write in its permissions claim.
    const res = await app.rest(
      'POST',
      '/api/members/invite',
      { emails: uniqueEmail() },
      { token: second.token },
    );
    expect(res.status).toBe(403);
  });
});

describe('accepting an invitation', () => {
  it('shows the workspace, then creates the account with the invited roles', async () => {
    const admin = await newAdmin(app, 'Ada');
    const email = uniqueEmail('pe');
    await app.graphqlRaw(INVITE, { i: { emails: email, roles: ['product_expert'] } }, admin.token);
    const token = await inviteToken(app, email);

    const preview = await app.graphqlRaw(PREVIEW, { t: token });
    expect(preview.data.invitation).toMatchObject({
      email,
      invitedByName: 'Ada Admin',
      roles: ['product_expert'],
    });
    expect(preview.data.invitation.workspaceName).toBe("Ada's workspace");

    const accepted = await app.graphqlRaw(ACCEPT, {
      i: { token, firstName: 'Pat', lastName: 'Expert', password: GOOD_PASSWORD },
    });
    expect(accepted.data.acceptInvitation).toBe(true);
    const member = await signInAs(app, email);
    expect(member.workspaceId).toBe(admin.workspaceId);
    const claims = JSON.parse(Buffer.from(member.token.split('.')[1], 'base64url').toString());
    expect(claims.permissions).toContain('source.write');
    expect(claims.permissions).not.toContain('user.write');

    const reuse = await app.graphqlRaw(ACCEPT, {
      i: { token, firstName: 'Eve', lastName: '', password: GOOD_PASSWORD },
    });
    expect(reuse.errors?.[0].extensions.code).toBe('INVALID_INVITATION');
  });

  it('refuses an expired, a revoked or a made-up link', async () => {
    const admin = await newAdmin(app);
    const expired = uniqueEmail('late');
    await app.rest('POST', '/api/members/invite', { emails: expired }, { token: admin.token });
    await app.sql(
      `UPDATE invitations SET expires_at = now() - interval '1 minute' WHERE email = $1`,
      [expired],
    );
    const late = await app.graphqlRaw(PREVIEW, { t: await inviteToken(app, expired) });
    expect(late.errors?.[0].extensions.code).toBe('INVALID_INVITATION');

    const revokedEmail = uniqueEmail('rev');
    const invited = await app.graphqlRaw(INVITE, { i: { emails: revokedEmail } }, admin.token);
    const id = invited.data.inviteMembers.invited[0].id;
    const revoke = await app.graphqlRaw(
      `mutation($id: ID!) { revokeInvitation(id: $id) }`,
      { id },
      admin.token,
    );
    expect(revoke.data.revokeInvitation).toBe(true);
    const revoked = await app.graphqlRaw(ACCEPT, {
      i: {
        token: await inviteToken(app, revokedEmail),
        firstName: 'R',
        lastName: '',
        password: GOOD_PASSWORD,
      },
    });
    expect(revoked.errors?.[0].extensions.code).toBe('INVALID_INVITATION');

    const madeUp = await app.graphqlRaw(PREVIEW, { t: 'not-a-real-token' });
    expect(madeUp.errors?.[0].extensions.code).toBe('INVALID_INVITATION');
  });

  it('resend replaces the link: the old one stops working, the new one works', async () => {
    const admin = await newAdmin(app);
    const email = uniqueEmail('resend');
    const invited = await app.graphqlRaw(INVITE, { i: { emails: email } }, admin.token);
    const id = invited.data.inviteMembers.invited[0].id;
    const oldToken = await inviteToken(app, email);

    const tooSoon = await app.graphqlRaw(
      `mutation($id: ID!) { resendInvitation(id: $id) { id } }`,
      { id },
      admin.token,
    );
    expect(tooSoon.errors?.[0].extensions.code).toBe('TOO_MANY_REQUESTS');
    await app.sql(
      `UPDATE invitations SET last_sent_at = now() - interval '2 minutes' WHERE id = $1`,
      [id],
    );
    const resent = await app.graphqlRaw(
      `mutation($id: ID!) { resendInvitation(id: $id) { id sendCount } }`,
      { id },
      admin.token,
    );
    expect(resent.data.resendInvitation.sendCount).toBe(2);

    const newToken = await inviteToken(app, email);
    expect(newToken).not.toBe(oldToken);
    expect((await app.graphqlRaw(PREVIEW, { t: oldToken })).errors?.[0].extensions.code).toBe(
      'INVALID_INVITATION',
    );
    expect((await app.graphqlRaw(PREVIEW, { t: newToken })).data.invitation.email).toBe(email);
  });

  it('creates a link to copy: the mailed one stops working, the copied one works', async () => {
    const admin = await newAdmin(app);
    const email = uniqueEmail('copied');
    await app.rest('POST', '/api/members/invite', { emails: email }, { token: admin.token });
    const [{ id }] = await app.sql(`SELECT id FROM invitations WHERE email = $1`, [email]);
    const mailed = await inviteToken(app, email);
    const member = await addMember(app, admin, ['customer_facing'], 'Nobody');
    const refused = await app.graphqlRaw(
      `mutation($id: ID!) { createInvitationLink(id: $id) { url } }`,
      { id },
      member.token,
    );
    expect(refused.errors?.[0].extensions.code).toBe('FORBIDDEN');

    const res = await app.graphqlRaw(
      `mutation($id: ID!) { createInvitationLink(id: $id) { url expiresAt } }`,
      { id },
      admin.token,
    );
    const url: string = res.data.createInvitationLink.url;
    expect(url).toMatch(/\/accept-invite\?token=/);
    const copied = decodeURIComponent(new URL(url).searchParams.get('token')!);
    expect(copied).not.toBe(mailed);
    expect((await app.graphqlRaw(PREVIEW, { t: mailed })).errors?.[0].extensions.code).toBe(
      'INVALID_INVITATION',
    );
    expect((await app.graphqlRaw(PREVIEW, { t: copied })).data.invitation.email).toBe(email);
    // No mail was sent for it, and it is in the audit log.
    expect(await app.outbox(email)).toHaveLength(1);
    const events = await app.sql(`SELECT action FROM audit_events WHERE target_id = $1`, [id]);
    expect(events.map((e) => e.action)).toContain('invitation.link_created');
  });

  it('applies the password rule to the invitee', async () => {
    const admin = await newAdmin(app);
    const email = uniqueEmail('weak');
    await app.rest('POST', '/api/members/invite', { emails: email }, { token: admin.token });
    const res = await app.graphqlRaw(ACCEPT, {
      i: { token: await inviteToken(app, email), firstName: 'W', lastName: '', password: 'short' },
    });
    expect(res.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    // The link survives a refused attempt.
    expect(
      (await app.graphqlRaw(PREVIEW, { t: await inviteToken(app, email) })).data.invitation.email,
    ).toBe(email);
  });
});
