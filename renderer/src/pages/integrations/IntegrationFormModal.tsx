import { Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useCreateIntegration, useReplaceIntegration, type Integration, type IntegrationKind, type IntegrationScope } from '../../api/integrations';
import type { Tagged } from '../../api/client';
import { conflictView } from '../../components/ConflictAlert';
import { FormModal } from '../../components/FormModal';
import { createRequest, formFields, newIntegrationValues, replaceRequest, savedIntegrationValues } from './kind-form';
import { IntegrationFields } from './IntegrationFields';
import { KindIcon } from './KindIcon';

export type IntegrationFormMode =
  | { type: 'create'; kind: IntegrationKind }
  /** The integration as read, with its ETag: the change is sent with If-Match. */
  | { type: 'edit'; kind: IntegrationKind; integration: Integration; etag: string; onReload: () => void };

interface Props {
  scope: IntegrationScope;
  mode: IntegrationFormMode;
  onClose: () => void;
  onSaved?: (saved: Tagged<Integration>) => void;
}

/** Adds an integration of a kind, or changes one; a change someone else saved first is refused and offers a reload. */
export function IntegrationFormModal({ scope, mode, onClose, onSaved }: Props) {
  const { kind } = mode;
  const [values, setValues] = useState(() => (mode.type === 'create' ? newIntegrationValues(kind) : savedIntegrationValues(kind, mode.integration)));
  const create = useCreateIntegration(scope);
  const replace = useReplaceIntegration(scope);
  const onSuccess = (saved: Tagged<Integration>) => {
    notifications.show({ color: 'green', message: `Integration “${saved.data.name}” ${mode.type === 'create' ? 'added' : 'saved'}.` });
    onSaved?.(saved);
  };
  const title = mode.type === 'create' ? `Add ${kind.name} integration` : `Edit ${mode.integration.name}`;
  const heading = (
    <Group gap="sm" wrap="nowrap" mb="xs">
      <KindIcon kind={kind.kind} size={28} />
      <Text size="sm" c="dimmed">
        {kind.description}
      </Text>
    </Group>
  );

  if (mode.type === 'create')
    return (
      <FormModal
        title={title}
        opened
        onClose={onClose}
        mutation={create}
        request={() => createRequest(kind, values)}
        onSuccess={onSuccess}
        fields={formFields(kind)}
        submitLabel="Add integration"
        size="xl"
      >
        {heading}
        <IntegrationFields kind={kind} values={values} onChange={setValues} error={create.error} editing={false} />
      </FormModal>
    );
  return (
    <FormModal
      title={title}
      opened
      onClose={onClose}
      mutation={replace}
      request={() => ({ iid: mode.integration.id, etag: mode.etag, body: replaceRequest(kind, values) })}
      onSuccess={onSuccess}
      fields={formFields(kind)}
      submitLabel="Save"
      size="xl"
      renderError={conflictView('integration', mode.onReload)}
    >
      {heading}
      <IntegrationFields kind={kind} values={values} onChange={setValues} error={replace.error} editing />
    </FormModal>
  );
}
