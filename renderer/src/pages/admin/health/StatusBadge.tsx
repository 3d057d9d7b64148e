import { Badge } from '@mantine/core';

const COLORS: Record<string, string> = {
  ok: 'green',
  passed: 'green',
  failing: 'red',
  failed: 'red',
  degraded: 'orange',
  stalled: 'red',
  stopping: 'gray',
  skipped: 'gray',
  unavailable: 'gray',
  unknown: 'gray',
};

/** A health or phase status in the colour people expect for it (a dot: the text keeps the page's contrast in both themes). */
export function StatusBadge({ status }: { status: string }) {
  return (
    // Never narrower than its word: a crowded table would otherwise cut "ok" to "o…".
    <Badge color={COLORS[status] ?? 'gray'} variant="dot" miw="max-content">
      {status}
    </Badge>
  );
}
