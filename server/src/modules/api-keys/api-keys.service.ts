import type { AuditLog } from '../audit/audit-log.js';
import { type DataSource, IsNull } from 'typeorm';
import { assertId } from '../../shared/ids.js';
import type { Logger } from '../../shared/logger.js';
import { PERMISSIONS, permissionsFor } from '../identity/permissions.js';
import { requirePersonSession } from '../identity/require-permission.js';
import type { Viewer } from '../identity/viewer.js';
import { newApiKeySecret } from './api-key-auth.js';
import { ApiKey } from './api-key.entity.js';
import { ApiKeyErrors } from './api-keys.errors.js';

const NAME_MAX = 100;
const MAX_EXPIRY_DAYS = 3650;

/**
 * API keys: a member creates keys with some of their own permissions; the secret is answered
 * once and stored only as a hash. Only a person's session manages keys (never a key).
 */
export class ApiKeysService {
  constructor(
    private readonly db: DataSource,
    private readonly tokenHashKey: Buffer,
    private readonly logger: Logger,
    private readonly audit: AuditLog,
  ) {}

  async create(
    viewer: Viewer,
    input: { name: string; permissions: string[]; expiresInDays?: number | null },
  ): Promise<{ secret: string; apiKey: ApiKey }> {
    requirePersonSession(viewer);
    const name = (input.name ?? '').trim();
    if (!name || name.length > NAME_MAX) throw ApiKeyErrors.name();
    const asked = [...new Set(input.permissions ?? [])];
    if (asked.length === 0) throw ApiKeyErrors.noPermissions();
    const held = permissionsFor(viewer.user.roles) as string[];
    for (const permission of asked) {
      if (!(PERMISSIONS as readonly string[]).includes(permission))
        throw ApiKeyErrors.unknownPermission(permission);
      if (!held.includes(permission)) throw ApiKeyErrors.permissionNotHeld(permission);
    }
    const days = input.expiresInDays ?? null;
    if (days !== null && (!Number.isInteger(days) || days < 1 || days > MAX_EXPIRY_DAYS))
      throw ApiKeyErrors.expiry();
    const { secret, secretHash, prefix } = newApiKeySecret(this.tokenHashKey);
    const apiKey = await this.db.getRepository(ApiKey).save({
      workspaceId: viewer.workspaceId,
      userId: viewer.userId,
      name,
      prefix,
      secretHash,
      // Stored in the canonical order, whatever order they were asked in.
      permissions: PERMISSIONS.filter((p) => asked.includes(p)),
      expiresAt: days === null ? null : new Date(Date.now() + days * 24 * 60 * 60 * 1000),
      revokedAt: null,
      lastUsedAt: null,
    });
    this.logger.info('API key created', { keyId: apiKey.id, by: viewer.userId });
    await this.audit.record(viewer, 'api_key.created', {
      type: 'api_key',
      id: apiKey.id,
      label: `${name} (${prefix}…)`,
    });
    return { secret, apiKey: Object.assign(apiKey, { user: viewer.user }) };
  }

  /** Your own live keys; an admin (user.write) sees every live key of the workspace. */
  async list(viewer: Viewer): Promise<ApiKey[]> {
    requirePersonSession(viewer);
    const admin = permissionsFor(viewer.user.roles).includes('user.write');
    return this.db.getRepository(ApiKey).find({
      where: {
        workspaceId: viewer.workspaceId,
        revokedAt: IsNull(),
        ...(admin ? {} : { userId: viewer.userId }),
      },
      relations: { user: true },
      order: { createdAt: 'DESC' },
      take: 500,
    });
  }

  /** Revokes your own key, or (admin) any key of the workspace; refused at once everywhere. */
  async revoke(viewer: Viewer, id: string): Promise<boolean> {
    requirePersonSession(viewer);
    assertId(id, 'No such API key.');
    const admin = permissionsFor(viewer.user.roles).includes('user.write');
    const repo = this.db.getRepository(ApiKey);
    const where = {
      id,
      workspaceId: viewer.workspaceId,
      revokedAt: IsNull(),
      ...(admin ? {} : { userId: viewer.userId }),
    };
    const key = await repo.findOneBy(where);
    const result = key ? await repo.update(where, { revokedAt: new Date() }) : null;
    if (!key || !result?.affected) throw ApiKeyErrors.notFound();
    await this.audit.record(viewer, 'api_key.revoked', {
      type: 'api_key',
      id,
      label: `${key.name} (${key.prefix}…)`,
    });
    this.logger.info('API key revoked', { keyId: id, by: viewer.userId });
    return true;
  }
}
