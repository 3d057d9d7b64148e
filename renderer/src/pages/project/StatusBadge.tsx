import { Badge } from '@mantine/core';
import type { NotebookEntry } from '../../api/types';

const COLORS: Record<NotebookEntry['status'], string> = { draft: 'gray', active: 'green', archived: 'yellow', deleted: 'red' };

export function StatusBadge({ status }: { status: NotebookEntry['status'] }) {
  return (
    <Badge color={COLORS[status]} variant="light" size="sm">
      {status}
    </Badge>
  );
}
