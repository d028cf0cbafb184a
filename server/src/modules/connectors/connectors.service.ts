import { can } from '../policies/index.js';
import type { AuditLog } from '../audit/audit-log.js';
import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { hashToken, randomToken } from '../../security/app-keys.js';
import { openSecret, type SecretKeys } from '../../security/secret-box.js';
import { AppError, badInput } from '../../shared/app-error.js';
import { assertId } from '../../shared/ids.js';
import { hasCurrentPermission, requireCurrentPermission } from '../identity/require-permission.js';
import type { Viewer } from '../identity/viewer.js';
import { IntegrationSetting } from '../provider-keys/provider-key.entity.js';
import { canReadSource, type Readers, Source } from '../corpus/index.js';
import type { AtlassianOAuth } from './atlassian-oauth.js';
import type { Connector } from './connector.js';
import { ConnectorHttp, type ConnectorAuth } from './connector-http.js';
import { ConnectorErrors } from './connectors.errors.js';
import { basicAuth, bearerAuth, type Credentials, type CredentialVault } from './credentials.js';
import type { ConnectorSync } from './connector-sync.js';
import { connectorFor, isConnectorKind, type ConnectorKind } from './registry.js';
import type { OAuthProvider } from './oauth-provider.js';
import { OAuthState } from './oauth-state.entity.js';
import { assertPublicHost } from './safe-address.js';
import { baseUrlText, siteBaseUrl } from './site-url.js';
import { AccessErrors } from '../access/access.errors.js';
import {
  MIRROR_ACCESS,
  type SourceAccessService,
  type SourceAccessSetting,
} from '../access/source-access.service.js';

/** SPEC §3's integration settings record, as forms and `GET /api/get-integration/{name}` read it. */
export interface IntegrationSettingsView {
  domain: string;
  username: string;
  /** A placeholder when credentials are stored, '' otherwise: never the token itself. */
  password: string;
  spacekey: string;
}

/** What a stored password reads as: a placeholder, never derived from the secret. */
export const STORED_PASSWORD = '••••••••';
const EMPTY: IntegrationSettingsView = { domain: '', username: '', password: '', spacekey: '' };
const STATE_TTL_MS = 10 * 60 * 1000;

/** Settings every connector keeps beside its own: how it authenticates, and the form's site and account. */
interface StoredSettings {
  apiBase: string;
  /** The site as people open it (Atlassian sites; other connectors resolve theirs). */
  siteUrl?: string;
  /** The site as the user typed it (normalised); '' for github.com. */
  domain?: string;
  username?: string;
  auth: 'basic' | 'oauth' | 'token';
  [key: string]: unknown;
}

export interface ConnectorsOptions {
  allowPrivateHosts: boolean;
  retryBaseMs: number;
  atlassianApiUrl: string;
  googleApiUrl: string;
  githubApiUrl: string;
}

/** Which settings field holds a kind's chosen keys (what the form's spacekey edits). */
const KEY_FIELD: Record<ConnectorKind, string> = {
  confluence: 'spaceKeys',
  jira: 'projectKeys',
  google_docs: 'folderIds',
  github: 'repos',
};
const ATLASSIAN_KINDS: ReadonlySet<string> = new Set(['confluence', 'jira']);

/**
 * Connected sources (Confluence, Jira…): saving settings checks them live against the tool and
 * starts a sync; OAuth connects through a user-bound single-use state; resync, status and the
 * SPEC's integration-settings record. GraphQL and REST are two doors to these functions.
 */
/** The AAD of a password saved by the earlier bot-integration form (read, never written now). */
export const integrationPasswordContext = (userId: string, name: string) =>
  `integration:${userId}:${name}`;

export class ConnectorsService {
  constructor(
    private readonly db: DataSource,
    private readonly sync: ConnectorSync,
    private readonly vault: CredentialVault,
    private readonly atlassian: AtlassianOAuth,
    private readonly oauthFor: (kind: string) => OAuthProvider | undefined,
    private readonly keys: { secrets: SecretKeys; tokenHash: Buffer },
    private readonly options: ConnectorsOptions,
    private readonly audit: AuditLog,
    private readonly access: SourceAccessService,
    private readonly readers: Readers,
  ) {}

