import type { NotificationsService } from '../notifications/notifications.service.js';
import type { DataSource } from 'typeorm';
import {
  documentReadableSql,
  type Passage,
  type Reader,
  sqlParams,
  textSearchConfig,
} from '../corpus/index.js';
import { MIN_ASKERS } from './shared-questions.js';
import { badInput, notFound } from '../../shared/app-error.js';
import { assertId } from '../../shared/ids.js';
import { FEEDBACK_REASONS, type FeedbackReason } from './answer-feedback.entity.js';
import type { ConversationOwner } from './conversations.service.js';
import { feedbackFactors, type FeedbackVoteRow } from './feedback-ranking.js';
import type { AnswerOrigin } from './answer-origin.js';

export interface RatingInput {
  turnId?: unknown;
  vote?: unknown;
  reason?: unknown;
  comment?: unknown;
}

export interface Rating {
  turnId: string;
  vote: 1 | -1;
  reason: FeedbackReason | null;
  comment: string | null;
  updatedAt: Date;
}

export interface FeedbackReport {
  perDay: { day: string; answers: number; up: number; down: number }[];
  /** Questions answered in the period by where they were asked (web, slack, api). */
  answersByOrigin: { origin: AnswerOrigin; answers: number }[];
  up: number;
  down: number;
  /** The questions voted down most, each with its latest wording. */
  worstQuestions: { question: string; down: number; up: number; lastVotedAt: Date }[];
  /** The latest down-votes that say why. */
  recentComments: {
    question: string;
    reason: FeedbackReason | null;
    comment: string | null;
    votedAt: Date;
  }[];
}

const COMMENT_CHARS = 1_000;
/** Votes read to adjust one question's ranking: the latest of those sharing a word with it. */
const VOTES_READ = 200;

/**
 * Thumbs up/down on answers: one vote per person and answer (changeable), kept with the
 * question's stems and the cited documents so that later, near-identical questions rank those
 * documents a little higher or lower.
 */
export class AnswerFeedbackService {
  /** The bell: a bot's owner hears when one of its answers is voted down. */
  notifications?: Pick<NotificationsService, 'notify'>;

  constructor(private readonly db: DataSource) {}

  /** Votes on a turn of the voter's own conversation; anything else answers 404. */
  async rate(owner: ConversationOwner, input: RatingInput): Promise<Rating> {
    const turnId = String(input.turnId ?? '');
    assertId(turnId, 'This answer does not exist.');
    const vote =
      input.vote === 'up' || input.vote === 1
        ? 1
        : input.vote === 'down' || input.vote === -1
          ? -1
          : 0;
    if (vote === 0) throw badInput('A vote is up or down.');
    const reason = input.reason ?? null;
    if (reason !== null && !FEEDBACK_REASONS.includes(reason as FeedbackReason)) {
      throw badInput(`The reason is one of ${FEEDBACK_REASONS.join(', ')}.`);
    }
    const comment = typeof input.comment === 'string' ? input.comment.trim() || null : null;
    if (input.comment !== undefined && input.comment !== null && typeof input.comment !== 'string')
      throw badInput('The comment must be text.');
    if (comment && comment.length > COMMENT_CHARS)
      throw badInput(`A comment is at most ${COMMENT_CHARS} characters.`);

    const params: unknown[] = [turnId, owner.workspaceId, owner.userId ?? 'visitor', owner.userId];
    const ownerCheck = [
      owner.userId ? 'c.user_id = $4' : 'c.user_id IS NULL',
      owner.botId ? `c.bot_id = $${params.push(owner.botId)}` : 'TRUE',
    ].join(' AND ');
    params.push(vote, reason, comment);
    const n = params.length;
    const [row] = await this.db.query(
      `INSERT INTO answer_feedback (turn_id, workspace_id, bot_id, voter_key, user_id, vote, reason,
                                    comment, question, question_terms, document_ids)
       SELECT t.id, t.workspace_id, c.bot_id, $3, $4, $${n - 2}, $${n - 1}, $${n}, t.question,
              coalesce((SELECT array_agg(u.lexeme) FROM unnest(to_tsvector(${textSearchConfig()}, t.search_query)) u), '{}'),
              coalesce((SELECT array_agg(DISTINCT (s->>'documentId')::uuid)
                          FROM jsonb_array_elements(t.sources) s), '{}')
         FROM conversation_turns t JOIN conversations c ON c.id = t.conversation_id
        WHERE t.id = $1 AND t.workspace_id = $2 AND ${ownerCheck}
       ON CONFLICT (turn_id, voter_key) DO UPDATE
          SET vote = excluded.vote, reason = excluded.reason, comment = excluded.comment, updated_at = now()
       RETURNING turn_id AS "turnId", vote, reason, comment, updated_at AS "updatedAt"`,
      params,
    );
    if (!row) throw notFound('This answer does not exist.');
    if (vote < 0) await this.tellBotOwner(turnId, comment);
    return row as Rating;
  }

