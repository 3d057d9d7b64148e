import { Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { percentOf, type SessionSurface } from '../../../api/surfaces';

/**
 * A surface on its way up: the step under way (a first install shows its percentage) and a bar;
 * `compact` fits it in one line and a thin bar, for the notices under the session's bar.
 */
export function SurfaceProgress({ surface, compact = false }: { surface: SessionSurface; compact?: boolean }) {
  const percent = percentOf(surface.detail);
  const step = surface.detail ?? 'Starting it in the session’s sandbox.';
  return (
    <Stack gap={compact ? 4 : 6} role="status" aria-label={`${surface.title} start-up`}>
      <Group gap="sm" wrap="nowrap">
        <Loader size={compact ? 'xs' : 'sm'} aria-hidden="true" />
        <Text fw={600} style={{ flex: 'none' }}>
          Starting {surface.title}…
        </Text>
        {compact && (
          <Text size="sm" c="dimmed" truncate="end" style={{ minWidth: 0 }} data-testid="surface-step">
            {step}
          </Text>
        )}
        {percent !== null && (
          <Text fw={600} ff="monospace" ml="auto">
            {percent}%
          </Text>
        )}
      </Group>
      <Progress value={percent ?? 100} animated striped size={compact ? 'xs' : 'md'} aria-label={`${surface.title} start-up progress`} />
      {!compact && (
        <Text size="sm" c="dimmed" lineClamp={2} data-testid="surface-step">
          {step}
        </Text>
      )}
    </Stack>
  );
}