  /**
   * The kind's source as this caller may change it: none yet, or one open to the workspace, or
   * one they manage (owner or admin). A restricted source they do not manage is refused.
   */
  private async changeable(viewer: Viewer, kind: ConnectorKind): Promise<Source | null> {
    const [existing] = await this.sourcesOf(viewer.workspaceId, kind);
    if (existing && !can(viewer, 'source.change', existing))
      throw AccessErrors.cannotChangeAccess();
    return existing ?? null;
  }

  /** The kinds that can connect with Authorize on this server (their OAuth client is set up). */
  oauthKinds(kinds: readonly ConnectorKind[]): ConnectorKind[] {
    return kinds.filter((kind) => this.oauthFor(kind)?.configured);
  }

  /** The workspace's sources of a kind, oldest first (the first one is what the SPEC's doors manage). */
  sourcesOf(workspaceId: string, kind: ConnectorKind): Promise<Source[]> {
    return this.db
      .getRepository(Source)
      .find({ where: { workspaceId, kind }, order: { createdAt: 'ASC' } });
  }

  async settings(viewer: Viewer, rawName: string): Promise<IntegrationSettingsView> {
    requireCurrentPermission(viewer, 'source.write');
    const kind = kindOf(rawName);
    const [source] = await this.sourcesOf(viewer.workspaceId, kind);
    // A restricted source's settings are for its owner and admins only.
    if (source && can(viewer, 'source.change', source)) return view(source);
    if (source) return { ...EMPTY };
    // Settings saved before connectors existed pre-fill the form (they were never synced).
    const legacy = await this.db
      .getRepository(IntegrationSetting)
      .findOneBy({ userId: viewer.userId, name: kind });
    if (!legacy) return { ...EMPTY };
    return {
      domain: legacy.domain,
      username: legacy.username,
      password: legacy.sealedPassword ? STORED_PASSWORD : '',
      spacekey: legacy.spacekey,
    };
  }

  /**
   * SPEC `POST /api/save-integration/{name}`: checks the site, credentials and keys against the
   * tool, then saves them (sealed) on the workspace's source of that kind and starts a sync.
   */
  async save(
    viewer: Viewer,
    rawName: string,
    input: Record<string, unknown>,
    /** Who reads the source: a new one defaults to the workspace; an existing one keeps its own. */
    access: SourceAccessSetting | null = null,
  ): Promise<{ settings: IntegrationSettingsView; source: Source }> {
    requireCurrentPermission(viewer, 'source.write');
    const kind = kindOf(rawName);
    const connector = connectorFor(kind)!;
    const form = readForm(input);
    const keys = parseKeys(form.spacekey, kind);
    const existing = await this.changeable(viewer, kind);
    if (existing && access && !this.access.canManage(viewer, existing))
      throw AccessErrors.cannotChangeAccess();
    const stored = existing?.sealedCredentials
      ? this.vault.open(existing.id, existing.sealedCredentials)
      : null;
    const keepStored = !form.password || form.password === STORED_PASSWORD;

    let credentials: Credentials;
    let settings: StoredSettings;
    if (keepStored && stored?.type === 'oauth' && existing) {
      // An OAuth connection keeps its site; only the keys change here.
      const previous = existing.settings as StoredSettings;
      if (
        ATLASSIAN_KINDS.has(kind) &&
        form.domain &&
        previous.siteUrl &&
        siteBaseUrl(form.domain).host !== new URL(previous.siteUrl).host
      )
        throw badInput('To connect another site, use Authorize again.', { field: 'domain' });
      credentials = stored;
      settings = { ...previous, ...keySettings(kind, keys) };
    } else if (kind === 'google_docs') {
      throw badInput('Google Drive connects with Authorize: sign in with Google.', {
        field: 'password',
      });
    } else if (kind === 'github') {
      const token = keepStored ? await this.storedToken(viewer, kind, stored) : form.password;
      const apiBase = form.domain ? githubApiBase(form.domain) : this.options.githubApiUrl;
      if (form.domain && !this.options.allowPrivateHosts)
        await assertPublicHost(new URL(apiBase)).catch((e) => {
          throw ConnectorErrors.fromConnector(e);
        });
      credentials = { type: 'token', token };
      settings = {
        apiBase,
        domain: form.domain,
        username: form.username || undefined,
        auth: 'token',
        ...keySettings(kind, keys),
      };
    } else {
      if (!form.username)
        throw badInput('Enter the email address of the Atlassian account.', { field: 'username' });
      const token = keepStored ? await this.storedToken(viewer, kind, stored) : form.password;
      const site = siteBaseUrl(form.domain);
      if (!this.options.allowPrivateHosts)
        await assertPublicHost(site).catch((e) => {
          throw ConnectorErrors.fromConnector(e);
        });
      credentials = { type: 'basic', username: form.username, token };
      const base = baseUrlText(site);
      settings = {
        apiBase: base,
        siteUrl: base,
        domain: form.domain,
        username: form.username,
        auth: 'basic',
        ...keySettings(kind, keys),
      };
    }
    const auth =
      credentials.type === 'basic'
        ? basicAuth(credentials.username, credentials.token)
        : credentials.type === 'token'
          ? bearerAuth(credentials.token)
          : this.vault.authFor(existing!);
    const checked = await this.check(connector, auth, settings);
    const source = await this.connect(viewer, kind, existing, checked, credentials, access);
    return { settings: view(source), source };
  }

