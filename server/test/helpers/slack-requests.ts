import { signSlackRequest } from '../../src/modules/slack/slack-signature.js';

/**
 * Requests as Slack sends them to POST /slack/events, each signed with v0 HMAC: Events API
 * callbacks (JSON), slash commands (form) and block actions (form field `payload`).
 */
export interface SignedOptions {
  secret: string;
  /** Seconds since the epoch (default now): an old one is a stale request. */
  at?: number;
  /** Sign with this secret instead (a forged request). */
  signWith?: string;
  headers?: Record<string, string>;
}

export async function sendSigned(
  baseUrl: string,
  body: string,
  contentType: string,
  options: SignedOptions,
): Promise<{ status: number; body: any; ms: number }> {
  const at = String(options.at ?? Math.floor(Date.now() / 1000));
  const started = performance.now();
  const res = await fetch(`${baseUrl}/slack/events`, {
    method: 'POST',
    headers: {
      'content-type': contentType,
      'x-slack-request-timestamp': at,
      'x-slack-signature': signSlackRequest(options.signWith ?? options.secret, at, body),
      ...options.headers,
    },
    body,
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed, ms: performance.now() - started };
}

let eventSeq = 0;
let tsSeq = 0;

/** A message timestamp as Slack writes them. */
export function slackTs(): string {
  return `${Math.floor(Date.now() / 1000)}.${String(++tsSeq).padStart(6, '0')}`;
}

export interface EventFields {
  type: 'app_mention' | 'message' | 'app_uninstalled' | 'tokens_revoked';
  user?: string;
  text?: string;
  channel?: string;
  channel_type?: 'channel' | 'group' | 'im';
  ts?: string;
  thread_ts?: string;
  bot_id?: string;
  subtype?: string;
  tokens?: { bot?: string[] };
}

/** An event_callback envelope (JSON), with a fresh event_id unless given. */
export function eventBody(teamId: string, event: EventFields, eventId?: string) {
  const ts = event.ts ?? slackTs();
  return JSON.stringify({
    token: 'legacy-verification-token',
    team_id: teamId,
    api_app_id: 'A0LUMEN',
    type: 'event_callback',
    event_id: eventId ?? `Ev${process.pid}${++eventSeq}`,
    event_time: Math.floor(Date.now() / 1000),
    event: { ...event, ts, event_ts: ts },
  });
}

export function urlVerificationBody(challenge: string) {
  return JSON.stringify({ token: 'legacy', challenge, type: 'url_verification' });
}

/** A slash command's form body; `response_url` points where the test says. */
export function commandBody(fields: {
  teamId: string;
  user: string;
  channel: string;
  text: string;
  responseUrl?: string;
}) {
  return new URLSearchParams({
    token: 'legacy',
    team_id: fields.teamId,
    team_domain: 'acme',
    channel_id: fields.channel,
    channel_name: 'general',
    user_id: fields.user,
    user_name: fields.user.toLowerCase(),
    command: '/lumen',
    text: fields.text,
    api_app_id: 'A0LUMEN',
    response_url: fields.responseUrl ?? 'https://hooks.slack.com/commands/T/1/x',
    trigger_id: `${Date.now()}.${++eventSeq}.trigger`,
  }).toString();
}

/** A block_actions payload (a button pressed on a message in a thread). */
export function blockActionBody(fields: {
  teamId: string;
  user: string;
  channel: string;
  messageTs: string;
  threadTs?: string;
  actionId: string;
  value: string;
}) {
  const payload = {
    type: 'block_actions',
    team: { id: fields.teamId, domain: 'acme' },
    user: { id: fields.user, team_id: fields.teamId },
    api_app_id: 'A0LUMEN',
    container: {
      type: 'message',
      message_ts: fields.messageTs,
      channel_id: fields.channel,
      is_ephemeral: false,
      thread_ts: fields.threadTs,
    },
    channel: { id: fields.channel, name: 'general' },
    message: { ts: fields.messageTs, thread_ts: fields.threadTs },
    trigger_id: `${Date.now()}.${++eventSeq}.trigger`,
    response_url: 'https://hooks.slack.com/actions/T/1/x',
    actions: [
      {
        type: 'button',
        action_id: fields.actionId,
        block_id: 'lumen_feedback',
        value: fields.value,
        action_ts: slackTs(),
      },
    ],
  };
  return new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
}

export const JSON_TYPE = 'application/json';
export const FORM_TYPE = 'application/x-www-form-urlencoded';
