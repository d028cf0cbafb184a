import * as oidc from 'openid-client';
import { Agent, fetch as undiciFetch } from 'undici';
import { ConnectorHostRefusedError } from '../connectors/tool-failures.js';
import { assertPublicLiteral, guardedLookup } from '../connectors/safe-address.js';

export interface OidcClientSettings {
  issuer: string;
  clientId: string;
  /** Null for a public client (PKCE only). */
  clientSecret: string | null;
}

const CACHE_MS = 15 * 60 * 1000;
const TIMEOUT_SECONDS = 10;

/**
 * openid-client configurations (discovery metadata, the IdP's keys) per connection, kept a
 * while so a sign-in does not fetch the discovery document every time. Unless
 * SSO_ALLOW_PRIVATE_ISSUERS is on, every request refuses loopback and private addresses (at
 * connect time, so a public name later pointed inward is refused too) and plain HTTP.
 */
export class OidcConfigs {
  private readonly cache = new Map<
    string,
    { key: string; at: number; config: oidc.Configuration }
  >();
  private agent: Agent | undefined;

  constructor(private readonly allowPrivateIssuers: boolean) {}

  /** Discovery against the issuer: throws when it fails or the issuer it names differs. */
  async discover(settings: OidcClientSettings): Promise<oidc.Configuration> {
    const fetchImpl = this.fetchImpl();
    const discovered = await oidc.discovery(
      new URL(settings.issuer),
      settings.clientId,
      undefined,
      oidc.None(),
      {
        execute: this.allowPrivateIssuers ? [oidc.allowInsecureRequests] : [],
        timeout: TIMEOUT_SECONDS,
        ...(fetchImpl ? { [oidc.customFetch]: fetchImpl } : {}),
      },
    );
    const server = discovered.serverMetadata();
    const config = new oidc.Configuration(
      server,
      settings.clientId,
      settings.clientSecret ?? undefined,
      clientAuth(server, settings.clientSecret),
    );
    if (this.allowPrivateIssuers) oidc.allowInsecureRequests(config);
    // The ID token's signature is checked against the IdP's JWKS too, not only its TLS channel:
    // over plain HTTP (labs) TLS proves nothing, and the signature is what the issue asks for.
    oidc.enableNonRepudiationChecks(config);
    if (fetchImpl) config[oidc.customFetch] = fetchImpl;
    config.timeout = TIMEOUT_SECONDS;
    return config;
  }

  /** The connection's configuration, from the cache while its settings are unchanged. */
  async forConnection(
    id: string,
    version: string,
    settings: OidcClientSettings,
  ): Promise<oidc.Configuration> {
    const key = `${version}|${settings.issuer}|${settings.clientId}`;
    const hit = this.cache.get(id);
    if (hit && hit.key === key && Date.now() - hit.at < CACHE_MS) return hit.config;
    const config = await this.discover(settings);
    this.cache.set(id, { key, at: Date.now(), config });
    return config;
  }

  forget(id?: string) {
    if (id) this.cache.delete(id);
    else this.cache.clear();
  }

  private fetchImpl(): oidc.CustomFetch | undefined {
    if (this.allowPrivateIssuers) return undefined;
    this.agent ??= new Agent({
      keepAliveTimeout: 10_000,
      connect: { lookup: guardedLookup as never },
    });
    const agent = this.agent;
    return async (url, options) => {
      const refused = (host: string) =>
        new Error(
          `${host} is a private or local address: an identity provider must be reachable on a public address (SSO_ALLOW_PRIVATE_ISSUERS allows private ones, for labs).`,
        );
      try {
        assertPublicLiteral(new URL(url));
      } catch {
        throw refused(new URL(url).hostname);
      }
      try {
        return (await undiciFetch(url, {
          ...options,
          dispatcher: agent,
        } as never)) as unknown as Response;
      } catch (error) {
        if ((error as { cause?: unknown }).cause instanceof ConnectorHostRefusedError)
          throw refused(new URL(url).hostname);
        throw error;
      }
    };
  }
}

/** Basic authentication when the IdP offers it (the OAuth default), else the secret in the body. */
function clientAuth(server: oidc.ServerMetadata, secret: string | null): oidc.ClientAuth {
  if (!secret) return oidc.None();
  const methods = server.token_endpoint_auth_methods_supported;
  if (methods && !methods.includes('client_secret_basic') && methods.includes('client_secret_post'))
    return oidc.ClientSecretPost(secret);
  return oidc.ClientSecretBasic(secret);
}

/** A short, plain reason from an openid-client / oauth4webapi failure (never a stack). */
export function oidcFailureReason(error: unknown): string {
  const e = error as {
    message?: string;
    cause?: { code?: string; message?: string };
    error?: string;
    error_description?: string;
  };
  if (e?.error) return `${e.error}${e.error_description ? `: ${e.error_description}` : ''}.`;
  const clip = (text: string) => text.replace(/\s+/g, ' ').slice(0, 300);
  let message = clip(e?.message ?? 'unknown error');
  // openid-client wraps network failures as "something went wrong": the cause says what.
  const cause = e?.cause?.message ? clip(e.cause.message) : undefined;
  if (/something went wrong|fetch failed/i.test(message) && cause) message = cause;
  else if (e?.cause?.code) message = `${message} (${e.cause.code})`;
  return /[.)]$/.test(message) ? message : `${message}.`;
}
