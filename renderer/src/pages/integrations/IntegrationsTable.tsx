import { Anchor, Button, Code, Group, Text } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Integration, IntegrationKind } from '../../api/integrations';
import { ConfirmButton } from '../../components/ConfirmButton';
import { DataTable, type Column } from '../../components/DataTable';
import { DateTime } from '../../components/DateTime';
import { KindIcon } from './KindIcon';

interface Props {
  items: Integration[];
  kinds: IntegrationKind[];
  nameOf: (userId: string) => string;
  detailPath: (iid: string) => string;
  /** Managers' row actions; absent for those who only read. */
  actions?: {
    testing: string | undefined;
    onTest: (integration: Integration) => void;
    onEdit: (integration: Integration) => void;
    remove: UseMutationResult<void, Error, string>;
  };
}

export const kindName = (kinds: IntegrationKind[], kind: string) => kinds.find((candidate) => candidate.kind === kind)?.name ?? kind;

/** The integrations: kind and name (to its page), variable prefix, last change; and for managers test, edit, delete. */
export function IntegrationsTable({ items, kinds, nameOf, detailPath, actions }: Props) {
  const columns: Column<Integration>[] = [
    {
      header: 'Integration',
      breakAnywhere: true,
      cell: (integration) => (
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <KindIcon kind={integration.kind} />
          <div style={{ minWidth: 0 }}>
            <Anchor component={Link} to={detailPath(integration.id)} fw={500} size="sm">
              {integration.name}
            </Anchor>
            <Text size="xs" c="dimmed">
              {kindName(kinds, integration.kind)}
              {integration.copied_from && ' · copied from the organization'}
              {integration.description && ` · ${integration.description}`}
            </Text>
          </div>
        </Group>
      ),
    },
    {
      header: 'Variables',
      width: '20%',
      breakAnywhere: true,
      cell: (integration) => <Code>{integration.env_prefix}_*</Code>,
    },
    {
      header: 'Updated',
      width: 210,
      cell: (integration) => (
        <>
          <Text size="sm">
            <DateTime value={integration.updated_at} />
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            by {nameOf(integration.updated_by)} · version {integration.version_number}
          </Text>
        </>
      ),
    },
  ];
  return (
    <DataTable
      label="Integrations"
      columns={columns}
      rows={items}
      rowKey={(integration) => integration.id}
      rowActions={
        actions &&
        ((integration) => (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            <Button
              size="xs"
              variant="light"
              onClick={() => actions.onTest(integration)}
              loading={actions.testing === integration.id}
              disabled={!kinds.find((kind) => kind.kind === integration.kind)?.testable}
              aria-label={`Test connection of ${integration.name}`}
            >
              Test
            </Button>
            <Button size="xs" variant="default" onClick={() => actions.onEdit(integration)} aria-label={`Edit ${integration.name}`}>
              Edit
            </Button>
            <ConfirmButton
              mutation={actions.remove}
              variables={integration.id}
              label="Delete"
              ariaLabel={`Delete ${integration.name}`}
              button={{ size: 'xs', variant: 'subtle', color: 'red' }}
              title="Delete integration"
            >
              “{integration.name}” and its versions are deleted, its stored secrets forgotten. Notebooks stop receiving {integration.env_prefix}_* at their next
              session or run.
            </ConfirmButton>
          </Group>
        ))
      }
      actionsWidth={210}
      minWidth={760}
      nativeScroll
      framed
      spacing="sm"
    />
  );
}
