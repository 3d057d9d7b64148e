import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { capabilitiesQuery } from '../../api/alerts';
import {
  integrationKindsQuery,
  integrationsQuery,
  useDeleteIntegration,
  useTestIntegration,
  type ConnectionTestResult,
  type Integration,
  type IntegrationKind,
  type IntegrationScope,
} from '../../api/integrations';
import { EmptyState } from '../../components/EmptyState';
import { ErrorView } from '../../components/ErrorView';
import { LoadingState } from '../../components/LoadingState';
import { LoadMore } from '../../components/LoadMore';
import { CheckResult } from './CheckResult';
import { IntegrationEditModal } from './IntegrationEditModal';
import { IntegrationFormModal } from './IntegrationFormModal';
import { IntegrationsTable } from './IntegrationsTable';
import { KindPickerModal } from './KindPickerModal';

type Dialog = { type: 'pick' } | { type: 'create'; kind: IntegrationKind } | { type: 'edit'; iid: string } | { type: 'extra' } | null;

interface Props {
  scope: IntegrationScope;
  /** Whether the viewer may add, change, test and delete (the API decides; this hides what it would refuse). */
  canManage: boolean;
  nameOf: (userId: string) => string;
  detailPath: (iid: string) => string;
  /** What the list is for, above it. */
  intro: ReactNode;
  /** What the empty state tells those who may add one, and those who may not. */
  emptyHint: { manage: string; read: string };
  /** Another way to add one (a project's copy of an organization integration): its button, and its dialog. */
  extra?: { label: string; dialog: (onClose: () => void) => ReactNode };
}

/** A scope's integrations: the list, and for managers adding one from a kind, test connection, edit and delete. */
export function IntegrationsList({ scope, canManage, nameOf, detailPath, intro, emptyHint, extra }: Props) {
  const capabilities = useQuery(capabilitiesQuery);
  const list = useInfiniteQuery(integrationsQuery(scope));
  const kinds = useQuery(integrationKindsQuery);
  const test = useTestIntegration(scope);
  const remove = useDeleteIntegration(scope);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [tested, setTested] = useState<{ name: string; result: ConnectionTestResult } | null>(null);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  if (capabilities.data && !capabilities.data.integrations.available)
    return <EmptyState title="Integrations are not available">This hub does not offer integrations. Ask its operator to turn them on.</EmptyState>;
  if (list.isPending || kinds.isPending) return <LoadingState label="Loading integrations…" />;
  if (list.isError && !list.isFetchNextPageError) return <ErrorView error={list.error} onRetry={() => void list.refetch()} />;
  if (kinds.isError) return <ErrorView error={kinds.error} onRetry={() => void kinds.refetch()} />;

  const close = () => setDialog(null);
  const onTest = (integration: Integration) => {
    setTested(null);
    test.mutate(integration.id, { onSuccess: (result) => setTested({ name: integration.name, result }) });
  };
  const addButtons = canManage && (
    <Group gap="sm">
      {extra && (
        <Button variant="default" onClick={() => setDialog({ type: 'extra' })}>
          {extra.label}
        </Button>
      )}
      <Button onClick={() => setDialog({ type: 'pick' })}>Add integration</Button>
    </Group>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Text size="sm" c="dimmed" maw={560}>
          {intro}
        </Text>
        {items.length > 0 && addButtons}
      </Group>
      {tested && <CheckResult subject={`Connection to “${tested.name}”`} result={tested.result} onClose={() => setTested(null)} />}
      {test.error && (
        <Alert color="red" role="alert" title="The test did not run" withCloseButton closeButtonLabel="Dismiss" onClose={() => test.reset()}>
          {test.error.message}
        </Alert>
      )}
      {items.length === 0 ? (
        <EmptyState title="No integrations yet" action={addButtons || undefined}>
          {canManage ? emptyHint.manage : emptyHint.read}
        </EmptyState>
      ) : (
        <IntegrationsTable
          items={items}
          kinds={kinds.data}
          nameOf={nameOf}
          detailPath={detailPath}
          actions={
            canManage
              ? {
                  testing: test.isPending ? test.variables : undefined,
                  onTest,
                  onEdit: (integration) => setDialog({ type: 'edit', iid: integration.id }),
                  remove,
                }
              : undefined
          }
        />
      )}
      <LoadMore pages={list} label="Load more integrations" />
      {dialog?.type === 'pick' && <KindPickerModal scope={scope} onPick={(kind) => setDialog({ type: 'create', kind })} onClose={close} />}
      {dialog?.type === 'create' && <IntegrationFormModal scope={scope} mode={{ type: 'create', kind: dialog.kind }} onClose={close} />}
      {dialog?.type === 'edit' && <IntegrationEditModal scope={scope} iid={dialog.iid} onClose={close} />}
      {dialog?.type === 'extra' && extra?.dialog(close)}
    </Stack>
  );
}
