import type { WebClient } from '@slack/web-api';
import type { DataSource } from 'typeorm';
import type { JobQueue } from '../../jobs/job-queue.js';
import { AppError } from '../../shared/app-error.js';
import type { Logger } from '../../shared/logger.js';
import type { Reader, Readers } from '../corpus/index.js';
import type { BotAnswers } from '../bots/bot-answers.service.js';
import type { AnswerFeedbackService } from '../conversations/answer-feedback.service.js';
import type { AskResult, AskService } from '../search/ask.service.js';
import { SlackRefusedError, SlackRevokedError, slackCall, slackClient } from './slack-client.js';
import { slackLink } from './slack-format.js';
import { SlackEvent, SlackThread } from './slack-integration.entity.js';
import { answerMessages, FEEDBACK_UP, noteMessage, type SlackMessage } from './slack-messages.js';
import { slackPerson, type SlackPerson } from './slack-people.js';
import type { ActiveIntegration, SlackService } from './slack.service.js';

export const SLACK_JOB = 'slack.answer';

/** A question from a message (a mention, a direct message, a reply in Lumen's thread). */
export interface MessageJob {
  kind: 'message';
  integrationId: string;
  /** The delivery's key in slack_events (its event_id). */
  eventId: string;
  channel: string;
  user: string;
  text: string;
  ts: string;
  /** The thread the answer goes in: the question's own, or the thread it was asked in. */
  threadTs: string;
  isDirect: boolean;
}

/** `/lumen <question>`: answered only to who asked. */
export interface CommandJob {
  kind: 'command';
  integrationId: string;
  eventId: string;
  channel: string;
  user: string;
  text: string;
  responseUrl: string | null;
}

/** 👍 / 👎 on an answer. */
export interface FeedbackJob {
  kind: 'feedback';
  integrationId: string;
  user: string;
  channel: string | null;
  threadTs: string | null;
  actionId: string;
  turnId: string;
}

export type SlackJob = MessageJob | CommandJob | FeedbackJob;

