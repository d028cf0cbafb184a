import { can } from '../policies/index.js';
import type { AuditLog, AuditTarget } from '../audit/audit-log.js';
import type { DataSource } from 'typeorm';
import { randomToken } from '../../security/app-keys.js';
import { AppError, forbidden, notFound } from '../../shared/app-error.js';
import { assertId } from '../../shared/ids.js';
import { requireCurrentPermission } from '../identity/require-permission.js';
import type { Viewer } from '../identity/viewer.js';
import type { ProviderKeysService } from '../provider-keys/provider-keys.service.js';
import type { AskResult, AskService } from '../search/ask.service.js';
import type { ContentGap } from '../search/search-history.service.js';
import {
  canReadSource,
  documentReadableSql,
  documentSummaries,
  readableDocument,
  readableDocumentIds,
  type Reader,
  type Readers,
  Source,
  sourceSummaries,
  sqlParams,
} from '../corpus/index.js';
import type { AnswerFeedbackService } from '../conversations/answer-feedback.service.js';
import type { AnswerOrigin } from '../conversations/answer-origin.js';
import { FeedbackReportType } from '../conversations/conversations.types.js';
import { sameQuestionSql } from '../search/same-question.js';
import { Bot, BotLog, BotSource } from './bot.entity.js';
import { checkBotFields, LANGUAGE_NAMES, MODEL_IDS } from './bot-rules.js';

/** A logged source's document id as a uuid (null when it is not one: the CASE guards the cast). */
const CITED_ID = `CASE WHEN s->>'documentId' ~* '^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$'
                       THEN (s->>'documentId')::uuid END`;

/** The content gaps a bot's report lists. */
const BOT_GAPS_LISTED = 20;

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

/** What a bot's log and page say in place of what the viewer may not read. */
export const WITHHELD = {
  source: 'A source you cannot open',
  document: 'A document you cannot open',
  answer: 'This answer cites documents you cannot open.',
};

/** Lists follow the 'bot.view' policy: an admin sees every bot. */
const isAdmin = (viewer: Viewer) => viewer.user.roles.includes('admin');

/**
 * Bots: who may see, use and change them (private: owner and admins; public: the workspace and,
 * through the share link, anyone), their sources, asking them on the owner's key, and their log.
 */
export class BotsService {
  constructor(
    private readonly db: DataSource,
    private readonly ask: AskService,
    private readonly keys: ProviderKeysService,
    private readonly audit: AuditLog,
    private readonly feedback: AnswerFeedbackService,
    private readonly readers: Readers,
  ) {}

  /** The bots the viewer can see, newest first. */
  list(viewer: Viewer): Promise<Bot[]> {
    const qb = this.db
      .getRepository(Bot)
      .createQueryBuilder('b')
      .where('b.workspace_id = :ws', { ws: viewer.workspaceId })
      .orderBy('b.created_at', 'DESC');
    if (!isAdmin(viewer)) {
      qb.andWhere("(b.privacy = 'public' OR b.owner_id = :me)", { me: viewer.userId });
    }
    return qb.getMany();
  }

  /** A bot the viewer can see; anything else is NOT_FOUND (existence is not revealed). */
  async get(viewer: Viewer, id: string): Promise<Bot> {
    assertId(id);
    const bot = await this.db.getRepository(Bot).findOneBy({ id, workspaceId: viewer.workspaceId });
    if (!bot || !can(viewer, 'bot.view', bot)) {
      throw notFound('This bot does not exist or is private.');
    }
    return bot;
  }

  /** The state of the key the bot answers on (its owner's; null: the owner has none). */
  providerStatus(bot: Pick<Bot, 'ownerId'>) {
    return this.keys.statusOf(bot.ownerId);
  }

  canManage(viewer: Viewer, bot: Bot): boolean {
    return can(viewer, 'bot.manage', bot);
  }

  private async managed(viewer: Viewer, id: string): Promise<Bot> {
    const bot = await this.get(viewer, id);
    if (!this.canManage(viewer, bot))
      throw forbidden('Only the bot’s owner or an admin can change it.');
    return bot;
  }

