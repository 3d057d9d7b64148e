import { Anchor, Badge, Breadcrumbs, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { notebookQuery, projectQuery } from '../../api/queries';
import { ErrorView } from '../../components/ErrorView';
import { LoadingState } from '../../components/LoadingState';
import { StatusBadge } from '../project/StatusBadge';
import { NotebookMetadata } from './NotebookMetadata';
import { personIn } from '../../app/people';
import { Readme } from './Readme';

/** A notebook's title, metadata and README. */
export function NotebookPage() {
  const { pid = '', nid = '' } = useParams();
  const notebook = useQuery(notebookQuery(pid, nid));
  const project = useQuery(projectQuery(pid));

  if (notebook.isPending) return <LoadingState label="Loading notebook…" />;
  if (notebook.isError) return <ErrorView error={notebook.error} onRetry={() => void notebook.refetch()} />;
  const { meta, readme, source } = notebook.data;
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
      <div>
        <Group gap="sm">
          <Title order={1}>{meta.title}</Title>
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
      <Paper withBorder p="md">
        <NotebookMetadata meta={meta} source={source} author={personIn(project.data, meta.author)} />
      </Paper>
      <section>
        <Title order={2} size="h3" mb="sm">
          README
        </Title>
        <Readme text={readme} />
      </section>
    </Stack>
  );
}
