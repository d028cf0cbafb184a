import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { RouteLoading } from './layout/RouteLoading';
import { RouterErrorPage } from './pages/RouterErrorPage';

const protectedRoute = () =>
  import('./modules/auth/components/ProtectedRoute').then((m) => m.ProtectedRoute);

/**
 * A route whose page is its own chunk, fetched when the route is first visited (the landing
 * page does not download the app, the app does not download every screen). With a permission,
 * the page is wrapped in its ProtectedRoute (SPEC §6).
 */
function page(load: () => Promise<ComponentType>, permission?: string): RouteObject['lazy'] {
  return async () => {
    const [Page, ProtectedRoute] = await Promise.all([
      load(),
      permission ? protectedRoute() : undefined,
    ]);
    return {
      element: ProtectedRoute ? (
        <ProtectedRoute permission={permission}>
          <Page />
        </ProtectedRoute>
      ) : (
        <Page />
      ),
    };
  };
}

/** SPEC §2: public routes, and the protected area under /app with per-route permissions. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouterErrorPage />,
    // Shown while the first page's chunk loads.
    hydrateFallbackElement: <RouteLoading />,
    children: [
      { path: '/', lazy: page(() => import('./pages/LandingPage').then((m) => m.LandingPage)) },
      {
        // Every route but the landing page talks to the API: one Apollo client, loaded here.
        lazy: async () => ({ Component: (await import('./graphql/ApolloRoot')).ApolloRoot }),
        children: [
          {
            path: '/signin',
            lazy: page(() => import('./pages/SignInPage').then((m) => m.SignInPage)),
          },
          {
            path: '/signup',
            lazy: page(() => import('./pages/SignUpPage').then((m) => m.SignUpPage)),
          },
          {
            path: '/accept-invite',
            lazy: page(() => import('./pages/AcceptInvitePage').then((m) => m.AcceptInvitePage)),
          },
          {
            path: '/reset-password',
            lazy: page(() => import('./pages/ResetPasswordPage').then((m) => m.ResetPasswordPage)),
          },
          {
            path: '/forgot-password',
            lazy: page(() =>
              import('./pages/ForgotPasswordPage').then((m) => m.ForgotPasswordPage),
            ),
          },
          {
            // Where an identity provider's sign-in ends (the server's SSO callback sends people here).
            path: '/sso/complete',
            lazy: page(() => import('./pages/SsoCompletePage').then((m) => m.SsoCompletePage)),
          },
          {
            // The link in the email-verification mail (signed in; the code is in the fragment).
            path: '/verify-email',
            lazy: async () => {
              const [{ VerifyEmailPage }, ProtectedRoute] = await Promise.all([
                import('./pages/VerifyEmailPage'),
                protectedRoute(),
              ]);
              return {
                element: (
                  <ProtectedRoute>
                    <VerifyEmailPage />
                  </ProtectedRoute>
                ),
              };
            },
          },
          {
            path: '/unauthorized',
            lazy: page(() => import('./pages/UnauthorizedPage').then((m) => m.UnauthorizedPage)),
          },
          // A public bot's share link: no sign-in (SPEC §2 bots; the server serves public bots only).
          {
            path: '/chat/:token',
            lazy: page(() => import('./pages/PublicChatPage').then((m) => m.PublicChatPage)),
          },
          {
            path: '/app',
            lazy: async () => {
              const [{ AppLayout }, ProtectedRoute] = await Promise.all([
                import('./layout/AppLayout'),
                protectedRoute(),
              ]);
              return {
                element: (
                  <ProtectedRoute>
                    <AppLayout />
                  </ProtectedRoute>
                ),
              };
            },
            children: [
              { index: true, element: <Navigate to="/app/dashboard" replace /> },
              {
                path: 'dashboard',
                lazy: page(() => import('./pages/app/DashboardPage').then((m) => m.DashboardPage)),
              },
              {
                path: 'history',
                lazy: page(() => import('./pages/app/HistoryPage').then((m) => m.HistoryPage)),
              },
              {
                path: 'bots',
                lazy: page(() => import('./pages/app/BotsPage').then((m) => m.BotsPage)),
              },
              {
                path: 'bots/:botId',
                lazy: page(() => import('./pages/app/BotDetailPage').then((m) => m.BotDetailPage)),
              },
              {
                path: 'connectors',
                lazy: page(() =>
                  import('./pages/app/ConnectorsPage').then((m) => m.ConnectorsPage),
                ),
              },
              {
                path: 'account',
                lazy: page(() => import('./pages/app/AccountPage').then((m) => m.AccountPage)),
              },
              {
                path: 'account/linked',
                lazy: page(() =>
                  import('./pages/app/LinkedAccountsPage').then((m) => m.LinkedAccountsPage),
                ),
              },
              {
                path: 'api-keys',
                lazy: page(() => import('./pages/app/ApiKeysPage').then((m) => m.ApiKeysPage)),
              },
              {
                path: 'users',
                lazy: page(
                  () => import('./pages/app/UsersPage').then((m) => m.UsersPage),
                  'user.read',
                ),
              },
              {
                // Every member: admins manage groups, others see the ones they are in.
                path: 'groups',
                lazy: page(() => import('./pages/app/GroupsPage').then((m) => m.GroupsPage)),
              },
              {
                path: 'integrations',
                lazy: page(
                  () => import('./pages/app/IntegrationsPage').then((m) => m.IntegrationsPage),
                  'search.read',
                ),
              },
              {
                path: 'search',
                lazy: page(
                  () => import('./pages/app/SearchPage').then((m) => m.SearchPage),
                  'search.read',
                ),
              },
              {
                path: 'documents/:documentId',
                lazy: page(
                  () => import('./pages/app/DocumentPage').then((m) => m.DocumentPage),
                  'search.read',
                ),
              },
              {
                path: 'sso',
                lazy: page(
                  () => import('./pages/app/SsoPage').then((m) => m.SsoPage),
                  'user.write',
                ),
              },
              {
                path: 'audit-log',
                lazy: page(
                  () => import('./pages/app/AuditLogPage').then((m) => m.AuditLogPage),
                  'user.write',
                ),
              },
              {
                path: 'analytics',
                lazy: page(
                  () => import('./pages/app/AnalyticsPage').then((m) => m.AnalyticsPage),
                  'user.write',
                ),
              },
              {
                path: 'unauthorized',
                lazy: page(() =>
                  import('./pages/app/AppUnauthorizedPage').then((m) => m.AppUnauthorizedPage),
                ),
              },
            ],
          },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