  async create(viewer: Viewer, input: Record<string, unknown>): Promise<Bot> {
    requireCurrentPermission(viewer, 'bot.write');
    const fields = checkBotFields(input);
    const bot = await this.db.getRepository(Bot).save({
      ...fields,
      workspaceId: viewer.workspaceId,
      ownerId: viewer.userId,
      shareToken: randomToken(18),
    });
    await this.audit.record(viewer, 'bot.created', botTarget(bot));
    if (bot.privacy === 'public')
      await this.audit.record(viewer, 'bot.made_public', botTarget(bot));
    return bot;
  }

  async update(viewer: Viewer, id: string, input: Record<string, unknown>): Promise<Bot> {
    const bot = await this.managed(viewer, id);
    const wasPublic = bot.privacy === 'public';
    Object.assign(bot, checkBotFields(input, true));
    const saved = await this.db.getRepository(Bot).save(bot);
    if (wasPublic !== (saved.privacy === 'public'))
      await this.audit.record(
        viewer,
        saved.privacy === 'public' ? 'bot.made_public' : 'bot.made_private',
        botTarget(saved),
      );
    return saved;
  }

  /** A new share link: the old one stops answering at once. */
  async rotateShareLink(viewer: Viewer, id: string): Promise<Bot> {
    const bot = await this.managed(viewer, id);
    bot.shareToken = randomToken(18);
    const saved = await this.db.getRepository(Bot).save(bot);
    await this.audit.record(viewer, 'bot.share_link_rotated', botTarget(saved));
    return saved;
  }

  /** Turns the share link off (the bot stays public in the workspace) or back on. */
  async setShareLink(viewer: Viewer, id: string, enabled: boolean): Promise<Bot> {
    const bot = await this.managed(viewer, id);
    const changed = bot.shareEnabled !== enabled;
    bot.shareEnabled = enabled;
    const saved = await this.db.getRepository(Bot).save(bot);
    if (changed)
      await this.audit.record(
        viewer,
        enabled ? 'bot.share_link_enabled' : 'bot.share_link_disabled',
        botTarget(saved),
      );
    return saved;
  }

  async delete(viewer: Viewer, id: string): Promise<void> {
    const bot = await this.managed(viewer, id);
    await this.db.getRepository(Bot).delete(bot.id); // sources and logs cascade
    await this.audit.record(viewer, 'bot.deleted', botTarget(bot));
  }

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
    const bot = await this.managed(viewer, botId);
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
    const bot = await this.managed(viewer, botId);
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

  /** Asks a bot the viewer can see: its sources only, its language, its owner's key and model. */
  async askAsMember(
    viewer: Viewer,
    botId: string,
    question: unknown,
    conversationId?: unknown,
  ): Promise<AskResult> {
    const bot = await this.get(viewer, botId);
    // The asker's own access, narrowed to the bot's sources: never its owner's.
    return this.askBot(
      bot,
      { workspaceId: viewer.workspaceId, userId: viewer.userId },
      await this.readers.forViewer(viewer),
      question,
      conversationId,
      { origin: viewer.apiKeyId ? 'api' : 'web' },
    );
  }

  /**
   * Asks a bot of the workspace from another surface (Slack), which has settled whose access
   * bounds the answer (`reader`) and whose thread it is: the admin chose the bot for the place,
   * so its privacy does not apply; the reader alone decides what may be cited.
   */
  async askFrom(
    botId: string,
    asker: { workspaceId: string; userId: string | null },
    reader: Reader,
    question: unknown,
    options: {
      conversationId?: string | null;
      threadOwnerId: string | null;
      origin: AnswerOrigin;
      /** Counts a Slack person Lumen does not know against their own rate. */
      rateKey?: string;
    },
  ): Promise<AskResult> {
    const bot = await this.db
      .getRepository(Bot)
      .findOneBy({ id: botId, workspaceId: asker.workspaceId });
    if (!bot) throw notFound('This bot does not exist.');
    return this.askBot(bot, asker, reader, question, options.conversationId, options);
  }

  /** The public chat page: public bots only, found by their share token. */
  async publicBot(shareToken: string): Promise<Bot> {
    const bot =
      /^[\w-]{10,64}$/.test(shareToken) &&
      (await this.db
        .getRepository(Bot)
        .findOneBy({ shareToken, privacy: 'public', shareEnabled: true }));
    if (!bot) throw notFound('This chat link does not exist or the bot is private.');
    return bot;
  }

