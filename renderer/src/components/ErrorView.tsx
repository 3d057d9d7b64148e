import { Alert, Button, Code, Group, List, Text } from '@mantine/core';
import { Navigate, useLocation } from 'react-router';
import { ApiError, HUB_UNREACHABLE } from '../api/errors';
import { signInPath } from '../app/return-to';
import { RequestIds } from './RequestIds';
import { StatusPage } from './StatusPage';

interface Props {
  error: unknown;
  onRetry?: () => void;
}

function RetryButton({ onRetry }: { onRetry?: (() => void) | undefined }) {
  return onRetry ? <Button onClick={onRetry}>Try again</Button> : <Button onClick={() => window.location.reload()}>Reload</Button>;
}

/**
 * Shows a failed request. Conditions that concern the whole hub or the session get a full page;
 * any other failure shows the API's message where the content would have been.
 */
export function ErrorView({ error, onRetry }: Props) {
  const location = useLocation();
  const apiError = error instanceof ApiError ? error : undefined;
  switch (apiError?.code) {
    case 'UNAUTHORIZED':
      return <Navigate to={signInPath(location.pathname + location.search)} replace />;
    case 'USER_SUSPENDED':
      return <SuspendedPage requestId={apiError.requestId} traceId={apiError.traceId} />;
    case 'NOT_INITIALIZED':
      return <NotInitializedPage message={apiError.message} requestId={apiError.requestId} traceId={apiError.traceId} onRetry={onRetry} />;
    case HUB_UNREACHABLE:
      return (
        <StatusPage title="The hub cannot be reached" actions={<RetryButton onRetry={onRetry} />}>
          <Text>Notebook Hub did not answer. Check your network connection, or ask the operator whether the hub is running, then try again.</Text>
        </StatusPage>
      );
  }
  const message = error instanceof Error ? error.message : 'Something went wrong.';
  return (
    <Alert color="red" title={apiError?.code === 'NOT_FOUND' ? 'Not found' : 'Something went wrong'} role="alert">
      <Text size="sm">{message}</Text>
      <RequestIds requestId={apiError?.requestId} traceId={apiError?.traceId} mt={4} />
      {onRetry && apiError?.code !== 'NOT_FOUND' && (
        <Group mt="sm">
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            Try again
          </Button>
        </Group>
      )}
    </Alert>
  );
}

export function SuspendedPage({ requestId, traceId }: { requestId?: string | undefined; traceId?: string | undefined }) {
  return (
    <StatusPage title="Your account is suspended" requestId={requestId} traceId={traceId}>
      <Text>
        You cannot use Notebook Hub while your account is suspended. Your projects and notebooks are kept. Contact a super admin of this hub (your operator or
        IT team) to have your account reinstated.
      </Text>
    </StatusPage>
  );
}

function NotInitializedPage({
  message,
  requestId,
  traceId,
  onRetry,
}: {
  message: string;
  requestId?: string | undefined;
  traceId?: string | undefined;
  onRetry?: (() => void) | undefined;
}) {
  return (
    <StatusPage title="The hub is not ready" requestId={requestId} traceId={traceId} actions={<RetryButton onRetry={onRetry} />}>
      <Text>{message}</Text>
      <Text>The hub&apos;s store holds data but its catalog (the index of projects and notebooks) is missing. An operator must rebuild it offline:</Text>
      <List type="ordered" spacing="xs">
        <List.Item>Back up the whole store.</List.Item>
        <List.Item>Stop every hub process that uses the store.</List.Item>
        <List.Item>
          Run <Code>notebook-hub recover --rebuild</Code> (a dry run first), review the report, then apply it.
        </List.Item>
        <List.Item>Start the hub again.</List.Item>
      </List>
      <Text size="sm" c="dimmed">
        See &quot;Catalog recovery&quot; (docs/recovery.md) in the hub&apos;s documentation.
      </Text>
    </StatusPage>
  );
}