  /** SPEC `POST /api/resync-confluence`: every source of the kind syncs now (a running sync goes on). */
  async resyncKind(viewer: Viewer, rawName: string): Promise<Source[]> {
    requireCurrentPermission(viewer, 'source.write');
    const kind = kindOf(rawName);
    const sources = await this.visibleSourcesOf(viewer, kind);
    if (sources.length === 0) throw ConnectorErrors.notConfigured(connectorFor(kind)!.label);
    for (const source of sources) {
      await this.startSync(source);
      await this.audit.record(viewer, 'connector.resync', {
        type: 'source',
        id: source.id,
        label: `${kind}: ${source.name}`,
      });
    }
    return this.visibleSourcesOf(viewer, kind);
  }

  /** The kind's sources the caller sees: readable ones, or any for an admin (NOT_FOUND rule). */
  private async visibleSourcesOf(viewer: Viewer, kind: ConnectorKind): Promise<Source[]> {
    const sources = await this.sourcesOf(viewer.workspaceId, kind);
    if (hasCurrentPermission(viewer, 'user.write')) return sources;
    const reader = await this.readers.forViewer(viewer);
    return sources.filter((s) => canReadSource(reader, s.id));
  }

  async resync(viewer: Viewer, sourceId: string): Promise<Source> {
    requireCurrentPermission(viewer, 'source.write');
    assertId(sourceId);
    const source = await this.db
      .getRepository(Source)
      .findOneBy({ id: sourceId, workspaceId: viewer.workspaceId });
    const visible =
      source &&
      (hasCurrentPermission(viewer, 'user.write') ||
        canReadSource(await this.readers.forViewer(viewer), source.id));
    if (!source || !visible || !isConnectorKind(source.kind))
      throw ConnectorErrors.sourceNotFound();
    await this.startSync(source);
    await this.audit.record(viewer, 'connector.resync', {
      type: 'source',
      id: source.id,
      label: `${source.kind}: ${source.name}`,
    });
    return this.db.getRepository(Source).findOneByOrFail({ id: source.id });
  }

  /** The provider's authorize URL, with a fresh state bound to the caller (10 minutes, single use). */
  async authorizeUrl(
    viewer: Viewer,
    rawName: string,
    form: { domain?: unknown; spacekey?: unknown },
  ): Promise<string> {
    requireCurrentPermission(viewer, 'source.write');
    const kind = kindOf(rawName);
    const provider = this.oauthFor(kind);
    if (!provider) throw ConnectorErrors.noOAuth(connectorFor(kind)!.label);
    if (!provider.configured) throw ConnectorErrors.oauthNotConfigured(kind);
    const domain =
      ATLASSIAN_KINDS.has(kind) && typeof form.domain === 'string'
        ? form.domain.trim().slice(0, 255)
        : '';
    if (domain) siteBaseUrl(domain);
    const spacekey = typeof form.spacekey === 'string' ? form.spacekey.slice(0, 1000) : '';
    parseKeys(spacekey, kind);
    const state = randomToken(32);
    await this.db.transaction(async (m) => {
      await m.query(
        `DELETE FROM connector_oauth_states WHERE expires_at < now() - interval '1 day'`,
      );
      await m.getRepository(OAuthState).insert({
        stateHash: hashToken(this.keys.tokenHash, state),
        userId: viewer.userId,
        workspaceId: viewer.workspaceId,
        provider: kind,
        settings: { domain, spacekey },
        expiresAt: new Date(Date.now() + STATE_TTL_MS),
      });
    });
    return provider.authorizeUrl(kind, state);
  }

