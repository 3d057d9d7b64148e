import { Alert, Anchor, Badge, Button, Code, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  integrationKindsQuery,
  integrationQuery,
  useDeleteIntegration,
  useTestIntegration,
  type ConnectionTestResult,
  type Integration,
  type IntegrationKind,
  type IntegrationScope,
} from '../../api/integrations';
import { ConfirmButton } from '../../components/ConfirmButton';
import { DateTime } from '../../components/DateTime';
import { ErrorView } from '../../components/ErrorView';
import { LoadingState } from '../../components/LoadingState';
import { CheckResult } from './CheckResult';
import { IntegrationEditModal } from './IntegrationEditModal';
import { kindName } from './IntegrationsTable';
import { KindIcon } from './KindIcon';
import { SourceText } from './secret-sources';
import { VersionsTable } from './VersionsTable';

interface Props {
  scope: IntegrationScope;
  iid: string;
  canManage: boolean;
  nameOf: (userId: string) => string;
  /** The list this integration belongs to (the way back, and where a deletion leads). */
  listPath: string;
}

function configRows(integration: Integration, kind: IntegrationKind | undefined, nameOf: (userId: string) => string): [string, ReactNode][] {
  const fields = kind?.fields ?? [];
  const rows: [string, ReactNode][] = [['Variables', <Code key="prefix">{integration.env_prefix}_*</Code>]];
  for (const field of fields) {
    if (field.secret) {
      const source = integration.secrets[field.key];
      rows.push([
        field.name,
        source ? (
          <Group key={field.key} gap={6} wrap="wrap">
            <Badge size="sm" variant="dot" color="green">
              set
            </Badge>
            <SourceText view={source} />
          </Group>
        ) : (
          <Badge key={field.key} size="sm" variant="dot" color="gray">
            not set
          </Badge>
        ),
      ]);
    } else {
      const value = integration.config[field.key];
      rows.push([field.name, value === undefined || value === '' ? '—' : field.type === 'boolean' ? (value ? 'Yes' : 'No') : String(value)]);
    }
  }
  if (integration.copied_from)
    rows.push([
      'Copied from',
      <Text key="copied" size="sm">
        The organization integration <Code>{integration.copied_from.integration_id}</Code> (its version <Code>{integration.copied_from.version_id}</Code>);
        changes to either do not reach the other.
      </Text>,
    ]);
  rows.push(
    [
      'Created',
      <span key="created">
        <DateTime value={integration.created_at} /> by {nameOf(integration.created_by)}
      </span>,
    ],
    [
      'Updated',
      <span key="updated">
        <DateTime value={integration.updated_at} /> by {nameOf(integration.updated_by)} (version {integration.version_number})
      </span>,
    ],
  );
  return rows;
}

/** One integration: its configuration (secrets only as "set" with their source), test connection, edit, delete, and its versions. */
export function IntegrationDetail({ scope, iid, canManage, nameOf, listPath }: Props) {
  const integration = useQuery(integrationQuery(scope, iid));
  const kinds = useQuery(integrationKindsQuery);
  const test = useTestIntegration(scope);
  const remove = useDeleteIntegration(scope);
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [tested, setTested] = useState<ConnectionTestResult | null>(null);

  const back = (
    <Anchor component={Link} to={listPath} size="sm">
      ← All integrations
    </Anchor>
  );
  if (integration.isPending) return <LoadingState label="Loading the integration…" />;
  if (integration.isError)
    return (
      <Stack gap="sm">
        {back}
        <ErrorView error={integration.error} onRetry={() => void integration.refetch()} />
      </Stack>
    );
  const { data } = integration.data;
  const kind = kinds.data?.find((candidate) => candidate.kind === data.kind);
  const onTest = () => {
    setTested(null);
    test.mutate(data.id, { onSuccess: setTested });
  };
  const onDeleted = () => {
    notifications.show({ color: 'green', message: `Integration “${data.name}” deleted.` });
    void navigate(listPath, { replace: true });
  };

  return (
    <Stack gap="md">
      {back}
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0, flex: '1 1 20rem' }}>
          <KindIcon kind={data.kind} size={40} />
          <div style={{ minWidth: 0 }}>
            <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
              {data.name}
            </Title>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {kinds.data ? kindName(kinds.data, data.kind) : data.kind}
              {data.description && ` · ${data.description}`}
            </Text>
          </div>
        </Group>
        {canManage && (
          <Group gap="xs">
            <Button variant="light" onClick={onTest} loading={test.isPending} disabled={kind !== undefined && !kind.testable}>
              Test connection
            </Button>
            <Button variant="default" onClick={() => setEditing(true)}>
              Edit
            </Button>
            <ConfirmButton
              mutation={remove}
              variables={data.id}
              label="Delete"
              confirmLabel="Delete integration"
              button={{ variant: 'subtle', color: 'red' }}
              title="Delete integration"
              onSuccess={onDeleted}
            >
              “{data.name}” and its versions are deleted, its stored secrets forgotten. Notebooks stop receiving {data.env_prefix}_* at their next session or
              run.
            </ConfirmButton>
          </Group>
        )}
      </Group>
      {tested && <CheckResult subject={`Connection to “${data.name}”`} result={tested} onClose={() => setTested(null)} />}
      {test.error && (
        <Alert color="red" role="alert" title="The test did not run" withCloseButton closeButtonLabel="Dismiss" onClose={() => test.reset()}>
          {test.error.message}
        </Alert>
      )}
      <Paper withBorder p="md" component="section" aria-labelledby="integration-configuration">
        <Title order={3} size="h4" mb="sm" id="integration-configuration">
          Configuration
        </Title>
        <Table variant="vertical" layout="fixed">
          <Table.Tbody>
            {configRows(data, kind, nameOf).map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={200}>{label}</Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      <section aria-labelledby="integration-versions">
        <Title order={3} size="h4" mb="sm" id="integration-versions">
          Versions
        </Title>
        <VersionsTable scope={scope} iid={iid} kind={kind} nameOf={nameOf} />
      </section>
      {editing && <IntegrationEditModal scope={scope} iid={data.id} onClose={() => setEditing(false)} />}
    </Stack>
  );
}
