import { Text } from '@mantine/core';

/**
 * What a user quotes when reporting a failed request: its request id and, where the hub traces,
 * its trace id (an operator finds the request's log lines by the first, its whole trace by the second).
 */
export function RequestIds({ requestId, traceId, mt }: { requestId?: string | undefined; traceId?: string | undefined; mt?: number }) {
  if (!requestId && !traceId) return null;
  return (
    <Text size="xs" c="dimmed" mt={mt}>
      {requestId && <>Request ID: {requestId}</>}
      {requestId && traceId && <br />}
      {traceId && <>Trace ID: {traceId}</>}
    </Text>
  );
}
