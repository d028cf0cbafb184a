import { RetryLaterError } from '../../jobs/job-queue.js';

/**
 * How a connector's calls fail, by what the sync should do about it. Messages are written for
 * the people who fix them (shown on the Connectors page and in 4xx answers), never with secrets.
 */

/** The tool refused the credentials (401, or an OAuth grant that can no longer be refreshed). */
export class ConnectorAuthError extends Error {
  override readonly name = 'ConnectorAuthError';

  constructor(
    message: string,
    /** The provider refused a refresh token outright (HTTP 400–403): it never works again. */
    readonly refreshRefused = false,
  ) {
    super(message);
  }
}

/**
 * The settings point at nothing usable: an unknown space or project, a missing permission or
 * scope. Retrying the same request will not help; fixing the settings will.
 */
export class ConnectorConfigError extends Error {
  override readonly name = 'ConnectorConfigError';
}

/** The tool could not be reached or kept failing (network, timeouts, 5xx after retries). */
export class ConnectorUnavailableError extends Error {
  override readonly name = 'ConnectorUnavailableError';
}

/** The address the settings name may not be reached from this server (SSRF guard). */
export class ConnectorHostRefusedError extends Error {
  override readonly name = 'ConnectorHostRefusedError';
}

/** An answer the connector did not expect (a 4xx other than the above, or a body that is not JSON). */
export class ConnectorHttpError extends Error {
  override readonly name = 'ConnectorHttpError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Errors that stop a whole step rather than one item: credentials, waiting out a rate limit. */
export function mustStop(error: unknown): boolean {
  return error instanceof ConnectorAuthError || error instanceof RetryLaterError;
}
