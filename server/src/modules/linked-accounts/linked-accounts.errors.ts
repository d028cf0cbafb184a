import { AppError, badInput } from '../../shared/app-error.js';
import { ConnectorAuthError, ConnectorUnavailableError } from '../connectors/tool-failures.js';

const ENV: Record<string, string> = {
  atlassian: 'ATLASSIAN_CLIENT_ID and ATLASSIAN_CLIENT_SECRET',
  google: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET',
  github: 'GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET',
};

export const LinkedAccountErrors = {
  unknownProvider: (name: string) =>
    badInput(`Unknown provider "${name.slice(0, 40)}": link atlassian, google or github.`, {
      field: 'provider',
    }),
  notConfigured: (provider: string, label: string) =>
    new AppError(
      'NOT_CONFIGURED',
      `Linking a ${label} account is not set up on this server (an administrator sets ${ENV[provider]}).`,
      409,
    ),
  apiKey: () =>
    new AppError(
      'FORBIDDEN',
      'Linked accounts belong to a signed-in person: an API key cannot link or unlink them.',
      403,
    ),
  invalidState: (why: string) =>
    new AppError('INVALID_STATE', `${why} Start again with Link.`, 400, { field: 'state' }),
  missingCode: () =>
    badInput('The provider came back without a code. Start again with Link.', { field: 'code' }),
  linkedToSomeoneElse: (label: string) =>
    new AppError(
      'ACCOUNT_ALREADY_LINKED',
      `This ${label} account is already linked to another member of this workspace. They must unlink it first.`,
      409,
    ),
  /** A provider's refusal or failure met while linking, as an error the page can show. */
  fromProvider(error: unknown, label: string): AppError {
    if (error instanceof AppError) return error;
    if (error instanceof ConnectorUnavailableError)
      return new AppError('PROVIDER_UNAVAILABLE', error.message, 503);
    const message =
      error instanceof ConnectorAuthError
        ? error.message
        : `${label} did not confirm the account (${error instanceof Error ? error.message : String(error)}).`;
    return new AppError('LINK_FAILED', message, 400);
  },
};
