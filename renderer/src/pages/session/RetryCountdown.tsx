import { Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

/**
 * Tries again by itself, once, after `seconds`: the hub answers EDIT_SESSION_RETIRING with a
 * Retry-After while the notebook's last session is saved and removed.
 */
export function RetryCountdown({ seconds, onRetry }: { seconds: number; onRetry: () => void }) {
  const [left, setLeft] = useState(seconds);
  const retried = useRef(false);
  useEffect(() => {
    if (left <= 0) {
      // A re-render before the retry takes this view away must not start a second time.
      if (!retried.current) onRetry();
      retried.current = true;
      return;
    }
    const timer = window.setTimeout(() => setLeft(left - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left, onRetry]);
  return (
    <Text c="dimmed" size="sm" aria-live="polite">
      Starting again in {left} s…
    </Text>
  );
}
