import { Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { DataSource } from '../../../api/data-browser';
import { describeSource } from './data-context';
import classes from './DataTab.module.css';
import { SourceIcon } from './SourceIcon';

/** The chosen source's name and what it is, with the page's actions at the right. */
export function SourceHeader({ source, actions }: { source: DataSource; actions?: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" align="center">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <SourceIcon kind={source.kind} size={36} />
        <div style={{ minWidth: 0 }}>
          <Title order={2} size="h3" className={classes.ellipsis} title={source.name}>
            {source.name}
          </Title>
          <Text size="sm" c="dimmed" className={classes.ellipsis}>
            {describeSource(source)}
          </Text>
        </div>
      </Group>
      {actions && (
        <Group gap="xs" wrap="nowrap" style={{ flex: 'none' }}>
          {actions}
        </Group>
      )}
    </Group>
  );
}