  /** A down vote on a bot's answer reaches the bot's owner (once per answer while unread). */
  private async tellBotOwner(turnId: string, comment: string | null) {
    if (!this.notifications) return;
    const [bot]: {
      id: string;
      name: string;
      owner: string | null;
      workspace: string;
      question: string;
    }[] = await this.db.query(
      `SELECT b.id, b.name, b.owner_id AS owner, b.workspace_id AS workspace, t.question
           FROM conversation_turns t
           JOIN conversations c ON c.id = t.conversation_id
           JOIN bots b ON b.id = c.bot_id
          WHERE t.id = $1`,
      [turnId],
    );
    if (!bot?.owner) return;
    await this.notifications.notify({
      workspaceId: bot.workspace,
      userIds: [bot.owner],
      kind: 'answer_down',
      title: `An answer of ${bot.name} was voted down`,
      body: comment ? `“${bot.question}”: ${comment}` : `“${bot.question}”`,
      link: `/app/bots/${bot.id}`,
      key: `turn:${turnId}:down`,
    });
  }

  /** Takes the voter's vote back (no error when there was none). */
  async unrate(owner: ConversationOwner, turnId: string): Promise<void> {
    assertId(turnId, 'This answer does not exist.');
    await this.db.query(
      `DELETE FROM answer_feedback WHERE turn_id = $1 AND workspace_id = $2 AND voter_key = $3`,
      [turnId, owner.workspaceId, owner.userId ?? 'visitor'],
    );
  }

  /** The voter's own votes on these turns. */
  async ratings(voterKey: string, turnIds: string[]): Promise<Map<string, Rating>> {
    if (turnIds.length === 0) return new Map();
    const rows: Rating[] = await this.db.query(
      `SELECT turn_id AS "turnId", vote, reason, comment, updated_at AS "updatedAt"
         FROM answer_feedback WHERE turn_id = ANY($1::uuid[]) AND voter_key = $2`,
      [turnIds, voterKey],
    );
    return new Map(rows.map((r) => [r.turnId, r]));
  }

  /**
   * The passages re-ordered by what people said of earlier answers to the same (or a nearly
   * identical) question: each cited document's score is scaled within feedbackFactors' bounds.
   * With no votes sharing a word with the question, nothing changes.
   */
  async rerank(workspaceId: string, lexemes: string[], passages: Passage[]): Promise<Passage[]> {
    if (passages.length === 0 || lexemes.length === 0) return passages;
    const rows: FeedbackVoteRow[] = await this.db.query(
      `SELECT voter_key AS "voterKey", vote, question_terms AS "questionTerms", document_ids AS "documentIds"
         FROM answer_feedback
        WHERE workspace_id = $1 AND question_terms && $2::text[]
        ORDER BY updated_at DESC LIMIT ${VOTES_READ}`,
      [workspaceId, lexemes],
    );
    if (rows.length === 0) return passages;
    const factors = feedbackFactors(rows, lexemes);
    if (factors.size === 0) return passages;
    return passages
      .map((p, i) => ({ p: { ...p, score: p.score * (factors.get(p.documentId) ?? 1) }, i }))
      .sort((a, b) => b.p.score - a.p.score || a.i - b.i)
      .map(({ p }) => p);
  }

