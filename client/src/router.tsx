import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { AppLayout } from './layout/AppLayout';
import { ProtectedRoute } from './modules/auth/components/ProtectedRoute';
import { AcceptInvitePage } from './pages/AcceptInvitePage';
import { ForgotPasswordPage } from './pages/ForgotPasswordPage';
import { LandingPage } from './pages/LandingPage';
import { PublicChatPage } from './pages/PublicChatPage';
import { ResetPasswordPage } from './pages/ResetPasswordPage';
import { RouterErrorPage } from './pages/RouterErrorPage';
import { SignInPage } from './pages/SignInPage';
import { SignUpPage } from './pages/SignUpPage';
import { UnauthorizedPage } from './pages/UnauthorizedPage';
import { ApiKeysPage } from './pages/app/ApiKeysPage';
import { AppUnauthorizedPage } from './pages/app/AppUnauthorizedPage';
import { AuditLogPage } from './pages/app/AuditLogPage';
import { BotDetailPage } from './pages/app/BotDetailPage';
import { BotsPage } from './pages/app/BotsPage';
import { ConnectorsPage } from './pages/app/ConnectorsPage';
import { DashboardPage } from './pages/app/DashboardPage';
import { DocumentPage } from './pages/app/DocumentPage';
import { IntegrationsPage } from './pages/app/IntegrationsPage';
import { SearchPage } from './pages/app/SearchPage';
import { UsersPage } from './pages/app/UsersPage';

/** SPEC §2: public routes, and the protected area under /app with per-route permissions. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouterErrorPage />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/signin', element: <SignInPage /> },
      { path: '/signup', element: <SignUpPage /> },
      { path: '/accept-invite', element: <AcceptInvitePage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/unauthorized', element: <UnauthorizedPage /> },
      // A public bot's share link: no sign-in (SPEC §2 bots; the server serves public bots only).
      { path: '/chat/:token', element: <PublicChatPage /> },
      {
        path: '/app',
        element: (
          <ProtectedRoute>
            <AppLayout />
          </ProtectedRoute>
        ),
        children: [
          { index: true, element: <Navigate to="/app/dashboard" replace /> },
          { path: 'dashboard', element: <DashboardPage /> },
          { path: 'bots', element: <BotsPage /> },
          { path: 'bots/:botId', element: <BotDetailPage /> },
          { path: 'connectors', element: <ConnectorsPage /> },
          // Every member may have keys; the server limits each key to its creator's permissions.
          { path: 'api-keys', element: <ApiKeysPage /> },
          {
            path: 'users',
            element: (
              <ProtectedRoute permission="user.read">
                <UsersPage />
              </ProtectedRoute>
            ),
          },
          {
            path: 'integrations',
            element: (
              <ProtectedRoute permission="search.read">
                <IntegrationsPage />
              </ProtectedRoute>
            ),
          },
          {
            path: 'search',
            element: (
              <ProtectedRoute permission="search.read">
                <SearchPage />
              </ProtectedRoute>
            ),
          },
          {
            path: 'documents/:documentId',
            element: (
              <ProtectedRoute permission="search.read">
                <DocumentPage />
              </ProtectedRoute>
            ),
          },
          {
            path: 'audit-log',
            element: (
              <ProtectedRoute permission="user.write">
                <AuditLogPage />
              </ProtectedRoute>
            ),
          },
          { path: 'unauthorized', element: <AppUnauthorizedPage /> },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
