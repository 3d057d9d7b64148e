import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { secretsQuery, useDeleteSecret, useTestSecret, type ProjectSecret, type SecretCheck } from '../../../api/project-secrets';
import { personIn } from '../../../app/people';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorView } from '../../../components/ErrorView';
import { LoadingState } from '../../../components/LoadingState';
import { CheckResult } from '../../integrations/CheckResult';
import { canManage, useProjectContext } from '../project-context';
import { NewSecretModal, ReplaceSecretModal } from './SecretFormModal';
import { SecretsTable } from './SecretsTable';

type Dialog = { type: 'new' } | { type: 'replace'; name: string } | null;

/** The project's secrets: names and sources for everyone in the project; managers add, replace, test and delete. */
export function SecretsTab() {
  const project = useProjectContext();
  const manager = canManage(project);
  const secrets = useQuery(secretsQuery(project.id));
  const test = useTestSecret(project.id);
  const remove = useDeleteSecret(project.id);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [tested, setTested] = useState<{ name: string; result: SecretCheck } | null>(null);

  if (secrets.isPending) return <LoadingState label="Loading secrets…" />;
  if (secrets.isError) return <ErrorView error={secrets.error} onRetry={() => void secrets.refetch()} />;
  const items = secrets.data;
  const onTest = (secret: ProjectSecret) => {
    setTested(null);
    test.mutate(secret.name, { onSuccess: (result) => setTested({ name: secret.name, result }) });
  };
  const addButton = manager && <Button onClick={() => setDialog({ type: 'new' })}>Add secret</Button>;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Text size="sm" c="dimmed" maw={560}>
          Named values this project&apos;s notebooks read as environment variables of the same name, given to a session or job run when it starts. Values are
          never shown, here or anywhere.
        </Text>
        {items.length > 0 && addButton}
      </Group>
      {tested && <CheckResult subject={`Secret ${tested.name}`} result={tested.result} onClose={() => setTested(null)} />}
      {test.error && (
        <Alert color="red" role="alert" title="The test did not run" withCloseButton closeButtonLabel="Dismiss" onClose={() => test.reset()}>
          {test.error.message}
        </Alert>
      )}
      {items.length === 0 ? (
        <EmptyState title="No secrets yet" action={addButton || undefined}>
          {manager
            ? 'Add an API key or a password once: notebooks read it as os.environ["NAME"], and it never lands in their code, versions or Git.'
            : 'A manager of this project adds secrets here; your notebooks then read them as environment variables.'}
        </EmptyState>
      ) : (
        <SecretsTable
          items={items}
          nameOf={(userId) => personIn(project, userId)}
          actions={
            manager
              ? {
                  testing: test.isPending ? test.variables : undefined,
                  onTest,
                  onReplace: (secret) => setDialog({ type: 'replace', name: secret.name }),
                  remove,
                }
              : undefined
          }
        />
      )}
      {dialog?.type === 'new' && <NewSecretModal pid={project.id} onClose={() => setDialog(null)} />}
      {dialog?.type === 'replace' && <ReplaceSecretModal pid={project.id} name={dialog.name} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