  /**
   * SPEC `POST /api/get-access-token`: the callback's code, exchanged once with the server's own
   * client secret after the state is checked; the site's cloud id found; the source connected.
   * The same callback sent again answers the same result without a second exchange.
   */
  async completeAuthorization(
    viewer: Viewer,
    input: { code?: unknown; state?: unknown },
  ): Promise<{ source: Source; site: string }> {
    requireCurrentPermission(viewer, 'source.write');
    const code = typeof input.code === 'string' ? input.code.trim() : '';
    const stateText = typeof input.state === 'string' ? input.state.trim() : '';
    if (!stateText)
      throw ConnectorErrors.invalidState('The authorization came back without its state.');
    if (!code) throw badInput('The authorization came back without a code.', { field: 'code' });
    const codeHash = hashToken(this.keys.tokenHash, `code:${code}`);
    const state = await this.db.transaction(async (m) => {
      const row = await m.getRepository(OAuthState).findOne({
        where: { stateHash: hashToken(this.keys.tokenHash, stateText) },
        lock: { mode: 'pessimistic_write' },
      });
      if (!row || row.userId !== viewer.userId || row.workspaceId !== viewer.workspaceId)
        throw ConnectorErrors.invalidState('This authorization is not yours or is unknown.');
      if (row.usedAt) {
        if (row.codeHash === codeHash && row.sourceId) return row;
        throw ConnectorErrors.invalidState('This authorization was already used.');
      }
      if (row.expiresAt.getTime() < Date.now())
        throw ConnectorErrors.invalidState('This authorization has expired.');
      // Used from now on, even if the exchange fails: a code is only ever tried once.
      await m.getRepository(OAuthState).update(row.id, { usedAt: new Date(), codeHash });
      return { ...row, usedAt: null };
    });
    if (state.usedAt && state.sourceId) {
      const source = await this.db.getRepository(Source).findOneBy({ id: state.sourceId });
      if (source) return { source, site: siteOf(source) };
    }
    const kind = kindOf(state.provider);
    const provider = this.oauthFor(kind);
    try {
      if (!provider?.configured) throw ConnectorErrors.oauthNotConfigured(kind);
      const tokens = await provider.exchangeCode(code);
      const keys = keySettings(kind, parseKeys(state.settings.spacekey ?? '', kind));
      let settings: StoredSettings;
      if (ATLASSIAN_KINDS.has(kind)) {
        const resources = await this.atlassian.accessibleResources(tokens.accessToken);
        const resource = pickSite(resources, state.settings.domain ?? '');
        settings = {
          apiBase: `${this.options.atlassianApiUrl}/ex/${kind}/${resource.id}`,
          siteUrl: resource.url,
          domain: resource.url,
          auth: 'oauth',
          cloudId: resource.id,
          siteName: resource.name,
          ...keys,
        };
      } else {
        settings = { apiBase: this.options.googleApiUrl, auth: 'oauth', ...keys };
      }
      const checked = await this.check(
        connectorFor(kind)!,
        bearerAuth(tokens.accessToken),
        settings,
      );
      const existing = await this.changeable(viewer, kind);
      const source = await this.connect(viewer, kind, existing, checked, {
        type: 'oauth',
        ...tokens,
      });
      await this.db.getRepository(OAuthState).update(state.id, { sourceId: source.id });
      return { source, site: siteOf(source) };
    } catch (error) {
      throw ConnectorErrors.fromConnector(error);
    }
  }

