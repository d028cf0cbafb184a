import { ActionIcon, Indicator, Loader } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Flyout } from '../../../shared/flyout/Flyout';
import {
  NotificationsDocument,
  useMarkAllNotificationsReadMutation,
  useMarkNotificationReadMutation,
  useNotificationsQuery,
  type NotificationFieldsFragment,
} from '../graphql/notifications.generated';

// The panel loads when first opened: every page carries the bell, few open it.
const NotificationList = lazy(() => import('./NotificationList'));

/** How often the bell asks whether something new happened (a sync, a teammate). */
const POLL_MS = 60_000;

/**
 * The spec's notification bell: the red dot only while something is unread; the panel lists the
 * latest notices, each leading where it is about (and marked read on the way), with "Mark all
 * read"; an honest empty state.
 */
export function NotificationBell() {
  const bell = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const { data } = useNotificationsQuery({
    pollInterval: POLL_MS,
    fetchPolicy: 'cache-and-network',
  });
  const refetch = { refetchQueries: [{ query: NotificationsDocument }] };
  const [markRead] = useMarkNotificationReadMutation(refetch);
  const [markAll, { loading: markingAll }] = useMarkAllNotificationsReadMutation(refetch);
  const unread = data?.unreadNotificationCount ?? 0;
  const notices = data?.notifications ?? [];

  const open = (n: NotificationFieldsFragment) => {
    setOpened(false);
    if (!n.read) void markRead({ variables: { id: n.id } });
    if (n.link?.startsWith('/')) void navigate(n.link);
  };

  return (
    <>
      <Indicator color="red" size={8} offset={7} disabled={unread === 0}>
        <ActionIcon
          ref={bell}
          variant="default"
          size="lg"
          radius="md"
          aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
          aria-expanded={opened}
          aria-haspopup="dialog"
          onClick={() => setOpened((value) => !value)}
        >
          <IconBell size={18} stroke={1.6} />
        </ActionIcon>
      </Indicator>
      <Flyout
        role="dialog"
        aria-label="Notifications"
        opened={opened}
        onClose={() => setOpened(false)}
        anchor={bell}
        placement="bottom-end"
        width={340}
      >
        {opened && (
          <Suspense fallback={<Loader size="sm" m="md" />}>
            <NotificationList
              notices={notices}
              unread={unread}
              markingAll={markingAll}
              onMarkAll={() => void markAll()}
              onOpen={open}
            />
          </Suspense>
        )}
      </Flyout>
    </>
  );
}
