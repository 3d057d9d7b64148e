import { Box, Button, CopyButton, Text } from '@mantine/core';
import { useHydrated } from './use-hydrated';

/**
 * One id with its name (a row of the ids' grid): selected whole by one click, and copied with its
 * button where the browser allows it.
 */
function QuotableId({ name, value, canCopy }: { name: string; value: string; canCopy: boolean }) {
  return (
    <>
      <Text span size="xs" c="dimmed">
        {name}:
      </Text>
      <Text span size="xs" c="dimmed" ff="monospace" style={{ userSelect: 'all', overflowWrap: 'anywhere' }}>
        {value}
      </Text>
      {canCopy ? (
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button size="compact-xs" variant="subtle" fw={500} onClick={copy} aria-label={`Copy the ${name.toLowerCase()}`} justify="flex-start">
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      ) : (
        <span />
      )}
    </>
  );
}

/**
 * What a user quotes when reporting a failed request: its request id and, where the hub traces,
 * its trace id (an operator finds the request's log lines by the first, its whole trace by the second).
 */
export function RequestIds({ requestId, traceId, mt }: { requestId?: string | undefined; traceId?: string | undefined; mt?: number }) {
  // The clipboard needs a secure context (HTTPS or localhost); elsewhere the ids are still selectable.
  const canCopy = useHydrated() && typeof navigator !== 'undefined' && navigator.clipboard !== undefined;
  if (!requestId && !traceId) return null;
  return (
    <Box
      mt={mt}
      role="group"
      aria-label="Ids to quote when reporting this"
      // The names, the ids and their copy buttons each in a column, so the two ids line up.
      style={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, max-content) max-content', columnGap: 6, alignItems: 'center' }}
    >
      {requestId && <QuotableId name="Request ID" value={requestId} canCopy={canCopy} />}
      {traceId && <QuotableId name="Trace ID" value={traceId} canCopy={canCopy} />}
    </Box>
  );
}
