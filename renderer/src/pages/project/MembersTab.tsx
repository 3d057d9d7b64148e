import { Badge, Paper, Stack, Table, Title } from '@mantine/core';
import { EmptyState } from '../../components/EmptyState';
import { useProjectContext } from './project-context';

/** The project's people and groups with their roles. */
export function MembersTab() {
  const project = useProjectContext();
  return (
    <Stack gap="lg">
      <section>
        <Title order={2} size="h4" mb="sm">
          People
        </Title>
        {project.members.length === 0 ? (
          <EmptyState title="No members" />
        ) : (
          <Paper withBorder>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Member</Table.Th>
                  <Table.Th>Role</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {project.members.map((member) => (
                  <Table.Tr key={member.user_id ?? member.email}>
                    <Table.Td>{member.email ?? member.user_id ?? '—'}</Table.Td>
                    <Table.Td>
                      <Badge variant="light">{member.role}</Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        )}
      </section>
      {project.group_members.length > 0 && (
        <section>
          <Title order={2} size="h4" mb="sm">
            Groups
          </Title>
          <Paper withBorder>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Group</Table.Th>
                  <Table.Th>Role</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {project.group_members.map((group) => (
                  <Table.Tr key={group.group}>
                    <Table.Td>{group.group}</Table.Td>
                    <Table.Td>
                      <Badge variant="light">{group.role}</Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        </section>
      )}
    </Stack>
  );
}
