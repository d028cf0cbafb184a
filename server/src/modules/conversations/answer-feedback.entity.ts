import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { ConversationTurn } from './conversation.entity.js';

export const FEEDBACK_REASONS = ['wrong', 'outdated', 'missing_source', 'other'] as const;
export type FeedbackReason = (typeof FEEDBACK_REASONS)[number];

/**
 * A thumbs up or down on one answer: one per person and answer (a public page's visitor votes
 * through the conversation they hold, so user_id is null there). The question's stems and the
 * cited documents are kept with the vote, so later near-identical questions can use it.
 */
@Entity({ name: 'answer_feedback' })
@Index('uq_answer_feedback_voter', ['turnId', 'voterKey'], { unique: true })
@Index('idx_answer_feedback_workspace', ['workspaceId', 'updatedAt'])
@Index('idx_answer_feedback_bot', ['botId', 'updatedAt'])
export class AnswerFeedback {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid', name: 'turn_id' })
  turnId: string;

  @ManyToOne(() => ConversationTurn, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'turn_id' })
  turn?: ConversationTurn;

  @Column({ type: 'uuid', name: 'workspace_id' })
  workspaceId: string;

  @Column({ type: 'uuid', name: 'bot_id', nullable: true })
  botId: string | null;

  /** The voter's user id, or 'visitor' on a public page (one vote per answer either way). */
  @Column({ type: 'text', name: 'voter_key' })
  voterKey: string;

  @Column({ type: 'uuid', name: 'user_id', nullable: true })
  userId: string | null;

  /** +1 or -1. */
  @Column({ type: 'smallint' })
  vote: number;

  @Column({ type: 'text', nullable: true })
  reason: FeedbackReason | null;

  @Column({ type: 'text', nullable: true })
  comment: string | null;

  @Column({ type: 'text' })
  question: string;

  @Column({ type: 'text', array: true, name: 'question_terms', default: () => "'{}'" })
  questionTerms: string[];

  @Column({ type: 'uuid', array: true, name: 'document_ids', default: () => "'{}'" })
  documentIds: string[];

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' })
  updatedAt: Date;
}
