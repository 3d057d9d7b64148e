import { Badge } from '@mantine/core';
import type { NotebookEntry } from '../../api/types';

const COLORS: Record<NotebookEntry['status'], string> = { draft: 'gray', active: 'green', archived: 'yellow', deleted: 'red' };

/** A notebook's status in its colour, as a dot: green text on a light green tint is below 4.5:1 in the light theme. */
export function StatusBadge({ status }: { status: NotebookEntry['status'] }) {
  return (
    <Badge color={COLORS[status]} variant="dot" size="sm" miw="max-content">
      {status}
    </Badge>
  );
}
