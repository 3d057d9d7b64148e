import { Notifications, type NotificationsProps } from '@mantine/notifications';

/** Mantine's notification stack, in a chunk of its own (LazyNotifications.tsx loads it). */
export default function NotificationStack(props: NotificationsProps) {
  return <Notifications {...props} />;
}
