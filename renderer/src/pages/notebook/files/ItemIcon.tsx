/** A folder or file outline, drawn inline so it shows whatever fonts the system has. */
export function ItemIcon({ kind }: { kind: 'file' | 'directory' }) {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinejoin="round"
      aria-hidden="true"
      style={{ flex: 'none', opacity: 0.75 }}
    >
      {kind === 'directory' ? (
        <path d="M3 6.5A1.5 1.5 0 0 1 4.5 5H9l2 2.5h8.5A1.5 1.5 0 0 1 21 9v9.5a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 18.5z" />
      ) : (
        <path d="M6 3h8l4 4v14H6zM14 3v4h4" />
      )}
    </svg>
  );
}
