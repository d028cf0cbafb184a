import { forbidden, unauthenticated } from '../../shared/app-error.js';
import type { Viewer } from '../identity/viewer.js';
import { RULES, type Action, type SubjectOf } from './rules.js';

export { RULES, type Action, type BotSubject, type SourceSubject } from './rules.js';

/** Whether the viewer may do `action` to `subject` (rules.ts). Nobody signed in may do nothing. */
export function can<A extends Action>(
  viewer: Viewer | null | undefined,
  action: A,
  subject: SubjectOf<A>,
): boolean {
  if (!viewer) return false;
  return (RULES[action] as (v: Viewer, s: SubjectOf<A>) => boolean)(viewer, subject);
}

/** Throws FORBIDDEN (UNAUTHENTICATED without a viewer) unless the viewer may; `message` says why. */
export function authorize<A extends Action>(
  viewer: Viewer | null | undefined,
  action: A,
  subject: SubjectOf<A>,
  message?: string,
): Viewer {
  if (!viewer) throw unauthenticated();
  if (!can(viewer, action, subject)) throw forbidden(message);
  return viewer;
}
