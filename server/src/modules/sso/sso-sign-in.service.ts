import { randomUUID } from 'node:crypto';
import * as oidc from 'openid-client';
import type { DataSource } from 'typeorm';
import { hashToken, randomToken } from '../../security/app-keys.js';
import { openSecret, sealSecret, type SecretKeys } from '../../security/secret-box.js';
import { isId } from '../../shared/ids.js';
import type { Logger } from '../../shared/logger.js';
import type { AuditLog } from '../audit/audit-log.js';
import type { AuthService, Caller, SignedIn } from '../auth/auth.service.js';
import type { Viewer } from '../identity/viewer.js';
import { User } from '../identity/user.entity.js';
import { oidcFailureReason, type OidcConfigs } from './oidc-configs.js';
import { loginVerifierContext, ssoSessionContext } from './secret-contexts.js';
import { SsoConnection } from './sso-connection.entity.js';
import type { SsoConnectionsService } from './sso-connections.service.js';
import { SsoHandoffCode } from './sso-handoff-code.entity.js';
import { SsoLoginAttempt } from './sso-login-attempt.entity.js';
import { resolveMember, REFUSAL_MESSAGES, type IdClaims } from './sso-membership.js';
import { GOOGLE_ISSUER, emailDomain } from './sso-input.js';
import { SsoSession } from './sso-session.entity.js';
import { SsoErrors } from './sso.errors.js';
import { perMinute, RateLimiter } from '../../security/rate-limiter.js';

const ATTEMPT_TTL_MS = 10 * 60 * 1000;
const HANDOFF_TTL_MS = 60 * 1000;
const PARAM_MAX = 2048;

type Client = { ip: string | null; userAgent: string | null };

/** Why a sign-in stopped, for the person (plain words) and the audit log (the reason code). */
class Refusal extends Error {
  constructor(
    readonly reason: string,
    readonly plain: string,
    readonly detail?: string,
  ) {
    super(plain);
  }
}

/**
 * The sign-in side of single sign-on: discovery by email, the authorization request (state,
 * nonce, S256 PKCE, bound to the browser), the one callback (openid-client checks the IdP's
 * answer), the membership rules, and the single-use code the browser exchanges for a session.
 */
export class SsoSignInService {
  /** ssoDiscover is public: a budget per address keeps it from being used as a domain scanner. */
  private readonly limits: RateLimiter;

  constructor(
    private readonly db: DataSource,
    private readonly keys: { secrets: SecretKeys; tokenHash: Buffer },
    private readonly configs: OidcConfigs,
    private readonly connections: SsoConnectionsService,
    private readonly auth: AuthService,
    private readonly audit: AuditLog,
    private readonly logger: Logger,
    private readonly publicUrl: string,
  ) {
    this.limits = new RateLimiter(db);
  }

  get callbackUrl() {
    return `${this.publicUrl}/api/auth/sso/callback`;
  }

  startUrl(connectionId: string) {
    return `${this.publicUrl}/api/auth/sso/${connectionId}/start`;
  }

  /**
   * The connections that serve an email's domain. The same query runs for every address (a
   * malformed one looks up an empty domain), and no account is ever read: the answer tells
   * nothing about who has an account.
   */
  async discover(
    email: string,
    caller: Caller,
  ): Promise<{ id: string; name: string; startUrl: string }[]> {
    const wait = await this.limits.take(`sso-discover:${caller.ip}`, perMinute(60));
    if (wait) throw SsoErrors.tooManyRequests(wait);
    const value = typeof email === 'string' ? email.trim().toLowerCase().slice(0, 254) : '';
    const domain = (/^[^\s@]+@[^\s@]+$/.test(value) && emailDomain(value)) || '';
    const rows: { id: string; name: string }[] = await this.db.query(
      `SELECT c.id, c.name FROM sso_connections c
        WHERE c.enabled AND $1 = ANY(c.domains)
          AND (EXISTS (SELECT 1 FROM sso_domains d WHERE d.workspace_id = c.workspace_id
                         AND d.domain = $1 AND d.verified_at IS NOT NULL)
               OR (c.issuer = $2 AND NOT EXISTS (
                     SELECT 1 FROM sso_domains d WHERE d.domain = $1
                        AND d.verified_at IS NOT NULL AND d.workspace_id <> c.workspace_id)))
        ORDER BY c.created_at, c.id LIMIT 10`,
      [domain, GOOGLE_ISSUER],
    );
    return rows.map((r) => ({ id: r.id, name: r.name, startUrl: this.startUrl(r.id) }));
  }

