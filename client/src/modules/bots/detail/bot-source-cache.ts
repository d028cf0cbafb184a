import type { ApolloCache } from '@apollo/client';
import {
  BotDocument,
  type BotQuery,
  type BotSourceFieldsFragment,
} from '../graphql/bots.generated';

/** Adds an attachment to the cached bot (once: attaching twice answers the existing one). */
export function addCachedBotSource(
  cache: ApolloCache,
  botId: string,
  attached: BotSourceFieldsFragment,
): void {
  cache.updateQuery<BotQuery>({ query: BotDocument, variables: { id: botId } }, (data) =>
    data && !data.botSources.some((s) => s.id === attached.id)
      ? { ...data, botSources: [...data.botSources, attached] }
      : data,
  );
}

/**
 * Removes an attachment from the cache. Evicting the entity (rather than writing a shorter list)
 * drops it from every list that references it, without Apollo's list-replacement warning.
 */
export function removeCachedBotSource(cache: ApolloCache, id: string): void {
  cache.evict({ id: cache.identify({ __typename: 'BotSource', id }) });
  cache.gc();
}
