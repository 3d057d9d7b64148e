import { Badge, Group, Paper, Stack, Table, Title } from '@mantine/core';
import { useMe } from '../../components/use-me';
import { DesktopSettingsSection } from '../../desktop/DesktopSettingsSection';
import { ConnectedClientsSection } from './ConnectedClientsSection';
import { TokensSection } from './TokensSection';

export function AccountPage() {
  const me = useMe();
  return (
    <Stack gap="xl">
      <Title order={1}>Account</Title>
      <Paper withBorder p="md">
        <Table variant="vertical" layout="fixed" withRowBorders>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={200}>Name</Table.Th>
              <Table.Td>{me.name ?? '—'}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>E-mail</Table.Th>
              <Table.Td>{me.email}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>User ID</Table.Th>
              <Table.Td>{me.id}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Permissions</Table.Th>
              <Table.Td>
                <Group gap="xs">
                  {me.is_super_admin && <Badge>Super admin</Badge>}
                  <Badge variant="light">{me.can_create_projects ? 'Can create projects' : 'Cannot create projects'}</Badge>
                </Group>
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Paper>
      <TokensSection />
      <ConnectedClientsSection />
      <DesktopSettingsSection />
    </Stack>
  );
}
