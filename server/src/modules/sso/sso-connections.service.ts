import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { openSecret, sealSecret, type SecretKeys } from '../../security/secret-box.js';
import { assertId } from '../../shared/ids.js';
import type { AuditLog } from '../audit/audit-log.js';
import { requireCurrentPermission } from '../identity/require-permission.js';
import type { Viewer } from '../identity/viewer.js';
import { Workspace } from '../identity/workspace.entity.js';
import { oidcFailureReason, type OidcConfigs, type OidcClientSettings } from './oidc-configs.js';
import { connectionSecretContext } from './secret-contexts.js';
import { SsoConnection } from './sso-connection.entity.js';
import type { SsoDomainsService } from './sso-domains.service.js';
import {
  cleanConnectionInput,
  DEFAULT_SCOPES,
  type CleanConnection,
  type ConnectionInput,
} from './sso-input.js';
import { SsoErrors } from './sso.errors.js';

const MAX_CONNECTIONS = 20;

/** Admin side of single sign-on: connections, and whether the workspace enforces them. */
export class SsoConnectionsService {
  constructor(
    private readonly db: DataSource,
    private readonly secrets: SecretKeys,
    private readonly configs: OidcConfigs,
    private readonly domains: SsoDomainsService,
    private readonly audit: AuditLog,
    private readonly opts: { allowPrivateIssuers: boolean },
  ) {}

  async list(viewer: Viewer): Promise<SsoConnection[]> {
    requireCurrentPermission(viewer, 'user.write');
    return this.db
      .getRepository(SsoConnection)
      .find({ where: { workspaceId: viewer.workspaceId }, order: { createdAt: 'ASC' } });
  }

  async create(viewer: Viewer, input: ConnectionInput): Promise<SsoConnection> {
    requireCurrentPermission(viewer, 'user.write');
    const clean = cleanConnectionInput(input, this.opts);
    const count = await this.db
      .getRepository(SsoConnection)
      .count({ where: { workspaceId: viewer.workspaceId } });
    if (count >= MAX_CONNECTIONS)
      throw SsoErrors.invalid('name', `A workspace has at most ${MAX_CONNECTIONS} connections.`);
    const secret = clean.clientSecret ?? null;
    await this.checkDiscovery({
      issuer: clean.issuer,
      clientId: clean.clientId,
      clientSecret: secret,
    });
    const id = randomUUID();
    const saved = await this.db.transaction(async (m) => {
      const row = await m.getRepository(SsoConnection).save({
        id,
        workspaceId: viewer.workspaceId,
        ...this.fields(clean),
        scopes: clean.scopes ?? DEFAULT_SCOPES,
        enabled: clean.enabled ?? true,
        pkce: true,
        sealedClientSecret: secret
          ? sealSecret(this.secrets, secret, connectionSecretContext(id))
          : null,
      });
      await this.domains.ensure(m, viewer.workspaceId, clean.domains);
      return row;
    });
    await this.audit.record(viewer, 'sso.connection_created', {
      type: 'sso_connection',
      id,
      label: saved.name,
      details: { issuer: saved.issuer, domains: saved.domains, enabled: saved.enabled },
    });
    return saved;
  }

  /** Replaces the settings; an absent secret, scope list or `enabled` keeps what is stored. */
  async update(viewer: Viewer, id: string, input: ConnectionInput): Promise<SsoConnection> {
    requireCurrentPermission(viewer, 'user.write');
    const current = await this.find(viewer, id);
    const clean = cleanConnectionInput(input, this.opts);
    const secret =
      clean.clientSecret ?? (current.sealedClientSecret ? this.openClientSecret(current) : null);
    await this.checkDiscovery({
      issuer: clean.issuer,
      clientId: clean.clientId,
      clientSecret: secret,
    });
    const enabled = clean.enabled ?? current.enabled;
    const saved = await this.db.transaction(async (m) => {
      const workspace = await lockWorkspace(m, viewer.workspaceId);
      if (current.enabled && !enabled && workspace.ssoEnforced)
        await this.refuseLastEnabled(m, viewer.workspaceId, current.id);
      Object.assign(current, this.fields(clean), {
        scopes: clean.scopes ?? current.scopes,
        enabled,
        ...(clean.clientSecret !== undefined
          ? {
              sealedClientSecret: sealSecret(
                this.secrets,
                clean.clientSecret,
                connectionSecretContext(current.id),
              ),
            }
          : {}),
      });
      const row = await m.getRepository(SsoConnection).save(current);
      await this.domains.ensure(m, viewer.workspaceId, clean.domains);
      return row;
    });
    this.configs.forget(saved.id);
    await this.audit.record(viewer, 'sso.connection_updated', {
      type: 'sso_connection',
      id: saved.id,
      label: saved.name,
      details: {
        issuer: saved.issuer,
        domains: saved.domains,
        enabled: saved.enabled,
        secretChanged: clean.clientSecret !== undefined,
      },
    });
    return saved;
  }

