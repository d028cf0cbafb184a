import type { Config } from '../../config.js';
import { AtlassianOAuth } from '../connectors/atlassian-oauth.js';
import { ConnectorAuthError, ConnectorUnavailableError } from '../connectors/tool-failures.js';
import { detail } from '../connectors/connector-http.js';
import { GoogleOAuth } from '../connectors/google-oauth.js';
import type { Credentials } from '../connectors/credentials.js';
import {
  callTokenService,
  type OAuthProvider,
  type TokenSet,
} from '../connectors/oauth-provider.js';

export const LINK_PROVIDERS = ['atlassian', 'google', 'github'] as const;
export type LinkProvider = (typeof LINK_PROVIDERS)[number];

export const isLinkProvider = (name: string): name is LinkProvider =>
  (LINK_PROVIDERS as readonly string[]).includes(name);

/** Who the provider says the member is: a stable id, and an email only when verified. */
export interface ProviderIdentity {
  accountId: string;
  email: string | null;
  /**
   * Google's `hd`: the Workspace domain managing the account (what a Drive domain share grants;
   * a personal account using a company address has none).
   */
  hostedDomain?: string | null;
}

/** The account the code proved, and the member's own token from the exchange. */
export interface LinkedIdentity extends ProviderIdentity {
  token: Credentials;
}

/** One provider's OAuth for linking a member's own account (not a connection's). */
export interface IdentityProvider {
  readonly provider: LinkProvider;
  /** For messages: Atlassian, Google, GitHub. */
  readonly label: string;
  readonly configured: boolean;
  /** The OAuth server that renews the member's token (none for GitHub: its tokens last). */
  readonly oauth?: OAuthProvider;
  /** With `readAccess`, the read scopes too (READ_SCOPES), and a refresh token where it lapses. */
  authorizeUrl(state: string, readAccess?: boolean): string;
  /** Exchanges the code (with the server's secret) and reads the account. */
  identify(code: string): Promise<LinkedIdentity>;
}

/** Only what identifies the member: no access to their content. */
export const LINK_SCOPES: Record<LinkProvider, string> = {
  atlassian: 'read:me',
  google: 'openid email',
  github: 'user:email',
};

/**
 * Asked for only when a source of the workspace must learn from each member what they may read
 * (its connection may not read the tool's permissions): enough to ask the tool which items the
 * member may open, nothing more. GitHub has no read-only scope for private repositories.
 */
export const READ_SCOPES: Record<LinkProvider, string> = {
  atlassian: 'read:page:confluence read:blogpost:confluence read:jira-work offline_access',
  google: 'https://www.googleapis.com/auth/drive.metadata.readonly',
  github: 'repo',
};

const scopesFor = (provider: LinkProvider, readAccess: boolean) =>
  readAccess ? `${LINK_SCOPES[provider]} ${READ_SCOPES[provider]}` : LINK_SCOPES[provider];

const oauthToken = (t: TokenSet): Credentials => ({ type: 'oauth', ...t });

/** GET a provider API answer as JSON, with its status (a network failure is "unavailable"). */
async function getJson(
  label: string,
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: unknown; text: string }> {
  const { status, text } = await callTokenService(label, url, { headers });
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    /* reported by the caller through the status or the missing fields */
  }
  return { status, body, text };
}

const normalEmail = (value: unknown) =>
  typeof value === 'string' && value.includes('@') ? value.trim().toLowerCase() : null;

const isTrue = (value: unknown) => value === true || value === 'true';

function accountIdOf(label: string, value: unknown): string {
  const id = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  if (!id.trim()) throw new ConnectorAuthError(`${label} did not say which account this is.`);
  return id.trim();
}

/** Atlassian 3LO with `read:me`; the account is GET api.atlassian.com/me's account_id. */
export class AtlassianIdentity implements IdentityProvider {
  readonly provider = 'atlassian' as const;
  readonly label = 'Atlassian';
  readonly oauth: AtlassianOAuth;

  constructor(
    private readonly config: Config['atlassian'],
    private readonly redirectUri: string,
  ) {
    this.oauth = new AtlassianOAuth(config, redirectUri);
  }

  get configured() {
    return this.oauth.configured;
  }

  authorizeUrl(state: string, readAccess = false): string {
    const query = new URLSearchParams({
      audience: 'api.atlassian.com',
      client_id: this.config.clientId ?? '',
      scope: scopesFor('atlassian', readAccess),
      redirect_uri: this.redirectUri,
      state,
      response_type: 'code',
      prompt: 'consent',
    });
    return `${this.config.authUrl}/authorize?${query.toString()}`;
  }

  async identify(code: string): Promise<LinkedIdentity> {
    const tokens = await this.oauth.exchangeCode(code);
    const { accessToken } = tokens;
    const me = await getJson(this.label, `${this.config.apiUrl}/me`, {
      authorization: `Bearer ${accessToken}`,
      accept: 'application/json',
    });
    if (me.status !== 200)
      throw new ConnectorAuthError(
        `Atlassian did not tell who you are (HTTP ${me.status}${detail(me.text)}).`,
      );
    const body = (me.body ?? {}) as Record<string, unknown>;
    return {
      accountId: accountIdOf(this.label, body.account_id),
      email: isTrue(body.email_verified) ? normalEmail(body.email) : null,
      token: oauthToken(tokens),
    };
  }
}

