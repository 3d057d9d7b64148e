import { Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Session } from '../../api/sessions';
import { formatDateTime } from '../../app/format';
import { EnvSetupOutput } from './EnvSetupOutput';
import { notebookPath, stopReasonText } from './session-text';
import { SessionMessage } from './SessionMessage';

interface Props {
  session: Session;
  onStartAgain: () => void;
}

/** A session that failed to start, or ended while its page was open. */
export function SessionEnded({ session, onStartAgain }: Props) {
  const actions = (
    <Group gap="sm">
      <Button onClick={onStartAgain}>Start again</Button>
      <Button component={Link} to={notebookPath(session.project_id, session.notebook_id)} variant="default">
        Back to the notebook
      </Button>
    </Group>
  );
  if (session.state === 'failed' && session.stop_reason === 'kernel_lost') {
    // An app that ran, died, was started again once and could not come back (docs/sessions.md).
    return (
      <SessionMessage title="The app stopped" actions={actions}>
        <Text>{stopReasonText(session.stop_reason, session)}</Text>
        {session.failure && (
          <Text c="dimmed" size="sm">
            {session.failure.message}
          </Text>
        )}
      </SessionMessage>
    );
  }
  if (session.state === 'failed') {
    const failure = session.failure;
    return (
      <SessionMessage title="The session could not start" actions={actions}>
        {failure?.code === 'PYTHON_ENV_SETUP_FAILED' ? (
          <EnvSetupOutput message={failure.message} />
        ) : (
          <>
            <Text>{failure?.message ?? 'The hub gave no reason.'}</Text>
            <Text c="dimmed" size="sm">
              {failure?.code === 'SERVICE_UNAVAILABLE'
                ? 'The sandbox did not come up in time. Start again; if it keeps failing, ask an administrator to look at the sandbox runtime.'
                : 'Start again; if it keeps failing, ask an administrator.'}
            </Text>
          </>
        )}
      </SessionMessage>
    );
  }
  return (
    <SessionMessage title="This session has ended" actions={actions}>
      <Text>{stopReasonText(session.stop_reason, session)}</Text>
      {session.stopped_at && (
        <Text c="dimmed" size="sm">
          Ended {formatDateTime(session.stopped_at)}.
        </Text>
      )}
    </SessionMessage>
  );
}
