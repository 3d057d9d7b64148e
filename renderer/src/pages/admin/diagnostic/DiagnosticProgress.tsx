import { Group, Paper, Progress, Text } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { useState } from 'react';

/** Shown while the sandbox starts: the API reports nothing until the run is over, so only the time spent is known. */
export function DiagnosticProgress() {
  const [seconds, setSeconds] = useState(0);
  useInterval(() => setSeconds((value) => value + 1), 1000, { autoInvoke: true });
  return (
    <Paper withBorder p="md" radius="md" role="status" aria-live="polite">
      <Group justify="space-between" mb="xs">
        <Text size="sm" fw={500}>
          Starting a sandbox and timing it…
        </Text>
        <Text size="sm" c="dimmed">
          {seconds} s
        </Text>
      </Group>
      <Progress value={100} striped animated aria-label="Diagnostic running" />
    </Paper>
  );
}