  async delete(viewer: Viewer, id: string): Promise<void> {
    requireCurrentPermission(viewer, 'user.write');
    const current = await this.find(viewer, id);
    await this.db.transaction(async (m) => {
      const workspace = await lockWorkspace(m, viewer.workspaceId);
      if (current.enabled && workspace.ssoEnforced)
        await this.refuseLastEnabled(m, viewer.workspaceId, current.id);
      await m.getRepository(SsoConnection).delete(current.id);
    });
    this.configs.forget(current.id);
    await this.audit.record(viewer, 'sso.connection_deleted', {
      type: 'sso_connection',
      id: current.id,
      label: current.name,
    });
  }

  /** Discovery against the stored settings, in words an admin can act on. */
  async test(viewer: Viewer, id: string): Promise<{ ok: boolean; message: string }> {
    requireCurrentPermission(viewer, 'user.write');
    const connection = await this.find(viewer, id);
    try {
      const config = await this.configs.discover(this.clientSettings(connection));
      const server = config.serverMetadata();
      const missing = (['authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const).filter(
        (k) => !server[k],
      );
      if (missing.length)
        return { ok: false, message: `The provider's configuration lacks ${missing.join(', ')}.` };
      const methods = server.code_challenge_methods_supported;
      if (methods && !methods.includes('S256'))
        return { ok: false, message: 'The provider does not offer PKCE with S256.' };
      return {
        ok: true,
        message: `Reached ${server.issuer}: its sign-in, token and key endpoints answer.${server.end_session_endpoint ? ' Signing out of Lumen also offers signing out of the provider.' : ''}`,
      };
    } catch (error) {
      return { ok: false, message: `Discovery failed: ${oidcFailureReason(error)}` };
    }
  }

  async setEnforced(viewer: Viewer, enforced: boolean): Promise<boolean> {
    requireCurrentPermission(viewer, 'user.write');
    const changed = await this.db.transaction(async (m) => {
      const workspace = await lockWorkspace(m, viewer.workspaceId);
      if (enforced) {
        const enabled = await m
          .getRepository(SsoConnection)
          .count({ where: { workspaceId: viewer.workspaceId, enabled: true } });
        if (enabled === 0) throw SsoErrors.noEnabledConnection();
      }
      if (workspace.ssoEnforced === enforced) return false;
      await m.getRepository(Workspace).update(workspace.id, { ssoEnforced: enforced });
      return true;
    });
    if (changed)
      await this.audit.record(viewer, 'sso.enforcement_changed', {
        type: 'workspace',
        id: viewer.workspaceId,
        label: enforced ? 'enforced' : 'not enforced',
        details: { enforced },
      });
    return enforced;
  }

  async enforced(workspaceId: string): Promise<boolean> {
    const workspace = await this.db
      .getRepository(Workspace)
      .findOne({ where: { id: workspaceId } });
    return workspace?.ssoEnforced === true;
  }

  /** Drops the cached discovery documents and keys (they are read again at the next use). */
  forgetConfigs() {
    this.configs.forget();
  }

  clientSettings(connection: SsoConnection): OidcClientSettings {
    return {
      issuer: connection.issuer,
      clientId: connection.clientId,
      clientSecret: connection.sealedClientSecret ? this.openClientSecret(connection) : null,
    };
  }

  private openClientSecret(connection: SsoConnection): string {
    return openSecret(
      this.secrets,
      connection.sealedClientSecret!,
      connectionSecretContext(connection.id),
    );
  }

  private fields(clean: CleanConnection) {
    return {
      name: clean.name,
      issuer: clean.issuer,
      clientId: clean.clientId,
      domains: clean.domains,
      jitEnabled: clean.jitEnabled,
      defaultRole: clean.defaultRole,
      groupsClaim: clean.groupsClaim,
      groupRoles: clean.groupRoles,
    };
  }

  private async checkDiscovery(settings: OidcClientSettings) {
    try {
      await this.configs.discover(settings);
    } catch (error) {
      throw SsoErrors.discoveryFailed(settings.issuer, oidcFailureReason(error));
    }
  }

  private async refuseLastEnabled(m: EntityManager, workspaceId: string, exceptId: string) {
    const [row] = await m.query(
      `SELECT count(*)::int AS n FROM sso_connections
        WHERE workspace_id = $1 AND enabled AND id <> $2`,
      [workspaceId, exceptId],
    );
    if (row.n === 0) throw SsoErrors.lastEnabledConnection();
  }

  private async find(viewer: Viewer, id: string): Promise<SsoConnection> {
    assertId(id, 'No such single sign-on connection in this workspace.');
    const row = await this.db
      .getRepository(SsoConnection)
      .findOne({ where: { id, workspaceId: viewer.workspaceId } });
    if (!row) throw SsoErrors.connectionNotFound();
    return row;
  }
}

/** The workspace row, locked: enforcement and the last enabled connection change under it. */
async function lockWorkspace(m: EntityManager, workspaceId: string): Promise<Workspace> {
  return m.getRepository(Workspace).findOneOrFail({
    where: { id: workspaceId },
    lock: { mode: 'pessimistic_write' },
  });
}
