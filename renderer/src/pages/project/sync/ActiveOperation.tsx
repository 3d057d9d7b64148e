import { Button } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { keys } from '../../../api/queries';
import { operationQuery, remoteKeys } from '../../../api/remotes';
import { ErrorView } from '../../../components/ErrorView';
import { OperationCard } from '../../remotes/OperationCard';

interface Props {
  pid: string;
  opid: string;
  /** Hides the card once the operation ended. */
  onDismiss: () => void;
}

/**
 * A pull or push of this project while it runs, then its outcome: when it ends, the project's
 * sync states, notebooks and versions are read again.
 */
export function ActiveOperation({ pid, opid, onDismiss }: Props) {
  const operation = useQuery(operationQuery(opid));
  const queryClient = useQueryClient();
  const state = operation.data?.state;
  useEffect(() => {
    if (state === undefined || state === 'running') return;
    void queryClient.invalidateQueries({ queryKey: keys.project(pid) });
    void queryClient.invalidateQueries({ queryKey: remoteKeys.operations, exact: true });
  }, [state, pid, queryClient]);

  if (operation.isError) return <ErrorView error={operation.error} onRetry={() => void operation.refetch()} />;
  if (!operation.data) return null;
  return (
    <OperationCard
      operation={operation.data}
      showProject={false}
      actions={
        state !== 'running' && (
          <Button variant="default" size="xs" onClick={onDismiss}>
            Hide
          </Button>
        )
      }
    />
  );
}
