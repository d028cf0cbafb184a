import type { DataSource } from 'typeorm';
import { AppError, notFound } from '../../shared/app-error.js';
import { assertId } from '../../shared/ids.js';
import type { AuditLog, AuditTarget } from '../audit/audit-log.js';
import {
  canReadSource,
  documentSummaries,
  readableDocument,
  type Reader,
  type Readers,
  Source,
  sourceSummaries,
} from '../corpus/index.js';
import type { Viewer } from '../identity/viewer.js';
import type { Bot } from './bot.entity.js';
import { WITHHELD, type BotsService } from './bots.service.js';

export interface BotAttachment {
  id: string;
  kind: 'source' | 'document';
  sourceId: string | null;
  documentId: string | null;
  /** Its name, or a placeholder when the viewer may not read it. */
  title: string;
  /** Indexed documents behind the attachment (0 when the viewer may not read it). */
  documentCount: number;
  /** Whether the viewer may read it (a bot answers each asker from what they may read). */
  readable: boolean;
  /** Whether the public link answers from it: only what the whole workspace may read. */
  usedByPublicLink: boolean;
}

/**
 * What a bot answers from: attaching a source or a document (the attacher must read it), detaching,
 * and the list as someone sees it (each item by its own access). Audited.
 */
export class BotSources {
  constructor(
    private readonly db: DataSource,
    private readonly bots: BotsService,
    private readonly audit: AuditLog,
    private readonly readers: Readers,
  ) {}

  /**
   * What the bot answers from, as `reader` may see it: names and counts only of what they may
   * read, and for each whether the public link uses it (only what the workspace may read).
   */
  async attachments(botId: string, reader: Reader): Promise<BotAttachment[]> {
    const rows: { id: string; source_id: string | null; document_id: string | null }[] =
      await this.db.query(
        `SELECT id, source_id, document_id FROM bot_sources WHERE bot_id = $1 ORDER BY created_at`,
        [botId],
      );
    // Each read by its own access: a document of a source read item by item is named only to
    // those its own acl lets in (the source being readable in part says nothing about it).
    const sources = await sourceSummaries(
      this.db,
      reader,
      rows.flatMap((r) => (r.source_id ? [r.source_id] : [])),
    );
    const documents = await documentSummaries(
      this.db,
      reader,
      rows.flatMap((r) => (r.document_id ? [r.document_id] : [])),
    );
    return rows.map((r) => {
      const kind = r.source_id ? 'source' : 'document';
      const source = r.source_id ? sources.get(r.source_id) : undefined;
      const document = r.document_id ? documents.get(r.document_id) : undefined;
      const readable = Boolean(source ?? document);
      // What the viewer may not read is not named: no title, no id, no count.
      return {
        id: r.id,
        kind,
        sourceId: source ? r.source_id : null,
        documentId: document ? r.document_id : null,
        title: source?.name ?? document?.title ?? WITHHELD[kind],
        documentCount: source ? source.readableDocuments : document?.indexed ? 1 : 0,
        readable,
        usedByPublicLink: (source ?? document)?.open === true,
      };
    });
  }

  /**
   * How a detached attachment is named in the audit log: as its detacher may read it (a name
   * they may not read is not written down under their action).
   */
  private async detachedLabel(
    viewer: Viewer,
    gone: { source_id: string | null; document_id: string | null },
  ): Promise<{
    source_id: string | null;
    document_id: string | null;
    label: string | null;
    sourceId: string | null;
  }> {
    const reader = await this.readers.forViewer(viewer);
    if (gone.source_id) {
      const source = (await sourceSummaries(this.db, reader, [gone.source_id])).get(gone.source_id);
      return { ...gone, label: source?.name ?? null, sourceId: gone.source_id };
    }
    const doc = await readableDocument(this.db, reader, gone.document_id!);
    return {
      ...gone,
      label: doc ? (doc.fileName ?? doc.title) : null,
      sourceId: doc?.sourceId ?? null,
    };
  }

  /** Attaches a source (all its documents) or one document of the bot's workspace. */
  async attach(
    viewer: Viewer,
    botId: string,
    target: { sourceId?: string | null; documentId?: string | null },
  ): Promise<BotAttachment> {
    const bot = await this.bots.managed(viewer, botId);
    if (Boolean(target.sourceId) === Boolean(target.documentId)) {
      throw new AppError('BAD_USER_INPUT', 'Attach either a source or a document.', 400);
    }
    // Attaching needs read access to what is attached (a bot never lends anyone access).
    const reader = await this.readers.forViewer(viewer);
    let audited: AuditTarget;
    if (target.sourceId) {
      assertId(target.sourceId);
      const source = await this.db
        .getRepository(Source)
        .findOneBy({ id: target.sourceId, workspaceId: bot.workspaceId });
      if (!source || !canReadSource(reader, source.id))
        throw notFound('That source does not exist.');
      audited = attachmentTarget(bot, { type: 'source', id: source.id, label: source.name });
    } else {
      assertId(target.documentId!);
      const doc = await readableDocument(this.db, reader, target.documentId!);
      if (!doc) throw notFound('That document does not exist.');
      audited = attachmentTarget(bot, {
        type: 'document',
        id: doc.id,
        label: doc.fileName ?? doc.title,
        sourceId: doc.sourceId,
      });
    }
    const [row] = await this.db.query(
      `INSERT INTO bot_sources (bot_id, source_id, document_id) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING RETURNING id`,
      [bot.id, target.sourceId ?? null, target.documentId ?? null],
    );
    // Attaching what is attached already changes nothing, so records nothing.
    if (row) await this.audit.record(viewer, 'bot.source_attached', audited);
    const all = await this.attachments(bot.id, reader);
    const attached =
      all.find((a) => a.id === row?.id) ??
      all.find((a) =>
        target.sourceId ? a.sourceId === target.sourceId : a.documentId === target.documentId,
      );
    return attached!;
  }

  async detach(viewer: Viewer, botId: string, attachmentId: string): Promise<void> {
    const bot = await this.bots.managed(viewer, botId);
    assertId(attachmentId);
    // What it was, named as attach named it (a document's name is hidden from those who may
    // not read its source, as the audit log does for every document target).
    const [deleted]: [{ source_id: string | null; document_id: string | null }[], number] =
      await this.db.query(
        `DELETE FROM bot_sources WHERE id = $1 AND bot_id = $2 RETURNING source_id, document_id`,
        [attachmentId, bot.id],
      );
    if (!deleted[0]) return;
    const gone = await this.detachedLabel(viewer, deleted[0]);
    await this.audit.record(
      viewer,
      'bot.source_detached',
      gone.source_id
        ? attachmentTarget(bot, { type: 'source', id: gone.source_id, label: gone.label })
        : attachmentTarget(bot, {
            type: 'document',
            id: gone.document_id!,
            label: gone.label,
            sourceId: gone.sourceId,
          }),
    );
  }
}

/**
 * An attachment's audit target is what was attached (the log hides a document's name from an
 * admin who may not read its source, by the `sourceId` in the details); the bot is in the details.
 */
function attachmentTarget(
  bot: Bot,
  attached: {
    type: 'source' | 'document';
    id: string;
    label: string | null;
    sourceId?: string | null;
  },
): AuditTarget {
  return {
    type: attached.type,
    id: attached.id,
    label: attached.label,
    details: {
      botId: bot.id,
      botName: bot.name,
      ...(attached.type === 'document' ? { sourceId: attached.sourceId ?? null } : {}),
    },
  };
}
