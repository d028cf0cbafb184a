import type { DataSource, EntityManager } from 'typeorm';
import { randomToken } from '../../security/app-keys.js';
import type { AuditLog } from '../audit/audit-log.js';
import { requireCurrentPermission } from '../identity/require-permission.js';
import type { Viewer } from '../identity/viewer.js';
import type { DnsTxt } from './dns-txt.js';
import { SsoDomain } from './sso-domain.entity.js';
import { normalizeDomain } from './sso-input.js';
import { SsoErrors } from './sso.errors.js';

export const TXT_PREFIX = 'lumen-domain-verification=';

/** The TXT record an admin publishes at the domain itself to prove it. */
export const txtRecordOf = (domain: SsoDomain) => `${TXT_PREFIX}${domain.txtToken}`;

/**
 * Email domains a workspace claims and proves with a DNS TXT record. A verified domain belongs
 * to one workspace of the installation.
 */
export class SsoDomainsService {
  constructor(
    private readonly db: DataSource,
    private readonly dns: DnsTxt,
    private readonly audit: AuditLog,
  ) {}

  async list(workspaceId: string): Promise<SsoDomain[]> {
    return this.db
      .getRepository(SsoDomain)
      .find({ where: { workspaceId }, order: { domain: 'ASC' } });
  }

  /** A pending row (with its TXT token) for each domain the workspace names and has none for. */
  async ensure(manager: EntityManager, workspaceId: string, domains: string[]): Promise<void> {
    for (const domain of domains)
      await manager.query(
        `INSERT INTO sso_domains (workspace_id, domain, txt_token) VALUES ($1, $2, $3)
         ON CONFLICT (workspace_id, domain) DO NOTHING`,
        [workspaceId, domain, randomToken(24)],
      );
  }

  /** Looks the TXT record up now; a domain found there is verified for the caller's workspace. */
  async verify(viewer: Viewer, rawDomain: string): Promise<SsoDomain> {
    requireCurrentPermission(viewer, 'user.write');
    const domain = normalizeDomain(rawDomain ?? '');
    if (!domain) throw SsoErrors.invalid('domain', 'Enter an email domain such as example.com.');
    await this.ensure(this.db.manager, viewer.workspaceId, [domain]);
    const repo = this.db.getRepository(SsoDomain);
    const row = await repo.findOneOrFail({ where: { workspaceId: viewer.workspaceId, domain } });
    if (row.verifiedAt) return row;
    const found = (await this.dns.records(domain)).some((r) => r.trim() === txtRecordOf(row));
    row.lastCheckedAt = new Date();
    if (!found) {
      await repo.update(row.id, { lastCheckedAt: row.lastCheckedAt });
      return row;
    }
    try {
      await repo.update(row.id, { lastCheckedAt: row.lastCheckedAt, verifiedAt: new Date() });
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw SsoErrors.domainTaken(domain);
      throw error;
    }
    row.verifiedAt = new Date();
    await this.audit.record(viewer, 'sso.domain_verified', {
      type: 'sso_domain',
      id: row.id,
      label: domain,
    });
    return row;
  }
}
