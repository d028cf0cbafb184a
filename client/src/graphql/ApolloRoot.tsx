import { ApolloProvider } from '@apollo/client/react';
import { Notifications } from '@mantine/notifications';
import { Outlet } from 'react-router-dom';
import { SessionKeeper } from '../modules/auth/components/SessionKeeper';
import { apolloClient } from './apollo-client';

/**
 * The routes that talk to the API, under one Apollo client (created once, on first use), with
 * the toasts they show: the landing page stays outside, so it never downloads Apollo, GraphQL,
 * the generated hooks or the notification system.
 */
export function ApolloRoot() {
  return (
    <ApolloProvider client={apolloClient()}>
      {/* Bottom right and brief: toasts never cover the top bar or linger over work. */}
      <Notifications position="bottom-right" autoClose={4000} />
      <SessionKeeper />
      <Outlet />
    </ApolloProvider>
  );
}
