import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, Outlet, useLocation } from 'react-router';
import { dataSourcesQuery } from '../../../api/data-browser';
import { capabilitiesQuery } from '../../../api/notebook-access';
import { useProjectContext } from '../project-context';
import type { DataContext } from './data-context';
import { dataLinks } from './data-links';
import classes from './DataTab.module.css';
import { SourcesNav } from './SourcesNav';

/**
 * The project's Data tab: its buckets, databases and notebook workspaces on the left, the chosen
 * one browsed on the right (each page is a nested route with an address of its own: data-links.ts).
 */
export function DataTab() {
  const project = useProjectContext();
  const offers = useQuery(capabilitiesQuery).data?.data_browser;
  const sources = useQuery({ ...dataSourcesQuery(project.id), enabled: offers?.available !== false });
  const { pathname } = useLocation();
  // The source chosen is the path's segment after /data/ (the nested route's parameter, which this layout does not see).
  const selected = decodeURIComponent(pathname.split(`/projects/${project.id}/data/`)[1]?.split('/')[0] ?? '');

  if (offers?.available === false)
    return (
      <Alert color="gray" title="The data browser is off">
        <Text size="sm">
          This hub does not offer the data browser (an operator turns it on with SERVICE_DATA_BROWSER). Notebooks still read the project&apos;s{' '}
          <Anchor component={Link} to={dataLinks.integrations(project.id)} size="sm" underline="always">
            integrations
          </Anchor>{' '}
          as environment variables.
        </Text>
      </Alert>
    );
  const context: DataContext = { project, sources: sources.data, offers };
  return (
    <div className={classes.layout}>
      <div className={classes.nav}>
        <SourcesNav project={project} sources={sources} selected={selected} />
      </div>
      <Stack gap="md" miw={0}>
        <Outlet context={context} />
      </Stack>
    </div>
  );
}
