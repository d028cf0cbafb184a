import { AppError, badInput } from '../../shared/app-error.js';

/** The Slack integration's errors (GraphQL `extensions.code`). */
export const SlackErrors = {
  invalid: (field: string, message: string) => badInput(message, { field }),
  refused: (reason: string) =>
    badInput(
      `Slack refused the bot token (${reason}). Copy the "Bot User OAuth Token" (xoxb-…) from your Slack app’s "OAuth & Permissions" page, after installing the app to your workspace.`,
      { field: 'botToken' },
    ),
  unreachable: () =>
    badInput('Slack could not be reached to check the token. Try again in a moment.', {
      field: 'botToken',
    }),
  teamTaken: (team: string) =>
    new AppError(
      'SLACK_TEAM_TAKEN',
      `The Slack workspace ${team} is already connected to another Lumen workspace.`,
      409,
      { field: 'botToken' },
    ),
  notConnected: () =>
    new AppError('SLACK_NOT_CONNECTED', 'Connect Slack first (Integrations → Slack).', 409),
  unavailable: (reason: string) =>
    new AppError('SLACK_UNAVAILABLE', `Slack did not answer the channel list (${reason}).`, 502),
  tooManyRequests: (seconds: number) =>
    new AppError(
      'TOO_MANY_REQUESTS',
      `Slack asks to wait ${seconds} seconds before listing channels again.`,
      429,
      { retryAfterSeconds: seconds },
    ),
};
