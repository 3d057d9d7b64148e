import { Badge, Code, Group, Paper, Text, Title } from '@mantine/core';
import { Fragment } from 'react';
import type { ConfigGroup } from '../../../api/admin-types';
import { asSentence } from '../../../app/format';
import { DataTable, type Column } from '../../../components/DataTable';

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

type PartSetting = Setting & { part: string | null; shortName: string };

/** The group's settings in parts: those of the group itself first, then one part per prefix, in order of appearance. */
function partsOf(settings: Setting[]): PartSetting[] {
  const named = settings.map((setting) => {
    const match = PART.exec(setting.name);
    return { ...setting, part: match ? match[1]! : null, shortName: match ? asSentence(match[2]!) : setting.name };
  });
  const order = [...new Set([null, ...named.map((setting) => setting.part)])];
  return order.flatMap((part) => named.filter((setting) => setting.part === part));
}

const columns: Column<PartSetting>[] = [
  { header: 'Setting', width: '30%', cell: (setting) => setting.shortName },
  {
    header: 'Variable',
    width: '30%',
    cell: (setting) => (
      <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
        <VariableName name={setting.key} />
      </Text>
    ),
  },
  { header: 'Value', cell: (setting) => <SettingValue setting={setting} /> },
];

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
        <DataTable
          columns={columns}
          rows={partsOf(group.settings)}
          rowKey={(setting) => setting.key}
          groupOf={(setting) => setting.part}
          minWidth={640}
          fixedLayout
        />
      )}
    </Paper>
  );
}
