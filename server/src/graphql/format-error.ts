import type { GraphQLFormattedError } from 'graphql';
import { ArgumentValidationError } from 'type-graphql';
import { AppError } from '../shared/app-error.js';
import type { Logger } from '../shared/logger.js';

/** Codes the GraphQL layer itself produces for bad requests; safe to pass through. */
const REQUEST_CODES = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'BAD_REQUEST',
  'OPERATION_RESOLUTION_FAILURE',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
  'QUERY_TOO_COMPLEX',
  'QUERY_TOO_COSTLY',
]);

/**
 * Every GraphQL error leaves with `extensions.code`. AppErrors keep their message; validation
 * errors say which field is wrong; anything unexpected is logged with the request id and masked.
 */
export function formatError(logger: Logger, requestIdOf: () => string | undefined) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const original = unwrapResolverError(error);
    const base = {
      message: formatted.message,
      locations: formatted.locations,
      path: formatted.path,
    };
    if (original instanceof AppError) {
      return {
        ...base,
        message: original.message,
        extensions: { code: original.code, ...original.details },
      };
    }
    if (original instanceof ArgumentValidationError) {
      const first = original.extensions.validationErrors?.[0];
      const constraint = first?.constraints ? Object.values(first.constraints)[0] : undefined;
      return {
        ...base,
        message: constraint ?? 'Some input is not valid.',
        extensions: { code: 'BAD_USER_INPUT', field: first?.property },
      };
    }
    // Apollo re-labels validation rule errors GRAPHQL_VALIDATION_FAILED; keep our rule's own code.
    // (Duck-typed: graphql may be loaded twice, as ESM and CJS, so instanceof is unreliable.)
    const inner = (original as { originalError?: { extensions?: Record<string, unknown> } })
      .originalError;
    const innerCode = inner?.extensions?.code;
    const code =
      typeof innerCode === 'string' && REQUEST_CODES.has(innerCode)
        ? innerCode
        : formatted.extensions?.code;
    if (typeof code === 'string' && REQUEST_CODES.has(code)) {
      // Variable coercion errors suggest schema names ("Did you mean …?"); the schema is not public.
      return { ...base, message: withoutSuggestions(base.message), extensions: { code } };
    }
    const requestId = requestIdOf();
    logger.error('Unexpected GraphQL error', { requestId, path: formatted.path, error: original });
    return {
      message: 'Something went wrong on our side. Try again, and tell us this id if it persists.',
      path: formatted.path,
      extensions: { code: 'INTERNAL_SERVER_ERROR', requestId },
    };
  };
}

/**
 * The error a resolver threw, unwrapped from graphql-js' located error. Duck-typed rather than
 * instanceof: graphql can be loaded twice (ESM and CJS), and then instanceof fails.
 */
function unwrapResolverError(error: unknown): unknown {
  const located = error as { path?: unknown; originalError?: unknown };
  return located?.path && located.originalError ? located.originalError : error;
}

/** graphql-js' "Did you mean "a", "b" or "c"?" suffix, removed. */
export function withoutSuggestions(message: string): string {
  return message.replace(/\s*Did you mean [^?]*\?/g, '').trim();
}
