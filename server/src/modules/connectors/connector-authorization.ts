import type { DataSource } from 'typeorm';
import { hashToken, randomToken } from '../../security/app-keys.js';
import { badInput } from '../../shared/app-error.js';
import { Source } from '../corpus/index.js';
import { requireCurrentPermission } from '../identity/require-permission.js';
import type { Viewer } from '../identity/viewer.js';
import type { AtlassianOAuth } from './atlassian-oauth.js';
import {
  ATLASSIAN_KINDS,
  keySettings,
  kindOf,
  parseKeys,
  pickSite,
  siteOf,
  type StoredSettings,
} from './connector-settings.js';
import { ConnectorErrors } from './connectors.errors.js';
import type { ConnectorsService, ConnectorsOptions } from './connectors.service.js';
import { bearerAuth } from './credentials.js';
import type { OAuthProvider } from './oauth-provider.js';
import { OAuthState } from './oauth-state.entity.js';
import { connectorFor } from './registry.js';
import { siteBaseUrl } from './site-url.js';

/** How long an authorize URL's state may wait for its callback. */
const STATE_TTL_MS = 10 * 60 * 1000;

/**
 * Connecting with Authorize (OAuth): the provider's authorize URL with a single-use state bound
 * to the caller, and the callback's code exchanged once for the connection's tokens.
 */
export class ConnectorAuthorization {
  constructor(
    private readonly db: DataSource,
    private readonly connectors: ConnectorsService,
    private readonly atlassian: AtlassianOAuth,
    private readonly oauthFor: (kind: string) => OAuthProvider | undefined,
    private readonly keys: { tokenHash: Buffer },
    private readonly options: Pick<ConnectorsOptions, 'atlassianApiUrl' | 'googleApiUrl'>,
  ) {}

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
      const checked = await this.connectors.check(
        connectorFor(kind)!,
        bearerAuth(tokens.accessToken),
        settings,
      );
      const existing = await this.connectors.changeable(viewer, kind);
      const source = await this.connectors.connect(viewer, kind, existing, checked, {
        type: 'oauth',
        ...tokens,
      });
      await this.db.getRepository(OAuthState).update(state.id, { sourceId: source.id });
      return { source, site: siteOf(source) };
    } catch (error) {
      throw ConnectorErrors.fromConnector(error);
    }
  }
}
