import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { saveRedirect } from '../session-store';
import { refreshAccessToken } from '../token-refresh';
import { useSession } from '../use-session';

/**
 * SPEC §4 protected route: no token saves the path and goes to /signin; permissions not yet
 * loaded show 'Loading permissions...'; a missing permission goes to /app/unauthorized.
 */
export function ProtectedRoute({
  permission,
  children,
}: {
  permission?: string;
  children: ReactNode;
}) {
  const { token, permissions } = useSession();
  const location = useLocation();
  const waitingForPermissions =
    Boolean(token) && (permissions === null || permissions.length === 0);
  // A token without stored permissions (e.g. storage edited or cleared): ask the server again.
  useEffect(() => {
    if (waitingForPermissions) void refreshAccessToken();
  }, [waitingForPermissions]);
  if (!token) {
    saveRedirect(location.pathname + location.search + location.hash);
    return <Navigate to="/signin" replace />;
  }
  if (waitingForPermissions) {
    return (
      <Center h="60vh">
        <Stack align="center" gap="xs">
          <Loader size="sm" />
          <Text c="dimmed">Loading permissions...</Text>
        </Stack>
      </Center>
    );
  }
  if (permission && !permissions!.includes(permission))
    return <Navigate to="/app/unauthorized" replace />;
  return <>{children}</>;
}
