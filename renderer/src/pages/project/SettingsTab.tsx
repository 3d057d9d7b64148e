import { Badge, Group, Paper, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../app/format';
import { personIn } from '../../app/people';
import { useProjectContext } from './project-context';

/** The project's settings, read-only for now. */
export function SettingsTab() {
  const project = useProjectContext();
  const rows: [string, ReactNode][] = [
    ['Name', project.name],
    ['Description', project.description || '—'],
    ['Project ID', project.id],
    ['Owner', personIn(project, project.owner)],
    [
      'Tags',
      project.tags.length ? (
        <Group gap={4}>
          {project.tags.map((tag) => (
            <Badge key={tag} variant="outline" size="sm">
              {tag}
            </Badge>
          ))}
        </Group>
      ) : (
        '—'
      ),
    ],
    ['Default role for signed-in users', project.default_role ?? 'None (members only)'],
    ['Federation', project.federation?.enabled ? `Enabled${project.federation.target ? ` (${project.federation.target})` : ''}` : 'Disabled'],
    ['Security labels', project.security_labels ? [project.security_labels.classification, ...project.security_labels.compartments].join(' / ') : 'None'],
    ['Created', formatDateTime(project.created_at)],
    ['Updated', formatDateTime(project.updated_at)],
  ];
  return (
    <Paper withBorder p="md">
      <Table variant="vertical" layout="fixed">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={260}>{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed" mt="sm">
        Editing settings is not available here yet.
      </Text>
    </Paper>
  );
}
