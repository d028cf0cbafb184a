import type { DataSource } from 'typeorm';
import { badInput } from '../../shared/app-error.js';
import { assertId, isId } from '../../shared/ids.js';
import { requireCurrentPermission } from '../identity/require-permission.js';
import type { Viewer } from '../identity/viewer.js';
import { canReadSource, readableDocumentIds, type Readers } from '../corpus/index.js';
import { AUDIT_ACTIONS } from './audit-actions.js';
import { AuditEvent } from './audit-event.entity.js';

const MAX_PAGE = 200;

/** What an admin who may not read a document's source sees in place of its name. */
export const RESTRICTED_LABEL = 'A document you cannot open';

/**
 * Reading the audit log: a workspace's admins (user.write) see its events, and only its. An
 * event about a document names it only to an admin who may read its source (the log, and the
 * CSV exported from it, never name a restricted document to someone who cannot open it).
 */
export class AuditService {
  constructor(
    private readonly db: DataSource,
    private readonly readers: Readers,
  ) {}

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
    const reader = await this.readers.forViewer(viewer);
    const page = rows.slice(0, first);
    // A document is named to whoever may read it, by its own access; one that is gone, to those
    // who read its whole source (a source read item by item says nothing of a gone document).
    const readableDocs = await readableDocumentIds(
      this.db,
      reader,
      page.flatMap((e) => (e.targetType === 'document' && isId(e.targetId) ? [e.targetId!] : [])),
    );
    const nodes = page.map((e) => {
      if (e.targetType !== 'document') return e;
      // Events written before sources had access name no source: every member could read them.
      const sourceId = e.details?.sourceId;
      if (
        sourceId === undefined ||
        (e.targetId && readableDocs.has(e.targetId)) ||
        (typeof sourceId === 'string' &&
          canReadSource(reader, sourceId) &&
          !reader.partialSourceIds.includes(sourceId))
      )
        return e;
      // A document that may still exist is not named by its id either (what the caller may not
      // read is not found, never confirmed): the event's own id stands in. A deleted one's id
      // names nothing that can be opened.
      return Object.assign(new AuditEvent(), e, {
        targetLabel: RESTRICTED_LABEL,
        targetId: e.action === 'document.deleted' ? e.targetId : e.id,
      });
    });
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
