import { hasCurrentPermission } from '../identity/require-permission.js';
import type { Viewer } from '../identity/viewer.js';

/**
 * Who may do what, one line per rule: every management and write rule of the product that
 * depends on more than a permission (those are `requireCurrentPermission` and GraphQL's
 * `@Authorized`). Reading documents is not here: that is the corpus' Reader, the one
 * visibility path. Subjects are the few fields a rule reads, so this module imports no entity.
 *
 * Roles are read as stored now (a demoted admin's token cannot act as an admin), and an API
 * key is held to its own permissions too (hasCurrentPermission).
 */
export interface BotSubject {
  ownerId: string;
  privacy: string;
}
export interface SourceSubject {
  createdById: string | null;
  accessMode: string;
}
export interface PersonSubject {
  userId: unknown;
}

const admin = (v: Viewer) => hasCurrentPermission(v, 'user.write');
/** An admin by role, whatever their API key's own cut (bots were always judged so). */
const adminRole = (v: Viewer) => v.user.roles.includes('admin');

export const RULES = {
  /** See a bot (and ask it): a public bot, or one's own, or any as an admin. */
  'bot.view': (v: Viewer, bot: BotSubject) =>
    bot.privacy === 'public' || bot.ownerId === v.userId || adminRole(v),
  /** Change a bot, its sources, its share link; read its logs and reports. */
  'bot.manage': (v: Viewer, bot: BotSubject) =>
    adminRole(v) || (bot.ownerId === v.userId && hasCurrentPermission(v, 'bot.write')),
  /** Change a source's access, see who it is shared with and its permission errors. */
  'source.manage': (v: Viewer, source: SourceSubject) =>
    admin(v) || (source.createdById === v.userId && hasCurrentPermission(v, 'source.write')),
  /** Change or delete a source: any open to the workspace (with source.write), else a managed one. */
  'source.change': (v: Viewer, source: SourceSubject) =>
    source.accessMode === 'workspace'
      ? hasCurrentPermission(v, 'source.write')
      : RULES['source.manage'](v, source),
  /** Act on a person's own things by their id (the spec's /api paths that name a user id). */
  'person.self': (v: Viewer, person: PersonSubject) =>
    person.userId === undefined || person.userId === null || String(person.userId) === v.userId,
} as const;

export type Action = keyof typeof RULES;
export type SubjectOf<A extends Action> = Parameters<(typeof RULES)[A]>[1];
