import { Button, SimpleGrid, Paper, Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { KindIcon } from '../../integrations/KindIcon';
import { canManage } from '../project-context';
import { describeSource, useDataContext } from './data-context';
import { dataLinks } from './data-links';
import classes from './DataTab.module.css';
import { Skeletons } from './Skeletons';

/** The Data tab before a source is chosen: the sources as cards, or how to get one. */
export function DataHome() {
  const { project, sources } = useDataContext();
  if (!sources) return <Skeletons label="Loading sources…" rows={3} height={64} />;
  if (sources.length === 0)
    return (
      <EmptyState
        title="No data integrations yet"
        action={
          <Button component={Link} to={dataLinks.integrations(project.id)} variant={canManage(project) ? 'filled' : 'default'}>
            {canManage(project) ? 'Add an integration' : 'See the integrations'}
          </Button>
        }
      >
        {canManage(project)
          ? 'Connect an S3 bucket, a PostgreSQL or a MySQL database on the Integrations tab to browse, preview and query it here. The files of the project’s notebooks are on the left already.'
          : 'A manager of this project connects S3 buckets and PostgreSQL or MySQL databases on the Integrations tab; you browse them here. The files of the project’s notebooks are on the left already.'}
      </EmptyState>
    );
  return (
    <>
      <Text size="sm" c="dimmed">
        Choose a bucket or a database to browse, preview and query it, or a notebook&apos;s workspace on the left.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {sources.map((source) => {
          const card = (
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <KindIcon kind={source.kind} size={36} />
              <div style={{ minWidth: 0 }}>
                <Text fw={600} c={source.usable ? undefined : 'dimmed'} className={classes.ellipsis} title={source.name}>
                  {source.name}
                </Text>
                <Text size="sm" c="dimmed" className={classes.ellipsis} title={describeSource(source)}>
                  {describeSource(source)}
                </Text>
                {!source.usable && (
                  <Text size="xs" c="dimmed" mt={4}>
                    {source.reason ?? 'You may not browse this source.'}
                  </Text>
                )}
              </div>
            </Group>
          );
          return (
            <Paper key={source.id} withBorder p="sm" radius="md">
              {source.usable ? (
                <UnstyledButton component={Link} to={dataLinks.source(project.id, source.id)} style={{ display: 'block' }}>
                  {card}
                </UnstyledButton>
              ) : (
                <div aria-disabled="true">{card}</div>
              )}
            </Paper>
          );
        })}
      </SimpleGrid>
    </>
  );
}
