import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { remotesQuery, useFetchRemote, usePush, useUnlink, type NotebookSyncStatus, type ProjectRemote, type RemoteOperation } from '../../../api/remotes';
import type { Project } from '../../../api/types';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { DataTable, type Column } from '../../../components/DataTable';
import { DateTime } from '../../../components/DateTime';
import { notifyFailure } from '../../../components/failure-notification';
import { useMe } from '../../../components/use-me';
import { PullModal } from '../../remotes/PullModal';
import { problemOf } from '../../remotes/remote-problem';
import { canManage, canWriteNotebooks } from '../project-context';
import { SYNC_STATES, SyncStateBadge } from './SyncStateBadge';
import { TeamIntegrations } from './TeamIntegrations';
import { offersRunOnTeam, RunOnTeamButton } from './RunOnTeamButton';
import { RunOnTeamModal } from './RunOnTeamModal';
import { TeamRuns } from './TeamRuns';

const SUMMARY_ORDER = ['diverged', 'ahead', 'behind', 'local_only', 'remote_only', 'in_step'] as const;

const columns = (pid: string, mayResolve: boolean, onRun: ((notebook: NotebookSyncStatus) => void) | null): Column<NotebookSyncStatus>[] => [
  {
    header: 'Notebook',
    breakAnywhere: true,
    cell: (notebook) =>
      notebook.notebook_id ? (
        <Anchor component={Link} to={`/projects/${pid}/notebooks/${notebook.notebook_id}`} fw={500} size="sm">
          {notebook.title}
        </Anchor>
      ) : (
        <Text size="sm" fw={500}>
          {notebook.title}
        </Text>
      ),
  },
  {
    header: 'Code',
    width: 230,
    cell: (notebook) => (
      <Group gap={6}>
        <SyncStateBadge state={notebook.state} />
        {notebook.conflict && (
          <Badge color="red" variant="filled" tt="none">
            Conflict
          </Badge>
        )}
      </Group>
    ),
  },
  {
    header: 'Workspace files',
    width: 170,
    cell: (notebook) =>
      notebook.workspace ? (
        <SyncStateBadge state={notebook.workspace} />
      ) : (
        <Text size="sm" c="dimmed">
          —
        </Text>
      ),
  },
  {
    header: 'Conflict',
    hiddenHeader: true,
    width: 150,
    cell: (notebook) =>
      notebook.conflict &&
      notebook.notebook_id && (
        <Button
          size="xs"
          variant="light"
          color="red"
          component={Link}
          to={`/projects/${pid}/sync/conflicts/${notebook.notebook_id}`}
          aria-label={`${mayResolve ? 'Resolve' : 'View'} the conflict of ${notebook.title}`}
        >
          {mayResolve ? 'Resolve' : 'View'}
        </Button>
      ),
  },
  {
    header: 'Run on the team hub',
    hiddenHeader: true,
    width: 170,
    cell: (notebook) => onRun && offersRunOnTeam(notebook) && <RunOnTeamButton notebook={notebook} onRun={onRun} size="xs" named />,
  },
];

/** Whether a push would send anything: new versions, notebooks only here, or workspace files changed here. */
const hasWorkToPush = (status: ProjectRemote) =>
  status.notebooks.some(
    (notebook) => ['ahead', 'diverged', 'local_only'].includes(notebook.state) || notebook.workspace === 'ahead' || notebook.workspace === 'diverged',
  );

function Summary({ status }: { status: ProjectRemote }) {
  const { summary } = status;
  return (
    <Group gap="xs" aria-label="Notebooks by state" role="group">
      {SUMMARY_ORDER.filter((state) => summary[state] > 0).map((state) => (
        <SyncStateBadge key={state} state={state} label={`${summary[state]} ${SYNC_STATES[state].label.toLowerCase()}`} />
      ))}
      {status.notebooks.length === 0 && (
        <Text size="sm" c="dimmed">
          No notebooks on either side yet.
        </Text>
      )}
    </Group>
  );
}

interface Props {
  project: Project;
  status: ProjectRemote;
  onStarted: (operation: RemoteOperation) => void;
  /** The pull or push under way, shown under the link. */
  operation: ReactNode;
}

