import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  Unique,
} from 'typeorm';
import type { AnswerOrigin } from './answer-origin.js';
import { User } from '../identity/user.entity.js';
import { Workspace } from '../identity/workspace.entity.js';

/**
 * A thread of questions and answers. Its owner is the member who asked (null for a public bot
 * page's visitor, who holds the id instead); nobody else reads it, admins included.
 */
@Entity({ name: 'conversations' })
@Index('idx_conversations_owner', ['workspaceId', 'userId', 'updatedAt'])
@Index('idx_conversations_age', ['workspaceId', 'updatedAt'])
export class Conversation {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid', name: 'workspace_id' })
  workspaceId: string;

  @ManyToOne(() => Workspace, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workspace_id' })
  workspace?: Workspace;

  @Column({ type: 'uuid', name: 'user_id', nullable: true })
  userId: string | null;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  /** The bot it was held with; null for the workspace's own ask screen. */
  @Column({ type: 'uuid', name: 'bot_id', nullable: true })
  botId: string | null;

  // By name, not by class: the bot's module stands above this one (docs/DESIGN.md).
  @ManyToOne('Bot', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'bot_id' })
  bot?: { id: string };

  /** The first question until the owner renames it. */
  @Column({ type: 'text' })
  title: string;

  @Column({ type: 'integer', name: 'turn_count', default: 0 })
  turnCount: number;

  /** Where it was started: web, slack or api (answer-origin.ts). */
  @Column({ type: 'text', default: 'web' })
  origin: AnswerOrigin;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt: Date;

  /** The last question's time: the history's order, and what retention counts from. */
  @Column({ type: 'timestamptz', name: 'updated_at', default: () => 'now()' })
  updatedAt: Date;
}

/** What an answer cited, as the thread shows it again when resumed. */
export interface TurnSource {
  number: number;
  title: string;
  url: string;
  /** The in-app viewer at the passage (absent in turns stored before it was kept). */
  viewerUrl?: string;
  documentId: string;
  sourceKind: string;
  sourceName: string;
  location: string | null;
  excerpt: string;
}

/** One question and its answer within a conversation. */
@Entity({ name: 'conversation_turns' })
@Unique('uq_conversation_turns_ordinal', ['conversationId', 'ordinal'])
export class ConversationTurn {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid', name: 'conversation_id' })
  conversationId: string;

  @ManyToOne(() => Conversation, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'conversation_id' })
  conversation?: Conversation;

  @Column({ type: 'uuid', name: 'workspace_id' })
  workspaceId: string;

  @Column({ type: 'integer' })
  ordinal: number;

  @Column({ type: 'text' })
  question: string;

  /** What retrieval searched for: the standalone rewrite, or the question with carried terms. */
  @Column({ type: 'text', name: 'search_query' })
  searchQuery: string;

  /** The search's most telling stems, which a follow-up answered without a model carries over. */
  @Column({ type: 'text', array: true, name: 'key_terms', default: () => "'{}'" })
  keyTerms: string[];

  @Column({ type: 'text' })
  answer: string;

  @Column({ type: 'text' })
  mode: string;

  @Column({ type: 'text', nullable: true })
  notice: string | null;

  @Column({ type: 'text', nullable: true })
  model: string | null;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  sources: TurnSource[];

  @Column({ type: 'integer', name: 'latency_ms', default: 0 })
  latencyMs: number;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt: Date;
}
