import { Group, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { notebookQuery, projectQuery } from '../../api/queries';
import { isLive, sessionQuery, startSessionQuery, useHeartbeat, useStopSession, type SessionMode } from '../../api/sessions';
import { recordRecentNotebook } from '../../app/recent-notebooks';
import { ErrorView } from '../../components/ErrorView';
import { useMe } from '../../components/use-me';
import { SessionEnded } from './SessionEnded';
import { notebookPath, stopReasonText } from './session-text';
import { RunningSession } from './RunningSession';
import { SessionMessage } from './SessionMessage';
import { SessionShell } from './SessionShell';
import { StartError } from './StartError';
import { StartupProgress } from './StartupProgress';

/** `?preview=<id>` opens a Git preview of the notebook instead (docs/git.md, "Previews"). */
export function EditSessionPage() {
  const { pid = '', nid = '' } = useParams();
  const preview = useSearchParams()[0].get('preview');
  return <SessionPage key={`${pid}/${nid}/edit/${preview}`} pid={pid} nid={nid} mode="edit" previewId={preview} />;
}

export function AppSessionPage() {
  const { pid = '', nid = '' } = useParams();
  const preview = useSearchParams()[0].get('preview');
  return <SessionPage key={`${pid}/${nid}/app/${preview}`} pid={pid} nid={nid} mode="app" previewId={preview} />;
}

/**
 * A notebook opened in marimo: starts (or reuses) a session, shows its start-up, then marimo
 * full-window under the hub's bar, kept alive by heartbeats until it ends.
 */
function SessionPage({ pid, nid, mode, previewId }: { pid: string; nid: string; mode: SessionMode; previewId: string | null }) {
  const me = useMe();
  const navigate = useNavigate();
  const [attempt, setAttempt] = useState(0);
  const [takeoverFrom, setTakeoverFrom] = useState<string | null>(null);
  const notebook = useQuery(notebookQuery(pid, nid));
  const project = useQuery(projectQuery(pid));
  const start = useQuery(startSessionQuery(pid, nid, mode, takeoverFrom, attempt, previewId));
  const sid = start.data?.id;
  const polled = useQuery({ ...sessionQuery(pid, sid ?? ''), enabled: sid !== undefined, ...(start.data ? { initialData: start.data } : {}) });
  const session = polled.data ?? start.data;
  const cancel = useStopSession();
  useHeartbeat(pid, sid, mode, session !== undefined && isLive(session));

  const title = notebook.data?.meta.title;
  const projectName = project.data?.name ?? null;
  useEffect(() => {
    if (sid && title) recordRecentNotebook(me.id, { projectId: pid, notebookId: nid, title, projectName, openedAs: mode });
  }, [me.id, pid, nid, sid, title, projectName, mode]);
  useEffect(() => {
    const previous = document.title;
    document.title = `${title ?? 'Notebook'} (${previewId ? 'preview, ' : ''}${mode === 'edit' ? 'editor' : 'app'}) · Notebook Hub`;
    return () => {
      document.title = previous;
    };
  }, [title, mode, previewId]);

  const again = (from: string | null = null) => {
    setTakeoverFrom(from);
    setAttempt((value) => value + 1);
  };
  const shell = { pid, nid, title, mode, preview: previewId !== null, status: session };

  if (start.isError)
    return (
      <SessionShell {...shell}>
        <StartError
          error={start.error}
          pid={pid}
          nid={nid}
          mode={mode}
          project={project.data}
          notebook={notebook.data?.meta}
          onRetry={() => again()}
          onTakeover={(from) => again(from)}
        />
      </SessionShell>
    );
  if (!session)
    return (
      <SessionShell {...shell}>
        <StartupProgress mode={mode} session={undefined} />
      </SessionShell>
    );
  if (polled.isError && !isLive(session))
    return (
      <SessionShell {...shell}>
        <ErrorView error={polled.error} onRetry={() => void polled.refetch()} />
      </SessionShell>
    );

  switch (session.state) {
    case 'provisioning':
      return (
        <SessionShell {...shell}>
          <StartupProgress
            mode={mode}
            session={session}
            cancelling={cancel.isPending}
            onCancel={() => cancel.mutate({ pid, sid: session.id }, { onSuccess: () => void navigate(notebookPath(pid, nid)) })}
          >
            {cancel.isError && <ErrorView error={cancel.error} />}
          </StartupProgress>
        </SessionShell>
      );
    case 'running':
      return <RunningSession shell={shell} session={session} role={project.data?.your_role} />;
    case 'stopping':
      return (
        <SessionShell {...shell}>
          <SessionMessage title="The session is stopping">
            <Group gap="sm">
              <Loader size="sm" aria-hidden="true" />
              <Text>{stopReasonText(session.stop_reason, session)} It is being saved and its sandbox removed.</Text>
            </Group>
          </SessionMessage>
        </SessionShell>
      );
    default:
      return (
        <SessionShell {...shell}>
          <SessionEnded session={session} onStartAgain={() => again()} />
        </SessionShell>
      );
  }
}
