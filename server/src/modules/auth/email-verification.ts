import type { DataSource, EntityManager } from 'typeorm';
import type { Mailer } from '../../mail/mailer.js';
import type { Logger } from '../../shared/logger.js';
import { User } from '../identity/user.entity.js';
import { AuthErrors } from './auth.errors.js';
import type { Challenges } from './challenges.js';
import { requirePersonSession } from '../identity/require-permission.js';
import type { Viewer } from '../identity/viewer.js';

export const VERIFY_CODE_TTL_MINUTES = 30;
/** At most one mail a minute and five an hour per account (the sign-up mail counts). */
export const VERIFY_MAIL_GAP_SECONDS = 60;
export const VERIFY_MAILS_PER_HOUR = 5;
const HOUR_MS = 3_600_000;

/**
 * Proving an account's address: a 6-digit code (30 minutes, five wrong tries burn it, stored
 * hashed) mailed with a link to /verify-email carrying the same code in the fragment (never
 * sent to the server in a request line, so it stays out of access logs). Until then the
 * account works, marked unverified.
 */
export class EmailVerification {
  constructor(
    private readonly db: DataSource,
    private readonly challenges: Challenges,
    private readonly mailer: Mailer,
    private readonly logger: Logger,
    private readonly publicUrl: string,
  ) {}

  /** The first mail, right after sign-up. A failure is logged: the person can ask again. */
  async sendAfterSignUp(user: User): Promise<void> {
    try {
      await this.db.transaction((m) => this.sendWith(m, user));
    } catch (error) {
      this.logger.error('Could not send the email verification mail', { userId: user.id, error });
    }
  }

  /**
   * A new code for the signed-in person (the previous one stops working). Throttled: answers
   * TOO_MANY_REQUESTS with the seconds to wait. False when the address is already verified.
   */
  async resend(viewer: Viewer): Promise<boolean> {
    requirePersonSession(viewer);
    return this.db.transaction(async (m) => {
      // Locks the account row: two requests at once cannot both slip under the limits.
      const user = await m.getRepository(User).findOne({
        where: { id: viewer.userId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!user) throw AuthErrors.sessionExpired();
      if (user.emailVerifiedAt) return false;
      const wait = await this.secondsToWait(m, user.id);
      if (wait > 0) throw AuthErrors.verificationMailTooSoon(wait);
      await this.sendWith(m, user);
      return true;
    });
  }

  /**
   * Marks the caller's address verified when the code is right. A wrong, expired or burnt code
   * answers INVALID_CODE (the wrong try is counted even so).
   */
  async verify(viewer: Viewer, rawCode: string): Promise<User> {
    requirePersonSession(viewer);
    const code = (rawCode ?? '').trim();
    if (viewer.user.emailVerifiedAt) return viewer.user;
    if (!/^\d{6}$/.test(code)) throw AuthErrors.invalidCode();
    // Answers rather than throws inside: a throw would roll the counted wrong try back.
    const verified = await this.db.transaction(async (m) => {
      if (!(await this.challenges.consumeCode(m, viewer.userId, 'email_verification_code', code)))
        return null;
      await m
        .createQueryBuilder()
        .update(User)
        .set({ emailVerifiedAt: () => 'now()' })
        .where('id = :id AND email_verified_at IS NULL', { id: viewer.userId })
        .execute();
      return m.getRepository(User).findOneByOrFail({ id: viewer.userId });
    });
    if (!verified) throw AuthErrors.invalidCode();
    this.logger.info('Email address verified', { userId: verified.id });
    return verified;
  }

  /** Seconds until the next mail is allowed (0: now). */
  private async secondsToWait(m: EntityManager, userId: string): Promise<number> {
    const sent = await this.challenges.codesSentSince(
      m,
      userId,
      'email_verification_code',
      HOUR_MS,
    );
    const now = Date.now();
    const waits = [0];
    if (sent.length > 0) waits.push(sent[0].getTime() + VERIFY_MAIL_GAP_SECONDS * 1000 - now);
    if (sent.length >= VERIFY_MAILS_PER_HOUR)
      waits.push(sent[VERIFY_MAILS_PER_HOUR - 1].getTime() + HOUR_MS - now);
    return Math.ceil(Math.max(...waits) / 1000);
  }

  private async sendWith(m: EntityManager, user: User): Promise<void> {
    const code = await this.challenges.createCode(
      user.id,
      'email_verification_code',
      VERIFY_CODE_TTL_MINUTES,
      m,
    );
    const link = `${this.publicUrl}/verify-email#code=${code}`;
    // Inside the transaction: a mail that could not be sent leaves no code counted against the limit.
    await this.mailer.send({
      to: user.email,
      subject: 'Verify your email address for Lumen',
      text:
        `Your Lumen verification code is ${code}.\n\n` +
        `Enter it in Lumen, or open ${link} while signed in. It expires in ` +
        `${VERIFY_CODE_TTL_MINUTES} minutes and works once. If you did not create a Lumen ` +
        `account, you can ignore this message.`,
    });
  }
}
