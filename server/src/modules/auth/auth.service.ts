import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { Mailer } from '../../mail/mailer.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { AuditLog } from '../audit/audit-log.js';
import type { AppKeys } from '../../security/app-keys.js';
import { badInput } from '../../shared/app-error.js';
import type { Logger } from '../../shared/logger.js';
import { User } from '../identity/user.entity.js';
import { Workspace } from '../identity/workspace.entity.js';
import { signAccessToken } from './access-token.js';
import type { Viewer } from '../identity/viewer.js';
import { AuthErrors } from './auth.errors.js';
import { Challenges, RESET_CODE_TTL_MINUTES } from './challenges.js';
import { EmailVerification } from './email-verification.js';
import { checkPassword, normalizeEmail } from './password-policy.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { permissionsFor, type Permission } from '../identity/permissions.js';
import { SessionTokens } from './session-tokens.js';
import {
  ACCOUNT_RULE,
  ADDRESS_RULE,
  RateLimiter,
  SIGNUP_RULE,
} from '../../security/rate-limiter.js';

export interface SignUpInput {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
  marketingOptIn?: boolean;
}

export interface SignedIn {
  kind: 'signed_in';
  token: string;
  refreshToken: string;
  expiresIn: number;
  permissions: Permission[];
  user: User;
}
export interface NewPasswordRequired {
  kind: 'new_password_required';
  session: string;
}
export type SignInOutcome = SignedIn | NewPasswordRequired;

/** Who is asking, for throttling and audit: the client's address. */
export interface Caller {
  ip: string;
  userAgent?: string | null;
}

const MAX_RESET_MAILS_PER_HOUR = 5;
const NAME_MAX = 100;

/** Accounts and sessions: the one implementation behind GraphQL and the REST adapter. */
export const RESET_MAIL_JOB = 'auth.reset-mail';

/**
 * Asked after a password proved right and before a session starts (single sign-on enforcement):
 * throws to refuse the password sign-in.
 */
export type PasswordSignInGate = (user: User, caller: Caller) => Promise<void>;

export class AuthService {
  /** Set by the SSO module (services.ts): refuses passwords where the workspace enforces SSO. */
  passwordSignInGate?: PasswordSignInGate;
  private readonly throttle: RateLimiter;
  /** The refresh-token sessions (the account module lists and ends them). */
  readonly sessions: SessionTokens;
  private readonly challenges: Challenges;
  /** Proving the account's address (a code mailed at sign-up, resent on request). */
  readonly emailVerification: EmailVerification;

  constructor(
    private readonly db: DataSource,
    private readonly keys: AppKeys,
    private readonly mailer: Mailer,
    private readonly queue: JobQueue,
    private readonly logger: Logger,
    private readonly audit: AuditLog,
    private readonly options: {
      accessTokenTtlSeconds: number;
      refreshTokenTtlDays: number;
      publicUrl: string;
    },
  ) {
    this.throttle = new RateLimiter(db);
    this.sessions = new SessionTokens(db, keys.tokenHash, options.refreshTokenTtlDays, logger);
    this.challenges = new Challenges(db, keys.tokenHash);
    this.emailVerification = new EmailVerification(
      db,
      this.challenges,
      mailer,
      logger,
      options.publicUrl,
    );
  }

  /** Creates a workspace whose first member (this user) is its admin. */
  async signUp(input: SignUpInput, caller: Caller = { ip: 'unknown' }): Promise<User> {
    // Every attempt counts against the address, so accounts cannot be minted in bulk.
    const addressKey = `signup:${caller.ip}`;
    const locked = await this.throttle.lockedFor([addressKey]);
    if (locked > 0) throw AuthErrors.tooManySignUps(locked);
    await this.throttle.recordFailure(addressKey, SIGNUP_RULE);
    const email = normalizeEmail(input.email ?? '');
    const firstName = cleanName(input.firstName, 'firstName');
    const lastName = cleanName(input.lastName, 'lastName');
    await checkPassword(input.password ?? '', email);
    const passwordHash = await hashPassword(input.password);
    let user: User;
    try {
      user = await this.db.transaction(async (m) => {
        const workspace = await m
          .getRepository(Workspace)
          .save({ name: workspaceName(firstName, email) });
        return m.getRepository(User).save({
          workspaceId: workspace.id,
          email,
          firstName,
          lastName,
          passwordHash,
          roles: ['admin'],
          marketingOptIn: input.marketingOptIn === true,
        });
      });
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw AuthErrors.emailTaken();
      throw error;
    }
    // Sent before answering, so the code is the account's first mail (a reset comes after it).
    await this.emailVerification.sendAfterSignUp(user);
    return user;
  }

