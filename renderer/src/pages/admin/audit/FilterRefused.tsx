import { Text } from '@mantine/core';
import type { ApiError } from '../../../api/errors';
import { ProblemAlert } from '../ProblemAlert';

/** The API refused the filters (a range over 30 days, a malformed date): its message where the results would be. */
export function FilterRefused({ error }: { error: ApiError }) {
  return (
    <ProblemAlert title="These filters were refused">
      <Text size="sm">{error.message}</Text>
      {error.requestId && (
        <Text size="xs" c="dimmed" mt={4}>
          Request ID: {error.requestId}
        </Text>
      )}
    </ProblemAlert>
  );
}
