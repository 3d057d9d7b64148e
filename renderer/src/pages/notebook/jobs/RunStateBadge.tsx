import { Badge } from '@mantine/core';
import type { RunState } from './job-api';
import { RUN_STATE_LOOK } from './job-format';

/** A run's state as a coloured badge with its name. */
export function RunStateBadge({ state }: { state: RunState }) {
  const look = RUN_STATE_LOOK[state];
  return (
    <Badge color={look.color} variant="light" style={{ flexShrink: 0 }}>
      {look.label}
    </Badge>
  );
}
