import { RetryLaterError } from '../../jobs/job-queue.js';
import { AppError } from '../../shared/app-error.js';
import {
  ConnectorAuthError,
  ConnectorConfigError,
  ConnectorHostRefusedError,
} from './tool-failures.js';

export const ConnectorErrors = {
  unknownIntegration: (name: string) =>
    new AppError(
      'BAD_USER_INPUT',
      `Unknown integration "${name.slice(0, 40)}": use confluence, jira, google_docs or github.`,
      400,
      { field: 'name' },
    ),
  notConfigured: (label: string) =>
    new AppError('NOT_CONFIGURED', `${label} is not connected yet: save its settings first.`, 409),
  oauthNotConfigured: (kind: string) =>
    new AppError(
      'OAUTH_NOT_CONFIGURED',
      kind === 'google_docs'
        ? 'Sign-in with Google is not set up on this server (an administrator sets GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET).'
        : 'Sign-in with Atlassian is not set up on this server (an administrator sets ATLASSIAN_CLIENT_ID and ATLASSIAN_CLIENT_SECRET). Connect with an API token instead.',
      409,
    ),
  noOAuth: (label: string) =>
    new AppError('BAD_USER_INPUT', `${label} connects with an access token, not Authorize.`, 400, {
      field: 'name',
    }),
  invalidState: (why: string) =>
    new AppError('INVALID_STATE', `${why} Start again with Authorize.`, 400, { field: 'state' }),
  sourceNotFound: () =>
    new AppError('NOT_FOUND', 'No such connected source in this workspace.', 404),
  /**
   * A connector failure met while saving or authorizing, as a 4xx the form can show: the
   * tool refused the credentials or the settings, or could not be reached. Never a 5xx.
   */
  fromConnector(error: unknown): AppError {
    if (error instanceof AppError) return error;
    if (error instanceof ConnectorAuthError)
      return new AppError('INVALID_CREDENTIALS', error.message, 400, { field: 'password' });
    if (error instanceof ConnectorConfigError)
      return new AppError('INVALID_SETTINGS', error.message, 400, { field: 'spacekey' });
    if (error instanceof ConnectorHostRefusedError)
      return new AppError('HOST_NOT_ALLOWED', error.message, 400, { field: 'domain' });
    if (error instanceof RetryLaterError)
      return new AppError('TOO_MANY_REQUESTS', `${error.message} Try again in a minute.`, 429, {
        retryAfterSeconds: Math.ceil(error.delayMs / 1000),
      });
    const message = error instanceof Error ? error.message : String(error);
    return new AppError('CONNECTION_FAILED', message, 400, { field: 'domain' });
  },
};
