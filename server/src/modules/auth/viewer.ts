import type { DataSource } from 'typeorm';
import { authenticateApiKey, isApiKey } from '../api-keys/api-key-auth.js';
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
  /** The session the access token belongs to (absent in tokens issued before sessions had ids). */
  sessionId?: string;
  /** Set when the caller is an API key acting for `user` (see modules/api-keys). */
  apiKeyId?: string;
  /** Where the request came from, for the audit log. */
  client?: { ip: string | null; userAgent: string | null };
}

/**
 * Resolves a bearer token (a session's access token, or an API key) to its caller. An access
 * token is resolved to its user. A token whose user is gone, whose `ver` no longer
 * matches (password reset, removal), or whose session was signed out is refused even before it
 * expires. The session check rides in the same query as the user (no extra round trip).
 */
export async function authenticate(
  db: DataSource,
  keys: { jwt: Buffer; tokenHash: Buffer },
  token: string | undefined,
): Promise<Viewer | null> {
  if (!token) return null;
  if (isApiKey(token)) return authenticateApiKey(db, keys.tokenHash, token);
  const claims = verifyAccessToken(keys.jwt, token);
  if (!claims) return null;
  const query = db
    .getRepository(User)
    .createQueryBuilder('u')
    .where('u.id = :id', { id: claims.sub });
  if (claims.sid)
    query.andWhere(
      'EXISTS (SELECT 1 FROM refresh_tokens r WHERE r.family_id = :sid AND r.revoked_at IS NULL)',
      { sid: claims.sid },
    );
  const user = await query.getOne();
  if (
    !user ||
    user.deactivatedAt ||
    user.tokenVersion !== claims.ver ||
    user.workspaceId !== claims.workspace
  )
    return null;
  return {
    userId: user.id,
    workspaceId: user.workspaceId,
    permissions: claims.permissions ?? [],
    user,
    sessionId: claims.sid,
  };
}

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}
