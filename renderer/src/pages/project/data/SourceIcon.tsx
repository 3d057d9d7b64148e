import { ThemeIcon } from '@mantine/core';
import type { DataSource } from '../../../api/data-browser';
import { KindIcon } from '../../integrations/KindIcon';

/** A source's icon: its integration kind's, or a folder for a notebook's workspace. */
export function SourceIcon({ kind, size = 32 }: { kind: DataSource['kind']; size?: number }) {
  if (kind !== 'workspace') return <KindIcon kind={kind} size={size} />;
  return (
    <ThemeIcon variant="light" color="gray" size={size} radius="md" aria-hidden="true" style={{ flex: 'none' }}>
      <svg
        width={Math.round(size * 0.6)}
        height={Math.round(size * 0.6)}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      >
        <path d="M3 6.5A1.5 1.5 0 0 1 4.5 5H9l2 2.5h8.5A1.5 1.5 0 0 1 21 9v9.5a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 18.5z" />
      </svg>
    </ThemeIcon>
  );
}
