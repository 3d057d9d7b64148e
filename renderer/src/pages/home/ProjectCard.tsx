import { Badge, Card, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { ProjectEntry } from '../../api/types';
import { DateTime } from '../../components/DateTime';
import classes from './ProjectCard.module.css';

/** Lets the browser report when the project names were first painted (Element Timing; see docs/ui.md, "Loading"). */
const PAINT_TIMING: Record<string, string> = { elementtiming: 'project-name' };

export function ProjectCard({ project }: { project: ProjectEntry }) {
  return (
    <Card withBorder padding="md" component={Link} to={`/projects/${project.id}`} className={classes.card}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={600} truncate {...PAINT_TIMING}>
          {project.name}
        </Text>
        {project.your_role && (
          <Badge variant="light" size="sm" style={{ flexShrink: 0 }}>
            {project.your_role}
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed" lineClamp={2} mt={4} mih={40}>
        {project.description || 'No description'}
      </Text>
      {project.tags.length > 0 && (
        <Group gap={4} mt="xs">
          {project.tags.map((tag) => (
            <Badge key={tag} variant="outline" size="xs">
              {tag}
            </Badge>
          ))}
        </Group>
      )}
      <Text size="xs" c="dimmed" mt="sm">
        {project.notebook_count === 1 ? '1 notebook' : `${project.notebook_count} notebooks`} · updated <DateTime value={project.updated_at} />
      </Text>
    </Card>
  );
}
