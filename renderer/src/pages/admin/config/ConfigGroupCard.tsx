import { Badge, Code, Group, Paper, Table, Text, Title } from '@mantine/core';
import type { ConfigGroup } from '../../../api/admin-types';

type Setting = ConfigGroup['settings'][number];

function SettingValue({ setting }: { setting: Setting }) {
  if (setting.secret)
    return setting.set ? (
      <Badge variant="light" color="grape">
        secret, set
      </Badge>
    ) : (
      <Text size="sm" c="dimmed">
        not set
      </Text>
    );
  if (setting.value === null || setting.value === '')
    return (
      <Text size="sm" c="dimmed">
        {setting.set ? '(empty)' : 'not set (default)'}
      </Text>
    );
  return <Code style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{setting.value}</Code>;
}

/** One settings group: each setting's name, its environment variable, and its value (secrets only as set or not). */
export function ConfigGroupCard({ group }: { group: ConfigGroup }) {
  return (
    <Paper withBorder radius="md" component="section" aria-label={group.name}>
      <Group gap="sm" p="md" pb="xs">
        <Title order={2} size="h4" tt="capitalize">
          {group.name}
        </Title>
        {group.backend && (
          <Badge variant="outline" tt="none">
            {group.backend}
          </Badge>
        )}
      </Group>
      {group.settings.length === 0 ? (
        <Text size="sm" c="dimmed" px="md" pb="md">
          This group has no settings.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table layout="fixed">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="30%">Setting</Table.Th>
                <Table.Th w="30%">Variable</Table.Th>
                <Table.Th>Value</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {group.settings.map((setting) => (
                <Table.Tr key={setting.key}>
                  <Table.Td>{setting.name}</Table.Td>
                  <Table.Td>
                    <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                      {setting.key}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <SettingValue setting={setting} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
