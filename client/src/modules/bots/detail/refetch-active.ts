import type { ApolloClient } from '@apollo/client';

/** The bot's panels that change once a question is answered. */
export const ANSWER_DEPENDENT_QUERIES = ['BotLogs', 'BotReport'];

/**
 * Refetches the named queries that are on screen now. Naming one that is not mounted only makes
 * Apollo warn, and a tab that opens later fetches fresh data anyway.
 */
export function refetchActive(client: ApolloClient, names: readonly string[]): void {
  const active = new Set(
    [...client.getObservableQueries('active')].map((q) => q.queryName).filter(Boolean),
  );
  const include = names.filter((name) => active.has(name));
  if (include.length > 0) void client.refetchQueries({ include }).catch(() => {});
}
