import { Badge, Group, Paper, Table, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Project } from '../../api/types';
import { formatDateTime } from '../../app/format';
import { personIn } from '../../app/people';

export function labelsText(project: Project): string {
  return project.security_labels ? [project.security_labels.classification, ...project.security_labels.compartments].join(' / ') : 'None';
}

function Tags({ tags }: { tags: string[] }) {
  if (tags.length === 0) return '—';
  return (
    <Group gap={4}>
      {tags.map((tag) => (
        <Badge key={tag} variant="outline" size="sm">
          {tag}
        </Badge>
      ))}
    </Group>
  );
}

/** The project's settings as a table; `editable` leaves out what the form above it shows. */
export function ProjectFacts({ project, editable }: { project: Project; editable: boolean }) {
  const rows: [string, ReactNode][] = [
    ...(editable
      ? []
      : ([
          ['Name', project.name],
          ['Description', project.description || '—'],
          ['Tags', <Tags key="tags" tags={project.tags} />],
          ['Default role for signed-in users', project.default_role ?? 'None (members only)'],
          ['Security labels', labelsText(project)],
        ] satisfies [string, ReactNode][])),
    ['Project ID', project.id],
    ['Owner', personIn(project, project.owner)],
    ['Federation', project.federation?.enabled ? `Enabled${project.federation.target ? ` (${project.federation.target})` : ''}` : 'Disabled'],
    ['Created', formatDateTime(project.created_at)],
    ['Updated', formatDateTime(project.updated_at)],
  ];
  return (
    <Paper withBorder p="md">
      {editable && (
        <Title order={2} size="h4" mb="sm">
          About this project
        </Title>
      )}
      <Table variant="vertical" layout="fixed">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={260}>{label}</Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
