import type { DataSource } from 'typeorm';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { Logger } from '../../shared/logger.js';
import { SLACK_JOB, type SlackJob } from './slack-answers.js';
import { FEEDBACK_DOWN, FEEDBACK_UP } from './slack-messages.js';
import { verifySlackSignature } from './slack-signature.js';
import type { ActiveIntegration, SlackService } from './slack.service.js';

/** What the route answers Slack: a status and a JSON body (or none). */
export interface SlackReply {
  status: number;
  body?: unknown;
}

export interface SlackRequest {
  rawBody: Buffer;
  contentType: string;
  timestamp: string | undefined;
  signature: string | undefined;
}

const UNAUTHORIZED: SlackReply = { status: 401, body: { error: 'invalid_request' } };
const OK: SlackReply = { status: 200 };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Slack's payloads, each field checked where read
type Json = Record<string, any>;

/**
 * Slack's requests, all at POST /slack/events: Events API callbacks (JSON), slash commands (form)
 * and interactivity (form field `payload`). The sending team's integration is found by team id
 * and the signature checked with its own signing secret before anything else is read. Only
 * database work happens here (Slack wants an answer within 3 s): the rest goes to the job queue.
 */
export class SlackReceiver {
  constructor(
    private readonly db: DataSource,
    private readonly slack: SlackService,
    private readonly jobs: JobQueue,
    private readonly logger: Logger,
  ) {}

  async receive(req: SlackRequest): Promise<SlackReply> {
    const parsed = parse(req);
    if (!parsed) return { status: 400, body: { error: 'invalid_body' } };
    const verified = (i: ActiveIntegration) => {
      try {
        return verifySlackSignature(i.signingSecret(), req, req.rawBody);
      } catch {
        return false; // a secret no key opens verifies nothing
      }
    };
    if (parsed.kind === 'event' && parsed.body.type === 'url_verification') {
      // Slack checks the URL before it names a team: any connected app's secret may sign it.
      const all = await this.slack.allConnected();
      if (!all.some(verified)) return UNAUTHORIZED;
      return { status: 200, body: { challenge: String(parsed.body.challenge ?? '') } };
    }
    const teamId = parsed.teamId;
    const integration = teamId ? await this.slack.forTeam(teamId) : null;
    if (!integration || !verified(integration)) return UNAUTHORIZED;
    if (parsed.kind === 'event') return this.event(integration, parsed.body);
    if (parsed.kind === 'command') return this.command(integration, parsed.form);
    return this.interaction(integration, parsed.body);
  }

  private async event(integration: ActiveIntegration, body: Json): Promise<SlackReply> {
    if (body.type !== 'event_callback' || typeof body.event !== 'object' || !body.event) return OK;
    const event = body.event as Json;
    const eventId = typeof body.event_id === 'string' ? body.event_id : null;
    if (event.type === 'app_uninstalled' || event.type === 'tokens_revoked') {
      const bots: unknown = event.tokens?.bot;
      if (event.type === 'app_uninstalled' || (Array.isArray(bots) && bots.length > 0))
        await this.slack.markRevoked(integration.id, event.type);
      return OK;
    }
    if (event.type !== 'message' && event.type !== 'app_mention') return OK;
    if (!eventId || typeof event.channel !== 'string' || typeof event.ts !== 'string') return OK;
    // Not a person's plain question: the bot itself, other bots, edits, joins and the like.
    if (event.bot_id || event.subtype || typeof event.user !== 'string') return OK;
    if (event.user === integration.botUserId) return OK;
    const text = typeof event.text === 'string' ? event.text : '';
    const channel: string = event.channel;
    const isDirect = event.channel_type === 'im' || channel.startsWith('D');
    const mentioned = text.includes(`<@${integration.botUserId}`);
    // One answer per message: app_mention answers mentions in channels, message.im direct ones.
    if (event.type === 'app_mention' && isDirect) return OK;
    if (event.type === 'message' && !isDirect && mentioned) return OK;
    const setting = await this.slack.settingFor(integration.id, channel);
    if (!setting || setting.mode === 'OFF') return OK;
    const threadTs: string = typeof event.thread_ts === 'string' ? event.thread_ts : event.ts;
    const isReply = threadTs !== event.ts;
    if (event.type === 'message' && !isDirect) {
      // Without a mention: a reply in a thread Lumen answered, or any question in "all" mode.
      if (
        isReply
          ? !(await this.isLumenThread(integration.id, channel, threadTs))
          : setting.mode !== 'ALL'
      )
        return OK;
    }
    const job: SlackJob = {
      kind: 'message',
      integrationId: integration.id,
      eventId,
      channel,
      user: event.user,
      text: text.slice(0, 8_000),
      ts: event.ts,
      threadTs,
      isDirect,
    };
    await this.take(integration, eventId, job);
    return OK;
  }

