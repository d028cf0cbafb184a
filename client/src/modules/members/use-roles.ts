import { useCallback, useMemo } from 'react';
import { useRolesQuery } from './graphql/members.generated';
import {
  FALLBACK_ROLE_LABELS,
  ROLE_KEYS,
  roleLabel,
  sortRoleKeys,
  type RoleOption,
} from './components/role-labels';

const FALLBACK_ROLES: RoleOption[] = ROLE_KEYS.map((key) => ({
  key,
  label: FALLBACK_ROLE_LABELS[key],
}));

/**
 * The workspace's roles with their labels (Roles query). Until it answers, or if it cannot,
 * the built-in labels stand in, so badges never show raw keys.
 */
export function useRoles() {
  const { data } = useRolesQuery();
  const roles = useMemo<RoleOption[]>(() => {
    const fromServer = data?.roles;
    if (!fromServer?.length) return FALLBACK_ROLES;
    const order = sortRoleKeys(fromServer.map((r) => r.key));
    return order.map((key) => ({ key, label: roleLabel(key, fromServer) }));
  }, [data]);
  const labelFor = useCallback((key: string) => roleLabel(key, roles), [roles]);
  return { roles, labelFor };
}
