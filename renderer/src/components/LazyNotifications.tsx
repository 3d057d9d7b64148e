import { useNotifications, type NotificationsProps } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';
import { withComponentStyles } from '../app/component-styles';

// A module of ours rather than the package itself: importing the package's namespace would put
// its notification store, which every page uses, in the lazy chunk too.
const NotificationStack = lazy(withComponentStyles(() => import('./NotificationStack')));

/**
 * Mantine's notification stack, loaded when the first notification is shown rather than with the
 * first page: most visits show none. Notifications shown before it has loaded wait in Mantine's
 * store and appear once it has.
 */
export function LazyNotifications(props: NotificationsProps) {
  const { notifications } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && notifications.length > 0) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <NotificationStack {...props} />
    </Suspense>
  ) : null;
}
