import { Badge } from '@mantine/core';
import type { RunState } from '../../../api/jobs';
import { RUN_STATE_LOOK } from './job-format';

/** A run's state as a coloured badge with its name. */
export function RunStateBadge({ state }: { state: RunState }) {
  const look = RUN_STATE_LOOK[state];
  return (
    // The tint carries the colour; the text keeps the theme's own colour, readable on every tint.
    <Badge color={look.color} variant="light" tt="none" styles={{ root: { flexShrink: 0 }, label: { color: 'var(--mantine-color-text)' } }}>
      {look.label}
    </Badge>
  );
}
