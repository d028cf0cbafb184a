import { forbidden, unauthenticated } from '../../shared/app-error.js';
import { permissionsFor, type Permission } from './permissions.js';
import type { Viewer } from './viewer.js';

/**
 * For sensitive mutations: checks the caller's roles as they are in the database now (the
 * viewer's user row is read per request), not the permissions frozen into the token, so a
 * demoted admin's still-valid token cannot act as an admin.
 */
export function requireCurrentPermission(
  viewer: Viewer | null | undefined,
  permission: Permission,
): Viewer {
  if (!viewer) throw unauthenticated();
  if (!permissionsFor(viewer.user.roles).includes(permission)) throw forbidden();
  // An API key is also held to its own permissions (already cut to the creator's current ones).
  if (viewer.apiKeyId && !viewer.permissions.includes(permission)) throw forbidden();
  return viewer;
}

/** Whether the caller holds the permission now (roles as stored, and their API key's own cut). */
export function hasCurrentPermission(
  viewer: Viewer | null | undefined,
  permission: Permission,
): boolean {
  if (!viewer || !permissionsFor(viewer.user.roles).includes(permission)) return false;
  return !viewer.apiKeyId || viewer.permissions.includes(permission);
}

/** For what only a person may do (manage keys, invite): refused to an API key. */
export function requirePersonSession(viewer: Viewer | null | undefined): Viewer {
  if (!viewer) throw unauthenticated();
  if (viewer.apiKeyId)
    throw forbidden(
      'This needs a person signed in: API keys cannot manage keys, change passwords, invite or sign in.',
    );
  return viewer;
}
