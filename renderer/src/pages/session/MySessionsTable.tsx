import { Anchor, Badge, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { projectsQuery } from '../../api/queries';
import { useMySessions, useNotebookTitle, useStopSession, type MySession } from '../../api/sessions';
import { formatDateTime } from '../../app/format';
import { EmptyState } from '../../components/EmptyState';
import { ErrorView } from '../../components/ErrorView';
import { LoadingState } from '../../components/LoadingState';
import { useMe } from '../../components/use-me';
import { mayStopSession, MODE_LABELS, notebookPath, sessionPath, STATE_COLORS, STATE_LABELS } from './session-text';

function SessionRow({ session }: { session: MySession }) {
  const title = useNotebookTitle(session.project.id, session.notebook_id);
  const name = title.data ?? session.notebook_id;
  const stop = useStopSession();
  const onStop = () =>
    stop.mutate(
      { pid: session.project.id, sid: session.id },
      { onError: (error) => notifications.show({ color: 'red', title: 'The session was not stopped', message: error.message }) },
    );
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor component={Link} to={notebookPath(session.project.id, session.notebook_id)} truncate="end" display="block" maw={280} title={name}>
          {name}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Text size="sm" truncate="end" maw={200} title={session.project.name}>
          {session.project.name}
        </Text>
      </Table.Td>
      <Table.Td>{MODE_LABELS[session.mode]}</Table.Td>
      <Table.Td>
        <Badge variant="dot" color={STATE_COLORS[session.state]}>
          {STATE_LABELS[session.state]}
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
            to={sessionPath(session.project.id, session.notebook_id, session.mode)}
            aria-label={`Open ${name}`}
          >
            Open
          </Button>
          {mayStopSession(session.project.your_role, true) && (
            <Button size="xs" variant="default" onClick={onStop} loading={stop.isPending} aria-label={`Stop ${name}`}>
              Stop
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * My live sessions with open and stop buttons. The API lists sessions per project, so this covers
 * the projects loaded on the home page (their first page of sessions each).
 */
export function MySessionsTable({ emptyText }: { emptyText: string }) {
  const me = useMe();
  const projects = useInfiniteQuery(projectsQuery);
  const loaded = projects.data?.pages.flatMap((page) => page.items) ?? [];
  const mine = useMySessions(loaded, me.id);

  if (projects.isPending || (mine.isPending && mine.sessions.length === 0)) return <LoadingState label="Loading your sessions…" />;
  if (projects.isError) return <ErrorView error={projects.error} onRetry={() => void projects.refetch()} />;
  if (mine.error && mine.sessions.length === 0) return <ErrorView error={mine.error} onRetry={() => void mine.refetch()} />;
  if (mine.sessions.length === 0) return <EmptyState title="No running sessions">{emptyText}</EmptyState>;
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
          {mine.sessions.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
