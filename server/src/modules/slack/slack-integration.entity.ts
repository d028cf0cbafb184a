import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  OneToOne,
  PrimaryGeneratedColumn,
  Unique,
} from 'typeorm';
import { Bot } from '../bots/bot.entity.js';
import { Conversation } from '../conversations/conversation.entity.js';
import { User } from '../identity/user.entity.js';
import { Workspace } from '../identity/workspace.entity.js';

export type SlackStatus = 'CONNECTED' | 'REVOKED';
export type SlackMode = 'MENTION' | 'ALL' | 'OFF';

/** The channel id of the default setting: direct messages and every channel not listed. */
export const DEFAULT_CHANNEL = '*';

/**
 * A workspace's own Slack app (created by its admin from Lumen's manifest). The bot token and
 * the signing secret are sealed (contexts in slack-secrets.ts) and never answered back. A
 * revoked integration stays (the Integrations page says why) until an admin disconnects it.
 */
@Entity({ name: 'slack_integrations' })
// One Lumen workspace answers a Slack team: its requests are matched to it by team id.
@Index('uq_slack_integrations_team', ['teamId'], { unique: true, where: `"status" = 'CONNECTED'` })
export class SlackIntegration {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid', name: 'workspace_id' })
  workspaceId: string;

  @OneToOne(() => Workspace, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workspace_id' })
  workspace?: Workspace;

  /** Slack's team id (T…), from auth.test at connect. */
  @Column({ type: 'text', name: 'team_id' })
  teamId: string;

  @Column({ type: 'text', name: 'team_name' })
  teamName: string;

  /** The bot's user id (U…): mentions of it, and its own messages. */
  @Column({ type: 'text', name: 'bot_user_id' })
  botUserId: string;

  /** The bot's id (B…): its own messages carry it. */
  @Column({ type: 'text', name: 'bot_id', nullable: true })
  botId: string | null;

  @Column({ type: 'text', name: 'sealed_bot_token' })
  sealedBotToken: string;

  @Column({ type: 'text', name: 'sealed_signing_secret' })
  sealedSigningSecret: string;

  @Column({ type: 'text', default: 'CONNECTED' })
  status: SlackStatus;

  /** Why Slack stopped accepting the token (token_revoked, app_uninstalled, …). */
  @Column({ type: 'text', name: 'revoked_reason', nullable: true })
  revokedReason: string | null;

  @CreateDateColumn({ type: 'timestamptz', name: 'connected_at' })
  connectedAt: Date;

  @Column({ type: 'uuid', name: 'connected_by', nullable: true })
  connectedBy: string | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'connected_by' })
  connectedByUser?: User;
}

/**
 * Where Lumen answers in Slack and from what: a channel (C…/G…), or DEFAULT_CHANNEL for direct
 * messages and every channel not listed (created with the integration: MENTION, the whole
 * knowledge base).
 */
@Entity({ name: 'slack_channels' })
@Unique('uq_slack_channels_channel', ['integrationId', 'channelId'])
export class SlackChannel {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid', name: 'integration_id' })
  integrationId: string;

  @ManyToOne(() => SlackIntegration, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'integration_id' })
  integration?: SlackIntegration;

  @Column({ type: 'text', name: 'channel_id' })
  channelId: string;

  /** The Lumen bot that answers there; null: the whole knowledge base. */
  @Column({ type: 'uuid', name: 'bot_id', nullable: true })
  botId: string | null;

  @ManyToOne(() => Bot, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'bot_id' })
  bot?: Bot;

  @Column({ type: 'text', default: 'MENTION' })
  mode: SlackMode;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt: Date;
}

/**
 * Slack deliveries already taken (an event's event_id; a slash command's trigger id): a retry
 * of the same delivery is acknowledged and dropped. The answer, once written, is kept here with
 * how many of its messages were posted, so a job rescheduled by a 429 posts the rest without
 * asking again. Pruned after a day (Slack retries within minutes).
 */
@Entity({ name: 'slack_events' })
@Index('idx_slack_events_received', ['receivedAt'])
export class SlackEvent {
  @Column({ type: 'text', name: 'event_id', primary: true })
  eventId: string;

  @Column({ type: 'uuid', name: 'integration_id' })
  integrationId: string;

  @ManyToOne(() => SlackIntegration, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'integration_id' })
  integration?: SlackIntegration;

  @CreateDateColumn({ type: 'timestamptz', name: 'received_at' })
  receivedAt: Date;

  /** The messages to post (Block Kit), once the question is answered. */
  @Column({ type: 'jsonb', nullable: true })
  answer: unknown[] | null;

  @Column({ type: 'integer', default: 0 })
  posted: number;
}

/**
 * A Slack thread Lumen answered in, and the Lumen conversation it holds: a reply there is a
 * follow-up in that conversation (no mention needed), without reading Slack's history.
 */
@Entity({ name: 'slack_threads' })
@Unique('uq_slack_threads_thread', ['integrationId', 'channelId', 'threadTs'])
export class SlackThread {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid', name: 'integration_id' })
  integrationId: string;

  @ManyToOne(() => SlackIntegration, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'integration_id' })
  integration?: SlackIntegration;

  @Column({ type: 'text', name: 'channel_id' })
  channelId: string;

  @Column({ type: 'text', name: 'thread_ts' })
  threadTs: string;

  @Column({ type: 'uuid', name: 'conversation_id' })
  conversationId: string;

  /** A conversation past its retention takes its thread along: a later reply starts anew. */
  @ManyToOne(() => Conversation, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'conversation_id' })
  conversation?: Conversation;

  /** The member whose conversation it is (who asked first); null: a person matching no member. */
  @Column({ type: 'uuid', name: 'user_id', nullable: true })
  userId: string | null;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  /** The bot the thread is held with (follow-ups stay with it); null: the knowledge base. */
  @Column({ type: 'uuid', name: 'bot_id', nullable: true })
  botId: string | null;

  @ManyToOne(() => Bot, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'bot_id' })
  bot?: Bot;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt: Date;
}
