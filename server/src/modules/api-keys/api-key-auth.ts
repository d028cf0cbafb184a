import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { hashToken } from '../../security/app-keys.js';
import { permissionsFor, type Permission } from '../identity/permissions.js';
import type { Viewer } from '../identity/viewer.js';
import { ApiKey } from './api-key.entity.js';

/** Every key begins so: a key is told from a session token, and a leaked one is recognisable. */
export const API_KEY_PREFIX = 'lumen_';
/** Characters of the secret kept in clear to tell keys apart (the prefix and 6 random ones). */
const VISIBLE = API_KEY_PREFIX.length + 6;
/** `last_used_at` is written at most this often per key: a busy key costs no write per call. */
const LAST_USED_EVERY_MS = 60_000;

export function isApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

/** A new secret (256 random bits), its stored hash and its visible prefix. */
export function newApiKeySecret(tokenHashKey: Buffer) {
  const secret = API_KEY_PREFIX + randomBytes(32).toString('base64url');
  return { secret, secretHash: hashToken(tokenHashKey, secret), prefix: secret.slice(0, VISIBLE) };
}

/**
 * The viewer an API key acts as: its creator, with the key's permissions that the creator still
 * has. One indexed query, like a session token's: revoked, expired or orphaned keys are refused
 * on every instance at once, with no cache to go stale.
 */
export async function authenticateApiKey(
  db: DataSource,
  tokenHashKey: Buffer,
  secret: string,
): Promise<Viewer | null> {
  const key = await db
    .getRepository(ApiKey)
    .createQueryBuilder('k')
    .innerJoinAndSelect('k.user', 'u')
    .where('k.secret_hash = :hash', { hash: hashToken(tokenHashKey, secret) })
    .andWhere('k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > now())')
    .getOne();
  const user = key?.user;
  // A deactivated creator's keys act for no one (deactivation revokes them too).
  if (!key || !user || user.deactivatedAt || user.workspaceId !== key.workspaceId) return null;
  if (!key.lastUsedAt || Date.now() - key.lastUsedAt.getTime() > LAST_USED_EVERY_MS)
    void db
      .query(
        `UPDATE api_keys SET last_used_at = now() WHERE id = $1
           AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
        [key.id],
      )
      .catch(() => undefined); // bookkeeping only: never fails the call
  const current = permissionsFor(user.roles);
  return {
    userId: user.id,
    workspaceId: user.workspaceId,
    permissions: current.filter((p) => key.permissions.includes(p)) as Permission[],
    user,
    apiKeyId: key.id,
  };
}
