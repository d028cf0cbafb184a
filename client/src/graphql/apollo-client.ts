import {
  ApolloClient,
  ApolloLink,
  HttpLink,
  InMemoryCache,
  CombinedGraphQLErrors,
} from '@apollo/client';
import { ErrorLink } from '@apollo/client/link/error';
import { SetContextLink } from '@apollo/client/link/context';
import { Observable } from 'rxjs';
import { endExpiredSession, getToken } from '../modules/auth/session-store';
import { currentAccessToken, refreshAccessToken } from '../modules/auth/token-refresh';

const authLink = new SetContextLink(async (prevContext) => {
  const token = await currentAccessToken();
  return {
    headers: { ...prevContext.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  };
});

/** A request refused as UNAUTHENTICATED is retried once after a refresh; then the session ends. */
const retryAfterRefresh = new ErrorLink(({ error, operation, forward }) => {
  if (!CombinedGraphQLErrors.is(error)) return;
  if (!error.errors.some((e) => e.extensions?.code === 'UNAUTHENTICATED')) return;
  if (!getToken() || operation.getContext().retriedAfterRefresh) return;
  return new Observable((observer) => {
    refreshAccessToken().then(
      (token) => {
        if (!token) {
          endExpiredSession();
          observer.error(error);
          return;
        }
        operation.setContext(({ headers = {} }: { headers?: Record<string, string> }) => ({
          retriedAfterRefresh: true,
          headers: { ...headers, authorization: `Bearer ${token}` },
        }));
        forward(operation).subscribe(observer);
      },
      (e) => observer.error(e),
    );
  });
});

export function createApolloClient() {
  return new ApolloClient({
    link: ApolloLink.from([retryAfterRefresh, authLink, new HttpLink({ uri: '/graphql' })]),
    cache: new InMemoryCache(),
    defaultOptions: { watchQuery: { fetchPolicy: 'cache-and-network' } },
  });
}

let shared: ReturnType<typeof createApolloClient> | undefined;

/** The app's one client, created on first use (by the first route that talks to the API). */
export function apolloClient() {
  shared ??= createApolloClient();
  return shared;
}