/** A linked project: its team project, what to do (Fetch, Push, Pull again, Unlink), and every notebook's state. */
export function LinkedProject({ project, status, onStarted, operation }: Props) {
  const link = status.link!;
  const me = useMe();
  const fetchHeads = useFetchRemote(project.id);
  const push = usePush(project.id);
  const unlink = useUnlink(project.id);
  const remotes = useQuery({ ...remotesQuery, enabled: canManage(project) });
  const [pulling, setPulling] = useState(false);
  const [running, setRunning] = useState<NotebookSyncStatus | null>(null);
  // Pull again goes through the remote the project was linked through, or another of yours of the same team hub.
  const own = (remotes.data ?? []).filter((remote) => remote.owner_id === me.id);
  const pullRemote = own.find((remote) => remote.name === link.remote) ?? own.find((remote) => remote.hub?.id === link.hub_id);
  const mayWrite = canWriteNotebooks(project);

  const onFetch = () =>
    fetchHeads.mutate(undefined, {
      onSuccess: (next) =>
        notifications.show({
          color: 'green',
          message:
            next.summary.behind + next.summary.diverged + next.summary.remote_only > 0
              ? 'The team hub has new versions: pull to bring them.'
              : 'Fetched: the team hub has nothing new.',
        }),
      onError: (error) => notifyFailure(error, { title: problemOf(error).title, message: `${error.message}. The states stay as last recorded.` }),
    });
  const onPush = () =>
    push.mutate(undefined, {
      onSuccess: onStarted,
      onError: (error) => notifyFailure(error, { title: problemOf(error).title }),
    });

  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start" wrap="wrap">
            <div style={{ minWidth: 0, flex: '1 1 320px' }}>
              <Text size="sm" c="dimmed">
                Linked to the team project
              </Text>
              <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
                {link.remote_project_name}
              </Title>
              <Text size="sm">
                Through remote{' '}
                <Anchor component={Link} to={`/remotes/${link.remote}`} underline="always">
                  {link.remote}
                </Anchor>{' '}
                ·{' '}
                {link.fetched_at ? (
                  <>
                    last fetched <DateTime value={link.fetched_at} />
                  </>
                ) : (
                  'never fetched since the last pull or push'
                )}
              </Text>
            </div>
            <Group gap="xs">
              <Tooltip label="Asks the team hub for its latest versions, so that what is behind shows. Pulls nothing.">
                <Button variant="default" onClick={onFetch} loading={fetchHeads.isPending}>
                  Fetch
                </Button>
              </Tooltip>
              {mayWrite && (
                <Tooltip label={hasWorkToPush(status) ? 'Sends your new versions and files to the team hub.' : 'Nothing here is newer than the team hub.'}>
                  <Button onClick={onPush} loading={push.isPending} disabled={!hasWorkToPush(status)}>
                    Push
                  </Button>
                </Tooltip>
              )}
              {canManage(project) && (
                <Tooltip label={pullRemote ? 'Brings the team’s new versions and notebooks.' : 'Add a remote of this team hub to pull.'}>
                  <Button variant="default" onClick={() => setPulling(true)} disabled={!pullRemote}>
                    Pull again
                  </Button>
                </Tooltip>
              )}
              {canManage(project) && (
                <ConfirmButton
                  mutation={unlink}
                  variables={undefined}
                  label="Unlink"
                  button={{ variant: 'subtle', color: 'red' }}
                  title="Unlink from the team project"
                >
                  The notebooks stay here as they are and nothing changes on the team hub, but this project stops syncing with “{link.remote_project_name}” and
                  its conflicts are forgotten. To sync again, pull the team project anew.
                </ConfirmButton>
              )}
            </Group>
          </Group>
          <Summary status={status} />
        </Stack>
      </Paper>
      {operation}
      {status.summary.conflicts > 0 && (
        <Alert
          color="orange"
          title={status.summary.conflicts === 1 ? 'A notebook is in conflict' : `${status.summary.conflicts} notebooks are in conflict`}
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
        >
          Changed here and on the team hub since the last sync. Nothing was overwritten: {mayWrite ? 'resolve each one' : 'an editor resolves each one'} below,
          choosing yours, theirs or a merge.
        </Alert>
      )}
      <DataTable
        label="Notebooks and their sync state"
        columns={columns(project.id, mayWrite, mayWrite ? setRunning : null)}
        rows={status.notebooks}
        rowKey={(notebook) => notebook.notebook_id ?? `remote-${notebook.remote_notebook_id}`}
        minWidth={880}
        nativeScroll
        framed
        spacing="sm"
      />
      <TeamRuns
        pid={project.id}
        titles={new Map(status.notebooks.flatMap((notebook) => (notebook.notebook_id ? [[notebook.notebook_id, notebook.title]] : [])))}
      />
      <TeamIntegrations link={link} />
      {running?.notebook_id && (
        <RunOnTeamModal
          opened
          pid={project.id}
          notebook={{ id: running.notebook_id, title: running.title, state: running.state }}
          remote={link.remote}
          onClose={() => setRunning(null)}
          onStarted={() => setRunning(null)}
        />
      )}
      {pullRemote && (
        <PullModal
          opened={pulling}
          remote={pullRemote.name}
          remoteProjectId={link.remote_project_id}
          projectName={link.remote_project_name}
          projectId={project.id}
          onClose={() => setPulling(false)}
          onStarted={onStarted}
        />
      )}
    </Stack>
  );
}
