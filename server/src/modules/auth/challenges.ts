import { randomInt } from 'node:crypto';
import { IsNull, MoreThan, type DataSource, type EntityManager } from 'typeorm';
import { hashToken, randomToken } from '../../security/app-keys.js';
import { AuthChallenge, type ChallengeKind } from './auth-challenge.entity.js';

/** The challenges that are mailed 6-digit codes. */
type CodeKind = Extract<ChallengeKind, 'password_reset_code' | 'email_verification_code'>;

const MAX_CODE_ATTEMPTS = 5;
export const RESET_CODE_TTL_MINUTES = 15;
const NEW_PASSWORD_SESSION_TTL_MINUTES = 10;

/**
 * Single-use secrets bound to one user: mailed codes (password reset, email verification) and
 * forced-new-password sessions.
 */
export class Challenges {
  constructor(
    private readonly db: DataSource,
    private readonly hashKey: Buffer,
  ) {}

  /** A 6-digit code; any earlier unused code for the user stops working. */
  createResetCode(userId: string): Promise<string> {
    return this.createCode(userId, 'password_reset_code', RESET_CODE_TTL_MINUTES);
  }

  /** How many reset codes the user was sent in the last hour (to cap mail per address). */
  recentResetCodes(userId: string): Promise<number> {
    return this.recentCodes(userId, 'password_reset_code', 3_600_000);
  }

  /**
   * Checks a code and, when right, marks it used inside `manager`'s transaction. Wrong guesses
   * are counted; after five the code is burnt.
   */
  consumeResetCode(manager: EntityManager, userId: string, code: string): Promise<boolean> {
    return this.consumeCode(manager, userId, 'password_reset_code', code);
  }

  /** A 6-digit code of `kind`, valid `ttlMinutes`; the user's earlier unused ones stop working. */
  async createCode(
    userId: string,
    kind: CodeKind,
    ttlMinutes: number,
    manager?: EntityManager,
  ): Promise<string> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const work = async (m: EntityManager) => {
      await this.burnAll(m, userId, kind);
      await m.getRepository(AuthChallenge).insert({
        userId,
        kind,
        secretHash: this.hash(userId, code),
        expiresAt: minutesFromNow(ttlMinutes),
      });
    };
    await (manager ? work(manager) : this.db.transaction(work));
    return code;
  }

  /** How many codes of `kind` the user was sent in the last `withinMs`, and when the newest. */
  async recentCodes(userId: string, kind: CodeKind, withinMs: number): Promise<number> {
    return this.db.getRepository(AuthChallenge).count({
      where: { userId, kind, createdAt: MoreThan(new Date(Date.now() - withinMs)) },
    });
  }

  /** The creation times of the user's codes of `kind` in the last `withinMs`, newest first. */
  async codesSentSince(
    manager: EntityManager,
    userId: string,
    kind: CodeKind,
    withinMs: number,
  ): Promise<Date[]> {
    const rows = await manager.getRepository(AuthChallenge).find({
      select: { createdAt: true },
      where: { userId, kind, createdAt: MoreThan(new Date(Date.now() - withinMs)) },
      order: { createdAt: 'DESC' },
    });
    return rows.map((r) => r.createdAt);
  }

  /**
   * Checks a code of `kind` and, when right, marks it used inside `manager`'s transaction.
   * Wrong guesses are counted; after five the code is burnt.
   */
  async consumeCode(
    manager: EntityManager,
    userId: string,
    kind: CodeKind,
    code: string,
  ): Promise<boolean> {
    const repo = manager.getRepository(AuthChallenge);
    const current = await repo.findOne({
      where: {
        userId,
        kind,
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
