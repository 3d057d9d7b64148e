import { Alert, Button, Collapse, Group, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { failureParts } from '../../../api/surfaces';
import { LogView } from '../../../components/LogView';
import { RequestIds } from '../../../components/RequestIds';

interface Props {
  title: string;
  message: string;
  requestId?: string | undefined;
  traceId?: string | undefined;
  onRetry: () => void;
  onDismiss?: (() => void) | undefined;
}

/** A surface that could not start or stopped on its own: what happened, the end of its output on request, and "Try again". */
export function SurfaceFailure({ title, message, requestId, traceId, onRetry, onDismiss }: Props) {
  const { summary: said, output } = failureParts(message);
  // The hub's message starts as the alert's title does: say it once.
  const prefix = `${title} could not start: `;
  const summary = said.startsWith(prefix) ? said.slice(prefix.length) : said;
  const [outputShown, setOutputShown] = useState(false);
  const outputId = useId();
  return (
    <Alert color="red" variant="light" title={`${title} could not start`} role="alert">
      <Stack gap="xs">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {summary}
        </Text>
        <Group gap="sm">
          <Button size="xs" onClick={onRetry}>
            Try again
          </Button>
          {output !== null && (
            <Button size="xs" variant="subtle" aria-expanded={outputShown} aria-controls={outputId} onClick={() => setOutputShown((shown) => !shown)}>
              {outputShown ? 'Hide its output' : 'Show its output'}
            </Button>
          )}
          {onDismiss && (
            <Button size="xs" variant="subtle" color="gray" onClick={onDismiss}>
              Dismiss
            </Button>
          )}
        </Group>
        {output !== null && (
          <Collapse in={outputShown} id={outputId}>
            <LogView label={`The end of ${title}'s output`} text={output} maxHeight={260} />
          </Collapse>
        )}
        <RequestIds requestId={requestId} traceId={traceId} />
      </Stack>
    </Alert>
  );
}
