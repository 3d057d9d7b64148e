import { Anchor, Breadcrumbs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { projectQuery } from '../../api/queries';

/** The import pages' breadcrumbs and heading. */
export function ImportHeader({ pid, title }: { pid: string; title: string }) {
  const project = useQuery(projectQuery(pid));
  return (
    <>
      <Breadcrumbs>
        <Anchor component={Link} to="/">
          Projects
        </Anchor>
        <Anchor component={Link} to={`/projects/${pid}/notebooks`}>
          {project.data?.name ?? pid}
        </Anchor>
        <Text>Import</Text>
      </Breadcrumbs>
      <Title order={1}>{title}</Title>
    </>
  );
}
