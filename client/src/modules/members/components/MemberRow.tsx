import { Avatar, Badge, Group, Text } from '@mantine/core';
import { memo, type ReactNode } from 'react';
import { displayName, initials } from '../../../layout/user-display';
import { roleLabel, sortRoleKeys } from './role-labels';
import classes from './MemberRow.module.css';

export interface Member {
  email: string;
  firstName: string;
  lastName: string;
  /** Role keys (admin, product_expert, customer_facing). */
  roles: readonly string[];
  /** Set when the company's identity provider deactivated them (SCIM). */
  deactivatedAt?: string | null;
}

interface MemberRowProps {
  member: Member;
  isYou?: boolean;
  /** Turns a role key into its label (from the Roles query); built-in labels otherwise. */
  labelFor?: (key: string) => string;
  /** Controls at the end of the row, e.g. the admin's menu. */
  actions?: ReactNode;
}

/** One workspace member: avatar initials, name, email and role badges. */
export const MemberRow = memo(function MemberRow({
  member,
  isYou,
  labelFor = roleLabel,
  actions,
}: MemberRowProps) {
  const name = displayName(member);
  return (
    <div role="listitem" aria-label={name} className={classes.row}>
      <div className={classes.person}>
        <Avatar color="lumen" radius="xl" aria-hidden>
          {initials(member)}
        </Avatar>
        <div style={{ minWidth: 0 }}>
          <Group gap={6} wrap="nowrap">
            <Text fw={600} truncate>
              {name}
            </Text>
            {isYou && (
              <Badge size="xs" variant="light" radius="sm" style={{ flexShrink: 0 }}>
                You
              </Badge>
            )}
            {member.deactivatedAt && (
              <Badge
                size="xs"
                variant="light"
                color="gray"
                radius="sm"
                title="Deactivated by your identity provider: they cannot sign in"
              >
                Deactivated
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed" truncate>
            {member.email}
          </Text>
        </div>
      </div>
      <div className={classes.roles}>
        {sortRoleKeys(member.roles).map((role) => (
          <Badge key={role} variant={role === 'admin' ? 'light' : 'default'} radius="sm" tt="none">
            {labelFor(role)}
          </Badge>
        ))}
      </div>
      {actions}
    </div>
  );
});
