import { fetch } from 'undici';
import { ConnectorUnavailableError } from './tool-failures.js';

/** Tokens from an OAuth 2.0 code exchange or refresh. */
export interface TokenSet {
  accessToken: string;
  /** Atlassian rotates it (each one works once); Google sends it once and keeps it. */
  refreshToken: string | null;
  /** Epoch milliseconds. */
  expiresAt: number;
}

/**
 * One OAuth 2.0 authorization server (Atlassian, Google): the authorize URL, the code exchange
 * and the refresh, always with the server's own client secret.
 */
export interface OAuthProvider {
  /** The provider's name in messages ("Atlassian", "Google"). */
  readonly name: string;
  /** Whether this server has a client id and secret for it. */
  readonly configured: boolean;
  authorizeUrl(kind: string, state: string): string;
  exchangeCode(code: string): Promise<TokenSet>;
  refresh(refreshToken: string): Promise<TokenSet>;
}

const TIMEOUT_MS = 20_000;

/** A call to a provider's sign-in service; a network failure is "unavailable", not "refused". */
export async function callTokenService(
  name: string,
  url: string,
  init: Parameters<typeof fetch>[1],
): Promise<{ status: number; text: string }> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    return { status: response.status, text: await response.text() };
  } catch (error) {
    throw new ConnectorUnavailableError(
      `${name}'s sign-in service could not be reached (${(error as Error).message}).`,
    );
  }
}

/** The token answer shared by Atlassian and Google. */
export function readTokens(
  name: string,
  text: string,
): { access_token?: string; refresh_token?: string; expires_in?: number } {
  try {
    return JSON.parse(text) as {
      access_token?: string;
      refresh_token?: string;
      expires_in?: number;
    };
  } catch {
    throw new ConnectorUnavailableError(
      `${name}'s sign-in service answered something that is not JSON.`,
    );
  }
}
