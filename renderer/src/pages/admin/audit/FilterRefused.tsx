import { Alert, Text } from '@mantine/core';
import type { ApiError } from '../../../api/errors';

/**
 * The API refused the filters (a range over 30 days, a malformed date): its message next to the form.
 * The neutral variant keeps the title at AA contrast in both themes; the red border marks it.
 */
export function FilterRefused({ error }: { error: ApiError }) {
  return (
    <Alert variant="default" color="red" title="These filters were refused" role="alert" style={{ borderColor: 'var(--mantine-color-red-filled)' }}>
      <Text size="sm">{error.message}</Text>
      {error.requestId && (
        <Text size="xs" c="dimmed" mt={4}>
          Request ID: {error.requestId}
        </Text>
      )}
    </Alert>
  );
}
