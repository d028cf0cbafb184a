import type { DataSource } from 'typeorm';
import { notFound } from '../../shared/app-error.js';
import { assertId } from '../../shared/ids.js';
import type { AnswerOrigin } from '../conversations/answer-origin.js';
import { readableDocumentIds, type Reader, type Readers } from '../corpus/index.js';
import type { Viewer } from '../identity/viewer.js';
import type { ProviderKeysService } from '../provider-keys/provider-keys.service.js';
import type { AskResult, AskService } from '../search/ask.service.js';
import { Bot, BotLog, BotSource } from './bot.entity.js';
import { LANGUAGE_NAMES, MODEL_IDS } from './bot-rules.js';
import { WITHHELD, type BotsService } from './bots.service.js';

/**
 * Asking a bot (a member, another surface such as Slack, or a visitor of its public link) from
 * its sources, on its owner's key and model, and the log of what it was asked.
 */
export class BotAnswers {
  constructor(
    private readonly db: DataSource,
    private readonly bots: BotsService,
    private readonly ask: AskService,
    private readonly keys: ProviderKeysService,
    private readonly readers: Readers,
  ) {}

  /** Asks a bot the viewer can see: its sources only, its language, its owner's key and model. */
  async askAsMember(
    viewer: Viewer,
    botId: string,
    question: unknown,
    conversationId?: unknown,
  ): Promise<AskResult> {
    const bot = await this.bots.get(viewer, botId);
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
    const bot = await this.bots.managed(viewer, botId);
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
