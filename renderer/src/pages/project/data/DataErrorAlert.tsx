import { Alert, Button, Group, Text } from '@mantine/core';
import { ApiError, HUB_UNREACHABLE } from '../../../api/errors';
import { ErrorView } from '../../../components/ErrorView';
import { RequestIds } from '../../../components/RequestIds';

const WHOLE_PAGE = new Set<string>(['UNAUTHORIZED', 'USER_SUSPENDED', 'NOT_INITIALIZED', HUB_UNREACHABLE]);

/**
 * A failed preview or query: the hub's message (a parser's, or the database server's own) under a
 * title saying what did not happen. Sign-in and an unreachable hub get the app's usual pages.
 */
export function DataErrorAlert({ title, error, onRetry }: { title: string; error: Error; onRetry?: () => void }) {
  if (error instanceof ApiError && WHOLE_PAGE.has(error.code)) return <ErrorView error={error} onRetry={onRetry} />;
  const apiError = error instanceof ApiError ? error : undefined;
  return (
    <Alert color="red" title={title} role="alert">
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {error.message}
      </Text>
      <RequestIds requestId={apiError?.requestId} traceId={apiError?.traceId} mt={4} />
      {onRetry && (
        <Group mt="sm">
          <Button size="xs" variant="filled" color="red" onClick={onRetry}>
            Try again
          </Button>
        </Group>
      )}
    </Alert>
  );
}
