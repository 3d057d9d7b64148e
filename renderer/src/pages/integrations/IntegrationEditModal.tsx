import { Modal } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Tagged } from '../../api/client';
import { integrationKindsQuery, integrationQuery, type Integration, type IntegrationScope } from '../../api/integrations';
import { ErrorView } from '../../components/ErrorView';
import { LoadingState } from '../../components/LoadingState';
import { IntegrationFormModal } from './IntegrationFormModal';

interface Props {
  scope: IntegrationScope;
  iid: string;
  onClose: () => void;
}

/**
 * Changing an integration: it is read afresh (with its ETag) when the dialog opens, and again on
 * "Reload" after someone else saved it, which starts the form over from their version. The form
 * keeps the version it was opened with meanwhile, whatever else updates the cache.
 */
export function IntegrationEditModal({ scope, iid, onClose }: Props) {
  const integration = useQuery({ ...integrationQuery(scope, iid), refetchOnMount: 'always', refetchOnWindowFocus: false });
  const kinds = useQuery(integrationKindsQuery);
  const [read, setRead] = useState<Tagged<Integration> | null>(null);
  // The first fresh read becomes the form's (adjusted while rendering, as React advises for state that follows a query).
  if (read === null && integration.data && !integration.isFetching) setRead(integration.data);
  const reload = () =>
    void integration.refetch().then((result) => {
      if (result.data) setRead(result.data);
    });

  if (read === null || !kinds.data) {
    const failed = integration.isError ? integration.error : kinds.isError ? kinds.error : null;
    return (
      <Modal opened onClose={onClose} title="Edit integration" size="xl">
        {failed ? (
          <ErrorView error={failed} onRetry={() => void (integration.isError ? integration.refetch() : kinds.refetch())} />
        ) : (
          <LoadingState label="Reading the integration…" />
        )}
      </Modal>
    );
  }
  const kind = kinds.data.find((candidate) => candidate.kind === read.data.kind);
  if (!kind)
    return (
      <Modal opened onClose={onClose} title={`Edit ${read.data.name}`} size="xl">
        <ErrorView error={new Error(`This hub no longer knows integrations of the kind “${read.data.kind}”: it cannot be changed here.`)} />
      </Modal>
    );
  return (
    <IntegrationFormModal
      // Each version read starts the form over: a reload after a conflict shows the other person's changes.
      key={read.etag}
      scope={scope}
      mode={{ type: 'edit', kind, integration: read.data, etag: read.etag, onReload: reload }}
      onClose={onClose}
    />
  );
}
