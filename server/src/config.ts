import os from 'node:os';
import path from 'node:path';

/** Every environment variable the server reads, parsed and validated in one place. */
export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  /**
   * Names this instance in the job queue, so after a crash it takes back its own running jobs
   * at start instead of waiting for their leases (INSTANCE_ID, else host name and DATA_DIR).
   */
  instanceId: string;
  databaseUrl: string | undefined;
  appSecret: string | undefined;
  /** APP_SECRET_PREVIOUS: secrets rotated away from, kept to open what they sealed. */
  previousAppSecrets: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Expose the dev outbox over HTTP (never in production; tests and local e2e only). */
  devOutbox: boolean;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  graphqlIntrospection: boolean;
  trustProxy: boolean;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** Serve the built client from this folder when it exists. */
  clientDir: string;
  /** Whether PUBLIC_URL was given (else links are built from the request's own host). */
  publicUrlSet: boolean;
  uploadMaxBytes: number;
  workspaceQuotaBytes: number;
  parseTimeoutMs: number;
  parseMemoryMb: number;
  jobConcurrency: number;
  /** First wait before a failed job runs again (doubles each attempt). */
  jobRetryBaseSeconds: number;
  /** Questions one person (or key) may ask per minute, across every door (ask, askBot, streams). */
  askRatePerMinute: number;
  /** API_KEY_ASK_RATE_PER_MINUTE: each API key's own question budget. */
  apiKeyAskRatePerMinute: number;
  /** AUDIT_RETENTION_DAYS: audit events older than this are deleted. */
  auditRetentionDays: number;
  /** MAINTENANCE_INTERVAL_SECONDS: how often each periodic task runs (once across instances). */
  maintenanceIntervalSeconds: number;
  /** The server's AI provider (OpenAI or a compatible server); answers are extractive without a key. */
  ai: {
    apiKey: string | undefined;
    baseUrl: string | undefined;
    model: string;
    timeoutMs: number;
    /** OPENAI_COOLDOWN_MS: how long a failing key is left alone at first (doubling to 10 min). */
    cooldownMs: number;
  };
  /** Embeddings for hybrid retrieval: on when EMBEDDING_MODEL is set with OPENAI_API_KEY. */
  embeddings: {
    model: string | undefined;
    dimensions: number;
  };
  /** Atlassian Cloud (Confluence, Jira): the OAuth 3LO app, and base URLs a test double can replace. */
  atlassian: {
    clientId: string | undefined;
    clientSecret: string | undefined;
    authUrl: string;
    apiUrl: string;
  };
  /** Google Drive / Docs: the OAuth web-server client, and base URLs a test double can replace. */
  google: {
    clientId: string | undefined;
    clientSecret: string | undefined;
    /** The consent page (full URL). */
    authUrl: string;
    /** The token endpoint (full URL). */
    tokenUrl: string;
    /** The API root; Drive is under /drive/v3. */
    apiUrl: string;
  };
  /**
   * GitHub's REST API root (github.com; Enterprise Server bases are typed per source), and the
   * GitHub OAuth app members link their GitHub account with (base URL a test double can replace).
   */
  github: {
    apiUrl: string;
    clientId: string | undefined;
    clientSecret: string | undefined;
    /** GITHUB_OAUTH_URL: /login/oauth/authorize and /login/oauth/access_token live under it. */
    oauthUrl: string;
  };
  connectors: {
    /** Let a connector reach loopback, private and link-local addresses (self-hosted tools, test doubles). */
    allowPrivateHosts: boolean;
    /** Minutes between a connected source's incremental syncs. */
    syncIntervalMinutes: number;
    /**
     * CONNECTOR_PERMISSION_SYNC_MINUTES: how often a source that mirrors its tool's permissions
     * reads them all again (group memberships included).
     */
    permissionSyncMinutes: number;
    /**
     * CONNECTOR_SWEEP_HOURS: how often an incremental sync of Google Drive or GitHub also runs
     * the complete id listing that finds deletions its listing cannot report (0: every sync).
     */
    sweepHours: number;
    /** First backoff after a tool's 5xx or a network error (doubles, with jitter). */
    retryBaseMs: number;
    /** Requests in flight at once per syncing source. */
    maxRequestsInFlight: number;
  };
  /** Single sign-on (OpenID Connect). */
  sso: {
    /**
     * SSO_ALLOW_PRIVATE_ISSUERS: an issuer on a loopback or private address, over plain HTTP
     * too, is let through (tests and labs; never for a public deployment).
     */
    allowPrivateIssuers: boolean;
    /** DNS_SERVERS: `host:port` resolvers for the domain TXT check (empty: the system's). */
    dnsServers: string[];
  };
  /** SCIM_RATE_PER_MINUTE: requests one SCIM token may make per minute (per instance). */
  scimRatePerMinute: number;
  /** Slack: SLACK_API_URL, the Web API's origin (its methods are under /api/); a test double can replace it. */
  slack: { apiUrl: string };
  /** Set when S3_BUCKET is: files go to that S3-compatible bucket instead of DATA_DIR. */
  s3: {
    bucket: string;
    region: string;
    endpoint?: string;
    forcePathStyle: boolean;
    accessKeyId?: string;
    secretAccessKey?: string;
    prefix: string;
  } | null;
}

