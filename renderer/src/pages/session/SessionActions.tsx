import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate } from 'react-router';
import { useSaveSession, useStopSession, type Session } from '../../api/sessions';
import type { Project } from '../../api/types';
import { formatDateTime } from '../../app/format';
import { useMe } from '../../components/use-me';
import { mayStopSession, notebookPath, sessionPath } from './session-text';
import { notifyFailure } from '../../components/failure-notification';

/** The bar's buttons for a running session: save and open as app (editor; not in a preview, which never saves), stop. */
export function SessionActions({ session, role }: { session: Session; role: Project['your_role'] | undefined }) {
  const me = useMe();
  const navigate = useNavigate();
  const save = useSaveSession(session.project_id, session.id);
  const stop = useStopSession();
  const back = notebookPath(session.project_id, session.notebook_id);

  const onSave = () =>
    save.mutate(undefined, {
      onSuccess: ({ saved, version }) =>
        notifications.show(
          saved && version
            ? { color: 'green', title: 'Saved', message: `New version ${version.version_id} saved ${formatDateTime(version.saved_at)}.` }
            : { title: 'Nothing to save', message: 'The notebook has not changed since it was last saved.' },
        ),
      onError: (error) => notifyFailure(error, { title: 'The notebook was not saved', autoClose: false }),
    });
  const onStop = () =>
    stop.mutate(
      { pid: session.project_id, sid: session.id },
      {
        onSuccess: () => void navigate(back),
        onError: (error) => notifyFailure(error, { title: 'The session was not stopped', autoClose: false }),
      },
    );

  // Those who may not stop the session (a viewer's app, another's shared app) just leave it.
  const mayStop = mayStopSession(role, session.user_id === me.id);
  return (
    <>
      {session.mode === 'edit' && !session.preview_id && (
        <>
          <Button size="xs" onClick={onSave} loading={save.isPending} disabled={stop.isPending}>
            Save
          </Button>
          <Button size="xs" variant="default" component={Link} to={sessionPath(session.project_id, session.notebook_id, 'app')}>
            Open as app
          </Button>
        </>
      )}
      {mayStop ? (
        <Button size="xs" variant="default" color="red" onClick={onStop} loading={stop.isPending}>
          Stop
        </Button>
      ) : (
        <Button size="xs" variant="default" component={Link} to={back}>
          Close
        </Button>
      )}
    </>
  );
}
