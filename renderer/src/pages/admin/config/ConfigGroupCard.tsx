import { Badge, Code, Group, Paper, Table, Text, Title } from '@mantine/core';
import { Fragment } from 'react';
import type { ConfigGroup } from '../../../api/admin-types';
import { asSentence } from '../../../app/format';

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

/** A variable's name that wraps after an underscore, not inside a word, in a narrow column. */
function VariableName({ name }: { name: string }) {
  const words = name.split('_');
  return words.map((word, index) => (
    <Fragment key={index}>
      {word}
      {index < words.length - 1 && (
        <>
          _<wbr />
        </>
      )}
    </Fragment>
  ));
}

/** A setting named "Kubernetes: sandbox namespace" belongs to the "Kubernetes" part of its group. */
const PART = /^([A-Z][\w -]{1,40}): (.+)$/;

interface Part {
  title: string | null;
  settings: (Setting & { shortName: string })[];
}

/** The group's settings in parts: those of the group itself first, then one part per prefix, in order of appearance. */
function partsOf(settings: Setting[]): Part[] {
  const parts = new Map<string | null, Part>([[null, { title: null, settings: [] }]]);
  for (const setting of settings) {
    const match = PART.exec(setting.name);
    const title = match ? match[1]! : null;
    if (!parts.has(title)) parts.set(title, { title, settings: [] });
    parts.get(title)!.settings.push({ ...setting, shortName: match ? asSentence(match[2]!) : setting.name });
  }
  return [...parts.values()].filter((part) => part.settings.length > 0);
}

/**
 * One settings group: each setting's name, its environment variable, and its value (secrets only
 * as set or not), with a sub-heading for each part (the Kubernetes driver's settings, say).
 */
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
            {partsOf(group.settings).map((part) => (
              <Table.Tbody key={part.title ?? ''}>
                {part.title !== null && (
                  <Table.Tr>
                    <Table.Th colSpan={3} scope="colgroup" pt="md">
                      <Text size="sm" fw={700}>
                        {part.title}
                      </Text>
                    </Table.Th>
                  </Table.Tr>
                )}
                {part.settings.map((setting) => (
                  <Table.Tr key={setting.key}>
                    <Table.Td>{setting.shortName}</Table.Td>
                    <Table.Td>
                      <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                        <VariableName name={setting.key} />
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <SettingValue setting={setting} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            ))}
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
