import type { DataSource } from 'typeorm';
import {
  documentReadableSql,
  readableDocuments,
  type Readers,
  type SourceDocument,
  sqlParams,
} from '../corpus/index.js';
import type { Viewer } from '../identity/viewer.js';
import { MIN_ASKERS } from '../conversations/shared-questions.js';
import type { AnswerOrigin } from '../conversations/answer-origin.js';
import { sameQuestionSql } from './same-question.js';
import { SearchHistoryEntry, type HistoryKind } from './search-history.entity.js';
import { checkQuestion, questionKey } from './search-input.js';

export interface RecentQuestion {
  question: string;
  kind: HistoryKind;
  askedAt: Date;
}

export interface PopularQuestion {
  question: string;
  count: number;
  lastAskedAt: Date;
}

export interface ContentGap {
  /** The latest wording asked. */
  question: string;
  /** Times asked in the period. */
  count: number;
  /** Different people who asked it in the period. */
  askers: number;
  lastAskedAt: Date;
  /** Where it was asked. */
  origins: AnswerOrigin[];
}

export interface RecentDocument {
  document: SourceDocument;
  viewedAt: Date;
}

/** How many of a user's latest history rows the recent list is drawn from. */
const RECENT_SCAN_ROWS = 200;
/** "Most asked" counts the questions of this many days. */
export const POPULAR_WINDOW_DAYS = 90;

/** The user's recent questions and viewed documents, and the workspace's most asked questions. */
export class SearchHistoryService {
  constructor(
    private readonly db: DataSource,
    private readonly readers: Readers,
  ) {}

  /**
   * `asker`: a member (or their API key), or nobody Lumen knows — a Slack person matching no
   * member, whose questions still count in Analytics (never in anyone's recent searches).
   */
  async record(
    viewer: { workspaceId: string; userId: string | null; apiKeyId?: string },
    entry: {
      kind: HistoryKind;
      question: string;
      answerMode?: string | null;
      sourceCount?: number;
      latencyMs?: number;
      citedDocumentIds?: string[];
      /** Asks: whether the answer came from the sources (false: the not-found answer). */
      found?: boolean;
      /** Where it was asked (default: the viewer's API key says api, else web). */
      origin?: AnswerOrigin;
    },
  ): Promise<string> {
    const saved = await this.db.getRepository(SearchHistoryEntry).save({
      workspaceId: viewer.workspaceId,
      userId: viewer.userId,
      kind: entry.kind,
      question: entry.question,
      questionKey: questionKey(entry.question),
      answerMode: entry.answerMode ?? null,
      sourceCount: entry.sourceCount ?? 0,
      latencyMs: Math.round(entry.latencyMs ?? 0),
      citedDocumentIds: entry.kind === 'ask' ? (entry.citedDocumentIds ?? []) : null,
      found: entry.kind === 'ask' ? (entry.found ?? null) : null,
      origin: entry.origin ?? (viewer.apiKeyId ? 'api' : 'web'),
    });
    return saved.id;
  }

  recordSearch(viewer: Viewer, query: unknown): Promise<string> {
    return this.record(viewer, { kind: 'search', question: checkQuestion(query, 'search') });
  }

  /** The caller's latest distinct questions and searches, newest first. */
  async recent(viewer: Viewer, first: number): Promise<RecentQuestion[]> {
    // Only the latest rows are read (index on user, time), so a long history costs nothing here.
    const rows: { question: string; kind: HistoryKind; asked_at: Date }[] = await this.db.query(
      `SELECT DISTINCT ON (question_key) question, kind, created_at AS asked_at
         FROM (SELECT question, kind, question_key, created_at FROM search_history
                WHERE workspace_id = $1 AND user_id = $2
                ORDER BY created_at DESC LIMIT $3) latest
        ORDER BY question_key, created_at DESC`,
      [viewer.workspaceId, viewer.userId, RECENT_SCAN_ROWS],
    );
    return rows
      .sort((a, b) => b.asked_at.getTime() - a.asked_at.getTime())
      .slice(0, first)
      .map((r) => ({ question: r.question, kind: r.kind, askedAt: r.asked_at }));
  }

