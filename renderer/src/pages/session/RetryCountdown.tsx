import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';

/**
 * Tries again by itself after `seconds`: the hub answers EDIT_SESSION_RETIRING with
 * Retry-After: 5 while the notebook's last session is saved and removed.
 */
export function RetryCountdown({ seconds, onRetry }: { seconds: number; onRetry: () => void }) {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (left <= 0) {
      onRetry();
      return;
    }
    const timer = window.setTimeout(() => setLeft(left - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left, onRetry]);
  return (
    <Text c="dimmed" size="sm" aria-live="polite">
      Trying again in {left} s…
    </Text>
  );
}