  async signIn(
    input: { email: string; password: string; rememberMe?: boolean },
    caller: Caller,
  ): Promise<SignInOutcome> {
    const email = normalizeEmail(input.email ?? '');
    const accountKey = `account:${email}`;
    const addressKey = `address:${caller.ip}`;
    const locked = await this.throttle.lockedFor([accountKey, addressKey]);
    if (locked > 0) throw AuthErrors.tooManyAttempts(locked);

    const user = await this.db.getRepository(User).findOne({ where: { email } });
    const ok = await verifyPassword(user?.passwordHash, input.password ?? '');
    // A deactivated account answers like a wrong password: its state is not told to a guesser.
    if (!ok || !user || user.deactivatedAt) {
      const [accountLocked, addressLocked] = await Promise.all([
        this.throttle.recordFailure(accountKey, ACCOUNT_RULE),
        this.throttle.recordFailure(addressKey, ADDRESS_RULE),
      ]);
      if (accountLocked || addressLocked) {
        this.logger.warn('Sign-in locked after repeated failures', { email, ip: caller.ip });
        // Recorded in the account's workspace (an unknown address belongs to none).
        if (user)
          await this.audit.record(
            {
              workspaceId: user.workspaceId,
              userId: null,
              email: null,
              client: { ip: caller.ip, userAgent: caller.userAgent ?? null },
            },
            'auth.sign_in_locked',
            { type: 'user', id: user.id, label: user.email },
          );
        throw AuthErrors.tooManyAttempts(Math.max(ACCOUNT_RULE.lockSeconds, 60));
      }
      throw AuthErrors.invalidCredentials();
    }
    await this.throttle.clear(accountKey);
    // Only after the password was checked: a guesser learns nothing from the refusal.
    await this.passwordSignInGate?.(user, caller);

    if (user.passwordResetRequired) {
      await this.sendResetCode(user);
      throw AuthErrors.passwordResetRequired();
    }
    if (user.passwordChangeRequired) {
      return {
        kind: 'new_password_required',
        session: await this.challenges.createNewPasswordSession(user.id),
      };
    }
    const signedIn = await this.startSession(
      user,
      input.rememberMe === true,
      undefined,
      caller.userAgent ?? null,
    );
    // A password sign-in (single sign-on records its own, sso.sign_in).
    await this.audit.record(
      {
        workspaceId: user.workspaceId,
        userId: user.id,
        email: user.email,
        client: { ip: caller.ip, userAgent: caller.userAgent ?? null },
      },
      'auth.sign_in',
      { type: 'user', id: user.id, label: user.email },
    );
    return signedIn;
  }

  /** Exchanges a refresh token for a new pair; permissions are re-read from the database. */
  async refresh(refreshToken: string): Promise<SignedIn> {
    if (!refreshToken) throw AuthErrors.sessionExpired();
    const { userId, refreshToken: next, familyId } = await this.sessions.rotate(refreshToken);
    const user = await this.db.getRepository(User).findOne({ where: { id: userId } });
    if (!user || user.deactivatedAt) throw AuthErrors.sessionExpired();
    return { ...this.accessFor(user, familyId), refreshToken: next };
  }

  /**
   * Ends the session of the refresh token, and of the caller's access token when one is sent:
   * the access token stops working at once, not when it expires.
   */
  async signOut(refreshToken: string | undefined, caller?: Viewer | null): Promise<void> {
    if (refreshToken) await this.sessions.revoke(refreshToken);
    if (caller?.sessionId) await this.sessions.revokeSession(caller.userId, caller.sessionId);
  }

  /**
   * The forced new password after sign-in answered a `session` (/reset-password). An unknown
   * account and a wrong session answer alike, after the same work: the password is checked
   * first, and hashed only once the session proved right.
   */
  async completeNewPassword(input: {
    session: string;
    email: string;
    password: string;
  }): Promise<void> {
    const email = normalizeEmail(input.email ?? '');
    await checkPassword(input.password ?? '', email);
    const user = await this.db.getRepository(User).findOne({ where: { email } });
    const ok = await this.db.transaction(async (m) => {
      // An unknown account checks a session too (one that cannot exist), so both take as long.
      const userId = user?.id ?? randomUUID();
      if (!(await this.challenges.consumeNewPasswordSession(m, userId, input.session ?? '')))
        return false;
      const passwordHash = await hashPassword(input.password);
      await m.getRepository(User).update(userId, { passwordHash, passwordChangeRequired: false });
      return true;
    });
    if (!ok || !user) throw AuthErrors.invalidSession();
    await this.recordPasswordReset(user);
  }

  /**
   * Mails a single-use code when the account exists. Answers once the mail is queued, whether
   * the account exists or not: the same work, so the same answer in the same time.
   */
  async requestPasswordReset(rawEmail: string): Promise<void> {
    const email = normalizeEmail(rawEmail ?? '');
    await this.queue.enqueue(RESET_MAIL_JOB, { email });
  }

