import type { DataSource } from 'typeorm';
import type { Logger } from '../../shared/logger.js';
import type { Viewer } from '../identity/viewer.js';
import type { AuditAction } from './audit-actions.js';
import { AuditEvent } from './audit-event.entity.js';

/** Who did it: a signed-in viewer, or a person known otherwise (a sign-in, an accepted invite). */
export type AuditActor =
  | Viewer
  | {
      workspaceId: string;
      userId: string | null;
      email: string | null;
      client?: { ip: string | null; userAgent: string | null };
    };

export interface AuditTarget {
  type: string;
  id: string;
  label?: string | null;
  /**
   * What else the event records (an access change's before and after). A document target names
   * its `sourceId` here, so the log can hide its label from admins who cannot read that source.
   */
  details?: Record<string, unknown> | null;
}

/**
 * Writes audit events, after what they record was done (never inside its transaction, which a
 * failed write would abort). A failed write is logged and never fails what was done.
 */
export class AuditLog {
  constructor(
    private readonly db: DataSource,
    private readonly logger: Logger,
  ) {}

  async record(actor: AuditActor, action: AuditAction, target?: AuditTarget | null): Promise<void> {
    const viewer = 'user' in actor ? actor : null;
    const email = viewer ? viewer.user.email : 'email' in actor ? actor.email : null;
    try {
      await this.db.getRepository(AuditEvent).insert({
        workspaceId: actor.workspaceId,
        action,
        actorId: actor.userId,
        actorEmail: email,
        apiKeyId: viewer?.apiKeyId ?? null,
        targetType: target?.type ?? null,
        targetId: target?.id ?? null,
        targetLabel: target?.label?.slice(0, 300) ?? null,
        // TypeORM's deep-partial type cannot express a JSON object.
        details: (target?.details ?? null) as never,
        ip: actor.client?.ip ?? null,
        userAgent: actor.client?.userAgent?.slice(0, 500) ?? null,
      });
    } catch (error) {
      this.logger.error('Could not write an audit event', { action, error });
    }
  }

  /** The retention job: deletes events older than `days`. Answers how many went. */
  async prune(days: number): Promise<number> {
    const result = await this.db.query(
      `DELETE FROM audit_events WHERE at < now() - make_interval(days => $1)`,
      [days],
    );
    return Number((result as [unknown, number])[1] ?? 0);
  }
}
