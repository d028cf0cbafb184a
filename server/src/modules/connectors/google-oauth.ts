import type { Config } from '../../config.js';
import { ConnectorAuthError, ConnectorUnavailableError } from './tool-failures.js';
import { detail } from './connector-http.js';
import {
  callTokenService,
  readTokens,
  type OAuthProvider,
  type TokenSet,
} from './oauth-provider.js';

/**
 * Read-only (SPEC): Drive's file contents, metadata and sharing, and the members of the Workspace
 * groups files are shared with (answered only when the connecting account is a Workspace admin;
 * otherwise group grants reach no one: connectors/permissions fails closed).
 */
export const GOOGLE_SCOPES = [
  'https://www.googleapis.com/auth/drive.readonly',
  'https://www.googleapis.com/auth/admin.directory.group.member.readonly',
];

/**
 * Google's OAuth 2.0 web-server flow with offline access: the refresh token comes once, with
 * the first consent (prompt=consent asks for it again on a reconnect), and is not rotated.
 * An invalid_grant means the grant was revoked or expired: the source must be connected again.
 */
export class GoogleOAuth implements OAuthProvider {
  readonly name = 'Google';

  constructor(
    private readonly config: Config['google'],
    /** PUBLIC_URL + /app/connectors: where Google sends the user back. */
    readonly redirectUri: string,
  ) {}

  get configured(): boolean {
    return Boolean(this.config.clientId && this.config.clientSecret);
  }

  authorizeUrl(_kind: string, state: string): string {
    const query = new URLSearchParams({
      client_id: this.config.clientId ?? '',
      redirect_uri: this.redirectUri,
      response_type: 'code',
      scope: GOOGLE_SCOPES.join(' '),
      access_type: 'offline',
      prompt: 'consent',
      include_granted_scopes: 'true',
      state,
    });
    return `${this.config.authUrl}?${query.toString()}`;
  }

  exchangeCode(code: string): Promise<TokenSet> {
    return this.token({ grant_type: 'authorization_code', code, redirect_uri: this.redirectUri });
  }

  refresh(refreshToken: string): Promise<TokenSet> {
    return this.token({ grant_type: 'refresh_token', refresh_token: refreshToken });
  }

  private async token(grant: Record<string, string>): Promise<TokenSet> {
    const { status, text } = await callTokenService(this.name, this.config.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        ...grant,
        client_id: this.config.clientId ?? '',
        client_secret: this.config.clientSecret ?? '',
      }).toString(),
    });
    if (status >= 500)
      throw new ConnectorUnavailableError(`Google's sign-in service failed (HTTP ${status}).`);
    if (status !== 200) {
      const reconnect =
        grant.grant_type === 'refresh_token'
          ? 'Google no longer accepts this connection: connect it again (Authorize).'
          : 'Google refused the authorization: start again with Authorize.';
      throw new ConnectorAuthError(
        `${reconnect} (HTTP ${status}${detail(text)})`,
        grant.grant_type === 'refresh_token' && status >= 400 && status <= 403,
      );
    }
    const body = readTokens(this.name, text);
    if (!body.access_token) throw new ConnectorAuthError('Google sent no access token.');
    return {
      accessToken: body.access_token,
      refreshToken: body.refresh_token ?? null,
      expiresAt: Date.now() + (Number(body.expires_in) || 3600) * 1000,
    };
  }
}
