import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { hashToken } from '../../security/app-keys.js';
import type { Logger } from '../../shared/logger.js';
import type { AuditLog } from '../audit/audit-log.js';
import { requireCurrentPermission, requirePersonSession } from '../identity/require-permission.js';
import type { Viewer } from '../identity/viewer.js';
import { ScimToken } from './scim-token.entity.js';

/** Every SCIM token begins so: told apart from session tokens and API keys, and recognisable. */
export const SCIM_TOKEN_PREFIX = 'lumenscim_';
/** Characters of the secret kept in clear at the start (the prefix and 4 random ones). */
const VISIBLE = SCIM_TOKEN_PREFIX.length + 4;
/** `last_used_at` is written at most this often: a sync of thousands of calls costs few writes. */
const LAST_USED_EVERY_MS = 60_000;

export interface ScimStatus {
  enabled: boolean;
  tokenPrefix: string | null;
  tokenLast4: string | null;
  createdAt: Date | null;
  lastUsedAt: Date | null;
  baseUrl: string;
}

/** The caller of /scim/v2: the workspace its token belongs to. */
export interface ScimCaller {
  workspaceId: string;
  tokenId: string;
  client: { ip: string | null; userAgent: string | null };
}

/**
 * SCIM tokens: an admin creates one for the identity provider (its secret is answered once and
 * stored as a keyed hash); a new one revokes the previous, so a workspace has one live token.
 */
export class ScimTokensService {
  constructor(
    private readonly db: DataSource,
    private readonly tokenHashKey: Buffer,
    private readonly publicUrl: string,
    private readonly logger: Logger,
    private readonly audit: AuditLog,
  ) {}

  get baseUrl() {
    return `${this.publicUrl}/scim/v2`;
  }

  async status(viewer: Viewer): Promise<ScimStatus> {
    requireCurrentPermission(viewer, 'user.write');
    const live = await this.live(viewer.workspaceId);
    return {
      enabled: Boolean(live),
      tokenPrefix: live?.prefix ?? null,
      tokenLast4: live?.last4 ?? null,
      createdAt: live?.createdAt ?? null,
      lastUsedAt: live?.lastUsedAt ?? null,
      baseUrl: this.baseUrl,
    };
  }

  /** A new token (256 random bits); the workspace's previous token stops working at once. */
  async create(viewer: Viewer): Promise<{ secret: string; status: ScimStatus }> {
    requirePersonSession(viewer);
    requireCurrentPermission(viewer, 'user.write');
    const secret = SCIM_TOKEN_PREFIX + randomBytes(32).toString('base64url');
    const { token, replaced } = await this.db.transaction(async (m) => {
      // Two admins creating at once: the second waits here and then replaces the first's token.
      await m.query('SELECT id FROM workspaces WHERE id = $1 FOR UPDATE', [viewer.workspaceId]);
      const replaced: { id: string }[] = await m.query(
        `WITH r AS (UPDATE scim_tokens SET revoked_at = now()
                     WHERE workspace_id = $1 AND revoked_at IS NULL RETURNING id)
         SELECT id FROM r`,
        [viewer.workspaceId],
      );
      const token = await m.getRepository(ScimToken).save({
        workspaceId: viewer.workspaceId,
        secretHash: hashToken(this.tokenHashKey, secret),
        prefix: secret.slice(0, VISIBLE),
        last4: secret.slice(-4),
        createdBy: viewer.userId,
        lastUsedAt: null,
        revokedAt: null,
      });
      return { token, replaced };
    });
    this.logger.info('SCIM token created', { by: viewer.userId, tokenId: token.id });
    await this.audit.record(viewer, 'scim.token_created', {
      type: 'scim_token',
      id: token.id,
      label: `${token.prefix}…${token.last4}`,
      details: { replaced: replaced.map((r) => r.id) },
    });
    return {
      secret,
      status: {
        enabled: true,
        tokenPrefix: token.prefix,
        tokenLast4: token.last4,
        createdAt: token.createdAt,
        lastUsedAt: null,
        baseUrl: this.baseUrl,
      },
    };
  }

  /** Revokes the workspace's live token (answers whether there was one); SCIM stops at once. */
  async revoke(viewer: Viewer): Promise<boolean> {
    requirePersonSession(viewer);
    requireCurrentPermission(viewer, 'user.write');
    const rows: { id: string; prefix: string; last4: string }[] = await this.db.query(
      `WITH r AS (UPDATE scim_tokens SET revoked_at = now()
                   WHERE workspace_id = $1 AND revoked_at IS NULL RETURNING id, prefix, last4)
       SELECT * FROM r`,
      [viewer.workspaceId],
    );
    const [revoked] = rows;
    if (!revoked) return false;
    this.logger.info('SCIM token revoked', { by: viewer.userId, tokenId: revoked.id });
    await this.audit.record(viewer, 'scim.token_revoked', {
      type: 'scim_token',
      id: revoked.id,
      label: `${revoked.prefix}…${revoked.last4}`,
    });
    return true;
  }

  /** The workspace a bearer token provisions, or null (unknown, revoked, or not a SCIM token). */
  async authenticate(
    secret: string | undefined,
  ): Promise<{ workspaceId: string; tokenId: string } | null> {
    if (!secret || !secret.startsWith(SCIM_TOKEN_PREFIX) || secret.length > 200) return null;
    const token = await this.db.getRepository(ScimToken).findOne({
      where: { secretHash: hashToken(this.tokenHashKey, secret) },
    });
    if (!token || token.revokedAt) return null;
    if (!token.lastUsedAt || Date.now() - token.lastUsedAt.getTime() > LAST_USED_EVERY_MS)
      void this.db
        .query(
          `UPDATE scim_tokens SET last_used_at = now() WHERE id = $1
             AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
          [token.id],
        )
        .catch(() => undefined); // bookkeeping only: never fails the call
    return { workspaceId: token.workspaceId, tokenId: token.id };
  }

  private live(workspaceId: string) {
    return this.db
      .getRepository(ScimToken)
      .createQueryBuilder('t')
      .where('t.workspace_id = :ws AND t.revoked_at IS NULL', { ws: workspaceId })
      .getOne();
  }
}
