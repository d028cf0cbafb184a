/**
 * An error the caller is meant to see: a stable code, an HTTP status and a human message.
 * GraphQL puts the code in `extensions.code`; REST answers `{ error: code, message }`.
 * Anything that is not an AppError is masked as INTERNAL_SERVER_ERROR.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number = 400,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  /**
   * Read by graphql-js and Apollo from a resolver's error: a size or rate refusal keeps its HTTP
   * status (413, 429) on GraphQL too; every other error answers 200 with `errors`, as usual.
   */
  get extensions(): { http: { status: number } } | undefined {
    return this.status === 413 || this.status === 429
      ? { http: { status: this.status } }
      : undefined;
  }
}

export const badInput = (message: string, details?: Record<string, unknown>) =>
  new AppError('BAD_USER_INPUT', message, 400, details);
export const unauthenticated = (message = 'Sign in to continue.') =>
  new AppError('UNAUTHENTICATED', message, 401);
export const forbidden = (message = 'You do not have permission to do that.') =>
  new AppError('FORBIDDEN', message, 403);
export const notFound = (message = 'Not found.') => new AppError('NOT_FOUND', message, 404);