  /** Asks the tool whether these settings work, with short timeouts: the user is waiting. */
  private async check(connector: Connector, auth: ConnectorAuth, settings: StoredSettings) {
    const http = new ConnectorHttp({
      label: connector.label,
      auth,
      allowPrivateHosts: this.options.allowPrivateHosts,
      retryBaseMs: this.options.retryBaseMs,
      maxRetries: 1,
      timeoutMs: 15_000,
      maxInlineWaitMs: 5_000,
    });
    try {
      // Checking settings lists and reads metadata only: no file is parsed.
      const parse = () => Promise.reject(new Error('Files are not read while checking settings.'));
      return (await connector.validate({ http, settings, parse })) as StoredSettings;
    } catch (error) {
      throw ConnectorErrors.fromConnector(error);
    }
  }

  /** Saves settings and sealed credentials on the source (created if needed), then syncs it. */
  private async connect(
    viewer: Viewer,
    kind: ConnectorKind,
    existing: Source | null,
    settings: StoredSettings,
    credentials: Credentials,
    access: SourceAccessSetting | null = null,
  ): Promise<Source> {
    const id = existing?.id ?? randomUUID();
    const summary = connectorFor(kind)!.describe(settings);
    const source = await this.db.transaction(async (m: EntityManager) => {
      const saved = await m.getRepository(Source).save({
        ...(existing ?? {}),
        id,
        workspaceId: viewer.workspaceId,
        kind,
        name: summary.name.slice(0, 200),
        description: summary.description.slice(0, 500),
        createdById: existing?.createdById ?? viewer.userId,
        settings,
        sealedCredentials: this.vault.seal(id, credentials),
        // A sync is queued at once: the source never reads "Up to date" before its first one.
        status: 'syncing',
        // A sync that was running restarts with the new settings, and lists everything: new
        // spaces or folders hold items older than the last sync.
        checkpoint: null,
        syncCursor: null,
        lastSuccessAt: null,
        lastError: null,
        nextSyncAt: new Date(),
      });
      // A new source mirrors its tool's permissions unless access was chosen; a reconnected one
      // keeps its access.
      if (!existing || access)
        await this.access.write(m, viewer.workspaceId, saved.id, access ?? MIRROR_ACCESS);
      return saved;
    });
    this.readers.forget(viewer); // the answer shows the source as its access now is
    await this.sync.syncNow(source.id);
    // Connected again: a permission read that waited for working credentials (it skips a
    // source whose credentials were refused) follows this sync rather than its interval.
    if (existing?.permissionsCheckedAt && source.accessMode === 'mirror')
      await this.sync.permissions?.syncNow(source.id);
    await this.audit.record(viewer, 'connector.connected', {
      type: 'source',
      id: source.id,
      label: `${kind}: ${source.name}`,
    });
    return source;
  }

  private async startSync(source: Source) {
    if (!source.sealedCredentials) return;
    if (source.status === 'needs_reauth') return; // only new credentials help
    await this.sync.syncNow(source.id);
    if (source.accessMode === 'mirror') await this.sync.permissions?.syncNow(source.id);
  }

  /** The token kept from before: on the source, or in settings saved before connectors existed. */
  private async storedToken(
    viewer: Viewer,
    kind: ConnectorKind,
    stored: Credentials | null,
  ): Promise<string> {
    if (stored?.type === 'basic' || stored?.type === 'token') return stored.token;
    const legacy = await this.db
      .getRepository(IntegrationSetting)
      .findOneBy({ userId: viewer.userId, name: kind });
    if (legacy?.sealedPassword)
      return openSecret(
        this.keys.secrets,
        legacy.sealedPassword,
        integrationPasswordContext(viewer.userId, kind),
      );
    throw badInput(kind === 'github' ? 'Enter the access token.' : 'Enter the API token.', {
      field: 'password',
    });
  }
}

function kindOf(rawName: string): ConnectorKind {
  const name = String(rawName ?? '').toLowerCase();
  if (!isConnectorKind(name)) throw ConnectorErrors.unknownIntegration(name);
  return name;
}

function readForm(input: Record<string, unknown>) {
  const field = (key: keyof IntegrationSettingsView, max: number) => {
    const value = input[key];
    if (value === undefined || value === null) return '';
    if (typeof value !== 'string') throw badInput(`${key} must be text.`, { field: key });
    if (value.length > max)
      throw badInput(`${key} is too long (at most ${max} characters).`, { field: key });
    return value.trim();
  };
  return {
    domain: field('domain', 255),
    username: field('username', 255),
    password: field('password', 2000),
    spacekey: field('spacekey', 1000),
  };
}

