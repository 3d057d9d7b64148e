import { Badge, Tooltip } from '@mantine/core';
import type { SyncState } from '../../../api/remotes';

export const SYNC_STATES: Record<SyncState, { label: string; color: string; hint: string }> = {
  in_step: { label: 'In step', color: 'green', hint: 'Neither side changed since the last pull or push.' },
  ahead: { label: 'Ahead', color: 'blue', hint: 'New versions here: Push sends them to the team hub.' },
  behind: { label: 'Behind', color: 'yellow', hint: 'New versions on the team hub (as last fetched): Pull brings them.' },
  diverged: { label: 'Diverged', color: 'red', hint: 'Changed here and on the team hub: pushing finds a conflict to resolve.' },
  local_only: { label: 'Only here', color: 'cyan', hint: 'Only this hub has it: Push creates it on the team hub.' },
  remote_only: { label: 'Only on the team hub', color: 'grape', hint: 'Made on the team hub after the pull, or deleted here: Pull brings it.' },
};

/** A notebook's (or its workspace's) sync state in words, what it means on hover. */
export function SyncStateBadge({ state, label }: { state: SyncState; label?: string }) {
  const shown = SYNC_STATES[state];
  return (
    <Tooltip label={shown.hint} multiline maw={300}>
      <Badge color={shown.color} variant="dot" tt="none" style={{ flexShrink: 0 }}>
        {label ?? shown.label}
      </Badge>
    </Tooltip>
  );
}
