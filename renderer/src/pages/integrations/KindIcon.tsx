import { ThemeIcon } from '@mantine/core';

/** Each kind's outline (and a workspace's), drawn inline like the app's other icons; a kind this UI does not know gets a plug. */
const PATHS: Record<string, string> = {
  // A database: a cylinder.
  postgres: 'M4 6c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3zM4 6v12c0 1.7 3.6 3 8 3s8-1.3 8-3V6M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3',
  mysql: 'M4 6c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3zM4 6v12c0 1.7 3.6 3 8 3s8-1.3 8-3V6M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3',
  // Storage: a bucket.
  s3: 'M4 7h16l-2 13H6L4 7zM4 7c0-1.7 3.6-3 8-3s8 1.3 8 3M9 11v5M15 11v5',
  // An HTTP API: a globe.
  http_api: 'M12 3a9 9 0 100 18 9 9 0 000-18zM3 12h18M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9M12 3c-2.5 2.5-3.5 5.5-3.5 9s1 6.5 3.5 9',
  // An AI provider: a spark.
  openai: 'M12 3l2.2 6.8L21 12l-6.8 2.2L12 21l-2.2-6.8L3 12l6.8-2.2L12 3z',
  // Git: a branch.
  git: 'M6 3v12M18 9a3 3 0 100-6 3 3 0 000 6zM6 21a3 3 0 100-6 3 3 0 000 6zM18 9a9 9 0 01-9 9',
  // A package index: a box (a package) with its lid.
  python_index: 'M3 7.5L12 3l9 4.5v9L12 21l-9-4.5v-9zM3 7.5L12 12l9-4.5M12 12v9M7.5 5.25l9 4.5',
  // A notebook's workspace (the data browser's other kind of source): a folder.
  workspace: 'M3 6.5A1.5 1.5 0 0 1 4.5 5H9l2 2.5h8.5A1.5 1.5 0 0 1 21 9v9.5a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 18.5z',
};
const PLUG = 'M9 2v6M15 2v6M6 8h12v4a6 6 0 01-12 0V8zM12 18v4';

const COLORS: Record<string, string> = { postgres: 'blue', mysql: 'cyan', s3: 'orange', http_api: 'teal', openai: 'grape', git: 'red', python_index: 'yellow' };

/** The kind's icon in a tinted square (the kind's name is always written next to it). */
export function KindIcon({ kind, size = 32 }: { kind: string; size?: number }) {
  return (
    <ThemeIcon variant="light" color={COLORS[kind] ?? 'gray'} size={size} radius="md" aria-hidden="true" style={{ flex: 'none' }}>
      <svg
        width={Math.round(size * 0.6)}
        height={Math.round(size * 0.6)}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={PATHS[kind] ?? PLUG} />
      </svg>
    </ThemeIcon>
  );
}
