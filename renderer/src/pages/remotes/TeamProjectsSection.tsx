import { Badge, Box, Button, Text, Title, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { teamProjectsQuery, type Remote, type TeamProject } from '../../api/remotes';
import { DataTable, type Column } from '../../components/DataTable';
import { DateTime } from '../../components/DateTime';
import { EmptyState } from '../../components/EmptyState';
import { useMe } from '../../components/use-me';
import { PullModal } from './PullModal';
import { problemOf } from './remote-problem';
import { RemoteProblemAlert } from './RemoteProblemAlert';

const ROLES: Record<TeamProject['role'], string> = {
  viewer: 'You may pull it, not push to it.',
  editor: 'You may pull it and push your versions back.',
  manager: 'You may pull it and push your versions back.',
};

const columns: Column<TeamProject>[] = [
  {
    header: 'Team project',
    breakAnywhere: true,
    cell: (project) => (
      <>
        <Text size="sm" fw={500}>
          {project.name}
        </Text>
        {project.description && (
          <Text size="xs" c="dimmed" lineClamp={2}>
            {project.description}
          </Text>
        )}
      </>
    ),
  },
  {
    header: 'Your role there',
    width: 150,
    cell: (project) => (
      <Tooltip label={ROLES[project.role]}>
        <Badge variant="light" color={project.role === 'viewer' ? 'gray' : 'indigo'}>
          {project.role}
        </Badge>
      </Tooltip>
    ),
  },
  { header: 'Updated', width: 190, cell: (project) => <DateTime value={project.updated_at} /> },
];

/** The team projects the remote's user may read on the team hub, each with a Pull. */
export function TeamProjectsSection({ remote }: { remote: Remote }) {
  const me = useMe();
  const projects = useQuery(teamProjectsQuery(remote.name));
  const navigate = useNavigate();
  const [pulling, setPulling] = useState<TeamProject | null>(null);
  return (
    <section aria-labelledby="team-projects-heading">
      <Box mb="sm">
        <Title order={2} size="h3" id="team-projects-heading">
          Team projects
        </Title>
        <Text size="sm" c="dimmed">
          The projects you may read on {remote.hub?.name ?? remote.url}. Pulling one makes a project here, linked to it.
        </Text>
      </Box>
      <DataTable
        label="Team projects"
        columns={columns}
        rows={projects.data ?? []}
        rowKey={(project) => project.id}
        query={projects}
        loadingLabel="Asking the team hub for its projects…"
        errorView={({ error, onRetry }) => (
          <RemoteProblemAlert
            problem={problemOf(error)}
            error={error}
            remote={remote.name}
            actions={
              <Button size="xs" variant="light" color="red" onClick={onRetry}>
                Try again
              </Button>
            }
          />
        )}
        empty={
          <EmptyState title="No team projects to pull">
            {remote.user_name ?? 'The signed-in user'} may read no project on the team hub yet: ask a manager there to add you to one.
          </EmptyState>
        }
        rowActions={(project) =>
          me.can_create_projects && (
            <Button size="xs" variant="light" onClick={() => setPulling(project)} aria-label={`Pull ${project.name}`}>
              Pull
            </Button>
          )
        }
        actionsWidth={90}
        minWidth={640}
        nativeScroll
        framed
        spacing="sm"
      />
      <PullModal
        opened={pulling !== null}
        remote={remote.name}
        remoteProjectId={pulling?.id ?? ''}
        projectName={pulling?.name}
        onClose={() => setPulling(null)}
        onStarted={(operation) => void navigate(`/remotes/operations/${operation.id}`)}
      />
    </section>
  );
}
