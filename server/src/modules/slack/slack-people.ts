import type { WebClient } from '@slack/web-api';
import type { DataSource } from 'typeorm';
import { permissionsFor } from '../identity/permissions.js';
import type { Viewer } from '../identity/viewer.js';
import { User } from '../identity/user.entity.js';
import { slackCall } from './slack-client.js';

/** A Slack person as Lumen knows them: the member their verified email matches, if any. */
export interface SlackPerson {
  slackUserId: string;
  /** The matched member, acting as themselves (their access, rate and key); null: none. */
  member: Viewer | null;
  /** A member has this address but has not verified it yet: they are told how to. */
  unverified?: boolean;
}

/**
 * Looks the Slack user up (users.info) and matches their profile email, which Slack verifies,
 * to an active member of this workspace whose own address is verified; a member of another
 * workspace, a deactivated or unverified one, a bot or a person without an email matches nobody.
 */
export async function slackPerson(
  db: DataSource,
  client: WebClient,
  workspaceId: string,
  slackUserId: string,
): Promise<SlackPerson> {
  const info = await slackCall(() => client.users.info({ user: slackUserId }));
  const email = info.user?.profile?.email?.trim().toLowerCase();
  if (!email || info.user?.is_bot || info.user?.deleted) return { slackUserId, member: null };
  const user = await db
    .getRepository(User)
    .createQueryBuilder('u')
    .where('u.workspace_id = :ws AND u.email = :email AND u.deactivated_at IS NULL', {
      ws: workspaceId,
      email,
    })
    .getOne();
  if (!user) return { slackUserId, member: null };
  // Only a verified address is trusted to be the same person as Slack's.
  if (!user.emailVerifiedAt) return { slackUserId, member: null, unverified: true };
  return {
    slackUserId,
    member: {
      userId: user.id,
      workspaceId: user.workspaceId,
      permissions: permissionsFor(user.roles),
      user,
      client: { ip: null, userAgent: 'Slack' },
    },
  };
}