  /**
   * Starts a sign-in (also an IdP-initiated one: a tile opens this URL with no parameter).
   * Answers where to send the browser, or a refusal to show on the client's completion page.
   */
  async start(
    connectionId: string,
    opts: { returnTo: string | null; loginHint: string | null; browser: string },
  ): Promise<string> {
    const connection = isId(connectionId)
      ? await this.db.getRepository(SsoConnection).findOne({ where: { id: connectionId } })
      : null;
    if (!connection || !connection.enabled)
      return this.errorUrl(
        'This single sign-on link is not valid or the connection is turned off.',
      );
    let config: oidc.Configuration;
    try {
      config = await this.configFor(connection);
    } catch (error) {
      this.logger.warn('SSO discovery failed at start', {
        connectionId,
        error: oidcFailureReason(error),
      });
      return this.errorUrl('The identity provider could not be reached. Try again in a moment.');
    }
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const verifier = oidc.randomPKCECodeVerifier();
    const id = randomUUID();
    await this.db.query(
      `DELETE FROM sso_login_attempts WHERE expires_at < now() - interval '1 hour'`,
    );
    await this.db.getRepository(SsoLoginAttempt).insert({
      id,
      stateHash: hashToken(this.keys.tokenHash, state),
      browserHash: hashToken(this.keys.tokenHash, `browser:${opts.browser}`),
      nonce,
      sealedCodeVerifier: sealSecret(this.keys.secrets, verifier, loginVerifierContext(id)),
      connectionId: connection.id,
      returnTo: opts.returnTo,
      expiresAt: new Date(Date.now() + ATTEMPT_TTL_MS),
    });
    const params: Record<string, string> = {
      redirect_uri: this.callbackUrl,
      scope: connection.scopes.join(' '),
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    };
    if (opts.loginHint) params.login_hint = opts.loginHint;
    if (connection.issuer === GOOGLE_ISSUER && connection.domains.length === 1)
      params.hd = connection.domains[0]!;
    return oidc.buildAuthorizationUrl(config, params).href;
  }