/** Google's web-server flow with `openid email`; the account is the OpenID userinfo `sub`. */
export class GoogleIdentity implements IdentityProvider {
  readonly provider = 'google' as const;
  readonly label = 'Google';
  readonly oauth: GoogleOAuth;

  constructor(
    private readonly config: Config['google'],
    private readonly redirectUri: string,
  ) {
    this.oauth = new GoogleOAuth(config, redirectUri);
  }

  get configured() {
    return this.oauth.configured;
  }

  authorizeUrl(state: string, readAccess = false): string {
    const query = new URLSearchParams({
      client_id: this.config.clientId ?? '',
      redirect_uri: this.redirectUri,
      response_type: 'code',
      scope: scopesFor('google', readAccess),
      // A refresh token comes only with offline access and a fresh consent.
      ...(readAccess
        ? { access_type: 'offline', prompt: 'consent select_account' }
        : { prompt: 'select_account' }),
      state,
    });
    return `${this.config.authUrl}?${query.toString()}`;
  }

  async identify(code: string): Promise<LinkedIdentity> {
    const tokens = await this.oauth.exchangeCode(code);
    const { accessToken } = tokens;
    const info = await getJson(this.label, `${this.config.apiUrl}/oauth2/v3/userinfo`, {
      authorization: `Bearer ${accessToken}`,
      accept: 'application/json',
    });
    if (info.status !== 200)
      throw new ConnectorAuthError(
        `Google did not tell who you are (HTTP ${info.status}${detail(info.text)}).`,
      );
    const body = (info.body ?? {}) as Record<string, unknown>;
    const email = isTrue(body.email_verified) ? normalEmail(body.email) : null;
    const hd = typeof body.hd === 'string' ? body.hd.trim().toLowerCase() : '';
    return {
      accountId: accountIdOf(this.label, body.sub),
      email,
      // Only a domain the verified address belongs to.
      hostedDomain: email && hd && email.endsWith(`@${hd}`) ? hd : null,
      token: oauthToken(tokens),
    };
  }
}

const GITHUB_API_HEADERS = {
  accept: 'application/vnd.github+json',
  'x-github-api-version': '2022-11-28',
};

/**
 * A GitHub OAuth app: authorize at /login/oauth/authorize, the code exchanged at
 * /login/oauth/access_token (JSON asked for; GitHub answers errors with 200 and an `error`), the
 * account is GET /user's numeric id, the email the primary one when GET /user/emails says it is
 * verified.
 */
export class GitHubIdentity implements IdentityProvider {
  readonly provider = 'github' as const;
  readonly label = 'GitHub';

  constructor(
    private readonly config: Config['github'],
    private readonly redirectUri: string,
  ) {}

  get configured() {
    return Boolean(this.config.clientId && this.config.clientSecret);
  }

  authorizeUrl(state: string, readAccess = false): string {
    const query = new URLSearchParams({
      client_id: this.config.clientId ?? '',
      redirect_uri: this.redirectUri,
      scope: scopesFor('github', readAccess),
      state,
      allow_signup: 'false',
    });
    return `${this.config.oauthUrl}/login/oauth/authorize?${query.toString()}`;
  }

  async identify(code: string): Promise<LinkedIdentity> {
    const token = await this.exchange(code);
    const auth = { ...GITHUB_API_HEADERS, authorization: `Bearer ${token}` };
    const user = await getJson(this.label, `${this.config.apiUrl}/user`, auth);
    if (user.status !== 200)
      throw new ConnectorAuthError(
        `GitHub did not tell who you are (HTTP ${user.status}${detail(user.text)}).`,
      );
    const accountId = accountIdOf(this.label, (user.body as { id?: unknown } | null)?.id);
    // Without the user:email grant (or on a failure) the email stays unknown, never guessed.
    const emails = await getJson(this.label, `${this.config.apiUrl}/user/emails`, auth);
    const list = emails.status === 200 && Array.isArray(emails.body) ? emails.body : [];
    const primary = (list as Record<string, unknown>[]).find(
      (e) => e && e.primary === true && e.verified === true,
    );
    return { accountId, email: normalEmail(primary?.email), token: { type: 'token', token } };
  }

  private async exchange(code: string): Promise<string> {
    const { status, text } = await callTokenService(
      this.label,
      `${this.config.oauthUrl}/login/oauth/access_token`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({
          client_id: this.config.clientId ?? '',
          client_secret: this.config.clientSecret ?? '',
          code,
          redirect_uri: this.redirectUri,
        }).toString(),
      },
    );
    if (status >= 500)
      throw new ConnectorUnavailableError(`GitHub's sign-in service failed (HTTP ${status}).`);
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      /* handled below */
    }
    if (status !== 200 || typeof body.access_token !== 'string') {
      const why =
        typeof body.error_description === 'string'
          ? body.error_description
          : typeof body.error === 'string'
            ? body.error
            : `HTTP ${status}`;
      throw new ConnectorAuthError(`GitHub refused the authorization: ${why}`);
    }
    return body.access_token;
  }
}
