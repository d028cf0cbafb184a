import { createHash } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { openSecret, sealSecret, type SecretKeys } from '../../security/secret-box.js';
import type { OAuthProvider } from './oauth-provider.js';
import { ConnectorAuthError } from './tool-failures.js';
import type { ConnectorAuth } from './connector-http.js';

/** What a source authenticates with; stored as JSON sealed with AES-256-GCM, never returned. */
export type Credentials =
  | { type: 'basic'; username: string; token: string }
  /** A personal access token sent as a Bearer token (GitHub). */
  | { type: 'token'; token: string }
  | { type: 'oauth'; accessToken: string; refreshToken: string | null; expiresAt: number };

/** Refresh a little before expiry, so a request is not sent with a token about to lapse. */
const EXPIRY_MARGIN_MS = 60_000;
/** Refused refresh tokens remembered at most (a bound, not a cache size anyone tunes). */
const MAX_REFUSED = 10_000;

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

/** A table row sealed credentials live in, as the vault reads and rewrites it. */
export interface CredentialStore {
  /** The AAD the row's credentials are sealed under: they open only in that row. */
  context(id: string): string;
  /** The row's sealed credentials and its OAuth server, the row locked (FOR UPDATE). */
  lock(m: EntityManager, id: string): Promise<{ sealed: string | null; oauth?: OAuthProvider }>;
  save(m: EntityManager, id: string, sealed: string): Promise<void>;
  /** Said when the row has no credentials any more. */
  readonly goneMessage: string;
}

/** Sources' credentials (`sources.sealed_credentials`), refreshed with their kind's OAuth server. */
export function sourceCredentialStore(
  oauthFor: (kind: string) => OAuthProvider | undefined,
): CredentialStore {
  return {
    context,
    goneMessage: 'This source was disconnected.',
    async lock(m, id) {
      const [row]: { sealed_credentials: string | null; kind: string }[] = await m.query(
        `SELECT sealed_credentials, kind FROM sources WHERE id = $1 FOR UPDATE`,
        [id],
      );
      return { sealed: row?.sealed_credentials ?? null, oauth: row && oauthFor(row.kind) };
    },
    async save(m, id, sealed) {
      await m.query(`UPDATE sources SET sealed_credentials = $2 WHERE id = $1`, [id, sealed]);
    },
  };
}

/**
 * Sealed credentials (a source's, a member's linked account's): sealing, opening, and OAuth
 * tokens that stay fresh. Atlassian rotates refresh tokens (each works once), so a refresh is
 * single-flight per row: in this process through a shared promise, across instances through a
 * row lock, and the new pair is written in the same transaction that read the old one.
 */
export class CredentialVault {
  private refreshing = new Map<string, Promise<Credentials>>();
  /**
   * Refresh tokens the provider refused, by hash, with its answer: such a token never works
   * again, so the next job that finds it (a permission read after the sync that was refused)
   * gets the same answer without presenting it again.
   */
  private refused = new Map<string, string>();

  constructor(
    private readonly db: DataSource,
    private readonly secretsKey: SecretKeys,
    private readonly store: CredentialStore,
  ) {}

  seal(id: string, credentials: Credentials): string {
    return sealSecret(this.secretsKey, JSON.stringify(credentials), this.store.context(id));
  }

  open(id: string, sealed: string): Credentials {
    return JSON.parse(openSecret(this.secretsKey, sealed, this.store.context(id))) as Credentials;
  }

  /** The Authorization header for a row's requests, renewed when the token lapses. */
  authFor(row: { id: string; sealedCredentials: string | null }): ConnectorAuth {
    if (!row.sealedCredentials)
      throw new ConnectorAuthError('This source has no credentials: connect it again.');
    let current = this.open(row.id, row.sealedCredentials);
    if (current.type === 'basic') return basicAuth(current.username, current.token);
    if (current.type === 'token') return bearerAuth(current.token);
    return {
      header: async () => {
        if (current.type === 'oauth' && current.expiresAt - Date.now() < EXPIRY_MARGIN_MS)
          current = await this.refresh(row.id, current.accessToken);
        return `Bearer ${(current as { accessToken: string }).accessToken}`;
      },
      renew: async (refused) => {
        current = await this.refresh(row.id, refused.replace(/^Bearer /, ''));
        return true;
      },
    };
  }

  /**
   * Fresh OAuth credentials for a row whose access token `stale` was refused or is lapsing.
   * If another worker already refreshed, its tokens are used and no refresh token is spent.
   */
  refresh(id: string, stale: string): Promise<Credentials> {
    const inFlight = this.refreshing.get(id);
    if (inFlight) return inFlight;
    const work = this.db
      .transaction(async (m) => {
        const { sealed, oauth: provider } = await this.store.lock(m, id);
        if (!sealed) throw new ConnectorAuthError(this.store.goneMessage);
        const stored = this.open(id, sealed);
        if (stored.type !== 'oauth') return stored;
        if (stored.accessToken !== stale && stored.expiresAt - Date.now() > EXPIRY_MARGIN_MS)
          return stored;
        if (!stored.refreshToken || !provider?.configured)
          throw new ConnectorAuthError(
            `The ${provider ? `${provider.name} ` : ''}authorization has expired and cannot be renewed: connect again (Authorize).`,
          );
        const key = createHash('sha256').update(stored.refreshToken).digest('base64url');
        const refusal = this.refused.get(key);
        if (refusal) throw new ConnectorAuthError(refusal, true);
        const tokens = await provider.refresh(stored.refreshToken).catch((error: unknown) => {
          if (error instanceof ConnectorAuthError && error.refreshRefused) {
            if (this.refused.size >= MAX_REFUSED) this.refused.clear();
            this.refused.set(key, error.message);
          }
          throw error;
        });
        const next: Credentials = {
          type: 'oauth',
          accessToken: tokens.accessToken,
          refreshToken: tokens.refreshToken ?? stored.refreshToken,
          expiresAt: tokens.expiresAt,
        };
        await this.store.save(m, id, this.seal(id, next));
        return next;
      })
      .finally(() => this.refreshing.delete(id));
    this.refreshing.set(id, work);
    return work;
  }
}
