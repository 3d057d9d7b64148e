import { Anchor, Breadcrumbs, Button, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { keys } from '../../api/queries';
import { operationQuery, remoteKeys, usePush, type RemoteOperation } from '../../api/remotes';
import { ErrorView } from '../../components/ErrorView';
import { LoadingState } from '../../components/LoadingState';
import { notifyFailure } from '../../components/failure-notification';
import { OperationCard } from './OperationCard';
import { PullModal } from './PullModal';

/** What to do once an operation ended: open what it made, or take a failed one up again. */
function Actions({ operation, onPullAgain }: { operation: RemoteOperation; onPullAgain: () => void }) {
  const navigate = useNavigate();
  const push = usePush(operation.project_id ?? '');
  if (operation.state === 'running') return null;
  const pid = operation.project_id;
  const pushAgain = () =>
    push.mutate(undefined, {
      onSuccess: (next) => void navigate(`/remotes/operations/${next.id}`, { replace: true }),
      onError: (error) => notifyFailure(error, { title: 'Could not push' }),
    });
  return (
    <>
      {operation.state === 'succeeded' && pid && (
        <Button component={Link} to={operation.kind === 'pull' ? `/projects/${pid}/notebooks` : `/projects/${pid}/sync`}>
          {operation.kind === 'pull' ? 'Open the project' : 'Open the project’s sync'}
        </Button>
      )}
      {operation.state === 'succeeded' && pid && operation.notebooks.some((notebook) => notebook.outcome === 'conflict') && (
        <Button variant="default" component={Link} to={`/projects/${pid}/sync`}>
          See the conflicts
        </Button>
      )}
      {operation.state === 'failed' && operation.kind === 'pull' && operation.remote_project_id && (
        <Button onClick={onPullAgain}>Take the pull up again</Button>
      )}
      {operation.state === 'failed' && operation.kind === 'push' && pid && (
        <Button onClick={pushAgain} loading={push.isPending}>
          Push again
        </Button>
      )}
    </>
  );
}

/** One pull or push: its progress, read every two seconds until it ends, then what it did. */
export function OperationPage() {
  const { opid = '' } = useParams();
  const operation = useQuery(operationQuery(opid));
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pullingAgain, setPullingAgain] = useState(false);
  const state = operation.data?.state;
  const project = operation.data?.project_id;
  // Once it ended, what the pages show of the project (its notebooks, its sync states) is read again.
  useEffect(() => {
    if (state === undefined || state === 'running') return;
    void queryClient.invalidateQueries({ queryKey: remoteKeys.operations, exact: true });
    if (project) void queryClient.invalidateQueries({ queryKey: keys.project(project) });
    void queryClient.invalidateQueries({ queryKey: keys.projects, exact: true });
  }, [state, project, queryClient]);

  if (operation.isPending) return <LoadingState label="Loading…" />;
  if (operation.isError) return <ErrorView error={operation.error} onRetry={() => void operation.refetch()} />;
  const data = operation.data;
  return (
    <Stack gap="lg">
      <Breadcrumbs>
        <Anchor component={Link} to="/remotes">
          Remotes
        </Anchor>
        <Anchor component={Link} to={`/remotes/${data.remote}`}>
          {data.remote}
        </Anchor>
        <Text>{data.kind === 'pull' ? 'Pull' : 'Push'}</Text>
      </Breadcrumbs>
      <OperationCard operation={data} headingOrder={1} actions={<Actions operation={data} onPullAgain={() => setPullingAgain(true)} />} />
      {data.remote_project_id && (
        <PullModal
          opened={pullingAgain}
          remote={data.remote}
          remoteProjectId={data.remote_project_id}
          onClose={() => setPullingAgain(false)}
          onStarted={(next) => void navigate(`/remotes/operations/${next.id}`, { replace: true })}
        />
      )}
    </Stack>
  );
}