/**
 * The form's keys for a kind, separated by commas or spaces: Confluence space keys, Jira
 * project keys (upper case), GitHub `owner/name` (a repository URL works too), Google Drive
 * folder ids (a folder URL works too).
 */
export function parseKeys(raw: string, kind: ConnectorKind): string[] {
  const keys = raw
    .split(/[\s,]+/)
    .map((k) => k.trim())
    .filter(Boolean)
    .map((k) => normaliseKey(k, kind));
  const bad = keys.find((k) => !KEY_PATTERN[kind].test(k));
  if (bad) throw badInput(`"${bad.slice(0, 60)}" is not ${KEY_NOUN[kind]}.`, { field: 'spacekey' });
  if (keys.length > 50) throw badInput('At most 50 keys.', { field: 'spacekey' });
  if (kind === 'github' && keys.length === 0)
    throw badInput('Enter at least one repository, as owner/name.', { field: 'spacekey' });
  return [...new Set(keys)];
}

const KEY_PATTERN: Record<ConnectorKind, RegExp> = {
  confluence: /^~?[A-Za-z0-9_-]{1,255}$/,
  jira: /^[A-Za-z0-9_-]{1,255}$/,
  github: /^[A-Za-z0-9-]{1,100}\/[A-Za-z0-9_.-]{1,100}$/,
  google_docs: /^[A-Za-z0-9_-]{5,200}$/,
};
const KEY_NOUN: Record<ConnectorKind, string> = {
  confluence: 'a space key',
  jira: 'a project key',
  github: 'a repository (owner/name)',
  google_docs: 'a Google Drive folder id or link',
};

function normaliseKey(key: string, kind: ConnectorKind): string {
  if (kind === 'jira') return key.toUpperCase();
  if (kind === 'github')
    return key
      .replace(/^https?:\/\/[^/]+\//i, '')
      .replace(/\.git$/i, '')
      .replace(/\/+$/, '');
  if (kind === 'google_docs') return /\/folders\/([A-Za-z0-9_-]+)/.exec(key)?.[1] ?? key;
  return key;
}

function keySettings(kind: ConnectorKind, keys: string[]) {
  return { [KEY_FIELD[kind]]: keys };
}

/**
 * GitHub Enterprise Server's REST root from what the user typed: a host means `/api/v3` on it;
 * github.com means the public API.
 */
function githubApiBase(domain: string): string {
  const url = siteBaseUrl(domain);
  if (/^(api\.)?github\.com$/i.test(url.host)) return 'https://api.github.com';
  return url.pathname === '/' ? `${url.origin}/api/v3` : baseUrlText(url);
}

function pickSite(
  resources: { id: string; name: string; url: string }[],
  domain: string,
): { id: string; name: string; url: string } {
  if (resources.length === 0)
    throw new AppError(
      'INVALID_SETTINGS',
      'The Atlassian account granted no site to Lumen. Authorize again and pick a site.',
      400,
    );
  if (!domain) return resources[0]!;
  const host = siteBaseUrl(domain).host;
  const match = resources.find((r) => new URL(r.url).host === host);
  if (!match)
    throw new AppError(
      'INVALID_SETTINGS',
      `The authorization does not cover ${host}; it covers ${resources.map((r) => new URL(r.url).host).join(', ')}.`,
      400,
      { field: 'domain' },
    );
  return match;
}

/** The SPEC record of a source: the secret is never in it. */
export function view(source: Source): IntegrationSettingsView {
  const s = source.settings as Partial<StoredSettings>;
  const keys = isConnectorKind(source.kind) ? s[KEY_FIELD[source.kind]] : undefined;
  return {
    domain: s.domain ?? s.siteUrl ?? '',
    username: s.username ?? (typeof s.account === 'string' ? s.account : ''),
    password: source.sealedCredentials ? STORED_PASSWORD : '',
    spacekey: Array.isArray(keys) ? keys.join(', ') : '',
  };
}

/** Where a connected source's items live, as people open it. */
export function siteOf(source: Source): string {
  const connector = connectorFor(source.kind);
  return connector ? connector.describe(source.settings).site : '';
}
