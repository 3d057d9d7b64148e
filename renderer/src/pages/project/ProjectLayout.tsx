import { Anchor, Badge, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'react-router';
import { capabilitiesQuery } from '../../api/alerts';
import { projectQuery } from '../../api/queries';
import { ErrorView } from '../../components/ErrorView';
import { RouteTabs } from '../../components/RouteTabs';
import { LoadingState } from '../../components/LoadingState';
import { canManage } from './project-context';

const TABS = [
  { value: 'notebooks', label: 'Notebooks', managers: false },
  { value: 'sync', label: 'Sync', managers: false },
  { value: 'data', label: 'Data', managers: false },
  { value: 'integrations', label: 'Integrations', managers: false },
  { value: 'secrets', label: 'Secrets', managers: false },
  { value: 'settings', label: 'Settings', managers: false },
  { value: 'members', label: 'Members', managers: false },
  { value: 'audit', label: 'Audit', managers: true },
  { value: 'alerts', label: 'Alerts', managers: true },
] as const;

/** A project's heading and its tabs; each tab is a nested route. */
export function ProjectLayout() {
  const { pid = '' } = useParams();
  const project = useQuery(projectQuery(pid));
  const capabilities = useQuery(capabilitiesQuery).data;
  const integrationsOff = capabilities?.integrations.available === false;
  const dataOff = capabilities?.data_browser.available === false;
  const location = useLocation();
  // The tab is the path's segment after the project (an integration's page is under its tab).
  const segment = location.pathname.split(`/projects/${pid}/`)[1]?.split('/')[0];
  const active = TABS.find((tab) => tab.value === segment)?.value ?? 'notebooks';

  if (project.isPending) return <LoadingState label="Loading project…" />;
  if (project.isError) return <ErrorView error={project.error} onRetry={() => void project.refetch()} />;
  const data = project.data;
  // The audit log and alert destinations are the managers' (the API refuses others); a deep link
  // to a hidden tab still shows it, with the API's refusal.
  // Integrations and the data browser appear where the hub offers them.
  const offered = (tab: (typeof TABS)[number]) => !(tab.value === 'integrations' && integrationsOff) && !(tab.value === 'data' && dataOff);
  const tabs = TABS.filter((tab) => tab.value === active || ((!tab.managers || canManage(data)) && offered(tab)));
  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to="/">
          Projects
        </Anchor>
        <Text>{data.name}</Text>
      </Breadcrumbs>
      <div>
        <Group gap="sm">
          <Title order={1}>{data.name}</Title>
          {data.your_role && <Badge variant="light">{data.your_role}</Badge>}
          {data.status === 'deleted' && <Badge color="red">deleted</Badge>}
        </Group>
        {data.description && <Text c="dimmed">{data.description}</Text>}
      </div>
      <RouteTabs tabs={tabs} active={active} base={`/projects/${pid}`} context={data} />
    </Stack>
  );
}
