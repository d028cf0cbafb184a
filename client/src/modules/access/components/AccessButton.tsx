import { Button, Tooltip } from '@mantine/core';
import { IconLock, IconPlugConnected, IconUsers } from '@tabler/icons-react';
import { accessLabel, accessSentence } from '../access-summary';
import type { AccessSource } from './SourceAccessDialog';
import classes from './AccessButton.module.css';

interface AccessButtonProps {
  source: AccessSource;
  viewerId?: string;
  onOpen: () => void;
}

/**
 * A source row's access at a glance ("Everyone", "As in Confluence", a lock with "Only you" or
 * "3 people, 1 group"), opening "Who can see this?" (to change it, for its owner and admins).
 */
export function AccessButton({ source, viewerId, onOpen }: AccessButtonProps) {
  const { mode } = source.access;
  const limited = mode !== 'WORKSPACE';
  const label = accessLabel(source, viewerId);
  const Icon = mode === 'RESTRICTED' ? IconLock : mode === 'MIRROR' ? IconPlugConnected : IconUsers;
  return (
    <Tooltip
      label={`${accessSentence(source, viewerId)} ${source.canManageAccess ? 'Change access' : 'Who can see this?'}`}
      multiline
      w={260}
      withArrow
    >
      <Button
        variant={limited ? 'light' : 'subtle'}
        color={limited ? 'lumen' : 'gray'}
        size="compact-sm"
        radius="xl"
        leftSection={<Icon size={14} aria-hidden />}
        onClick={onOpen}
        aria-label={`Who can see ${source.name}: ${label}${source.canManageAccess ? '. Change access' : ''}`}
        className={classes.button}
      >
        {label}
      </Button>
    </Tooltip>
  );
}
