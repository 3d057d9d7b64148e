import { Alert, Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api/errors';
import { asSentence } from '../../app/format';
import { RequestIds } from '../../components/RequestIds';
import { problemOf, type RemoteProblem } from './remote-problem';

interface Props {
  problem: RemoteProblem;
  /** The failed request, for the ids to quote. */
  error?: Error | null;
  /** The remote to sign in again when the team hub ended the connection. */
  remote?: string | null;
  /** More actions (Try again). */
  actions?: ReactNode;
}

/** A team hub's refusal or failure in words, with what to do about it. */
export function RemoteProblemAlert({ problem, error, remote, actions }: Props) {
  const signIn = problem.signInAgain && remote;
  return (
    <Alert color="red" title={problem.title} role="alert">
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {asSentence(problem.message).replace(/([^.!?])$/, '$1.')}
      </Text>
      {error instanceof ApiError && <RequestIds requestId={error.requestId} traceId={error.traceId} mt={4} />}
      {(signIn || actions) && (
        <Group mt="sm" gap="xs">
          {signIn && (
            <Button size="xs" variant="light" color="red" component={Link} to={`/remotes/${remote}?sign-in=1`}>
              Sign in again
            </Button>
          )}
          {actions}
        </Group>
      )}
    </Alert>
  );
}

/** A form's `renderError` for a team hub's refusal: in words; a field's refusal stays at its field. */
export function remoteFormError(remote: string | null) {
  return function RemoteFormError(error: Error): ReactNode | undefined {
    if (!(error instanceof ApiError) || error.code === 'VALIDATION_ERROR' || error.code === 'HUB_UNREACHABLE') return undefined;
    return <RemoteProblemAlert problem={problemOf(error)} error={error} remote={remote} />;
  };
}
