import { can } from '../policies/index.js';
import type { AuditLog } from '../audit/audit-log.js';
import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { openSecret, type SecretKeys } from '../../security/secret-box.js';
import { badInput } from '../../shared/app-error.js';
import { assertId } from '../../shared/ids.js';
import { hasCurrentPermission, requireCurrentPermission } from '../identity/require-permission.js';
import type { Viewer } from '../identity/viewer.js';
import { IntegrationSetting } from '../provider-keys/provider-key.entity.js';
import { canReadSource, type Readers, Source } from '../corpus/index.js';
import type { Connector } from './connector.js';
import { ConnectorHttp, type ConnectorAuth } from './connector-http.js';
import { ConnectorErrors } from './connectors.errors.js';
import { basicAuth, bearerAuth, type Credentials, type CredentialVault } from './credentials.js';
import type { ConnectorSync } from './connector-sync.js';
import { connectorFor, isConnectorKind, type ConnectorKind } from './registry.js';
import type { OAuthProvider } from './oauth-provider.js';
import { assertPublicHost } from './safe-address.js';
import {
  ATLASSIAN_KINDS,
  EMPTY,
  githubApiBase,
  type IntegrationSettingsView,
  keySettings,
  kindOf,
  parseKeys,
  readForm,
  STORED_PASSWORD,
  type StoredSettings,
  view,
} from './connector-settings.js';
import { baseUrlText, siteBaseUrl } from './site-url.js';
import { AccessErrors } from '../access/access.errors.js';
import {
  MIRROR_ACCESS,
  type SourceAccessService,
  type SourceAccessSetting,
} from '../access/source-access.service.js';

export interface ConnectorsOptions {
  allowPrivateHosts: boolean;
  retryBaseMs: number;
  atlassianApiUrl: string;
  googleApiUrl: string;
  githubApiUrl: string;
}

/** The AAD of a password saved by the earlier bot-integration form (read, never written now). */
export const integrationPasswordContext = (userId: string, name: string) =>
  `integration:${userId}:${name}`;

/**
 * Connected sources (Confluence, Jira…): saving settings checks them live against the tool and
 * starts a sync; resync, status and the SPEC's integration-settings record. Connecting with
 * Authorize is connector-authorization.ts; the form's fields and keys connector-settings.ts.
 * GraphQL and REST are two doors to these functions.
 */
export class ConnectorsService {
  constructor(
    private readonly db: DataSource,
    private readonly sync: ConnectorSync,
    private readonly vault: CredentialVault,
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
  async changeable(viewer: Viewer, kind: ConnectorKind): Promise<Source | null> {
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

  /** Asks the tool whether these settings work, with short timeouts: the user is waiting. */
  async check(connector: Connector, auth: ConnectorAuth, settings: StoredSettings) {
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
  async connect(
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
