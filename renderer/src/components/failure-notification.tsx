import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { isApiError } from '../api/errors';
import { RequestIds } from './RequestIds';

interface FailureNotice {
  /** What did not happen ("Could not run Nightly"); none: `message` says it on its own. */
  title?: string;
  /** The line to show; the API's message by default. */
  message?: string;
  /** Milliseconds, or false to keep it until it is closed (the default of notifications otherwise). */
  autoClose?: number | false;
}

/**
 * Tells of a failed action in a notification: what failed, the API's message, and the request and
 * trace ids a user quotes when reporting it (selectable, with copy buttons), as the error pages do.
 */
export function notifyFailure(error: Error, { title, message = error.message, autoClose }: FailureNotice = {}): void {
  notifications.show({
    color: 'red',
    ...(title ? { title } : {}),
    ...(autoClose !== undefined ? { autoClose } : {}),
    message: (
      <>
        <Text size="sm" c="var(--mantine-color-text)">
          {message}
        </Text>
        {isApiError(error) && <RequestIds requestId={error.requestId} traceId={error.traceId} mt={4} />}
      </>
    ),
  });
}
