import type { DataSource } from 'typeorm';
import { authenticateApiKey, isApiKey } from '../api-keys/api-key-auth.js';
import { User } from '../identity/user.entity.js';
import type { Viewer } from '../identity/viewer.js';
import { verifyAccessToken } from './access-token.js';

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
