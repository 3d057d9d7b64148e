import { Anchor, Badge, Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { projectQuery } from '../../api/queries';
import { mySessionsQuery, useNotebookTitle, useStopSession, type MySession } from '../../api/sessions';
import { formatDateTime } from '../../app/format';
import { DataTable, type Column } from '../../components/DataTable';
import { EmptyState } from '../../components/EmptyState';
import { mayStopSession, MODE_LABELS, notebookPath, sessionPath, STATE_COLORS, stateLabel } from './session-text';
import { notifyFailure } from '../../components/failure-notification';

function NotebookCell({ session }: { session: MySession }) {
  const title = useNotebookTitle(session.project_id, session.notebook_id);
  const name = title.data ?? session.notebook_id;
  return (
    <Anchor component={Link} to={notebookPath(session.project_id, session.notebook_id)} truncate="end" display="block" maw={280} title={name}>
      {name}
    </Anchor>
  );
}

function ProjectCell({ session }: { session: MySession }) {
  const project = useQuery(projectQuery(session.project_id));
  const projectName = project.data?.name ?? session.project_id;
  return (
    <Text size="sm" truncate="end" maw={200} title={projectName}>
      {projectName}
    </Text>
  );
}

/** Open, and Stop for those who may stop it (the project's role says). */
function SessionActions({ session }: { session: MySession }) {
  const project = useQuery(projectQuery(session.project_id));
  const title = useNotebookTitle(session.project_id, session.notebook_id);
  const name = title.data ?? session.notebook_id;
  const stop = useStopSession();
  const onStop = () =>
    stop.mutate({ pid: session.project_id, sid: session.id }, { onError: (error) => notifyFailure(error, { title: 'The session was not stopped' }) });
  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      <Button size="xs" variant="light" component={Link} to={sessionPath(session.project_id, session.notebook_id, session.mode)} aria-label={`Open ${name}`}>
        Open
      </Button>
      {project.data && mayStopSession(project.data.your_role, true) && (
        <Button size="xs" variant="default" onClick={onStop} loading={stop.isPending} aria-label={`Stop ${name}`}>
          Stop
        </Button>
      )}
    </Group>
  );
}

const columns: Column<MySession>[] = [
  { header: 'Notebook', cell: (session) => <NotebookCell session={session} /> },
  { header: 'Project', cell: (session) => <ProjectCell session={session} /> },
  { header: 'Mode', cell: (session) => MODE_LABELS[session.mode] },
  {
    header: 'State',
    cell: (session) => (
      <Badge variant="dot" color={STATE_COLORS[session.state]}>
        {stateLabel(session)}
      </Badge>
    ),
  },
  {
    header: 'Started',
    cell: (session) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(session.created_at)}
      </Text>
    ),
  },
];

/** My live sessions in every project, with open and stop buttons. */
export function MySessionsTable({ emptyText }: { emptyText: string }) {
  const mine = useQuery(mySessionsQuery);
  return (
    <DataTable
      columns={columns}
      rows={mine.data ?? []}
      rowKey={(session) => session.id}
      query={mine}
      loadingLabel="Loading your sessions…"
      empty={<EmptyState title="No running sessions">{emptyText}</EmptyState>}
      rowActions={(session) => <SessionActions session={session} />}
      minWidth={560}
      spacing="xs"
      highlightOnHover
    />
  );
}
