import type { SurfaceId } from '../../../api/surfaces';

/**
 * Each surface's outline, drawn inline (as the file browser's icons are): code brackets for VS Code,
 * a prompt for OpenCode, whose agent works in a terminal-like conversation.
 */
export function SurfaceIcon({ id, size = 16 }: { id: SurfaceId; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      style={{ flex: 'none' }}
    >
      {id === 'vscode' ? (
        <path d="M8 7l-5 5 5 5M16 7l5 5-5 5M13.5 4l-3 16" />
      ) : (
        <>
          <rect x="3" y="4" width="18" height="16" rx="2" />
          <path d="M7 9l3 3-3 3M12.5 15H17" />
        </>
      )}
    </svg>
  );
}
