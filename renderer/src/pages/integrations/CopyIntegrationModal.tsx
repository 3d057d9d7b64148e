import { Group, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { integrationKindsQuery, integrationsQuery, useCopyIntegration } from '../../api/integrations';
import { ErrorView } from '../../components/ErrorView';
import { fieldErrorsUnder } from '../../components/field-errors';
import { FormModal } from '../../components/FormModal';
import { LoadingState } from '../../components/LoadingState';
import { kindName } from './IntegrationsTable';
import { KindIcon } from './KindIcon';
import { MONO_INPUT } from '../../components/mono-input';

const ORGANIZATION = { kind: 'organization' } as const;

/**
 * Copies an organization integration (a company database, the AI gateway) into the project: its
 * kind, configuration and secrets, each with its source. The copy is the project's own from then on.
 */
export function CopyIntegrationModal({ pid, onClose }: { pid: string; onClose: () => void }) {
  const organization = useInfiniteQuery(integrationsQuery(ORGANIZATION));
  const kinds = useQuery(integrationKindsQuery);
  const copy = useCopyIntegration(pid);
  const [from, setFrom] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [envPrefix, setEnvPrefix] = useState('');
  const items = organization.data?.pages.flatMap((page) => page.items) ?? [];
  const chosen = items.find((item) => item.id === from);

  let body;
  if (organization.isPending) body = <LoadingState label="Loading the organization's integrations…" />;
  else if (organization.isError && !organization.isFetchNextPageError)
    body = <ErrorView error={organization.error} onRetry={() => void organization.refetch()} />;
  else if (items.length === 0)
    body = (
      <Text size="sm" c="dimmed">
        The organization has no integrations to copy yet. A super admin adds them under Administration, Integrations.
      </Text>
    );
  else
    body = (
      <>
        <Select
          label="Organization integration"
          placeholder="Choose one"
          data={items.map((item) => ({ value: item.id, label: `${item.name} (${kinds.data ? kindName(kinds.data, item.kind) : item.kind})` }))}
          value={from}
          onChange={setFrom}
          searchable
          required
          data-autofocus
          error={fieldErrorsUnder(copy.error, 'copy_from')}
          renderOption={({ option }) => {
            const item = items.find((candidate) => candidate.id === option.value);
            return (
              <Group gap="xs" wrap="nowrap">
                {item && <KindIcon kind={item.kind} size={22} />}
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {option.label}
                </Text>
              </Group>
            );
          }}
        />
        {chosen?.description && (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {chosen.description}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Name in this project"
            placeholder={chosen?.name ?? 'As in the organization'}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={fieldErrorsUnder(copy.error, 'name')}
          />
          <TextInput
            label="Variable prefix"
            placeholder={chosen?.env_prefix ?? 'As in the organization'}
            value={envPrefix}
            onChange={(event) => setEnvPrefix(event.currentTarget.value.toUpperCase())}
            styles={MONO_INPUT}
            autoComplete="off"
            error={fieldErrorsUnder(copy.error, 'env_prefix')}
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          The copy takes the configuration and each secret with its source as they are now; later changes of either do not reach the other.
        </Text>
      </>
    );

  return (
    <FormModal
      title="Copy an organization integration"
      opened
      onClose={onClose}
      mutation={copy}
      request={() =>
        from === null ? null : { copy_from: from, ...(name.trim() ? { name: name.trim() } : {}), ...(envPrefix.trim() ? { env_prefix: envPrefix.trim() } : {}) }
      }
      onSuccess={(copied) => notifications.show({ color: 'green', message: `“${copied.data.name}” copied into this project.` })}
      fields={['copy_from', 'name', 'env_prefix']}
      submitLabel="Copy into project"
      size="lg"
    >
      {body}
    </FormModal>
  );
}
