import type { DataSource } from 'typeorm';
import { AppError, badInput } from '../../shared/app-error.js';
import type { AuditLog } from '../audit/audit-log.js';
import type { AuthService } from '../auth/auth.service.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { checkPassword } from '../auth/password-policy.js';
import { requirePersonSession } from '../identity/require-permission.js';
import type { SessionInfo } from '../auth/session-tokens.js';
import type { RateLimiter, RateRule } from '../../security/rate-limiter.js';
import type { Viewer } from '../identity/viewer.js';
import { User } from '../identity/user.entity.js';

const NAME_MAX = 100;
/** Wrong current passwords before the change is locked for a while (a stolen session guessing). */
const CURRENT_PASSWORD_RULE: RateRule = { limit: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 };

const clip = (value: string, field: string) => {
  const text = value.trim().replace(/\s+/g, ' ');
  if (text.length > NAME_MAX) throw badInput(`Keep it under ${NAME_MAX} characters.`, { field });
  return text;
};

/**
 * A member's own account: their name, their password (the current one required; the other
 * sessions end), and the sessions signed in with it. Only a person signed in may do these
 * (never an API key), and only on their own account.
 */
export class AccountService {
  constructor(
    private readonly db: DataSource,
    private readonly auth: AuthService,
    private readonly throttle: RateLimiter,
    private readonly audit: AuditLog,
  ) {}

  async updateName(viewer: Viewer, input: { firstName: string; lastName: string }): Promise<User> {
    requirePersonSession(viewer);
    const firstName = clip(input.firstName, 'firstName');
    const lastName = clip(input.lastName, 'lastName');
    if (!firstName) throw badInput('Enter your first name.', { field: 'firstName' });
    await this.db.getRepository(User).update(viewer.userId, { firstName, lastName });
    return this.db.getRepository(User).findOneByOrFail({ id: viewer.userId });
  }

  /**
   * Replaces the password after checking the current one; every other session ends (this one
   * stays). An account that signs in only through single sign-on has no password to change.
   */
  async changePassword(
    viewer: Viewer,
    input: { currentPassword: string; newPassword: string },
  ): Promise<number> {
    requirePersonSession(viewer);
    const user = await this.db.getRepository(User).findOneByOrFail({ id: viewer.userId });
    if (!user.passwordHash)
      throw new AppError(
        'NO_PASSWORD',
        'Your account signs in through single sign-on: it has no password here.',
        400,
      );
    const key = `password-change:${user.id}`;
    const locked = await this.throttle.lockedFor([key]);
    if (locked > 0)
      throw new AppError(
        'TOO_MANY_REQUESTS',
        `Too many wrong passwords. Try again in ${Math.ceil(locked / 60)} minute(s).`,
        429,
        { retryAfterSeconds: locked },
      );
    if (!(await verifyPassword(user.passwordHash, input.currentPassword ?? ''))) {
      await this.throttle.recordFailure(key, CURRENT_PASSWORD_RULE);
      throw badInput('Your current password is not right.', { field: 'currentPassword' });
    }
    await this.throttle.clear(key);
    await checkPassword(input.newPassword ?? '', user.email);
    const passwordHash = await hashPassword(input.newPassword);
    await this.db.getRepository(User).update(user.id, { passwordHash });
    const ended = await this.auth.sessions.revokeOthers(user.id, viewer.sessionId ?? null);
    await this.audit.record(viewer, 'account.password_changed', {
      type: 'user',
      id: user.id,
      label: user.email,
      details: { sessionsEnded: ended },
    });
    return ended;
  }

  async sessions(viewer: Viewer): Promise<SessionInfo[]> {
    requirePersonSession(viewer);
    return this.auth.sessions.listFor(viewer.userId);
  }

  /** Ends one of the caller's own sessions (false when it is not theirs or already ended). */
  async endSession(viewer: Viewer, sessionId: string): Promise<boolean> {
    requirePersonSession(viewer);
    if (!/^[0-9a-f-]{36}$/i.test(sessionId)) return false;
    const alive = (await this.auth.sessions.listFor(viewer.userId)).some((s) => s.id === sessionId);
    if (!alive) return false;
    await this.auth.sessions.revokeSession(viewer.userId, sessionId);
    return true;
  }

  /** Ends every session of the caller but the one making the request. */
  async endOtherSessions(viewer: Viewer): Promise<number> {
    requirePersonSession(viewer);
    const ended = await this.auth.sessions.revokeOthers(viewer.userId, viewer.sessionId ?? null);
    await this.audit.record(viewer, 'account.signed_out_elsewhere', {
      type: 'user',
      id: viewer.userId,
      label: viewer.user.email,
      details: { sessionsEnded: ended },
    });
    return ended;
  }
}
