import { Anchor, Text } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { StatusPage } from './StatusPage';

/** The page for a route that failed to render. */
export function RouteErrorPage() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : 'Unknown error';
  return (
    <StatusPage title="This page failed to load">
      <Text>{message}</Text>
      <Anchor component={Link} to="/">
        Go to your projects
      </Anchor>
    </StatusPage>
  );
}
