import { Button, Tooltip } from '@mantine/core';
import { IconLock, IconUsers } from '@tabler/icons-react';
import { accessLabel, accessSentence } from '../access-summary';
import type { AccessSource } from './SourceAccessDialog';
import classes from './AccessButton.module.css';

interface AccessButtonProps {
  source: AccessSource;
  viewerId?: string;
  onOpen: () => void;
}

/**
 * A source row's access at a glance ("Everyone", a lock with "Only you" or "3 people, 1 group"),
 * opening "Who can see this?" (to change it, for its owner and admins).
 */
export function AccessButton({ source, viewerId, onOpen }: AccessButtonProps) {
  const restricted = source.access.mode === 'RESTRICTED';
  const label = accessLabel(source, viewerId);
  const Icon = restricted ? IconLock : IconUsers;
  return (
    <Tooltip
      label={`${accessSentence(source, viewerId)} ${source.canManageAccess ? 'Change access' : 'Who can see this?'}`}
      multiline
      w={260}
      withArrow
    >
      <Button
        variant={restricted ? 'light' : 'subtle'}
        color={restricted ? 'lumen' : 'gray'}
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
