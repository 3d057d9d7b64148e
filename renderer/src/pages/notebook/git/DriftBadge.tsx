import { Badge, Loader, Tooltip } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { SourceDrift } from '../../../api/git';
import { formatDateTime } from '../../../app/format';
import { shortCommit } from './source-format';

interface Look {
  label: string;
  color: string;
  hint: string;
}

function lookOf(drift: SourceDrift, branch: string): Look {
  const head = `The head of ${branch} is ${shortCommit(drift.remote_commit)} (checked ${formatDateTime(drift.checked_at)}).`;
  if (drift.pending_config) return { label: 'Settings pending', color: 'blue', hint: `Changed settings wait for the next sync. ${head}` };
  if (drift.current_commit === null) return { label: 'Never synced', color: 'orange', hint: `No sync has worked yet. ${head}` };
  if (drift.in_sync) return { label: 'In sync', color: 'green', hint: head };
  return { label: `Behind ${branch} head`, color: 'orange', hint: `The notebook is at ${shortCommit(drift.current_commit)}. ${head}` };
}

/** How the notebook stands against its branch's head, looked up now (GET .../source/drift). */
export function DriftBadge({ drift, branch }: { drift: UseQueryResult<SourceDrift>; branch: string }) {
  if (drift.isPending)
    return (
      <Badge color="gray" variant="light" leftSection={<Loader size={10} color="gray" aria-hidden />}>
        Checking the branch…
      </Badge>
    );
  // The reason shows under the heading: a badge has no room for it.
  if (drift.isError)
    return (
      <Badge color="red" variant="dot">
        Cannot check
      </Badge>
    );
  const look = lookOf(drift.data, branch);
  return (
    <Tooltip label={look.hint} multiline maw={360}>
      <Badge color={look.color} variant="dot" maw="100%" tabIndex={0} data-testid="drift-badge">
        {look.label}
      </Badge>
    </Tooltip>
  );
}
