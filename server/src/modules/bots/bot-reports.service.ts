import type { DataSource } from 'typeorm';
import type { AnswerFeedbackService } from '../conversations/answer-feedback.service.js';
import { FeedbackReportType } from '../conversations/conversations.types.js';
import { documentReadableSql, type Readers, sqlParams } from '../corpus/index.js';
import type { Viewer } from '../identity/viewer.js';
import type { ContentGap } from '../search/search-history.service.js';
import { sameQuestionSql } from '../search/same-question.js';
import type { BotsService } from './bots.service.js';

/** A logged source's document id as a uuid (null when it is not one: the CASE guards the cast). */
const CITED_ID = `CASE WHEN s->>'documentId' ~* '^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$'
                       THEN (s->>'documentId')::uuid END`;

/** The content gaps a bot's report lists. */
const BOT_GAPS_LISTED = 20;

/** A bot's report: questions per day, answered share, top sources, feedback and content gaps. */
export class BotReports {
  constructor(
    private readonly db: DataSource,
    private readonly bots: BotsService,
    private readonly feedback: AnswerFeedbackService,
    private readonly readers: Readers,
  ) {}

  /** Questions per day (last `days`), the share answered from sources, and the top sources. */
  async report(viewer: Viewer, botId: string, days: number) {
    const bot = await this.bots.managed(viewer, botId);
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
