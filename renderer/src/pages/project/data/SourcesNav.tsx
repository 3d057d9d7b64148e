import { Anchor, Button, NavLink, Stack, Text } from '@mantine/core';
import { useInfiniteQuery, type UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { DataSource } from '../../../api/data-browser';
import { notebooksQuery } from '../../../api/queries';
import type { Project } from '../../../api/types';
import { ErrorView } from '../../../components/ErrorView';
import { ItemIcon } from '../../notebook/files/ItemIcon';
import { KindIcon } from '../../integrations/KindIcon';
import { describeSource } from './data-context';
import { dataLinks } from './data-links';
import { Skeletons } from './Skeletons';
import classes from './DataTab.module.css';

interface Props {
  project: Project;
  sources: UseQueryResult<DataSource[]>;
  /** The id of the source shown on the right ('' for none). */
  selected: string;
}

/** The sources a person can browse: the project's buckets and databases, then its notebooks' workspaces. */
export function SourcesNav({ project, sources, selected }: Props) {
  return (
    <nav aria-label="Data sources">
      <Text className={classes.groupLabel} component="h2">
        Integrations
      </Text>
      <IntegrationSources project={project} sources={sources} selected={selected} />
      <Text className={classes.groupLabel} component="h2" mt="md">
        Workspaces
      </Text>
      <WorkspaceSources project={project} selected={selected} />
    </nav>
  );
}

function IntegrationSources({ project, sources, selected }: Props) {
  if (sources.isPending) return <NavSkeleton />;
  if (sources.isError) return <ErrorView error={sources.error} onRetry={() => void sources.refetch()} />;
  if (sources.data.length === 0)
    return (
      <Text size="sm" c="dimmed" px="xs">
        No buckets or databases yet.{' '}
        <Anchor component={Link} to={dataLinks.integrations(project.id)} size="sm" underline="always">
          Integrations
        </Anchor>{' '}
        connect them.
      </Text>
    );
  return (
    <Stack gap={2}>
      {sources.data.map((source) =>
        source.usable ? (
          <NavLink
            key={source.id}
            component={Link}
            to={dataLinks.source(project.id, source.id)}
            active={selected === source.id}
            leftSection={<KindIcon kind={source.kind} size={26} />}
            label={<SourceName name={source.name} />}
            description={<SourceName name={describeSource(source)} />}
            aria-current={selected === source.id ? 'page' : undefined}
          />
        ) : (
          <UnusableSource key={source.id} source={source} />
        ),
      )}
    </Stack>
  );
}

/** A source the user may not browse: there, but not a link, with the reason. */
function UnusableSource({ source }: { source: DataSource }) {
  return (
    <div className={classes.disabledSource} aria-disabled="true">
      <KindIcon kind={source.kind} size={26} />
      <div style={{ minWidth: 0 }}>
        <Text size="sm" c="dimmed" className={classes.ellipsis} title={source.name}>
          {source.name}
        </Text>
        <Text size="xs" c="dimmed">
          {source.reason ?? 'You may not browse this source.'}
        </Text>
      </div>
    </div>
  );
}

function WorkspaceSources({ project, selected }: { project: Project; selected: string }) {
  const notebooks = useInfiniteQuery(notebooksQuery(project.id));
  if (notebooks.isPending) return <NavSkeleton />;
  if (notebooks.isError) return <ErrorView error={notebooks.error} onRetry={() => void notebooks.refetch()} />;
  const items = notebooks.data.pages.flatMap((page) => page.items).filter((notebook) => notebook.status !== 'deleted');
  if (items.length === 0)
    return (
      <Text size="sm" c="dimmed" px="xs">
        No notebooks yet: a notebook&apos;s files appear here.
      </Text>
    );
  return (
    <Stack gap={2}>
      {items.map((notebook) => (
        <NavLink
          key={notebook.id}
          component={Link}
          to={dataLinks.source(project.id, notebook.id)}
          active={selected === notebook.id}
          leftSection={<ItemIcon kind="directory" />}
          label={<SourceName name={notebook.title} />}
          aria-current={selected === notebook.id ? 'page' : undefined}
        />
      ))}
      {notebooks.hasNextPage && (
        <Button variant="subtle" size="xs" onClick={() => void notebooks.fetchNextPage()} loading={notebooks.isFetchingNextPage}>
          More notebooks
        </Button>
      )}
    </Stack>
  );
}

function SourceName({ name }: { name: string }) {
  return (
    <span className={classes.ellipsis} style={{ display: 'block' }} title={name}>
      {name}
    </span>
  );
}

function NavSkeleton() {
  return <Skeletons label="Loading sources…" rows={3} height={34} />;
}