  async askPublic(
    shareToken: string,
    question: unknown,
    conversationId?: unknown,
  ): Promise<AskResult> {
    const bot = await this.publicBot(shareToken);
    // A visitor reads only what the whole workspace may: restricted sources never answer here.
    return this.askBot(
      bot,
      { workspaceId: bot.workspaceId, userId: null },
      await this.readers.forVisitor(bot.workspaceId),
      question,
      conversationId,
      { origin: 'web' },
    );
  }

  private async askBot(
    bot: Bot,
    asker: { workspaceId: string; userId: string | null },
    reader: Reader,
    question: unknown,
    conversationId: unknown,
    options: { origin: AnswerOrigin; threadOwnerId?: string | null; rateKey?: string },
  ): Promise<AskResult> {
    const attached = await this.db.getRepository(BotSource).findBy({ botId: bot.id });
    const provider = await this.keys.providerFor(bot.ownerId, MODEL_IDS[bot.model]);
    const result = await this.ask.ask(
      { workspaceId: asker.workspaceId, userId: null },
      {
        question,
        reader,
        scope: {
          sourceIds: attached.flatMap((a) => (a.sourceId ? [a.sourceId] : [])),
          documentIds: attached.flatMap((a) => (a.documentId ? [a.documentId] : [])),
        },
        language: LANGUAGE_NAMES[bot.language],
        languageCode: bot.language,
        provider,
        record: false,
        conversationId,
        botId: bot.id,
        threadOwnerId: options.threadOwnerId !== undefined ? options.threadOwnerId : asker.userId,
        origin: options.origin,
        // A member's questions to bots count against their own rate, as their searches do.
        rateKey: asker.userId ?? options.rateKey,
      },
    );
    await this.db.getRepository(BotLog).insert({
      botId: bot.id,
      askedById: asker.userId,
      question: result.question,
      answer: result.answer,
      mode: result.mode,
      fromSources: result.found,
      sources: result.sources.map((s) => ({
        title: s.title,
        url: s.url,
        documentId: s.documentId,
      })),
      latencyMs: Math.round(result.timings.totalMs),
      turnId: result.turnId,
      origin: options.origin,
    });
    return result;
  }

  /** The bot's log, newest first, `first` at a time after the cursor (an ISO time + id). */
  async logs(viewer: Viewer, botId: string, first: number, after?: string | null) {
    const bot = await this.managed(viewer, botId);
    const [cursorTime, cursorId] = (after ?? '').split('|');
    const params: unknown[] = [bot.id, first + 1];
    let where = 'l.bot_id = $1';
    if (after && cursorTime && cursorId) {
      assertId(cursorId);
      params.push(cursorTime, cursorId);
      where += ' AND (l.created_at, l.id) < ($3::timestamptz, $4::uuid)';
    }
    const rows: (BotLogRow & { asked_by_name: string | null })[] = await this.db.query(
      `SELECT l.id, l.question, l.answer, l.mode, l.from_sources, l.sources, l.latency_ms, l.origin,
              to_char(l.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_time,
              l.created_at, nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') AS asked_by_name,
              u.email AS asked_by_email, f.vote AS feedback_vote, f.reason AS feedback_reason,
              f.comment AS feedback_comment
         FROM bot_logs l LEFT JOIN users u ON u.id = l.asked_by_id
         LEFT JOIN LATERAL (SELECT vote, reason, comment FROM answer_feedback
                             WHERE turn_id = l.turn_id ORDER BY updated_at DESC LIMIT 1) f ON TRUE
        WHERE ${where} ORDER BY l.created_at DESC, l.id DESC LIMIT $2`,
      params,
    );
    const [{ total }] = await this.db.query(
      'SELECT count(*)::int AS total FROM bot_logs WHERE bot_id = $1',
      [bot.id],
    );
    const page = rows.slice(0, first);
    const last = page[page.length - 1];
    // An answer is shown only to who may read everything it cites; others see the question.
    const readable = await readableDocumentIds(
      this.db,
      await this.readers.forViewer(viewer),
      page.flatMap((r) => r.sources.map((s) => s.documentId)),
    );
    return {
      total: total as number,
      hasMore: rows.length > first,
      endCursor: last ? `${last.cursor_time}|${last.id}` : null,
      entries: page.map((row) =>
        row.sources.every((s) => readable.has(s.documentId))
          ? { ...row, withheld: false }
          : {
              ...row,
              answer: WITHHELD.answer,
              sources: [],
              // The asker's comment may quote what was withheld.
              feedback_vote: null,
              feedback_reason: null,
              feedback_comment: null,
              withheld: true,
            },
      ),
    };
  }

