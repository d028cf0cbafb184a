import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import type { AnswerOrigin } from '../conversations/answer-origin.js';
import { User } from '../identity/user.entity.js';
import { SourceDocument } from '../corpus/index.js';

export type HistoryKind = 'ask' | 'search';

/**
 * Every question asked and every search run on purpose (Enter, not each keystroke): the user's
 * recent searches and the workspace's most asked questions come from here.
 */
@Entity({ name: 'search_history' })
@Index('idx_search_history_user', ['workspaceId', 'userId', 'createdAt'])
@Index('idx_search_history_key', ['workspaceId', 'questionKey'])
@Index('idx_search_history_workspace_time', ['workspaceId', 'createdAt'])
// The content gaps (questions the sources did not answer) read only these rows.
@Index('idx_search_history_not_found', ['workspaceId', 'createdAt'], {
  where: `"kind" = 'ask' AND "found" = false`,
})
export class SearchHistoryEntry {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid', name: 'workspace_id' })
  workspaceId: string;

  /** Null: a Slack person who matches no member (counted in Analytics, listed to nobody). */
  @Column({ type: 'uuid', name: 'user_id', nullable: true })
  userId: string | null;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'text' })
  kind: HistoryKind;

  @Column({ type: 'text' })
  question: string;

  /** Lower-cased, spaces collapsed, trailing '?' dropped: how "the same question" is counted. */
  @Column({ type: 'text', name: 'question_key' })
  questionKey: string;

  /** generated or extractive for asks; null for searches. */
  @Column({ type: 'text', name: 'answer_mode', nullable: true })
  answerMode: string | null;

  /**
   * For asks: whether the answer came from the sources (false: the not-found answer, a content
   * gap). Null for searches, and for asks recorded before this was kept.
   */
  @Column({ type: 'boolean', nullable: true })
  found: boolean | null;

  @Column({ type: 'integer', name: 'source_count', default: 0 })
  sourceCount: number;

  /** Where it was asked: web, slack or api (answer-origin.ts). */
  @Column({ type: 'text', default: 'web' })
  origin: AnswerOrigin;

  /**
   * The documents the answer cited: the question is shown to other members ("most asked") only
   * while they may read all of them. Null (rows written before access existed): never shown.
   */
  @Column({ type: 'uuid', array: true, name: 'cited_document_ids', nullable: true })
  citedDocumentIds: string[] | null;

  @Column({ type: 'integer', name: 'latency_ms', default: 0 })
  latencyMs: number;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt: Date;
}

/** The documents a user opened last (one row per user and document, the time moved forward). */
@Entity({ name: 'document_views' })
@Index('idx_document_views_user', ['userId', 'viewedAt'])
export class DocumentView {
  @Column({ type: 'uuid', name: 'user_id', primary: true })
  userId: string;

  @Column({ type: 'uuid', name: 'document_id', primary: true })
  documentId: string;

  @Column({ type: 'uuid', name: 'workspace_id' })
  workspaceId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @ManyToOne(() => SourceDocument, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'document_id' })
  document?: SourceDocument;

  @Column({ type: 'timestamptz', name: 'viewed_at' })
  viewedAt: Date;
}
