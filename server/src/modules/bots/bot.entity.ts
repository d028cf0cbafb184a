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
import type { AnswerOrigin } from '../conversations/answer-origin.js';
import { User } from '../identity/user.entity.js';
import { Workspace } from '../identity/workspace.entity.js';
import { Source, SourceDocument } from '../corpus/index.js';

export const BOT_MODELS = ['gpt4o', 'gpt4turbo', 'gpt35'] as const;
export type BotModel = (typeof BOT_MODELS)[number];
/** SPEC §3: `rs` is the spec's value for Russian, kept as is. */
export const BOT_LANGUAGES = ['en', 'ja', 'es', 'rs'] as const;
export type BotLanguage = (typeof BOT_LANGUAGES)[number];
export const BOT_PRIVACY = ['public', 'private'] as const;
export type BotPrivacy = (typeof BOT_PRIVACY)[number];

/** An assistant that answers from chosen sources, on its owner's provider key. */
@Entity({ name: 'bots' })
@Index('idx_bots_workspace_owner', ['workspaceId', 'ownerId'])
export class Bot {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid', name: 'workspace_id' })
  workspaceId: string;

  @ManyToOne(() => Workspace, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workspace_id' })
  workspace?: Workspace;

  @Column({ type: 'uuid', name: 'owner_id' })
  ownerId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'owner_id' })
  owner?: User;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text', default: '' })
  description: string;

  @Column({ type: 'text', default: 'public' })
  privacy: BotPrivacy;

  @Column({ type: 'text', default: 'gpt35' })
  model: BotModel;

  @Column({ type: 'text', default: 'en' })
  language: BotLanguage;

  /** Public bots answer on /chat/<shareToken> to anyone with the link. */
  @Index('uq_bots_share_token', { unique: true })
  @Column({ type: 'text', name: 'share_token' })
  shareToken: string;

  /** Whether the share link answers; a public bot with it off is for the workspace only. */
  @Column({ type: 'boolean', name: 'share_enabled', default: true })
  shareEnabled: boolean;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' })
  updatedAt: Date;
}

/** A source (all its documents) or a single document a bot answers from. */
@Entity({ name: 'bot_sources' })
@Index('uq_bot_sources_source', ['botId', 'sourceId'], {
  unique: true,
  where: '"source_id" IS NOT NULL',
})
@Index('uq_bot_sources_document', ['botId', 'documentId'], {
  unique: true,
  where: '"document_id" IS NOT NULL',
})
export class BotSource {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid', name: 'bot_id' })
  botId: string;

  @ManyToOne(() => Bot, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'bot_id' })
  bot?: Bot;

  @Column({ type: 'uuid', name: 'source_id', nullable: true })
  sourceId: string | null;

  @ManyToOne(() => Source, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'source_id' })
  source?: Source;

  @Column({ type: 'uuid', name: 'document_id', nullable: true })
  documentId: string | null;

  @ManyToOne(() => SourceDocument, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'document_id' })
  document?: SourceDocument;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt: Date;
}

/** Every question asked of a bot: what was answered, from what, how fast and by whom. */
@Entity({ name: 'bot_logs' })
@Index('idx_bot_logs_bot_created', ['botId', 'createdAt'])
export class BotLog {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid', name: 'bot_id' })
  botId: string;

  @ManyToOne(() => Bot, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'bot_id' })
  bot?: Bot;

  /** Null for a visitor of the public chat page. */
  @Column({ type: 'uuid', name: 'asked_by_id', nullable: true })
  askedById: string | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'asked_by_id' })
  askedBy?: User;

  @Column({ type: 'text' })
  question: string;

  @Column({ type: 'text' })
  answer: string;

  @Column({ type: 'text' })
  mode: string;

  /** Whether the answer came from the bot's sources (false: nothing matched). */
  @Column({ type: 'boolean', name: 'from_sources' })
  fromSources: boolean;

  /** [{ title, url, documentId }] as cited. */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  sources: { title: string; url: string; documentId: string }[];

  @Column({ type: 'integer', name: 'latency_ms' })
  latencyMs: number;

  /** Where it was asked: web, slack or api (answer-origin.ts). */
  @Column({ type: 'text', default: 'web' })
  origin: AnswerOrigin;

  /** The conversation turn it was, where its feedback is kept (null once the turn is deleted). */
  @Column({ type: 'uuid', name: 'turn_id', nullable: true })
  turnId: string | null;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt: Date;
}