  /** Questions per day (last `days`), the share answered from sources, and the top sources. */
  async report(viewer: Viewer, botId: string, days: number) {
    const bot = await this.managed(viewer, botId);
    const perDay: { day: string; questions: number; answered: number }[] = await this.db.query(
      `SELECT to_char(d.day, 'YYYY-MM-DD') AS day,
              count(l.id)::int AS questions, count(l.id) FILTER (WHERE l.from_sources)::int AS answered
         FROM generate_series(date_trunc('day', now() AT TIME ZONE 'UTC') - make_interval(days => $2 - 1),
                              date_trunc('day', now() AT TIME ZONE 'UTC'), interval '1 day') AS d(day)
         LEFT JOIN bot_logs l ON l.bot_id = $1
              AND date_trunc('day', l.created_at AT TIME ZONE 'UTC') = d.day
        GROUP BY d.day ORDER BY d.day`,
      [bot.id, days],
    );
    const [totals] = await this.db.query(
      `SELECT count(*)::int AS questions, count(*) FILTER (WHERE from_sources)::int AS answered,
              coalesce(avg(latency_ms), 0)::float8 AS "averageLatencyMs"
         FROM bot_logs WHERE bot_id = $1`,
      [bot.id],
    );
    const reader = await this.readers.forViewer(viewer);
    // The most cited documents the viewer may read (others are not named to them).
    const { params, param } = sqlParams([bot.id]);
    const topSources: { title: string; documentId: string; citations: number }[] =
      await this.db.query(
        `SELECT s->>'title' AS title, s->>'documentId' AS "documentId", count(*)::int AS citations
           FROM bot_logs l, jsonb_array_elements(l.sources) s
          WHERE l.bot_id = $1
            AND ${documentReadableSql(reader, CITED_ID, param)}
          GROUP BY 1, 2 ORDER BY 3 DESC, 1 LIMIT 5`,
        params,
      );
    const feedback = FeedbackReportType.from(
      await this.feedback.report({ workspaceId: bot.workspaceId, botId: bot.id }, days, reader),
    );
    const contentGaps = await this.contentGaps(bot.id, days);
    return { perDay, ...totals, topSources, feedback, contentGaps } as {
      perDay: typeof perDay;
      questions: number;
      answered: number;
      averageLatencyMs: number;
      topSources: typeof topSources;
      feedback: FeedbackReportType;
      contentGaps: ContentGap[];
    };
  }

  /**
   * The bot's questions of the last `days` that its sources did not answer, most asked first,
   * grouped as the history groups them (case, spaces and the closing '?' aside). Whoever
   * manages the bot already reads its whole log, so every question is listed. Visitors of the
   * public link are anonymous: together they count as one asker.
   */
  private contentGaps(botId: string, days: number): Promise<ContentGap[]> {
    return this.db.query(
      `SELECT (array_agg(l.question ORDER BY l.created_at DESC))[1] AS question,
              count(*)::int AS count,
              count(DISTINCT coalesce(l.asked_by_id::text, 'visitor'))::int AS askers,
              max(l.created_at) AS "lastAskedAt", array_agg(DISTINCT l.origin) AS origins
         FROM bot_logs l
        WHERE l.bot_id = $1 AND NOT l.from_sources
          AND l.created_at > now() - make_interval(days => $2)
        GROUP BY ${sameQuestionSql('l.question')}
        ORDER BY count DESC, askers DESC, "lastAskedAt" DESC LIMIT ${BOT_GAPS_LISTED}`,
      [botId, days],
    );
  }
}

export interface BotLogRow {
  id: string;
  question: string;
  answer: string;
  mode: string;
  from_sources: boolean;
  sources: { title: string; url: string; documentId: string }[];
  latency_ms: number;
  /** Where it was asked: web, slack or api. */
  origin: AnswerOrigin;
  cursor_time: string;
  created_at: Date;
  asked_by_email: string | null;
  /** The answer cites documents the viewer may not read: its text and sources are withheld. */
  withheld?: boolean;
  /** The asker's vote on the answer, if they gave one. */
  feedback_vote: number | null;
  feedback_reason: string | null;
  feedback_comment: string | null;
}

function botTarget(bot: Bot) {
  return { type: 'bot', id: bot.id, label: bot.name };
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
