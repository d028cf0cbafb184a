import { ApolloProvider } from '@apollo/client/react';
import { Outlet } from 'react-router-dom';
import { SessionKeeper } from '../modules/auth/components/SessionKeeper';
import { DeferredNotifications } from '../shared/toasts/DeferredNotifications';
import { apolloClient } from './apollo-client';

/**
 * The routes that talk to the API, under one Apollo client (created once, on first use), with
 * the toasts they show: the landing page stays outside, so it never downloads Apollo, GraphQL,
 * the generated hooks or the notification system.
 */
export function ApolloRoot() {
  return (
    <ApolloProvider client={apolloClient()}>
      <DeferredNotifications />
      <SessionKeeper />
      <Outlet />
    </ApolloProvider>
  );
}
