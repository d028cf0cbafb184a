import type { Config } from '../../config.js';
import { ConnectorAuthError, ConnectorUnavailableError } from './tool-failures.js';
import { detail } from './connector-http.js';
import {
  callTokenService,
  readTokens,
  type OAuthProvider,
  type TokenSet,
} from './oauth-provider.js';

export type { TokenSet } from './oauth-provider.js';

export type AtlassianProduct = 'confluence' | 'jira';

/** Read-only scopes, plus offline_access for a refresh token (SPEC §7's Authorize scopes for Confluence). */
export const ATLASSIAN_SCOPES: Record<AtlassianProduct, string[]> = {
  confluence: [
    'read:content:confluence',
    'read:space:confluence',
    'read:page:confluence',
    'read:blogpost:confluence',
    'read:comment:confluence',
    'offline_access',
  ],
  jira: ['read:jira-work', 'read:jira-user', 'offline_access'],
};

export interface AccessibleResource {
  id: string;
  name: string;
  url: string;
  scopes: string[];
}

/**
 * Atlassian OAuth 2.0 (3LO): the authorize URL, the code exchange and the refresh, all with the
 * server's own client secret (a secret sent by a browser is never used), and the sites a token
 * can reach. Base URLs come from config so a test double can stand in.
 */
export class AtlassianOAuth implements OAuthProvider {
  readonly name = 'Atlassian';

  constructor(
    private readonly config: Config['atlassian'],
    /** PUBLIC_URL + /app/connectors: where Atlassian sends the user back. */
    readonly redirectUri: string,
  ) {}

  get configured(): boolean {
    return Boolean(this.config.clientId && this.config.clientSecret);
  }

  authorizeUrl(product: string, state: string): string {
    const query = new URLSearchParams({
      audience: 'api.atlassian.com',
      client_id: this.config.clientId ?? '',
      scope: ATLASSIAN_SCOPES[product as AtlassianProduct].join(' '),
      redirect_uri: this.redirectUri,
      state,
      response_type: 'code',
      prompt: 'consent',
    });
    return `${this.config.authUrl}/authorize?${query.toString()}`;
  }

  exchangeCode(code: string): Promise<TokenSet> {
    return this.token({ grant_type: 'authorization_code', code, redirect_uri: this.redirectUri });
  }

  refresh(refreshToken: string): Promise<TokenSet> {
    return this.token({ grant_type: 'refresh_token', refresh_token: refreshToken });
  }

  /** The sites (cloud ids) the token was granted. */
  async accessibleResources(accessToken: string): Promise<AccessibleResource[]> {
    const { status, text } = await callTokenService(
      this.name,
      `${this.config.apiUrl}/oauth/token/accessible-resources`,
      {
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      },
    );
    if (status !== 200)
      throw new ConnectorAuthError(
        `Atlassian did not list the authorized sites (HTTP ${status}${detail(text)}).`,
      );
    const list = JSON.parse(text) as Partial<AccessibleResource>[];
    return list.map((r) => ({
      id: String(r.id),
      name: String(r.name ?? ''),
      url: String(r.url ?? '').replace(/\/+$/, ''),
      scopes: Array.isArray(r.scopes) ? r.scopes.map(String) : [],
    }));
  }

  private async token(grant: Record<string, string>): Promise<TokenSet> {
    const { status, text } = await callTokenService(
      this.name,
      `${this.config.authUrl}/oauth/token`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          ...grant,
          client_id: this.config.clientId,
          client_secret: this.config.clientSecret,
        }),
      },
    );
    if (status >= 500)
      throw new ConnectorUnavailableError(`Atlassian's sign-in service failed (HTTP ${status}).`);
    if (status !== 200) {
      const reconnect =
        grant.grant_type === 'refresh_token'
          ? 'Atlassian no longer accepts this connection: connect it again (Authorize).'
          : 'Atlassian refused the authorization: start again with Authorize.';
      throw new ConnectorAuthError(
        `${reconnect} (HTTP ${status}${detail(text)})`,
        grant.grant_type === 'refresh_token' && status >= 400 && status <= 403,
      );
    }
    const body = readTokens(this.name, text);
    if (!body.access_token) throw new ConnectorAuthError('Atlassian sent no access token.');
    return {
      accessToken: body.access_token,
      refreshToken: body.refresh_token ?? null,
      expiresAt: Date.now() + (Number(body.expires_in) || 3600) * 1000,
    };
  }
}
