import { Skeleton, Stack, VisuallyHidden } from '@mantine/core';

/** Grey bars where rows are about to appear, announced once as loading. */
export function Skeletons({ label, rows = 4, height = 28 }: { label: string; rows?: number; height?: number }) {
  return (
    <Stack gap={6} role="status" aria-live="polite">
      <VisuallyHidden>{label}</VisuallyHidden>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} height={height} width={index === rows - 1 ? '70%' : '100%'} />
      ))}
    </Stack>
  );
}