  /** Takes the queued reset mails (see requestPasswordReset). */
  register(queue: JobQueue) {
    queue.register(RESET_MAIL_JOB, {
      handle: (payload) => this.mailResetCode(String(payload.email)),
    });
  }

  private async mailResetCode(email: string): Promise<void> {
    const user = await this.db.getRepository(User).findOne({ where: { email } });
    if (!user) return;
    if ((await this.challenges.recentResetCodes(user.id)) >= MAX_RESET_MAILS_PER_HOUR) {
      this.logger.warn('Password reset mail cap reached', { userId: user.id });
      return;
    }
    await this.sendResetCode(user);
  }

  /**
   * Sets a new password with a mailed code and ends every existing session of the account. An
   * unknown account and a wrong code answer alike after the same work: the code is checked
   * before the new password is hashed.
   */
  async confirmPasswordReset(input: {
    code: string;
    email: string;
    password: string;
  }): Promise<void> {
    const email = normalizeEmail(input.email ?? '');
    if (!input.code || !/^\s*\d{6}\s*$/.test(input.code)) throw AuthErrors.invalidCode();
    await checkPassword(input.password ?? '', email);
    const user = await this.db.getRepository(User).findOne({ where: { email } });
    const ok = await this.db.transaction(async (m) => {
      const userId = user?.id ?? randomUUID();
      if (!(await this.challenges.consumeResetCode(m, userId, input.code))) return false;
      const passwordHash = await hashPassword(input.password);
      await m.getRepository(User).update(userId, {
        passwordHash,
        passwordResetRequired: false,
        passwordChangeRequired: false,
        tokenVersion: (user?.tokenVersion ?? 0) + 1,
      });
      await this.sessions.revokeAllFor(userId, m);
      return true;
    });
    if (!ok || !user) throw AuthErrors.invalidCode();
    await this.throttle.clear(`account:${email}`);
    await this.recordPasswordReset(user);
  }

  private recordPasswordReset(user: User) {
    return this.audit.record(
      { workspaceId: user.workspaceId, userId: user.id, email: user.email },
      'auth.password_reset',
      { type: 'user', id: user.id, label: user.email },
    );
  }

  private async sendResetCode(user: User) {
    const code = await this.challenges.createResetCode(user.id);
    const link = `${this.options.publicUrl}/forgot-password?email=${encodeURIComponent(user.email)}`;
    await this.mailer.send({
      to: user.email,
      subject: 'Your Lumen password reset code',
      text:
        `Your password reset code is ${code}.\n\n` +
        `Enter it at ${link} with a new password. It expires in ${RESET_CODE_TTL_MINUTES} minutes ` +
        `and works once. If you did not ask for it, you can ignore this message.`,
    });
  }

  /**
   * A session for a person proved by other means (single sign-on), with the session id chosen
   * by the caller so what it keeps about the session (the IdP's id_token) can name it.
   */
  async startVerifiedSession(user: User, familyId: string, remember = false): Promise<SignedIn> {
    if (user.deactivatedAt) throw AuthErrors.sessionExpired();
    return this.startSession(user, remember, familyId);
  }

  /** One transaction (one commit) for the new session and the sign-in time. */
  private async startSession(
    user: User,
    remember: boolean,
    // The session (refresh-token family) id rides in the access token, so signing out ends both.
    familyId: string = randomUUID(),
    userAgent: string | null = null,
  ): Promise<SignedIn> {
    const refreshToken = await this.db.transaction(async (m) => {
      await m.getRepository(User).update(user.id, { lastSignInAt: new Date() });
      return this.sessions.issue(user.id, remember, familyId, m, userAgent);
    });
    return { ...this.accessFor(user, familyId), refreshToken };
  }

  private accessFor(user: User, sessionId: string): Omit<SignedIn, 'refreshToken'> {
    const permissions = permissionsFor(user.roles);
    const token = signAccessToken(
      this.keys.jwt,
      {
        sub: user.id,
        workspace: user.workspaceId,
        permissions,
        ver: user.tokenVersion,
        sid: sessionId,
        email: user.email,
        given_name: user.firstName,
        family_name: user.lastName,
      },
      this.options.accessTokenTtlSeconds,
    );
    return {
      kind: 'signed_in',
      token,
      expiresIn: this.options.accessTokenTtlSeconds,
      permissions,
      user,
    };
  }
}

function cleanName(value: string | undefined, field: string): string {
  const name = (value ?? '').trim().replace(/\s+/g, ' ');
  if (name.length > NAME_MAX)
    throw badInput(`Names are at most ${NAME_MAX} characters.`, { field });
  return name;
}

function workspaceName(firstName: string, email: string): string {
  return `${firstName || email.split('@')[0]}'s workspace`;
}
