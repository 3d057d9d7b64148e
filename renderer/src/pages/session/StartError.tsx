import { Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ApiError } from '../../api/errors';
import type { SessionMode } from '../../api/sessions';
import type { NotebookMeta, Project } from '../../api/types';
import { ErrorView } from '../../components/ErrorView';
import { EnvSetupOutput } from './EnvSetupOutput';
import { MySessionsTable } from './MySessionsTable';
import { notebookPath, sessionPath } from './session-text';
import { SessionMessage } from './SessionMessage';
import { RetryCountdown } from './RetryCountdown';
import { StartupProgress } from './StartupProgress';
import { TakeoverPanel } from './TakeoverPanel';

/** When an EDIT_SESSION_RETIRING answer comes without Retry-After (a proxy dropped it): the hub's own value (docs/sessions.md). */
const RETIRING_RETRY_SECONDS = 5;

interface Props {
  error: unknown;
  pid: string;
  nid: string;
  mode: SessionMode;
  project: Project | undefined;
  notebook: NotebookMeta | undefined;
  onRetry: () => void;
  onTakeover: (sessionId: string) => void;
}

/** A start the hub refused: its message, and what the user can do about it. */
export function StartError(props: Props) {
  const { error, pid, nid, mode, onRetry } = props;
  if (!(error instanceof ApiError)) return <ErrorView error={error} onRetry={onRetry} />;
  const back = (
    <Button component={Link} to={notebookPath(pid, nid)} variant="default">
      Back to the notebook
    </Button>
  );
  const retry = <Button onClick={onRetry}>Try again</Button>;
  const retryOrBack = (
    <Group gap="sm">
      {retry}
      {back}
    </Group>
  );
  const common = { requestId: error.requestId, traceId: error.traceId };
  switch (error.code) {
    case 'EDIT_SESSION_OWNED':
      return <TakeoverPanel {...props} error={error} />;
    case 'EDIT_SESSION_RETIRING':
      // Not a failure: the start goes on by itself once the notebook's last session is gone.
      return (
        <StartupProgress mode={mode} session={undefined} waitingFor="The previous session is closing…">
          <Text c="dimmed" size="sm">
            The notebook&apos;s last edit session is being saved and its sandbox removed.
          </Text>
          <RetryCountdown seconds={error.retryAfterSeconds ?? RETIRING_RETRY_SECONDS} onRetry={onRetry} />
          <div>
            <Button component={Link} to={notebookPath(pid, nid)} variant="default">
              Cancel
            </Button>
          </div>
        </StartupProgress>
      );
    case 'TAKEOVER_IN_PROGRESS':
    case 'EDIT_SESSION_CHANGED':
      return (
        <SessionMessage title="The notebook changed hands" actions={retryOrBack} {...common}>
          <Text>{error.message}</Text>
          <Text c="dimmed" size="sm">
            Someone else took the notebook over, or is doing so now. Try again to see who edits it.
          </Text>
        </SessionMessage>
      );
    case 'RESOURCE_EXHAUSTED':
      return (
        <SessionMessage title="Too many sessions are running" actions={retryOrBack} {...common}>
          <Text>{error.message}</Text>
          <Text c="dimmed" size="sm">
            Stop one of your sessions below, then try again. If this is about the project&apos;s apps, ask a project manager to stop one.
          </Text>
          <MySessionsTable emptyText="You have no running sessions; the limit reached is the project's number of apps." />
        </SessionMessage>
      );
    case 'PYTHON_ENV_SETUP_FAILED':
      return (
        <SessionMessage title="The session could not start" actions={retryOrBack} {...common}>
          <EnvSetupOutput message={error.message} />
        </SessionMessage>
      );
    case 'FORBIDDEN':
      return (
        <SessionMessage
          title={mode === 'edit' ? 'You cannot edit this notebook' : 'You cannot open this app'}
          actions={
            <Group gap="sm">
              {mode === 'edit' && (
                <Button component={Link} to={sessionPath(pid, nid, 'app')}>
                  Open as app
                </Button>
              )}
              {back}
            </Group>
          }
          {...common}
        >
          <Text>{error.message}</Text>
        </SessionMessage>
      );
    case 'CONFLICT':
    case 'NOT_FOUND':
    case 'VALIDATION_ERROR':
    case 'SERVICE_UNAVAILABLE':
      return (
        <SessionMessage title="The session could not start" actions={retryOrBack} {...common}>
          <Text>{error.message}</Text>
        </SessionMessage>
      );
    default:
      return <ErrorView error={error} onRetry={onRetry} />;
  }
}
