import { Button, Group, Text } from '@mantine/core';
import { ApiError, HUB_UNREACHABLE } from '../../api/errors';
import { ErrorView } from '../../components/ErrorView';
import { RequestIds } from '../../components/RequestIds';
import { ProblemAlert } from './ProblemAlert';

// Conditions about the whole hub or the session keep the app's full-page treatment.
const WHOLE_PAGE = new Set<string>(['UNAUTHORIZED', 'USER_SUSPENDED', 'NOT_INITIALIZED', HUB_UNREACHABLE]);

interface Props {
  error: Error;
  title?: string;
  onRetry?: () => void;
}

/** A failed admin request where its content would be: the API's message, request and trace ids, and a retry when one can help. */
export function RequestError({ error, title = 'The request failed', onRetry }: Props) {
  const apiError = error instanceof ApiError ? error : undefined;
  if (apiError && WHOLE_PAGE.has(apiError.code)) return <ErrorView error={error} onRetry={onRetry} />;
  return (
    <ProblemAlert title={title}>
      <Text size="sm">{error.message}</Text>
      <RequestIds requestId={apiError?.requestId} traceId={apiError?.traceId} mt={4} />
      {onRetry && (
        <Group mt="sm">
          <Button size="xs" variant="default" onClick={onRetry}>
            Try again
          </Button>
        </Group>
      )}
    </ProblemAlert>
  );
}
