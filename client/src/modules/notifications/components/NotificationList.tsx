import { Button, Group, ScrollArea, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { timeFromNow } from '../../connectors/format-time';
import type { NotificationFieldsFragment } from '../graphql/notifications.generated';
import classes from './NotificationBell.module.css';

interface NotificationListProps {
  notices: readonly NotificationFieldsFragment[];
  unread: number;
  markingAll: boolean;
  onMarkAll: () => void;
  onOpen: (notice: NotificationFieldsFragment) => void;
}

/** The bell's panel: the latest notices (unread ones marked), Mark all read, or an empty state. */
export default function NotificationList({
  notices,
  unread,
  markingAll,
  onMarkAll,
  onOpen,
}: NotificationListProps) {
  const open = onOpen;
  const markAll = onMarkAll;
  return (
    <>
      {notices.length === 0 ? (
        <Stack align="center" gap={6} py="xs" px="sm">
          <ThemeIcon variant="light" size={36} radius="xl">
            <IconBell size={18} stroke={1.6} />
          </ThemeIcon>
          <Text fw={600} size="sm">
            No notifications yet
          </Text>
          <Text size="xs" c="dimmed" ta="center">
            Sync results and teammate activity will show up here.
          </Text>
        </Stack>
      ) : (
        <Stack gap={4}>
          <Group justify="space-between" px="xs" pt={4}>
            <Text fw={600} size="sm">
              Notifications
            </Text>
            {unread > 0 && (
              <Button variant="subtle" size="compact-xs" loading={markingAll} onClick={markAll}>
                Mark all read
              </Button>
            )}
          </Group>
          <ScrollArea.Autosize mah={380} type="auto">
            <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {notices.map((n) => (
                <li key={n.id}>
                  <UnstyledButton
                    className={classes.item}
                    data-unread={!n.read || undefined}
                    onClick={() => open(n)}
                    aria-label={`${n.read ? '' : 'Unread: '}${n.title}`}
                  >
                    <Text size="sm" fw={n.read ? 400 : 600} lineClamp={2}>
                      {n.title}
                    </Text>
                    {n.body && (
                      <Text size="xs" c="dimmed" lineClamp={2}>
                        {n.body}
                      </Text>
                    )}
                    <Text size="xs" c="dimmed">
                      {timeFromNow(n.createdAt)}
                    </Text>
                  </UnstyledButton>
                </li>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </Stack>
      )}
    </>
  );
}
