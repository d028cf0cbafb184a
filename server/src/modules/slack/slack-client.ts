import { ErrorCode, WebClient, type WebAPICallResult } from '@slack/web-api';
import { RetryLaterError } from '../../jobs/job-queue.js';

/** Slack's answers that mean the token no longer works: the integration is revoked. */
export const REVOKED_ERRORS = new Set([
  'invalid_auth',
  'not_authed',
  'token_revoked',
  'token_expired',
  'account_inactive',
  'app_uninstalled',
  'team_disabled',
]);

/** The token stopped working: nothing more is posted with it. */
export class SlackRevokedError extends Error {
  constructor(readonly reason: string) {
    super(`Slack refused the token: ${reason}`);
  }
}

/** Slack answered `ok: false` with this error code (channel_not_found, …). */
export class SlackRefusedError extends Error {
  constructor(readonly code: string) {
    super(`Slack answered ${code}`);
  }
}

/**
 * A Web API client for one bot token: SLACK_API_URL's /api/, no retries and no waiting on a
 * 429 (the job queue reschedules), a timeout so a stuck call cannot hold a worker's lease.
 */
export function slackClient(apiUrl: string, token: string): WebClient {
  return new WebClient(token, {
    slackApiUrl: `${apiUrl}/api/`,
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
    timeout: 15_000,
    allowAbsoluteUrls: false,
  });
}

/**
 * Calls a Web API method, turning Slack's failures into what the job must do: a 429 becomes a
 * RetryLaterError after Retry-After, a dead token a SlackRevokedError, any other `ok: false` a
 * SlackRefusedError; network failures are thrown as they are (the queue retries them).
 */
export async function slackCall<T extends WebAPICallResult>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw slackFailure(error);
  }
}

export function slackFailure(error: unknown): unknown {
  const coded = error as { code?: string; retryAfter?: number; data?: { error?: string } };
  if (coded?.code === ErrorCode.RateLimitedError) {
    const seconds = Math.max(1, Math.min(Number(coded.retryAfter) || 1, 3600));
    return new RetryLaterError(seconds * 1000, `Slack asked to wait ${seconds} s`);
  }
  if (coded?.code === ErrorCode.PlatformError) {
    const reason = coded.data?.error ?? 'unknown_error';
    return REVOKED_ERRORS.has(reason)
      ? new SlackRevokedError(reason)
      : new SlackRefusedError(reason);
  }
  return error;
}
