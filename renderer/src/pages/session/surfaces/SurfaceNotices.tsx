import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import classes from '../SessionShell.module.css';
import { SurfaceFailure } from './SurfaceFailure';
import { SurfaceIcon } from './SurfaceIcon';
import { SurfaceProgress } from './SurfaceProgress';
import type { SessionSurfaces } from './use-surfaces';

/**
 * Surfaces that open in a tab of their own, while they are being opened: their start-up, a button
 * to open one that took long enough to start that the browser wants a fresh click, or why it failed.
 */
export function SurfaceNotices({ surfaces }: { surfaces: SessionSurfaces }) {
  const shown = surfaces.surfaces.filter((surface) => surface.embed === 'tab' && surfaces.attempts[surface.id] !== undefined);
  if (shown.length === 0) return null;
  return (
    <Stack gap="xs" className={classes.notices}>
      {shown.map((surface) => {
        const attempt = surfaces.attempts[surface.id]!;
        if (attempt.step === 'failed')
          return (
            <SurfaceFailure
              key={surface.id}
              title={surface.title}
              message={attempt.message}
              requestId={attempt.requestId}
              traceId={attempt.traceId}
              onRetry={() => surfaces.open(surface.id)}
              onDismiss={() => surfaces.dismiss(surface.id)}
            />
          );
        if (attempt.step === 'opened')
          return (
            <Paper key={surface.id} withBorder px="sm" py="xs" radius="md" role="status">
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <SurfaceIcon id={surface.id} />
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600}>{surface.title} opened in a new tab.</Text>
                  <Text size="sm" c="dimmed">
                    {attempt.notice}
                  </Text>
                </Stack>
                <Button size="xs" variant="subtle" color="gray" onClick={() => surfaces.dismiss(surface.id)} ml="auto">
                  Dismiss
                </Button>
              </Group>
            </Paper>
          );
        if (attempt.step === 'ready')
          return (
            <Paper key={surface.id} withBorder px="sm" py="xs" radius="md" role="status">
              <Group gap="sm" wrap="nowrap">
                <SurfaceIcon id={surface.id} />
                <Text fw={600}>{surface.title} is ready.</Text>
                <Button size="xs" onClick={() => surfaces.open(surface.id)} ml="auto">
                  Open {surface.title}
                </Button>
                <Button size="xs" variant="subtle" color="gray" onClick={() => surfaces.dismiss(surface.id)}>
                  Dismiss
                </Button>
              </Group>
            </Paper>
          );
        return (
          <Paper key={surface.id} withBorder px="sm" py="xs" radius="md">
            <SurfaceProgress surface={surface} compact />
          </Paper>
        );
      })}
    </Stack>
  );
}
