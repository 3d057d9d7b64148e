import { Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { projectQuery } from '../../api/queries';

/** A local project's name as a link to its Sync tab (read once and cached with the project), its id until it is known; underlined inside a sentence. */
export function ProjectName({ pid, inText = false }: { pid: string; inText?: boolean }) {
  const project = useQuery(projectQuery(pid));
  return (
    <Anchor component={Link} to={`/projects/${pid}/sync`} size="sm" underline={inText ? 'always' : 'hover'}>
      {project.data?.name ?? pid}
    </Anchor>
  );
}
