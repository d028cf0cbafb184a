/**
 * What the generated hooks import: Apollo Client 4's React API, with one adapter.
 * typescript-react-apollo 5 writes a `useXSuspenseQuery` overload typed for Apollo Client 3;
 * under Apollo Client 4 its implementation infers an extra data state ('empty') and no longer
 * matches the overload. Narrowing useSuspenseQuery's declared type here keeps the generated
 * file type-checked as it is (no @ts-nocheck), with the same runtime function.
 */
import {
  useSuspenseQuery as apolloUseSuspenseQuery,
  type SkipToken,
  type SuspenseQueryHookOptions,
  type UseSuspenseQueryResult,
} from '@apollo/client/react';
import type { DocumentNode, OperationVariables } from '@apollo/client';

export * from '@apollo/client/react';

export const useSuspenseQuery = apolloUseSuspenseQuery as unknown as <
  TData,
  TVariables extends OperationVariables,
>(
  query: DocumentNode,
  // The generated implementation spreads optional options, so `variables` may be absent here;
  // the generated overloads above it still require them from callers.
  options?:
    | SkipToken
    | (Omit<SuspenseQueryHookOptions<TData, TVariables>, 'variables'> & { variables?: TVariables }),
) => UseSuspenseQueryResult<TData | undefined, TVariables>;
