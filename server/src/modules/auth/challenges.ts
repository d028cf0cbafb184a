import { randomInt } from 'node:crypto';
import { IsNull, MoreThan, type DataSource, type EntityManager } from 'typeorm';
import { hashToken, randomToken } from '../../security/app-keys.js';
import { AuthChallenge, type ChallengeKind } from './auth-challenge.entity.js';

const MAX_CODE_ATTEMPTS = 5;
export const RESET_CODE_TTL_MINUTES = 15;
const NEW_PASSWORD_SESSION_TTL_MINUTES = 10;

/** Single-use secrets bound to one user: mailed reset codes and forced-new-password sessions. */
export class Challenges {
  constructor(
    private readonly db: DataSource,
    private readonly hashKey: Buffer,
  ) {}

  /** A 6-digit code; any earlier unused code for the user stops working. */
  async createResetCode(userId: string): Promise<string> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.db.transaction(async (m) => {
      await this.burnAll(m, userId, 'password_reset_code');
      await m.getRepository(AuthChallenge).insert({
        userId,
        kind: 'password_reset_code',
        secretHash: this.hash(userId, code),
        expiresAt: minutesFromNow(RESET_CODE_TTL_MINUTES),
      });
    });
    return code;
  }

  /** How many reset codes the user was sent in the last hour (to cap mail per address). */
  async recentResetCodes(userId: string): Promise<number> {
    return this.db.getRepository(AuthChallenge).count({
      where: {
        userId,
        kind: 'password_reset_code',
        createdAt: MoreThan(new Date(Date.now() - 3_600_000)),
      },
    });
  }

  /**
   * Checks a code and, when right, marks it used inside `manager`'s transaction. Wrong guesses
   * are counted; after five the code is burnt.
   */
  async consumeResetCode(manager: EntityManager, userId: string, code: string): Promise<boolean> {
    const repo = manager.getRepository(AuthChallenge);
    const current = await repo.findOne({
      where: {
        userId,
        kind: 'password_reset_code',
        usedAt: IsNull(),
        expiresAt: MoreThan(new Date()),
      },
      order: { createdAt: 'DESC' },
      lock: { mode: 'pessimistic_write' },
    });
    if (!current) return false;
    if (current.secretHash !== this.hash(userId, code.trim())) {
      const failedAttempts = current.failedAttempts + 1;
      await repo.update(current.id, {
        failedAttempts,
        usedAt: failedAttempts >= MAX_CODE_ATTEMPTS ? new Date() : null,
      });
      return false;
    }
    await repo.update(current.id, { usedAt: new Date() });
    return true;
  }

  async createNewPasswordSession(userId: string): Promise<string> {
    const session = randomToken();
    await this.db.transaction(async (m) => {
      await this.burnAll(m, userId, 'new_password_session');
      await m.getRepository(AuthChallenge).insert({
        userId,
        kind: 'new_password_session',
        secretHash: this.hash(userId, session),
        expiresAt: minutesFromNow(NEW_PASSWORD_SESSION_TTL_MINUTES),
      });
    });
    return session;
  }

  async consumeNewPasswordSession(
    manager: EntityManager,
    userId: string,
    session: string,
  ): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .update(AuthChallenge)
      .set({ usedAt: () => 'now()' })
      .where(
        'user_id = :userId AND kind = :kind AND secret_hash = :hash AND used_at IS NULL AND expires_at > now()',
        {
          userId,
          kind: 'new_password_session',
          hash: this.hash(userId, session),
        },
      )
      .execute();
    return (result.affected ?? 0) > 0;
  }

  private burnAll(m: EntityManager, userId: string, kind: ChallengeKind) {
    return m
      .getRepository(AuthChallenge)
      .update({ userId, kind, usedAt: IsNull() }, { usedAt: new Date() });
  }

  private hash(userId: string, secret: string) {
    return hashToken(this.hashKey, `${userId}:${secret}`);
  }
}

function minutesFromNow(minutes: number) {
  return new Date(Date.now() + minutes * 60_000);
}