/** Mentions, channel links and Slack's link syntax read as plain words. */
export function questionText(text: string, botUserId: string): string {
  return text
    .replace(new RegExp(`<@${botUserId}(\\|[^>]*)?>`, 'g'), ' ')
    .replace(/<#[A-Z0-9]+\|([^>]*)>/g, '#$1')
    .replace(/<@[A-Z0-9]+\|([^>]*)>/g, '@$1')
    .replace(/<(https?:[^|>]+)\|([^>]+)>/g, '$2 ($1)')
    .replace(/<(https?:[^>]+)>/g, '$1')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The job that answers Slack: reacts 👀, asks through Lumen's ask (or the channel's bot) with the
 * access the place allows, posts the answer in the thread (or only to the asker), and takes 👀
 * away. A 429 reschedules it (the answer, once written, is kept and not asked again); a dead
 * token marks the integration revoked and nothing more is posted.
 */
export class SlackAnswers {
  constructor(
    private readonly db: DataSource,
    private readonly slack: SlackService,
    private readonly ask: AskService,
    private readonly bots: BotAnswers,
    private readonly feedback: AnswerFeedbackService,
    private readonly readers: Readers,
    private readonly logger: Logger,
  ) {}

  register(jobs: JobQueue) {
    jobs.register(SLACK_JOB, {
      handle: (payload) => this.run(payload as unknown as SlackJob),
    });
  }

  async run(job: SlackJob): Promise<void> {
    const integration = await this.slack.byId(job.integrationId);
    if (!integration || integration.status !== 'CONNECTED') return;
    const client = slackClient(this.slack.settings.apiUrl, integration.botToken());
    try {
      if (job.kind === 'message') await this.answerMessage(integration, client, job);
      else if (job.kind === 'command') await this.answerCommand(integration, client, job);
      else await this.recordFeedback(integration, client, job);
    } catch (error) {
      if (error instanceof SlackRevokedError) {
        await this.slack.markRevoked(integration.id, error.reason);
        return;
      }
      throw error;
    }
  }

  private async answerMessage(integration: ActiveIntegration, client: WebClient, job: MessageJob) {
    const delivery = await this.delivery(job.eventId);
    if (!delivery) return;
    let messages = delivery.answer as SlackMessage[] | null;
    if (!messages) {
      await this.react(client, 'reactions.add', job.channel, job.ts);
      const person = await slackPerson(this.db, client, integration.workspaceId, job.user);
      const thread = await this.db.getRepository(SlackThread).findOneBy({
        integrationId: integration.id,
        channelId: job.channel,
        threadTs: job.threadTs,
      });
      // Others read a channel: only what every member may read answers there. A direct message
      // is the member's own (their access); a person matching no member gets what all may read.
      const reader =
        job.isDirect && person.member
          ? await this.readers.forViewer(person.member)
          : await this.readers.forEveryMember(integration.workspaceId);
      const setting = thread ? null : await this.slack.settingFor(integration.id, job.channel);
      const botId = thread ? thread.botId : (setting?.botId ?? null);
      messages = await this.answer(integration, person, reader, job.text, {
        botId,
        conversationId: thread?.conversationId ?? null,
        threadOwnerId: thread ? thread.userId : (person.member?.userId ?? null),
        onAnswered: async (result) => {
          if (thread || !result.conversationId) return;
          await this.db.query(
            `INSERT INTO slack_threads (integration_id, channel_id, thread_ts, conversation_id, user_id, bot_id)
             VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (integration_id, channel_id, thread_ts) DO NOTHING`,
            [
              integration.id,
              job.channel,
              job.threadTs,
              result.conversationId,
              person.member?.userId ?? null,
              botId,
            ],
          );
        },
      });
      await this.keep(job.eventId, messages);
    }
    for (let i = delivery.posted; i < messages.length; i++) {
      const m = messages[i];
      await slackCall(() =>
        client.chat.postMessage({
          channel: job.channel,
          thread_ts: job.threadTs,
          text: m.text,
          blocks: m.blocks as never,
          unfurl_links: false,
          unfurl_media: false,
        }),
      );
      await this.db.query(`UPDATE slack_events SET posted = $2 WHERE event_id = $1`, [
        job.eventId,
        i + 1,
      ]);
    }
    await this.react(client, 'reactions.remove', job.channel, job.ts);
  }

  private async answerCommand(integration: ActiveIntegration, client: WebClient, job: CommandJob) {
    const delivery = await this.delivery(job.eventId);
    if (!delivery) return;
    let messages = delivery.answer as SlackMessage[] | null;
    if (!messages) {
      const person = await slackPerson(this.db, client, integration.workspaceId, job.user);
      // Only the asker sees the answer: their own access.
      const reader = person.member
        ? await this.readers.forViewer(person.member)
        : await this.readers.forEveryMember(integration.workspaceId);
      const setting = await this.slack.settingFor(integration.id, job.channel);
      messages = await this.answer(integration, person, reader, job.text, {
        botId: setting?.botId ?? null,
        conversationId: null,
        threadOwnerId: person.member?.userId ?? null,
      });
      await this.keep(job.eventId, messages);
    }
    for (let i = delivery.posted; i < messages.length; i++) {
      await this.postEphemeral(client, job, messages[i]);
      await this.db.query(`UPDATE slack_events SET posted = $2 WHERE event_id = $1`, [
        job.eventId,
        i + 1,
      ]);
    }
  }

  /** An ephemeral post; where the bot is not in the channel, the command's response_url. */
  private async postEphemeral(client: WebClient, job: CommandJob, message: SlackMessage) {
    try {
      await slackCall(() =>
        client.chat.postEphemeral({
          channel: job.channel,
          user: job.user,
          text: message.text,
          blocks: message.blocks as never,
        }),
      );
    } catch (error) {
      const url = job.responseUrl;
      if (!(error instanceof SlackRefusedError) || !url || !this.isSlackUrl(url)) throw error;
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ response_type: 'ephemeral', ...message }),
        signal: AbortSignal.timeout(15_000),
        redirect: 'error',
      });
      if (!res.ok) throw new Error(`Slack's response_url answered ${res.status}`);
    }
  }

  /** Only Slack's own hosts (or SLACK_API_URL's, for a test double) get an answer posted. */
  private isSlackUrl(url: string): boolean {
    try {
      const u = new URL(url);
      const api = new URL(this.slack.settings.apiUrl);
      return (
        (u.protocol === 'https:' && u.hostname === 'hooks.slack.com') || u.origin === api.origin
      );
    } catch {
      return false;
    }
  }

  private async answer(
    integration: ActiveIntegration,
    person: SlackPerson,
    reader: Reader,
    text: string,
    options: {
      botId: string | null;
      conversationId: string | null;
      threadOwnerId: string | null;
      onAnswered?: (result: AskResult) => Promise<void>;
    },
  ): Promise<SlackMessage[]> {
    const question = questionText(text, integration.botUserId);
    if (!question)
      return [noteMessage('Ask me a question, for example: where is the on-call runbook?')];
    const workspaceId = integration.workspaceId;
    // Someone Lumen does not know still has a rate of their own: their Slack id.
    const rateKey = person.member ? undefined : `slack:${integration.teamId}:${person.slackUserId}`;
    let result: AskResult;
    try {
      result = options.botId
        ? await this.bots.askFrom(
            options.botId,
            { workspaceId, userId: person.member?.userId ?? null },
            reader,
            question,
            {
              conversationId: options.conversationId,
              threadOwnerId: options.threadOwnerId,
              origin: 'slack',
              rateKey,
            },
          )
        : await this.ask.ask(person.member ?? { workspaceId, userId: null }, {
            question,
            reader,
            conversationId: options.conversationId,
            threadOwnerId: options.threadOwnerId,
            origin: 'slack',
            rateKey,
          });
    } catch (error) {
      // A refusal the asker can act on (too long, too many questions) is said in Slack.
      if (error instanceof AppError && error.status < 500) return [noteMessage(error.message)];
      throw error;
    }
    await options.onAnswered?.(result);
    const notes = person.member ? [] : [this.joinNote(person)];
    return answerMessages(result, this.slack.settings.publicUrl, notes);
  }

  private joinNote(person: SlackPerson): string {
    if (person.unverified) {
      return `Your Lumen account has not verified its email address yet, so this answer uses only what everyone in the workspace may read. Verify it in ${slackLink(`${this.slack.settings.publicUrl}/app/account`, 'your Lumen account settings')} to get answers with your own access.`;
    }
    return `You are not a member of this Lumen workspace yet, so this answer uses only what everyone in it may read. Ask an admin for an invitation at ${slackLink(this.slack.settings.publicUrl, 'Lumen')}.`;
  }

  private async recordFeedback(
    integration: ActiveIntegration,
    client: WebClient,
    job: FeedbackJob,
  ) {
    const person = await slackPerson(this.db, client, integration.workspaceId, job.user);
    let reply: string;
    if (!person.member) {
      reply = `Only members of this Lumen workspace can rate answers. Ask an admin for an invitation at ${this.slack.settings.publicUrl}.`;
    } else {
      try {
        // The web's own rating: one vote per person and answer, on their own conversation.
        await this.feedback.rate(
          { workspaceId: integration.workspaceId, userId: person.member.userId, botId: null },
          { turnId: job.turnId, vote: job.actionId === FEEDBACK_UP ? 'up' : 'down' },
        );
        reply = 'Thanks, your feedback was recorded.';
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        reply = 'Only the person who asked can rate this answer.';
      }
    }
    if (!job.channel) return;
    await slackCall(() =>
      client.chat.postEphemeral({
        channel: job.channel!,
        user: job.user,
        text: reply,
        ...(job.threadTs ? { thread_ts: job.threadTs } : {}),
      }),
    ).catch((error) => {
      if (error instanceof SlackRefusedError) return;
      throw error;
    });
  }

  /** 👀 on the question; a refusal (already there, message gone) does not stop the answer. */
  private async react(
    client: WebClient,
    method: 'reactions.add' | 'reactions.remove',
    channel: string,
    timestamp: string,
  ) {
    const call =
      method === 'reactions.add'
        ? () => client.reactions.add({ channel, timestamp, name: 'eyes' })
        : () => client.reactions.remove({ channel, timestamp, name: 'eyes' });
    try {
      await slackCall(call);
    } catch (error) {
      if (error instanceof SlackRefusedError) {
        this.logger.info('Slack refused a reaction', { method, error: error.code });
        return;
      }
      throw error;
    }
  }

  private delivery(eventId: string) {
    return this.db.getRepository(SlackEvent).findOneBy({ eventId });
  }

  private async keep(eventId: string, messages: SlackMessage[]) {
    await this.db.query(`UPDATE slack_events SET answer = $2 WHERE event_id = $1`, [
      eventId,
      JSON.stringify(messages),
    ]);
  }
}
