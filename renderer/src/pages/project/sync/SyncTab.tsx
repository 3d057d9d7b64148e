import { Anchor, Button, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { operationsQuery, projectRemoteQuery, remotesQuery } from '../../../api/remotes';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorView } from '../../../components/ErrorView';
import { LoadingState } from '../../../components/LoadingState';
import { useMe } from '../../../components/use-me';
import { canManage, useProjectContext } from '../project-context';
import { ActiveOperation } from './ActiveOperation';
import { LinkedProject } from './LinkedProject';
import { PublishModal } from './PublishModal';

/**
 * The project's team project (docs/ui/sync.md): the link, every notebook's state computed by this
 * hub from what it recorded (no network), Fetch, Push and Pull again with their progress, and
 * conflicts to resolve; an unlinked project is offered a push to a team hub.
 */
export function SyncTab() {
  const project = useProjectContext();
  const status = useQuery(projectRemoteQuery(project.id));
  const operations = useQuery(operationsQuery);
  // The pull or push started here; else one of this project's still running (started elsewhere, or before a reload).
  const [started, setStarted] = useState<string | null>(null);
  const [hidden, setHidden] = useState<string | null>(null);
  const running = operations.data?.find((operation) => operation.project_id === project.id && operation.state === 'running')?.id ?? null;
  const shown = [started, running].find((id) => id !== null && id !== hidden) ?? null;

  if (status.isPending) return <LoadingState label="Loading the sync states…" />;
  if (status.isError) return <ErrorView error={status.error} onRetry={() => void status.refetch()} />;
  const operation = shown && <ActiveOperation key={shown} pid={project.id} opid={shown} onDismiss={() => setHidden(shown)} />;
  return (
    <Stack gap="md">
      {status.data.linked ? (
        <LinkedProject project={project} status={status.data} onStarted={(operation) => setStarted(operation.id)} operation={operation} />
      ) : (
        <>
          <Unlinked onStarted={setStarted} />
          {operation}
        </>
      )}
    </Stack>
  );
}

function Unlinked({ onStarted }: { onStarted: (opid: string) => void }) {
  const project = useProjectContext();
  const me = useMe();
  const remotes = useQuery({ ...remotesQuery, enabled: canManage(project) });
  const [publishing, setPublishing] = useState(false);
  const signedIn = (remotes.data ?? []).filter((remote) => remote.state === 'connected' && remote.owner_id === me.id);
  const action = !canManage(project) ? null : signedIn.length > 0 ? (
    <Button onClick={() => setPublishing(true)}>Push to a team hub</Button>
  ) : (
    remotes.data && (
      <Button variant="default" component={Link} to="/remotes">
        Add a remote first
      </Button>
    )
  );
  return (
    <>
      <EmptyState title="Not linked to a team hub" action={action}>
        Its notebooks are only on this hub. Pushing it to a team hub makes it there, with you its manager, and keeps the two in step: you push your versions,
        and pull your team’s. Team hubs are added on the{' '}
        <Anchor component={Link} to="/remotes" inherit underline="always">
          Remotes
        </Anchor>{' '}
        page.
      </EmptyState>
      <PublishModal
        opened={publishing}
        project={project}
        remotes={signedIn}
        onClose={() => setPublishing(false)}
        onStarted={(operation) => onStarted(operation.id)}
      />
    </>
  );
}
