import { Button, Group, Text } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ProjectSecret } from '../../../api/project-secrets';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { DataTable, type Column } from '../../../components/DataTable';
import { DateTime } from '../../../components/DateTime';
import { SourceText } from '../../integrations/secret-sources';

interface Props {
  items: ProjectSecret[];
  nameOf: (userId: string) => string;
  /** Managers' row actions; absent for those who only read. */
  actions?: {
    testing: string | undefined;
    onTest: (secret: ProjectSecret) => void;
    onReplace: (secret: ProjectSecret) => void;
    remove: UseMutationResult<void, Error, string>;
  };
}

/** The project's secrets by name: where each value comes from (never the value), the last change; for managers test, replace, delete. */
export function SecretsTable({ items, nameOf, actions }: Props) {
  const columns: Column<ProjectSecret>[] = [
    {
      header: 'Name',
      width: '32%',
      breakAnywhere: true,
      cell: (secret) => (
        <>
          <Text size="sm" fw={500} ff="monospace">
            {secret.name}
          </Text>
          {secret.description && (
            <Text size="xs" c="dimmed">
              {secret.description}
            </Text>
          )}
        </>
      ),
    },
    { header: 'Source', breakAnywhere: true, cell: (secret) => <SourceText view={secret} /> },
    {
      header: 'Updated',
      width: 200,
      cell: (secret) => (
        <>
          <Text size="sm">
            <DateTime value={secret.updated_at} />
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            by {nameOf(secret.updated_by)}
          </Text>
        </>
      ),
    },
  ];
  return (
    <DataTable
      label="Secrets"
      columns={columns}
      rows={items}
      rowKey={(secret) => secret.name}
      rowActions={
        actions &&
        ((secret) => (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            <Button
              size="xs"
              variant="light"
              onClick={() => actions.onTest(secret)}
              loading={actions.testing === secret.name}
              aria-label={`Test ${secret.name}`}
            >
              Test
            </Button>
            <Button size="xs" variant="default" onClick={() => actions.onReplace(secret)} aria-label={`Replace ${secret.name}`}>
              Replace
            </Button>
            <ConfirmButton
              mutation={actions.remove}
              variables={secret.name}
              label="Delete"
              ariaLabel={`Delete ${secret.name}`}
              button={{ size: 'xs', variant: 'subtle', color: 'red' }}
              title="Delete secret"
            >
              Notebooks stop receiving {secret.name} at their next session or run{secret.source === 'stored' ? ', and its stored value is forgotten' : ''}.
            </ConfirmButton>
          </Group>
        ))
      }
      actionsWidth={230}
      minWidth={760}
      nativeScroll
      framed
      spacing="sm"
    />
  );
}
