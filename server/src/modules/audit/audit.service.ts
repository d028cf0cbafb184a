import type { DataSource } from 'typeorm';
import { badInput } from '../../shared/app-error.js';
import { assertId } from '../../shared/ids.js';
import { requireCurrentPermission } from '../auth/require-permission.js';
import type { Viewer } from '../auth/viewer.js';
import { AUDIT_ACTIONS } from './audit-actions.js';
import { AuditEvent } from './audit-event.entity.js';

const MAX_PAGE = 200;

/** Reading the audit log: a workspace's admins (user.write) see its events, and only its. */
export class AuditService {
  constructor(private readonly db: DataSource) {}

  async events(
    viewer: Viewer,
    input: {
      first?: number | null;
      after?: string | null;
      action?: string | null;
      actorId?: string | null;
    },
  ): Promise<{ nodes: AuditEvent[]; endCursor: string | null; hasNextPage: boolean }> {
    requireCurrentPermission(viewer, 'user.write');
    const first = input.first ?? 50;
    if (!Number.isInteger(first) || first < 1 || first > MAX_PAGE)
      throw badInput(`first is 1 to ${MAX_PAGE}.`, { field: 'first' });
    if (input.action && !(AUDIT_ACTIONS as readonly string[]).includes(input.action))
      throw badInput(`${input.action} is not an audited action.`, { field: 'action' });
    const query = this.db
      .getRepository(AuditEvent)
      .createQueryBuilder('e')
      .where('e.workspace_id = :ws', { ws: viewer.workspaceId })
      .orderBy('e.at', 'DESC')
      .addOrderBy('e.id', 'DESC')
      .limit(first + 1);
    if (input.action) query.andWhere('e.action = :action', { action: input.action });
    if (input.actorId) query.andWhere('e.actor_id = :actor', { actor: assertId(input.actorId) });
    if (input.after) {
      const { at, id } = decodeCursor(input.after);
      query.andWhere('(e.at, e.id) < (:at, :id)', { at, id });
    }
    const rows = await query.getMany();
    const nodes = rows.slice(0, first);
    const last = nodes[nodes.length - 1];
    return {
      nodes,
      endCursor: last ? encodeCursor(last) : null,
      hasNextPage: rows.length > first,
    };
  }
}

function encodeCursor(e: AuditEvent): string {
  return Buffer.from(`${e.at.toISOString()}|${e.id}`).toString('base64url');
}

function decodeCursor(cursor: string): { at: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const date = new Date(at ?? '');
  if (Number.isNaN(date.getTime()) || !id) throw badInput('after is not a cursor of this list.');
  return { at: date, id: assertId(id) };
}