  private async command(
    integration: ActiveIntegration,
    form: URLSearchParams,
  ): Promise<SlackReply> {
    const text = (form.get('text') ?? '').trim();
    const channel = form.get('channel_id');
    const user = form.get('user_id');
    const trigger = form.get('trigger_id');
    if (!channel || !user || !trigger) return { status: 400, body: { error: 'invalid_command' } };
    if (!text)
      return ephemeral(
        'Ask a question after the command, for example: /lumen where is the on-call runbook?',
      );
    const job: SlackJob = {
      kind: 'command',
      integrationId: integration.id,
      eventId: `command:${trigger}`,
      channel,
      user,
      text: text.slice(0, 8_000),
      responseUrl: form.get('response_url'),
    };
    await this.take(integration, job.eventId, job);
    return ephemeral('👀 Looking into it: the answer will appear here, only to you.');
  }

  private async interaction(integration: ActiveIntegration, payload: Json): Promise<SlackReply> {
    if (payload.type !== 'block_actions' || !Array.isArray(payload.actions)) return OK;
    const action = payload.actions[0] as Json | undefined;
    const user = payload.user?.id;
    if (!action || typeof user !== 'string') return OK;
    if (action.action_id !== FEEDBACK_UP && action.action_id !== FEEDBACK_DOWN) return OK;
    const channel = payload.channel?.id ?? payload.container?.channel_id ?? null;
    const threadTs =
      payload.container?.thread_ts ?? payload.message?.thread_ts ?? payload.message?.ts ?? null;
    const job: SlackJob = {
      kind: 'feedback',
      integrationId: integration.id,
      user,
      channel: typeof channel === 'string' ? channel : null,
      threadTs: typeof threadTs === 'string' ? threadTs : null,
      actionId: action.action_id,
      turnId: String(action.value ?? ''),
    };
    await this.jobs.enqueue(SLACK_JOB, job as never);
    return OK;
  }

  /** Records the delivery and queues its job, once: a retried delivery is acknowledged only. */
  private async take(integration: ActiveIntegration, eventId: string, job: SlackJob) {
    await this.db.transaction(async (m) => {
      const rows: unknown[] = await m.query(
        `INSERT INTO slack_events (event_id, integration_id) VALUES ($1, $2)
         ON CONFLICT (event_id) DO NOTHING RETURNING event_id`,
        [eventId, integration.id],
      );
      if (rows.length === 0) {
        this.logger.info('Slack delivery already taken', { eventId });
        return;
      }
      await this.jobs.enqueue(SLACK_JOB, job as never, { manager: m });
    });
    this.jobs.kick();
  }

  private async isLumenThread(integrationId: string, channel: string, threadTs: string) {
    const rows: unknown[] = await this.db.query(
      `SELECT 1 FROM slack_threads WHERE integration_id = $1 AND channel_id = $2 AND thread_ts = $3`,
      [integrationId, channel, threadTs],
    );
    return rows.length > 0;
  }
}

function ephemeral(text: string): SlackReply {
  return { status: 200, body: { response_type: 'ephemeral', text } };
}

type Parsed =
  | { kind: 'event'; teamId: string | null; body: Json }
  | { kind: 'command'; teamId: string | null; form: URLSearchParams }
  | { kind: 'interaction'; teamId: string | null; body: Json };

/** The body as Slack sent it: JSON (events), or a form (slash commands, `payload` interactions). */
function parse(req: SlackRequest): Parsed | null {
  const text = req.rawBody.toString('utf8');
  try {
    if (req.contentType.startsWith('application/json')) {
      const body = JSON.parse(text) as Json;
      if (!body || typeof body !== 'object') return null;
      return { kind: 'event', teamId: str(body.team_id), body };
    }
    if (req.contentType.startsWith('application/x-www-form-urlencoded')) {
      const form = new URLSearchParams(text);
      const payload = form.get('payload');
      if (payload !== null) {
        const body = JSON.parse(payload) as Json;
        if (!body || typeof body !== 'object') return null;
        return { kind: 'interaction', teamId: str(body.team?.id) ?? str(body.user?.team_id), body };
      }
      return { kind: 'command', teamId: str(form.get('team_id')), form };
    }
  } catch {
    return null;
  }
  return null;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
