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
  return viewer;
}
