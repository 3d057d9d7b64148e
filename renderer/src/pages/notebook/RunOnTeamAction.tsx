import { Anchor } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { projectRemoteQuery } from '../../api/remotes';
import type { Project } from '../../api/types';
import { canWriteNotebooks } from '../project/project-context';
import { offersRunOnTeam, RunOnTeamButton } from '../project/sync/RunOnTeamButton';
import { RunOnTeamModal } from '../project/sync/RunOnTeamModal';

/**
 * "Run on team hub" in a notebook's own heading, where its project syncs with a team hub and the
 * user may change its notebooks (as in the Sync tab's table; docs/ui/remotes.md). Nothing
 * otherwise, nor while the sync state is unknown.
 */
export function RunOnTeamAction({ project, nid }: { project: Project; nid: string }) {
  const status = useQuery({ ...projectRemoteQuery(project.id), enabled: canWriteNotebooks(project) });
  const [open, setOpen] = useState(false);
  const link = status.data?.linked ? status.data.link : null;
  const synced = link ? status.data?.notebooks.find((entry) => entry.notebook_id === nid && offersRunOnTeam(entry)) : undefined;
  if (!link || !synced || !canWriteNotebooks(project)) return null;
  const onStarted = () => {
    setOpen(false);
    notifications.show({
      color: 'green',
      message: (
        <>
          Started on the team hub. Follow it under{' '}
          <Anchor component={Link} to={`/projects/${project.id}/sync`} underline="always">
            On the team hub
          </Anchor>{' '}
          in the Sync tab.
        </>
      ),
    });
  };
  return (
    <>
      <RunOnTeamButton notebook={synced} onRun={() => setOpen(true)} />
      {open && (
        <RunOnTeamModal
          opened
          pid={project.id}
          notebook={{ id: nid, title: synced.title, state: synced.state }}
          remote={link.remote}
          onClose={() => setOpen(false)}
          onStarted={onStarted}
        />
      )}
    </>
  );
}
