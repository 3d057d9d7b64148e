import { Anchor, Badge, Breadcrumbs, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { capabilitiesQuery, sessionActions } from '../../api/notebook-access';
import { notebookQuery, projectQuery } from '../../api/queries';
import { recordRecentNotebook } from '../../app/recent-notebooks';
import { ErrorView } from '../../components/ErrorView';
import { RouteTabs } from '../../components/RouteTabs';
import { LoadingState } from '../../components/LoadingState';
import { useMe } from '../../components/use-me';
import { StatusBadge } from '../project/StatusBadge';
import { RunOnTeamAction } from './RunOnTeamAction';
import type { NotebookContext } from './notebook-context';

const TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'versions', label: 'Versions' },
  { value: 'snapshot', label: 'Snapshot' },
  { value: 'files', label: 'Files' },
  { value: 'jobs', label: 'Jobs' },
] as const;

/** A notebook's heading, its actions and its tabs; each tab is a nested route. */
export function NotebookLayout() {
  const { pid = '', nid = '' } = useParams();
  const notebook = useQuery(notebookQuery(pid, nid));
  const project = useQuery(projectQuery(pid));
  const capabilities = useQuery(capabilitiesQuery);
  const location = useLocation();
  const base = `/projects/${pid}/notebooks/${nid}`;
  const segment = location.pathname.slice(base.length).split('/')[1] ?? '';
  const active = TABS.find((tab) => tab.value === segment)?.value ?? 'overview';
  const me = useMe();
  const title = notebook.data?.meta.title;
  const projectName = project.data?.name ?? null;
  useEffect(() => {
    if (title) recordRecentNotebook(me.id, { projectId: pid, notebookId: nid, title, projectName, openedAs: 'page' });
  }, [me.id, pid, nid, title, projectName]);

  if (notebook.isPending) return <LoadingState label="Loading notebook…" />;
  if (notebook.isError) return <ErrorView error={notebook.error} onRetry={() => void notebook.refetch()} />;
  const { meta } = notebook.data;
  const actions = project.data && sessionActions(project.data, meta, capabilities.data?.viewer_mode);
  const context: NotebookContext = { notebook: notebook.data, project: project.data };
  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to="/">
          Projects
        </Anchor>
        <Anchor component={Link} to={`/projects/${pid}/notebooks`}>
          {project.data?.name ?? pid}
        </Anchor>
        <Text>{meta.title}</Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <div style={{ minWidth: 0, flex: '1 1 24rem' }}>
          <Group gap="sm" wrap="nowrap" align="center">
            <Title order={1} style={{ overflowWrap: 'anywhere' }}>
              {meta.title}
            </Title>
            <StatusBadge status={meta.status} />
          </Group>
          {meta.description && <Text c="dimmed">{meta.description}</Text>}
          {meta.tags.length > 0 && (
            <Group gap={4} mt="xs">
              {meta.tags.map((tag) => (
                <Badge key={tag} variant="outline" size="sm">
                  {tag}
                </Badge>
              ))}
            </Group>
          )}
        </div>
        {actions && project.data && (
          <Group gap="sm">
            {actions.edit && (
              <Button component={Link} to={`${base}/edit`}>
                Open in editor
              </Button>
            )}
            {actions.app && (
              <Button component={Link} to={`${base}/app`} variant={actions.edit ? 'default' : 'filled'}>
                Open as app
              </Button>
            )}
            <RunOnTeamAction project={project.data} nid={nid} />
          </Group>
        )}
      </Group>
      <RouteTabs tabs={TABS} active={active} base={base} context={context} />
    </Stack>
  );
}
