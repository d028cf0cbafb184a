import type { DataSource } from 'typeorm';
import { User } from '../members/user.entity.js';
import { verifyAccessToken } from './access-token.js';
import type { Permission } from './permissions.js';

/** The verified caller of a request. Identity never comes from a path or body field. */
export interface Viewer {
  userId: string;
  workspaceId: string;
  /** From the token: role changes apply at the next refresh. */
  permissions: Permission[];
  user: User;
}

/**
 * Resolves a bearer token to its user. A token whose user is gone, or whose `ver` no longer
 * matches (password reset, removal), is refused even before it expires.
 */
export async function authenticate(
  db: DataSource,
  jwtKey: Buffer,
  token: string | undefined,
): Promise<Viewer | null> {
  if (!token) return null;
  const claims = verifyAccessToken(jwtKey, token);
  if (!claims) return null;
  const user = await db.getRepository(User).findOne({ where: { id: claims.sub } });
  if (!user || user.tokenVersion !== claims.ver || user.workspaceId !== claims.workspace)
    return null;
  return {
    userId: user.id,
    workspaceId: user.workspaceId,
    permissions: claims.permissions ?? [],
    user,
  };
}

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}
