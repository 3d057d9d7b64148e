import { Alert, Text } from '@mantine/core';
import { asSentence, formatDuration } from '../../app/format';
import { DateTime } from '../../components/DateTime';

/** What a check answers: an integration's "test connection", or a secret's test. */
export interface Check {
  ok: boolean;
  message: string;
  checked_at: string;
  duration_ms: number;
}

interface Props {
  /** What was checked, named in the title ("Connection to “Warehouse”", "Secret WAREHOUSE_TOKEN"). */
  subject: string;
  result: Check;
  onClose: () => void;
}

/** A check's outcome in the hub's words (never a secret): what passed, or what failed and what to fix. */
export function CheckResult({ subject, result, onClose }: Props) {
  return (
    <Alert
      color={result.ok ? 'green' : 'red'}
      role={result.ok ? 'status' : 'alert'}
      title={`${subject}: ${result.ok ? 'works' : 'failed'}`}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onClose}
      // The title in the text's colour: green on its own tint is below 4.5:1 in the light theme.
      styles={{ title: { overflowWrap: 'anywhere', color: 'var(--mantine-color-text)' } }}
    >
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {asSentence(result.message).replace(/([^.!?])$/, '$1.')}
      </Text>
      <Text size="xs" mt={4}>
        Checked <DateTime value={result.checked_at} /> in {formatDuration(result.duration_ms)}.
      </Text>
    </Alert>
  );
}