export class ConfigError extends Error {}

const MB = 1024 * 1024;

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
  }
  return value;
}

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false (got "${env[name]}")`);
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(`${name} must be one of ${allowed.join(', ')} (got "${raw}")`);
  }
  return raw as T;
}

function url(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be a URL (${protocols.join(' or ')})`);
  }
  if (!protocols.includes(parsed.protocol.replace(/:$/, ''))) {
    throw new ConfigError(
      `${name} must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
    );
  }
  return raw;
}

/** DNS_SERVERS: comma-separated `ip`, `ip:port` or `[ipv6]:port`, as node:dns setServers takes. */
function dnsServers(raw: string | undefined): string[] {
  const servers = (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const server of servers) {
    const match = /^(?:\[([0-9a-f:.]+)\]|(\d{1,3}(?:\.\d{1,3}){3}))(?::(\d{1,5}))?$/i.exec(server);
    if (!match || (match[3] !== undefined && Number(match[3]) > 65535))
      throw new ConfigError(
        `DNS_SERVERS must be comma-separated IP addresses with optional ports, e.g. 127.0.0.1:5353 or [::1]:53 (got "${server}")`,
      );
  }
  return servers;
}

const trimSlash = (value: string) => value.replace(/\/+$/, '');

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const nodeEnv = oneOf(
    env,
    'NODE_ENV',
    ['development', 'production', 'test'] as const,
    'development',
  );
  const port = integer(env, 'PORT', 4000, 0, 65535);
  const appSecret = env.APP_SECRET || undefined;
  if (appSecret !== undefined && appSecret.length < 32) {
    throw new ConfigError(
      'APP_SECRET must be at least 32 characters (e.g. `openssl rand -hex 32`)',
    );
  }
  // A rotation: earlier secrets still open the secrets they sealed until they are re-sealed.
  const previousAppSecrets = (env.APP_SECRET_PREVIOUS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (previousAppSecrets.length > 0 && !appSecret)
    throw new ConfigError('APP_SECRET_PREVIOUS needs APP_SECRET: the new secret to rotate to');
  if (previousAppSecrets.some((s) => s.length < 32))
    throw new ConfigError('Each APP_SECRET_PREVIOUS secret must be at least 32 characters');
  const publicUrl = url(env, 'PUBLIC_URL', ['http', 'https']) ?? `http://localhost:${port}`;
  const devOutbox = boolean(env, 'DEV_OUTBOX', false);
  if (devOutbox && nodeEnv === 'production') {
    throw new ConfigError('DEV_OUTBOX cannot be enabled when NODE_ENV=production');
  }
  const serverRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
  return {
    env: nodeEnv,
    port,
    host: env.HOST || '0.0.0.0',
    publicUrl: publicUrl.replace(/\/$/, ''),
    dataDir: path.resolve(cwd, env.DATA_DIR || 'data'),
    instanceId:
      env.INSTANCE_ID?.trim() || `${os.hostname()}:${path.resolve(cwd, env.DATA_DIR || 'data')}`,
    databaseUrl: url(env, 'DATABASE_URL', ['postgres', 'postgresql']),
    appSecret,
    previousAppSecrets,
    smtpUrl: url(env, 'SMTP_URL', ['smtp', 'smtps']),
    mailFrom: env.MAIL_FROM || 'Lumen <no-reply@lumen.local>',
    devOutbox,
    accessTokenTtlSeconds: integer(env, 'ACCESS_TOKEN_TTL_SECONDS', 900, 30, 86_400),
    refreshTokenTtlDays: integer(env, 'REFRESH_TOKEN_TTL_DAYS', 30, 1, 365),
    graphqlIntrospection: boolean(env, 'GRAPHQL_INTROSPECTION', false),
    trustProxy: boolean(env, 'TRUST_PROXY', false),
    logLevel: oneOf(
      env,
      'LOG_LEVEL',
      ['debug', 'info', 'warn', 'error', 'silent'] as const,
      nodeEnv === 'test' ? 'warn' : 'info',
    ),
    clientDir: path.resolve(env.CLIENT_DIR || path.join(serverRoot, '..', 'client', 'dist')),
    publicUrlSet: Boolean(env.PUBLIC_URL),
    uploadMaxBytes: integer(env, 'UPLOAD_MAX_MB', 50, 1, 1024) * MB,
    workspaceQuotaBytes: integer(env, 'WORKSPACE_QUOTA_MB', 5120, 1, 10_485_760) * MB,
    parseTimeoutMs: integer(env, 'PARSE_TIMEOUT_SECONDS', 60, 1, 3600) * 1000,
    parseMemoryMb: integer(env, 'PARSE_MEMORY_MB', 512, 32, 16_384),
    jobConcurrency: integer(env, 'JOB_CONCURRENCY', 2, 1, 64),
    jobRetryBaseSeconds: integer(env, 'JOB_RETRY_BASE_SECONDS', 5, 0, 3600),
    askRatePerMinute: integer(env, 'ASK_RATE_PER_MINUTE', 30, 1, 1_000_000),
    apiKeyAskRatePerMinute: integer(env, 'API_KEY_ASK_RATE_PER_MINUTE', 60, 1, 1_000_000),
    auditRetentionDays: integer(env, 'AUDIT_RETENTION_DAYS', 365, 1, 36_500),
    maintenanceIntervalSeconds: integer(env, 'MAINTENANCE_INTERVAL_SECONDS', 300, 1, 86_400),
    ai: {
      apiKey: env.OPENAI_API_KEY?.trim() || undefined,
      baseUrl: url(env, 'OPENAI_BASE_URL', ['http', 'https']),
      model: env.OPENAI_MODEL?.trim() || 'gpt-4o-mini',
      timeoutMs: integer(env, 'OPENAI_TIMEOUT_SECONDS', 30, 1, 600) * 1000,
      cooldownMs: integer(env, 'OPENAI_COOLDOWN_MS', 30_000, 1, 600_000),
    },
    embeddings: {
      model: env.EMBEDDING_MODEL?.trim() || undefined,
      dimensions: integer(env, 'EMBEDDING_DIMENSIONS', 512, 16, 4096),
    },
    atlassian: {
      clientId: env.ATLASSIAN_CLIENT_ID?.trim() || undefined,
      clientSecret: env.ATLASSIAN_CLIENT_SECRET?.trim() || undefined,
      authUrl: trimSlash(
        url(env, 'ATLASSIAN_AUTH_URL', ['http', 'https']) ?? 'https://auth.atlassian.com',
      ),
      apiUrl: trimSlash(
        url(env, 'ATLASSIAN_API_URL', ['http', 'https']) ?? 'https://api.atlassian.com',
      ),
    },
    google: {
      clientId: env.GOOGLE_CLIENT_ID?.trim() || undefined,
      clientSecret: env.GOOGLE_CLIENT_SECRET?.trim() || undefined,
      authUrl:
        url(env, 'GOOGLE_AUTH_URL', ['http', 'https']) ??
        'https://accounts.google.com/o/oauth2/v2/auth',
      tokenUrl:
        url(env, 'GOOGLE_TOKEN_URL', ['http', 'https']) ?? 'https://oauth2.googleapis.com/token',
      apiUrl: trimSlash(
        url(env, 'GOOGLE_API_URL', ['http', 'https']) ?? 'https://www.googleapis.com',
      ),
    },
    github: {
      apiUrl: trimSlash(url(env, 'GITHUB_API_URL', ['http', 'https']) ?? 'https://api.github.com'),
      clientId: env.GITHUB_CLIENT_ID?.trim() || undefined,
      clientSecret: env.GITHUB_CLIENT_SECRET?.trim() || undefined,
      oauthUrl: trimSlash(url(env, 'GITHUB_OAUTH_URL', ['http', 'https']) ?? 'https://github.com'),
    },
    connectors: {
      allowPrivateHosts: boolean(env, 'CONNECTORS_ALLOW_PRIVATE_HOSTS', false),
      syncIntervalMinutes: integer(env, 'CONNECTOR_SYNC_INTERVAL_MINUTES', 30, 1, 10_080),
      sweepHours: integer(env, 'CONNECTOR_SWEEP_HOURS', 24, 0, 720),
      permissionSyncMinutes: integer(env, 'CONNECTOR_PERMISSION_SYNC_MINUTES', 15, 1, 10_080),
      retryBaseMs: integer(env, 'CONNECTOR_RETRY_BASE_MS', 1000, 1, 60_000),
      maxRequestsInFlight: integer(env, 'CONNECTOR_MAX_REQUESTS_IN_FLIGHT', 4, 1, 32),
    },
    sso: {
      allowPrivateIssuers: boolean(env, 'SSO_ALLOW_PRIVATE_ISSUERS', false),
      dnsServers: dnsServers(env.DNS_SERVERS),
    },
    scimRatePerMinute: integer(env, 'SCIM_RATE_PER_MINUTE', 3000, 1, 1_000_000),
    slack: {
      apiUrl: trimSlash(url(env, 'SLACK_API_URL', ['http', 'https']) ?? 'https://slack.com'),
    },
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION || 'us-east-1',
          endpoint: url(env, 'S3_ENDPOINT', ['http', 'https']),
          forcePathStyle: boolean(env, 'S3_FORCE_PATH_STYLE', Boolean(env.S3_ENDPOINT)),
          accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
          prefix: env.S3_PREFIX || '',
        }
      : null,
  };
}