  /**
   * Questions asked most often across the workspace in the last POPULAR_WINDOW_DAYS, the latest
   * wording shown, read over a bounded range. Other people's questions are private: one is shown
   * only once at least MIN_ASKERS different members asked it, never with who asked, and never
   * when any of its answers cites a document the viewer may not read (or cites unknown ones).
   * Questions the sources did not answer are content gaps, not suggestions: they are left out.
   */
  async popular(viewer: Viewer, first: number): Promise<PopularQuestion[]> {
    const reader = await this.readers.forViewer(viewer);
    const { params, param } = sqlParams([
      viewer.workspaceId,
      first,
      POPULAR_WINDOW_DAYS,
      MIN_ASKERS,
    ]);
    const rows: { question: string; count: number; last: Date }[] = await this.db.query(
      `SELECT (array_agg(h.question ORDER BY h.created_at DESC))[1] AS question,
              count(*)::int AS count, max(h.created_at) AS last
         FROM search_history h
        WHERE h.workspace_id = $1 AND h.kind = 'ask' AND h.created_at > now() - make_interval(days => $3)
          AND h.found IS NOT FALSE
        GROUP BY h.question_key
       HAVING count(DISTINCT h.user_id) >= $4
          AND bool_and(h.cited_document_ids IS NOT NULL AND NOT EXISTS (
                SELECT 1 FROM unnest(h.cited_document_ids) AS x(id)
                 WHERE NOT ${documentReadableSql(reader, 'x.id', param)}))
        ORDER BY count DESC, last DESC LIMIT $2`,
      params,
    );
    return rows.map((r) => ({ question: r.question, count: r.count, lastAskedAt: r.last }));
  }

  /**
   * The workspace's content gaps: questions asked in the last `days` that got the not-found
   * answer (the sources do not say), most asked first, the latest wording shown, so whoever
   * owns the knowledge knows what to write. The same rule as "most asked" and the feedback
   * report applies, because a question is personal (it can say what someone is worried about,
   * e.g. a medical leave or a layoff): one is listed only once at least MIN_ASKERS different
   * members asked it in the period, and never with who asked. No document check is needed: a
   * not-found answer cites none, so nothing the viewer may not read is named. Questions with the
   * same stems count as one (same-question.ts), so the rule does not hide every gap.
   */
  async contentGaps(workspaceId: string, days: number, first: number): Promise<ContentGap[]> {
    return this.db.query(
      `SELECT (array_agg(h.question ORDER BY h.created_at DESC))[1] AS question,
              count(*)::int AS count, count(DISTINCT h.user_id)::int AS askers,
              max(h.created_at) AS "lastAskedAt", array_agg(DISTINCT h.origin) AS origins
         FROM search_history h
        WHERE h.workspace_id = $1 AND h.kind = 'ask' AND h.found = false
          AND h.created_at > now() - make_interval(days => $2)
        GROUP BY ${sameQuestionSql('h.question')}
       HAVING count(DISTINCT h.user_id) >= $4
        ORDER BY count DESC, askers DESC, "lastAskedAt" DESC LIMIT $3`,
      [workspaceId, days, first, MIN_ASKERS],
    );
  }

  /**
   * How many content gaps of the period are not listed because fewer than MIN_ASKERS members
   * asked them: a count only, so admins know there is more to write without reading anyone's
   * question.
   */
  async hiddenContentGaps(workspaceId: string, days: number): Promise<number> {
    const [row]: { hidden: number }[] = await this.db.query(
      `SELECT count(*)::int AS hidden FROM (
         SELECT 1 FROM search_history h
          WHERE h.workspace_id = $1 AND h.kind = 'ask' AND h.found = false
            AND h.created_at > now() - make_interval(days => $2)
          GROUP BY ${sameQuestionSql('h.question')}
         HAVING count(DISTINCT h.user_id) < $3) g`,
      [workspaceId, days, MIN_ASKERS],
    );
    return row?.hidden ?? 0;
  }

  /** Notes that the caller opened a document they may read (any other is ignored). */
  async recordView(viewer: Viewer, documentId: string): Promise<void> {
    const reader = await this.readers.forViewer(viewer);
    const { params, param } = sqlParams([viewer.userId, documentId, reader.workspaceId]);
    await this.db.query(
      `INSERT INTO document_views (user_id, document_id, workspace_id, viewed_at)
       SELECT $1, $2::uuid, $3, now() WHERE ${documentReadableSql(reader, '$2::uuid', param)}
       ON CONFLICT (user_id, document_id) DO UPDATE SET viewed_at = excluded.viewed_at`,
      params,
    );
  }

  /** The documents the caller opened last, among those they may still read. */
  async recentlyViewed(viewer: Viewer, first: number): Promise<RecentDocument[]> {
    // Read a few more views than asked: some may be of documents no longer readable.
    const views: { document_id: string; viewed_at: Date }[] = await this.db.query(
      `SELECT document_id, viewed_at FROM document_views
        WHERE user_id = $1 AND workspace_id = $2 ORDER BY viewed_at DESC LIMIT $3`,
      [viewer.userId, viewer.workspaceId, first * 3],
    );
    if (views.length === 0) return [];
    const reader = await this.readers.forViewer(viewer);
    const docs = await readableDocuments(
      this.db,
      reader,
      views.map((v) => v.document_id),
    );
    const byId = new Map(docs.map((d) => [d.id, d]));
    return views
      .flatMap((v) => {
        const document = byId.get(v.document_id);
        return document ? [{ document, viewedAt: v.viewed_at }] : [];
      })
      .slice(0, first);
  }
}
