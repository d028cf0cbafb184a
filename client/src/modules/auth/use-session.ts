import { useMemo, useSyncExternalStore } from 'react';
import { getPermissions, getToken, getUser, STORAGE_KEYS, subscribe } from './session-store';

/** The current session, re-rendering when it changes (in this tab or another). */
export function useSession() {
  const token = useSyncExternalStore(subscribe, getToken);
  // Snapshots are the raw strings so they stay stable between renders.
  const permissionsRaw = useSyncExternalStore(subscribe, () =>
    localStorage.getItem(STORAGE_KEYS.permissions),
  );
  const permissions = useMemo(
    () => (permissionsRaw === null ? null : (getPermissions() ?? [])),
    [permissionsRaw],
  );
  const user = useMemo(() => (token ? getUser() : null), [token]);
  return { token, permissions, user };
}
