import { Anchor, Badge, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { projectQuery } from '../../api/queries';
import { mySessionsQuery, useNotebookTitle, useStopSession, type MySession } from '../../api/sessions';
import { formatDateTime } from '../../app/format';
import { EmptyState } from '../../components/EmptyState';
import { ErrorView } from '../../components/ErrorView';
import { LoadingState } from '../../components/LoadingState';
import { mayStopSession, MODE_LABELS, notebookPath, sessionPath, STATE_COLORS, stateLabel } from './session-text';

function SessionRow({ session }: { session: MySession }) {
  const project = useQuery(projectQuery(session.project_id));
  const projectName = project.data?.name ?? session.project_id;
  const title = useNotebookTitle(session.project_id, session.notebook_id);
  const name = title.data ?? session.notebook_id;
  const stop = useStopSession();
  const onStop = () =>
    stop.mutate(
      { pid: session.project_id, sid: session.id },
      { onError: (error) => notifications.show({ color: 'red', title: 'The session was not stopped', message: error.message }) },
    );
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor component={Link} to={notebookPath(session.project_id, session.notebook_id)} truncate="end" display="block" maw={280} title={name}>
          {name}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Text size="sm" truncate="end" maw={200} title={projectName}>
          {projectName}
        </Text>
      </Table.Td>
      <Table.Td>{MODE_LABELS[session.mode]}</Table.Td>
      <Table.Td>
        <Badge variant="dot" color={STATE_COLORS[session.state]}>
          {stateLabel(session)}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(session.created_at)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap" justify="flex-end">
          <Button
            size="xs"
            variant="light"
            component={Link}
            to={sessionPath(session.project_id, session.notebook_id, session.mode)}
            aria-label={`Open ${name}`}
          >
            Open
          </Button>
          {project.data && mayStopSession(project.data.your_role, true) && (
            <Button size="xs" variant="default" onClick={onStop} loading={stop.isPending} aria-label={`Stop ${name}`}>
              Stop
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** My live sessions in every project, with open and stop buttons. */
export function MySessionsTable({ emptyText }: { emptyText: string }) {
  const mine = useQuery(mySessionsQuery);

  if (mine.isPending) return <LoadingState label="Loading your sessions…" />;
  if (mine.isError) return <ErrorView error={mine.error} onRetry={() => void mine.refetch()} />;
  if (mine.data.length === 0) return <EmptyState title="No running sessions">{emptyText}</EmptyState>;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Notebook</Table.Th>
            <Table.Th>Project</Table.Th>
            <Table.Th>Mode</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Started</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {mine.data.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
