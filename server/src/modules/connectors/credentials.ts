import type { DataSource } from 'typeorm';
import { openSecret, sealSecret, type SecretKeys } from '../../security/secret-box.js';
import type { OAuthProvider } from './oauth-provider.js';
import { ConnectorAuthError } from './connector-errors.js';
import type { ConnectorAuth } from './connector-http.js';

/** What a source authenticates with; stored as JSON sealed with AES-256-GCM, never returned. */
export type Credentials =
  | { type: 'basic'; username: string; token: string }
  /** A personal access token sent as a Bearer token (GitHub). */
  | { type: 'token'; token: string }
  | { type: 'oauth'; accessToken: string; refreshToken: string | null; expiresAt: number };

/** Refresh a little before expiry, so a request is not sent with a token about to lapse. */
const EXPIRY_MARGIN_MS = 60_000;

/** The AAD a source's credentials are sealed under: they open only in that source's row. */
export const sourceCredentialsContext = (sourceId: string) => `source:${sourceId}`;
const context = sourceCredentialsContext;

export function basicAuth(username: string, token: string): ConnectorAuth {
  const header = `Basic ${Buffer.from(`${username}:${token}`, 'utf8').toString('base64')}`;
  return { header: async () => header };
}

export function bearerAuth(accessToken: string): ConnectorAuth {
  return { header: async () => `Bearer ${accessToken}` };
}

/**
 * Sources' credentials: sealing, opening, and OAuth tokens that stay fresh. Atlassian rotates
 * refresh tokens (each works once), so a refresh is single-flight per source: in this process
 * through a shared promise, across instances through a row lock, and the new pair is written in
 * the same transaction that read the old one.
 */
export class CredentialVault {
  private refreshing = new Map<string, Promise<Credentials>>();

  constructor(
    private readonly db: DataSource,
    private readonly secretsKey: SecretKeys,
    /** The OAuth server a source kind's tokens come from (Atlassian, Google). */
    private readonly oauthFor: (kind: string) => OAuthProvider | undefined,
  ) {}

  seal(sourceId: string, credentials: Credentials): string {
    return sealSecret(this.secretsKey, JSON.stringify(credentials), context(sourceId));
  }

  open(sourceId: string, sealed: string): Credentials {
    return JSON.parse(openSecret(this.secretsKey, sealed, context(sourceId))) as Credentials;
  }

  /** The Authorization header for a source's requests, renewed when the token lapses. */
  authFor(source: { id: string; sealedCredentials: string | null }): ConnectorAuth {
    if (!source.sealedCredentials)
      throw new ConnectorAuthError('This source has no credentials: connect it again.');
    let current = this.open(source.id, source.sealedCredentials);
    if (current.type === 'basic') return basicAuth(current.username, current.token);
    if (current.type === 'token') return bearerAuth(current.token);
    return {
      header: async () => {
        if (current.type === 'oauth' && current.expiresAt - Date.now() < EXPIRY_MARGIN_MS)
          current = await this.refresh(source.id, current.accessToken);
        return `Bearer ${(current as { accessToken: string }).accessToken}`;
      },
      renew: async (refused) => {
        current = await this.refresh(source.id, refused.replace(/^Bearer /, ''));
        return true;
      },
    };
  }

  /**
   * Fresh OAuth credentials for a source whose access token `stale` was refused or is lapsing.
   * If another worker already refreshed, its tokens are used and no refresh token is spent.
   */
  refresh(sourceId: string, stale: string): Promise<Credentials> {
    const inFlight = this.refreshing.get(sourceId);
    if (inFlight) return inFlight;
    const work = this.db
      .transaction(async (m) => {
        const [row]: { sealed_credentials: string | null; kind: string }[] = await m.query(
          `SELECT sealed_credentials, kind FROM sources WHERE id = $1 FOR UPDATE`,
          [sourceId],
        );
        if (!row?.sealed_credentials) throw new ConnectorAuthError('This source was disconnected.');
        const stored = this.open(sourceId, row.sealed_credentials);
        if (stored.type !== 'oauth') return stored;
        if (stored.accessToken !== stale && stored.expiresAt - Date.now() > EXPIRY_MARGIN_MS)
          return stored;
        const provider = this.oauthFor(row.kind);
        if (!stored.refreshToken || !provider?.configured)
          throw new ConnectorAuthError(
            `The ${provider ? `${provider.name} ` : ''}authorization has expired and cannot be renewed: connect again (Authorize).`,
          );
        const tokens = await provider.refresh(stored.refreshToken);
        const next: Credentials = {
          type: 'oauth',
          accessToken: tokens.accessToken,
          refreshToken: tokens.refreshToken ?? stored.refreshToken,
          expiresAt: tokens.expiresAt,
        };
        await m.query(`UPDATE sources SET sealed_credentials = $2 WHERE id = $1`, [
          sourceId,
          this.seal(sourceId, next),
        ]);
        return next;
      })
      .finally(() => this.refreshing.delete(sourceId));
    this.refreshing.set(sourceId, work);
    return work;
  }
}
