import { In, type DataSource } from 'typeorm';
import type { Viewer } from '../auth/viewer.js';
import { SourceDocument } from '../sources/document.entity.js';
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
  constructor(private readonly db: DataSource) {}

  async record(
    viewer: Viewer,
    entry: {
      kind: HistoryKind;
      question: string;
      answerMode?: string | null;
      sourceCount?: number;
      latencyMs?: number;
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
   * Questions asked most often across the workspace (by anyone) in the last POPULAR_WINDOW_DAYS,
   * the latest wording shown: what the team asks now, read over a bounded range.
   */
  async popular(viewer: Viewer, first: number): Promise<PopularQuestion[]> {
    const rows: { question: string; count: number; last: Date }[] = await this.db.query(
      `SELECT (array_agg(question ORDER BY created_at DESC))[1] AS question,
              count(*)::int AS count, max(created_at) AS last
         FROM search_history
        WHERE workspace_id = $1 AND kind = 'ask' AND created_at > now() - make_interval(days => $3)
        GROUP BY question_key ORDER BY count DESC, last DESC LIMIT $2`,
      [viewer.workspaceId, first, POPULAR_WINDOW_DAYS],
    );
    return rows.map((r) => ({ question: r.question, count: r.count, lastAskedAt: r.last }));
  }

  /** Notes that the caller opened a document of their workspace. */
  async recordView(viewer: Viewer, documentId: string): Promise<void> {
    await this.db.query(
      `INSERT INTO document_views (user_id, document_id, workspace_id, viewed_at)
       SELECT $1, d.id, d.workspace_id, now() FROM documents d WHERE d.id = $2 AND d.workspace_id = $3
       ON CONFLICT (user_id, document_id) DO UPDATE SET viewed_at = excluded.viewed_at`,
      [viewer.userId, documentId, viewer.workspaceId],
    );
  }

  async recentlyViewed(viewer: Viewer, first: number): Promise<RecentDocument[]> {
    const views: { document_id: string; viewed_at: Date }[] = await this.db.query(
      `SELECT document_id, viewed_at FROM document_views
        WHERE user_id = $1 AND workspace_id = $2 ORDER BY viewed_at DESC LIMIT $3`,
      [viewer.userId, viewer.workspaceId, first],
    );
    if (views.length === 0) return [];
    const docs = await this.db
      .getRepository(SourceDocument)
      .findBy({ id: In(views.map((v) => v.document_id)), workspaceId: viewer.workspaceId });
    const byId = new Map(docs.map((d) => [d.id, d]));
    return views.flatMap((v) => {
      const document = byId.get(v.document_id);
      return document ? [{ document, viewedAt: v.viewed_at }] : [];
    });
  }
}
