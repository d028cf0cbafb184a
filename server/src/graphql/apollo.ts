import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import type { GraphQLSchema } from 'graphql';
import type { Logger } from '../shared/logger.js';
import { currentRequestId } from '../shared/request-context.js';
import type { GraphQLContext } from './context.js';
import { formatError } from './format-error.js';
import { noNulStrings } from './no-nul-strings.js';
import { operationCost } from './operation-cost.js';
import { queryLimits } from './query-limits.js';

export const MAX_QUERY_DEPTH = 10;
export const MAX_QUERY_FIELDS = 300;

/** Production defaults: no introspection unless configured, no field suggestions, CSRF guard on. */
export function createApolloServer(
  schema: GraphQLSchema,
  opts: { introspection: boolean; logger: Logger },
) {
  return new ApolloServer<GraphQLContext>({
    schema,
    introspection: opts.introspection,
    hideSchemaDetailsFromClientErrors: true,
    csrfPrevention: true,
    includeStacktraceInErrorResponses: false,
    // The app owns shutdown order (http, Apollo, pool, database); Apollo must not exit on signals.
    stopOnTerminationSignals: false,
    validationRules: [
      queryLimits(MAX_QUERY_DEPTH, MAX_QUERY_FIELDS),
      operationCost(),
      noNulStrings,
    ],
    formatError: formatError(opts.logger, currentRequestId),
    plugins: [ApolloServerPluginLandingPageDisabled()],
  });
}
