import { CombinedGraphQLErrors, ServerError } from '@apollo/client';

/** Shown for anything that is not an answer from our server (offline, DNS, proxy pages). */
export const NETWORK_ERROR_MESSAGE =
  'Cannot reach the server. Check your connection and try again.';

interface ServerErrorInfo {
  code?: string;
  message: string;
  field?: string;
}

const asString = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/**
 * A non-2xx answer that still carries a body we understand: GraphQL `{ errors: [...] }` or the
 * REST shape `{ error: CODE, message }` (e.g. a throttling proxy in front of /graphql).
 */
function fromServerBody(bodyText: string): ServerErrorInfo | null {
  try {
    const body: unknown = JSON.parse(bodyText);
    if (!body || typeof body !== 'object') return null;
    const { errors, error, message } = body as Record<string, unknown>;
    if (Array.isArray(errors) && errors.length > 0) {
      const first = errors[0] as { message?: unknown; extensions?: Record<string, unknown> };
      const text = asString(first.message);
      if (!text) return null;
      return {
        code: asString(first.extensions?.code),
        message: text,
        field: asString(first.extensions?.field),
      };
    }
    const text = asString(message);
    return text ? { code: asString(error), message: text } : null;
  } catch {
    return null;
  }
}

/** What the server said about a failed operation, read from an Apollo Client 4 error. */
export function describeError(error: unknown): ServerErrorInfo {
  if (CombinedGraphQLErrors.is(error) && error.errors.length > 0) {
    const first = error.errors[0];
    return {
      code: asString(first.extensions?.code),
      message: asString(first.message) ?? 'Something went wrong. Try again.',
      field: asString(first.extensions?.field),
    };
  }
  if (ServerError.is(error)) {
    const parsed = fromServerBody(error.bodyText);
    if (parsed) return parsed;
  }
  return { message: NETWORK_ERROR_MESSAGE };
}

/** The error's `extensions.code` (e.g. 'INVALID_CREDENTIALS'), or undefined. */
export function errorCode(error: unknown): string | undefined {
  return describeError(error).code;
}

/** A message fit to show the user. */
export function errorMessage(error: unknown): string {
  return describeError(error).message;
}

/** The input field the server blamed (`extensions.field`), when it named one. */
export function errorField(error: unknown): string | undefined {
  return describeError(error).field;
}
