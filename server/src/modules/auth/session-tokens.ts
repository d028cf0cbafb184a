import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { hashToken, randomToken } from '../../security/app-keys.js';
import type { Logger } from '../../shared/logger.js';
import { AuthErrors } from './auth.errors.js';
import { RefreshToken } from './refresh-token.entity.js';

const DAY = 24 * 60 * 60 * 1000;
/** Without "Remember me" a session lasts a working day rather than the configured days. */
const SHORT_SESSION_MS = 12 * 60 * 60 * 1000;

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
  ) {
    const token = randomToken();
    await (manager ?? this.db.manager).getRepository(RefreshToken).insert({
      userId,
      familyId,
      remember,
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
      const refreshToken = await this.issue(row.userId, row.remember, row.familyId, manager);
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
