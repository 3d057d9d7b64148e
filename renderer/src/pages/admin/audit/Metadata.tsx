import { Spoiler, Stack, Text } from '@mantine/core';

function show(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** An entry's free-form details, one "key: value" line each; long ones fold behind "Show all". */
export function Metadata({ metadata }: { metadata: Record<string, unknown> }) {
  const entries = Object.entries(metadata);
  if (entries.length === 0)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  const lines = (
    <Stack gap={0}>
      {entries.map(([key, value]) => (
        <Text key={key} size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          <Text span inherit fw={700}>
            {key}
          </Text>
          : {show(value)}
        </Text>
      ))}
    </Stack>
  );
  return entries.length <= 4 ? (
    lines
  ) : (
    <Spoiler maxHeight={76} showLabel="Show all" hideLabel="Show less">
      {lines}
    </Spoiler>
  );
}
