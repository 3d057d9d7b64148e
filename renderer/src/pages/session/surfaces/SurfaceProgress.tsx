import { Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { percentOf, type SessionSurface } from '../../../api/surfaces';

/** A surface on its way up: the step under way (a first install shows its percentage) and a bar. */
export function SurfaceProgress({ surface }: { surface: SessionSurface }) {
  const percent = percentOf(surface.detail);
  return (
    <Stack gap={6} role="status" aria-label={`${surface.title} start-up`}>
      <Group gap="sm" wrap="nowrap">
        <Loader size="sm" aria-hidden="true" />
        <Text fw={600}>Starting {surface.title}…</Text>
        {percent !== null && (
          <Text fw={600} ff="monospace" ml="auto">
            {percent}%
          </Text>
        )}
      </Group>
      <Progress value={percent ?? 100} animated striped aria-label={`${surface.title} start-up progress`} />
      <Text size="sm" c="dimmed" lineClamp={2} data-testid="surface-step">
        {surface.detail ?? 'Starting it in the session’s sandbox.'}
      </Text>
    </Stack>
  );
}