  /**
   * Votes over the last `days` for a bot's answers, or for the workspace's own ask screen, as
   * `reader` may see them: a question is listed only when they may read every document its
   * answer cited, and on the workspace's report (other people's questions) only once at least
   * MIN_ASKERS different members voted on it. Counts are of every vote.
   */
  async report(
    scope: { workspaceId: string; botId: string | null },
    days: number,
    reader: Reader,
  ): Promise<FeedbackReport> {
    // Workspace search's votes are those on no bot's answers.
    const byScope = 'f.workspace_id = $1 AND f.bot_id IS NOT DISTINCT FROM $2::uuid';
    const { params: listed, param } = sqlParams([scope.workspaceId, scope.botId ?? null, days]);
    const citesReadable = `NOT EXISTS (
      SELECT 1 FROM unnest(f.document_ids) AS x(id)
       WHERE NOT ${documentReadableSql(reader, 'x.id', param)})`;
    const questionKey = `lower(regexp_replace(trim(f.question), '[\\s?]+$', ''))`;
    const sharedEnough = scope.botId
      ? 'TRUE'
      : `${questionKey} IN (SELECT ${questionKey} FROM answer_feedback f
                             WHERE ${byScope} AND f.updated_at > now() - make_interval(days => $3)
                             GROUP BY 1 HAVING count(DISTINCT f.voter_key) >= ${MIN_ASKERS})`;
    const answers = scope.botId
      ? `SELECT created_at, origin FROM bot_logs WHERE bot_id = $2`
      : `SELECT created_at, origin FROM search_history WHERE workspace_id = $1 AND kind = 'ask'`;
    const params = [scope.workspaceId, scope.botId ?? null, days];
    const since = `now() - make_interval(days => $3)`;
    const [perDay, [totals], worstQuestions, recentComments, answersByOrigin] = await Promise.all([
      this.db.query(
        `WITH days AS (
           SELECT generate_series(date_trunc('day', now() AT TIME ZONE 'UTC') - make_interval(days => $3 - 1),
                                  date_trunc('day', now() AT TIME ZONE 'UTC'), interval '1 day') AS day),
         a AS (SELECT date_trunc('day', created_at AT TIME ZONE 'UTC') AS day, count(*)::int AS n
                 FROM (${answers} AND created_at > ${since}) x GROUP BY 1),
         v AS (SELECT date_trunc('day', f.updated_at AT TIME ZONE 'UTC') AS day,
                      count(*) FILTER (WHERE f.vote > 0)::int AS up, count(*) FILTER (WHERE f.vote < 0)::int AS down
                 FROM answer_feedback f WHERE ${byScope} AND f.updated_at > ${since} GROUP BY 1)
         SELECT to_char(days.day, 'YYYY-MM-DD') AS day, coalesce(a.n, 0) AS answers,
                coalesce(v.up, 0) AS up, coalesce(v.down, 0) AS down
           FROM days LEFT JOIN a ON a.day = days.day LEFT JOIN v ON v.day = days.day ORDER BY days.day`,
        params,
      ),
      this.db.query(
        `SELECT count(*) FILTER (WHERE f.vote > 0)::int AS up, count(*) FILTER (WHERE f.vote < 0)::int AS down
           FROM answer_feedback f WHERE ${byScope} AND f.updated_at > ${since}`,
        params,
      ),
      this.db.query(
        `SELECT (array_agg(f.question ORDER BY f.updated_at DESC))[1] AS question,
                count(*) FILTER (WHERE f.vote < 0)::int AS down, count(*) FILTER (WHERE f.vote > 0)::int AS up,
                max(f.updated_at) AS "lastVotedAt"
           FROM answer_feedback f WHERE ${byScope} AND f.updated_at > ${since}
          GROUP BY ${questionKey}
         HAVING count(*) FILTER (WHERE f.vote < 0) > 0 AND bool_and(${citesReadable})
            AND (${scope.botId ? 'TRUE' : `count(DISTINCT f.voter_key) >= ${MIN_ASKERS}`})
          ORDER BY down DESC, up ASC, "lastVotedAt" DESC LIMIT 5`,
        listed,
      ),
      this.db.query(
        `SELECT f.question, f.reason, f.comment, f.updated_at AS "votedAt"
           FROM answer_feedback f
          WHERE ${byScope} AND f.vote < 0 AND (f.comment IS NOT NULL OR f.reason IS NOT NULL)
            AND f.updated_at > ${since} AND ${citesReadable} AND ${sharedEnough}
          ORDER BY f.updated_at DESC LIMIT 5`,
        listed,
      ),
      this.db.query(
        `SELECT origin, count(*)::int AS answers
           FROM ${scope.botId ? 'bot_logs WHERE bot_id = $1' : `search_history WHERE workspace_id = $1 AND kind = 'ask'`}
            AND created_at > now() - make_interval(days => $2)
          GROUP BY origin ORDER BY answers DESC, origin`,
        [scope.botId ?? scope.workspaceId, days],
      ),
    ]);
    return {
      perDay,
      answersByOrigin,
      up: totals.up,
      down: totals.down,
      worstQuestions,
      recentComments,
    };
  }
}
