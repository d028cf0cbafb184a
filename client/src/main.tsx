import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/spotlight/styles.css';
import '@mantine/charts/styles.css';
import { ApolloProvider } from '@apollo/client/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { createApolloClient } from './graphql/apollo-client';
import { SessionKeeper } from './modules/auth/components/SessionKeeper';
import { createRouter } from './router';
import { installDedentOnPaste } from './shared/dedent-paste';
import { colorSchemeManager, theme } from './theme';

installDedentOnPaste();
const client = createApolloClient();
const router = createRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="light"
    >
      <ApolloProvider client={client}>
        <Notifications position="top-right" />
        <SessionKeeper />
        <RouterProvider router={router} />
      </ApolloProvider>
    </MantineProvider>
  </StrictMode>,
);