  /** The IdP's answer: checked, the person resolved, and a single-use code handed over. */
  async callback(
    query: Record<string, unknown>,
    browser: string | undefined,
    client: Client,
  ): Promise<string> {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query))
      if (typeof value === 'string' && value.length <= PARAM_MAX) params.set(key, value);
    const state = params.get('state') ?? '';
    if (!state)
      return this.errorUrl(
        'The identity provider came back without the sign-in state. Start again.',
      );
    const attempts = this.db.getRepository(SsoLoginAttempt);
    const attempt = await attempts.findOne({
      where: { stateHash: hashToken(this.keys.tokenHash, state) },
      relations: { connection: true },
    });
    if (!attempt || !attempt.connection) {
      this.logger.warn('SSO callback with an unknown state', { ip: client.ip });
      return this.errorUrl('This sign-in has expired or was already used. Start again.');
    }
    const connection = attempt.connection;
    let claims: IdClaims | null = null;
    try {
      if (!browser || hashToken(this.keys.tokenHash, `browser:${browser}`) !== attempt.browserHash)
        throw new Refusal(
          'other_browser',
          'This sign-in was started in another browser. Start again here.',
        );
      // Spent now, whatever follows: a state works once.
      // (An UPDATE answers [rows, count] through TypeORM.)
      const [claimed]: [unknown[], number] = await this.db.query(
        `UPDATE sso_login_attempts SET used_at = now()
          WHERE id = $1 AND used_at IS NULL AND expires_at > now() RETURNING id`,
        [attempt.id],
      );
      if (!claimed.length)
        throw new Refusal(
          attempt.usedAt ? 'state_replayed' : 'state_expired',
          'This sign-in has expired or was already used. Start again.',
        );
      if (!connection.enabled)
        throw new Refusal('connection_disabled', 'This single sign-on connection is turned off.');
      const idpError = params.get('error');
      if (idpError) {
        const said = (params.get('error_description') || idpError)
          .replace(/[^\p{L}\p{N}\p{P}\p{Zs}]/gu, '')
          .slice(0, 200);
        throw new Refusal('idp_error', `The identity provider refused: ${said}`, idpError);
      }
      claims = await this.verifiedClaims(connection, attempt, params);
      const signedIn = await this.admit(connection, claims, client);
      return `${this.publicUrl}/sso/complete#${new URLSearchParams({
        code: signedIn,
        ...(attempt.returnTo ? { return_to: attempt.returnTo } : {}),
      }).toString()}`;
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      await this.audit.record(
        {
          workspaceId: connection.workspaceId,
          userId: null,
          email: typeof claims?.email === 'string' ? claims.email.slice(0, 254) : null,
          client,
        },
        'sso.sign_in_refused',
        {
          type: 'sso_connection',
          id: connection.id,
          label: `${connection.name}: ${error.reason}`,
          details: {
            reason: error.reason,
            ...(error.detail ? { detail: error.detail.slice(0, 500) } : {}),
            ...(claims ? { subject: String(claims.sub).slice(0, 200) } : {}),
          },
        },
      );
      return this.errorUrl(error.plain);
    }
  }

  /** Exchanges the callback's single-use code (60 seconds) for Lumen's token pair. */
  async complete(code: string): Promise<SignedIn> {
    if (typeof code !== 'string' || !code || code.length > 200) throw SsoErrors.invalidCode();
    const [rows]: [{ user_id: string; family_id: string }[], number] = await this.db.query(
      `UPDATE sso_handoff_codes SET used_at = now()
        WHERE code_hash = $1 AND used_at IS NULL AND expires_at > now()
        RETURNING user_id, family_id`,
      [hashToken(this.keys.tokenHash, code)],
    );
    if (!rows.length) throw SsoErrors.invalidCode();
    const user = await this.db.getRepository(User).findOne({ where: { id: rows[0]!.user_id } });
    if (!user || user.deactivatedAt) throw SsoErrors.invalidCode();
    return this.auth.startVerifiedSession(user, rows[0]!.family_id);
  }

  /** Where to end the IdP session too, for a session that began there (null otherwise). */
  async logoutUrl(viewer: Viewer): Promise<string | null> {
    if (!viewer.sessionId) return null;
    const session = await this.db.getRepository(SsoSession).findOne({
      where: { familyId: viewer.sessionId, userId: viewer.userId },
      relations: { connection: true },
    });
    if (!session?.connection || !session.sealedIdToken) return null;
    try {
      const config = await this.configFor(session.connection);
      if (!config.serverMetadata().end_session_endpoint) return null;
      return oidc.buildEndSessionUrl(config, {
        id_token_hint: openSecret(
          this.keys.secrets,
          session.sealedIdToken,
          ssoSessionContext(session.id),
        ),
        post_logout_redirect_uri: `${this.publicUrl}/signin`,
      }).href;
    } catch (error) {
      this.logger.warn('No IdP logout URL', { error: oidcFailureReason(error) });
      return null;
    }
  }

  /**
   * Password sign-in where the workspace enforces single sign-on: refused, except for the
   * break-glass owner (the earliest-created admin), whose use is audited.
   */
  async passwordGate(user: User, caller: Caller): Promise<void> {
    const [row] = await this.db.query(`SELECT sso_enforced FROM workspaces WHERE id = $1`, [
      user.workspaceId,
    ]);
    if (!row?.sso_enforced) return;
    const [owner] = await this.owner(user.workspaceId);
    if (owner?.id !== user.id) throw SsoErrors.ssoRequired();
    this.logger.warn('Break-glass password sign-in while SSO is enforced', { userId: user.id });
    await this.audit.record(
      {
        workspaceId: user.workspaceId,
        userId: user.id,
        email: user.email,
        client: { ip: caller.ip, userAgent: caller.userAgent ?? null },
      },
      'sso.breakglass_used',
      { type: 'user', id: user.id, label: user.email },
    );
  }

  /** The break-glass owner's email: the workspace's earliest-created admin. */
  async breakGlassOwner(workspaceId: string): Promise<string | null> {
    const [owner] = await this.owner(workspaceId);
    return owner?.email ?? null;
  }

  private owner(workspaceId: string): Promise<{ id: string; email: string }[]> {
    return this.db.query(
      `SELECT id, email FROM users WHERE workspace_id = $1 AND 'admin' = ANY(roles)
        ORDER BY created_at, id LIMIT 1`,
      [workspaceId],
    );
  }

  private configFor(connection: SsoConnection) {
    return this.configs.forConnection(
      connection.id,
      connection.updatedAt.toISOString(),
      this.connections.clientSettings(connection),
    );
  }

  private async verifiedClaims(
    connection: SsoConnection,
    attempt: SsoLoginAttempt,
    params: URLSearchParams,
  ): Promise<IdClaims> {
    let config: oidc.Configuration;
    try {
      config = await this.configFor(connection);
    } catch (error) {
      throw new Refusal(
        'idp_unreachable',
        'The identity provider could not be reached. Try again in a moment.',
        oidcFailureReason(error),
      );
    }
    const current = new URL(this.callbackUrl);
    current.search = params.toString();
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(config, current, {
        expectedState: params.get('state')!,
        expectedNonce: attempt.nonce,
        pkceCodeVerifier: openSecret(
          this.keys.secrets,
          attempt.sealedCodeVerifier,
          loginVerifierContext(attempt.id),
        ),
        idTokenExpected: true,
      });
    } catch (error) {
      throw new Refusal(
        'token_rejected',
        "The identity provider's answer could not be verified. Ask your administrator to check the single sign-on connection.",
        oidcFailureReason(error),
      );
    }
    const claims = { ...(tokens.claims() as IdClaims) };
    const wantsGroups = connection.groupsClaim && claims[connection.groupsClaim] === undefined;
    if (
      (!claims.email || wantsGroups) &&
      tokens.access_token &&
      config.serverMetadata().userinfo_endpoint
    ) {
      try {
        const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
        // The ID token's claims win; userinfo only fills what it lacks.
        for (const [key, value] of Object.entries(info))
          if (claims[key] === undefined) claims[key] = value;
      } catch (error) {
        this.logger.warn('SSO userinfo failed', {
          connectionId: connection.id,
          error: oidcFailureReason(error),
        });
      }
    }
    return Object.assign(claims, { _idToken: tokens.id_token });
  }

  /** The membership rules in one transaction, then the session kept and the code handed over. */
  private async admit(
    connection: SsoConnection,
    claims: IdClaims,
    client: Client,
  ): Promise<string> {
    const idToken = typeof claims._idToken === 'string' ? claims._idToken : null;
    delete claims._idToken;
    const code = randomToken();
    const familyId = randomUUID();
    const outcome = await this.db
      .transaction(async (m) => {
        const membership = await resolveMember(m, connection, claims);
        if (!membership.ok) return membership;
        const sessionId = randomUUID();
        await m.query(
          `DELETE FROM sso_sessions s WHERE s.user_id = $1 AND s.created_at < now() - interval '1 day'
            AND NOT EXISTS (SELECT 1 FROM refresh_tokens r WHERE r.family_id = s.family_id
                              AND r.revoked_at IS NULL AND r.expires_at > now())`,
          [membership.user.id],
        );
        await m.getRepository(SsoSession).insert({
          id: sessionId,
          familyId,
          userId: membership.user.id,
          connectionId: connection.id,
          sealedIdToken: idToken
            ? sealSecret(this.keys.secrets, idToken, ssoSessionContext(sessionId))
            : null,
        });
        await m.query(`DELETE FROM sso_handoff_codes WHERE expires_at < now() - interval '1 hour'`);
        await m.getRepository(SsoHandoffCode).insert({
          codeHash: hashToken(this.keys.tokenHash, code),
          userId: membership.user.id,
          familyId,
          expiresAt: new Date(Date.now() + HANDOFF_TTL_MS),
        });
        return membership;
      })
      .catch((error: { code?: string }) => {
        // Two sign-ins of one new person at the same moment: the second finds the first's rows.
        if (error.code === '23505')
          throw new Refusal('conflict', 'Your sign-in crossed another one. Sign in again.');
        throw error;
      });
    if (!outcome.ok) throw new Refusal(outcome.reason, REFUSAL_MESSAGES[outcome.reason]);
    const { user } = outcome;
    const actor = { workspaceId: user.workspaceId, userId: user.id, email: user.email, client };
    if (outcome.invitationId)
      await this.audit.record(actor, 'invitation.accepted', {
        type: 'invitation',
        id: outcome.invitationId,
        label: user.email,
      });
    await this.audit.record(actor, 'sso.sign_in', {
      type: 'sso_connection',
      id: connection.id,
      label: `${connection.name}: ${user.email}`,
      details: { outcome: outcome.outcome, ...(outcome.roles ? { roles: outcome.roles } : {}) },
    });
    return code;
  }

  private errorUrl(message: string) {
    return `${this.publicUrl}/sso/complete#${new URLSearchParams({ error: message }).toString()}`;
  }
}
