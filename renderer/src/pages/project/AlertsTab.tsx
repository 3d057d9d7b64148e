import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { alertsQuery, capabilitiesQuery, useDeleteAlert, useVerifyAlert, type AlertDestination } from '../../api/alerts';
import { EmptyState } from '../../components/EmptyState';
import { ErrorView } from '../../components/ErrorView';
import { LoadingState } from '../../components/LoadingState';
import { LoadMore } from '../../components/LoadMore';
import { AlertFormModal } from './AlertFormModal';
import { AlertsTable } from './AlertsTable';
import { useProjectContext } from './project-context';

type Editing = { destination: AlertDestination | undefined } | null;

/** The project's alert destinations: add, change, send a test (verify) and delete. */
export function AlertsTab() {
  const project = useProjectContext();
  const capabilities = useQuery(capabilitiesQuery);
  const alerts = useInfiniteQuery(alertsQuery(project.id));
  const verify = useVerifyAlert(project.id);
  const remove = useDeleteAlert(project.id);
  const [editing, setEditing] = useState<Editing>(null);
  const items = alerts.data?.pages.flatMap((page) => page.items) ?? [];

  if (capabilities.isPending || alerts.isPending) return <LoadingState label="Loading alert destinations…" />;
  if (capabilities.isError) return <ErrorView error={capabilities.error} onRetry={() => void capabilities.refetch()} />;
  if (alerts.isError && !alerts.isFetchNextPageError) return <ErrorView error={alerts.error} onRetry={() => void alerts.refetch()} />;
  const offer = capabilities.data.project_alerts;
  if (!offer.available)
    return <EmptyState title="Alerts are not available">This hub does not send project alerts. Ask its operator to turn them on.</EmptyState>;

  const types = offer.destination_types.filter((type): type is 'slack' | 'webhook' => type !== 'unknown');
  const full = items.length >= offer.max_destinations && !alerts.hasNextPage;
  const addButton = (
    <Button onClick={() => setEditing({ destination: undefined })} disabled={full}>
      Add destination
    </Button>
  );
  const onVerify = (destination: AlertDestination) =>
    verify.mutate(destination.id, {
      onSuccess: () => notifications.show({ color: 'green', message: `Test delivered to “${destination.name}”: it is verified.` }),
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Text size="sm" c="dimmed" maw={640}>
          The hub sends the chosen events of this project to each enabled destination. {items.length} of at most {offer.max_destinations} destinations.
        </Text>
        {items.length > 0 && addButton}
      </Group>
      {verify.error && (
        <Alert color="red" role="alert" title="The test delivery failed" withCloseButton closeButtonLabel="Dismiss" onClose={() => verify.reset()}>
          {verify.error.message}
        </Alert>
      )}
      {items.length === 0 ? (
        <EmptyState title="No alert destinations" action={addButton}>
          Send member changes, failed jobs and other events to a webhook or a Slack channel.
        </EmptyState>
      ) : (
        <AlertsTable
          items={items}
          verifying={verify.isPending ? verify.variables : undefined}
          onVerify={onVerify}
          onEdit={(destination) => setEditing({ destination })}
          remove={remove}
        />
      )}
      <LoadMore pages={alerts} />
      {editing && (
        <AlertFormModal
          key={editing.destination?.id ?? 'new'}
          projectId={project.id}
          editing={editing.destination}
          types={types}
          kinds={offer.selectable_kinds}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
