import type { ApolloCache } from '@apollo/client';
import {
  GroupsDocument,
  type GroupFieldsFragment,
  type GroupsQuery,
} from './graphql/groups.generated';

const byName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

/** A created group joins the cached list where the server would sort it (by name). */
export function addGroupToList(cache: ApolloCache, group: GroupFieldsFragment) {
  cache.updateQuery<GroupsQuery>({ query: GroupsDocument }, (data) =>
    data ? { groups: [...data.groups.filter((g) => g.id !== group.id), group].sort(byName) } : data,
  );
}

/** A deleted group leaves every list and source access that named it. */
export function removeGroup(cache: ApolloCache, id: string) {
  cache.evict({ id: cache.identify({ __typename: 'Group', id }) });
  cache.gc();
}
