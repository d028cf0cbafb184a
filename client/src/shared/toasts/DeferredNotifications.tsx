import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

// The toast container (transitions, swipe to dismiss, scroll-lock classes: ~10 KB gzip) is
// fetched with the first toast, not with every page. `notifications.show()` only writes to the
// store, which the container reads when it mounts, so nothing shown before is lost. (Its own
// module: importing the package's index here would pull the container into this chunk.)
const ToastContainer = lazy(() => import('./ToastContainer'));

/** Mantine's <Notifications>, mounted once there is a toast to show. */
export function DeferredNotifications() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && notifications.length + queue.length > 0) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}
