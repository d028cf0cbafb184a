import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { hashToken, randomToken } from '../../security/app-keys.js';
import type { Logger } from '../../shared/logger.js';
import { AuthErrors } from './auth.errors.js';
import { RefreshToken } from './refresh-token.entity.js';

const DAY = 24 * 60 * 60 * 1000;
/** Without "Remember me" a session lasts a working day rather than the configured days. */
const SHORT_SESSION_MS = 12 * 60 * 60 * 1000;
/** Enough of a User-Agent to tell browsers and devices apart. */
const USER_AGENT_MAX = 300;

export interface SessionInfo {
  id: string;
  signedInAt: Date;
  lastUsedAt: Date;
  userAgent: string | null;
  expiresAt: Date;
}

/** Opaque refresh tokens: issued per sign-in, rotated on every use, reuse revokes the family. */
export class SessionTokens {
  constructor(
    private readonly db: DataSource,
    private readonly hashKey: Buffer,
    private readonly ttlDays: number,
    private readonly logger: Logger,
  ) {}

  async issue(
    userId: string,
    remember: boolean,
    familyId: string = randomUUID(),
    manager?: EntityManager,
    userAgent: string | null = null,
  ) {
    const token = randomToken();
    await (manager ?? this.db.manager).getRepository(RefreshToken).insert({
      userId,
      familyId,
      remember,
      userAgent: userAgent?.slice(0, USER_AGENT_MAX) ?? null,
      tokenHash: hashToken(this.hashKey, token),
      expiresAt: new Date(Date.now() + (remember ? this.ttlDays * DAY : SHORT_SESSION_MS)),
    });
    return token;
  }

  /** Consumes a refresh token and returns its replacement with the owner's id and session. */
  async rotate(token: string): Promise<{ userId: string; refreshToken: string; familyId: string }> {
    const outcome = await this.db.transaction(async (manager) => {
      const repo = manager.getRepository(RefreshToken);
      const row = await repo.findOne({
        where: { tokenHash: hashToken(this.hashKey, token) },
        lock: { mode: 'pessimistic_write' },
      });
      if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now())
        return { error: 'ended' as const };
      if (row.usedAt) {
        // A token that was already exchanged is being replayed: someone holds a stolen copy.
        await this.revokeFamilyWith(manager, row.familyId);
        return { error: 'reused' as const, userId: row.userId, familyId: row.familyId };
      }
      await repo.update(row.id, { usedAt: new Date() });
      const refreshToken = await this.issue(
        row.userId,
        row.remember,
        row.familyId,
        manager,
        row.userAgent,
      );
      return { userId: row.userId, refreshToken, familyId: row.familyId };
    });
    if ('error' in outcome) {
      if (outcome.error === 'reused') {
        this.logger.warn('Refresh token reuse: session family revoked', {
          userId: outcome.userId,
          familyId: outcome.familyId,
        });
      }
      throw AuthErrors.sessionExpired();
    }
    return outcome;
  }

  /** Ends the session the token belongs to (all its rotations). Unknown tokens are ignored. */
  async revoke(token: string): Promise<void> {
    const row = await this.db
      .getRepository(RefreshToken)
      .findOne({ where: { tokenHash: hashToken(this.hashKey, token) } });
    if (row) await this.revokeFamilyWith(this.db.manager, row.familyId);
  }

  /** Ends a session by its id, if it is the user's (signing out with an access token). */
  async revokeSession(userId: string, familyId: string): Promise<void> {
    await this.db.query(
      `UPDATE refresh_tokens SET revoked_at = now()
        WHERE family_id = $1 AND user_id = $2 AND revoked_at IS NULL`,
      [familyId, userId],
    );
  }

  /**
   * The user's sessions still alive (one per sign-in: a family of rotated tokens), newest use
   * first: when it began, when it was last refreshed, and from what.
   */
  async listFor(userId: string): Promise<SessionInfo[]> {
    const rows: SessionInfo[] = await this.db.query(
      `SELECT family_id AS id, min(created_at) AS "signedInAt", max(created_at) AS "lastUsedAt",
              (array_agg(user_agent ORDER BY created_at))[1] AS "userAgent",
              max(expires_at) AS "expiresAt"
         FROM refresh_tokens
        WHERE user_id = $1
        GROUP BY family_id
       HAVING bool_and(revoked_at IS NULL) AND max(expires_at) > now()
        ORDER BY max(created_at) DESC
        LIMIT 100`,
      [userId],
    );
    return rows;
  }

  /** Ends every session of the user but one (the caller's own); answers how many ended. */
  async revokeOthers(userId: string, keepFamilyId: string | null): Promise<number> {
    const [, count]: [unknown, number] = await this.db.query(
      `UPDATE refresh_tokens SET revoked_at = now()
        WHERE user_id = $1 AND revoked_at IS NULL AND family_id IS DISTINCT FROM $2`,
      [userId, keepFamilyId],
    );
    return count;
  }

  async revokeAllFor(userId: string, manager: EntityManager = this.db.manager): Promise<void> {
    await manager.query(
      `UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL`,
      [userId],
    );
  }

  private async revokeFamilyWith(manager: EntityManager, familyId: string) {
    await manager.query(
      `UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL`,
      [familyId],
    );
  }
}
