import { MultiSelect, Radio, Select, Stack, TextInput } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { projectsQuery } from '../../api/queries';
import { useCreateToken, type CreatedToken, type TokenAction } from '../../api/tokens';
import { FormModal } from '../../components/FormModal';
import { fieldErrorsUnder } from '../../components/field-errors';
import { useFormValues } from '../../components/use-form-values';
import { TOKEN_ACTION_GROUPS } from './token-actions';
import { EXPIRY_CHOICES, expiresAt } from './token-expiry';

interface Props {
  opened: boolean;
  onClose: () => void;
  onCreated: (token: CreatedToken) => void;
}

const START = { name: '', expiry: '90', customDate: '', allActions: 'all', actions: [] as string[], allProjects: 'all', projects: [] as string[] };

/** Creates a personal access token: a name, when it expires, and optionally a narrower scope. */
export function CreateTokenModal({ opened, onClose, onCreated }: Props) {
  const { values, set } = useFormValues(START, opened);
  const create = useCreateToken();
  const projectList = useInfiniteQuery({ ...projectsQuery, enabled: opened && values.allProjects === 'some' });
  const projectOptions = (projectList.data?.pages.flatMap((page) => page.items) ?? []).map((project) => ({ value: project.id, label: project.name }));
  const request = () => ({
    name: values.name.trim(),
    expires_at: expiresAt(values.expiry, values.customDate),
    scope: {
      actions: values.allActions === 'all' ? ('*' as const) : (values.actions as TokenAction[]),
      projects: values.allProjects === 'all' ? ('*' as const) : values.projects,
    },
  });

  return (
    <FormModal title="Create token" opened={opened} onClose={onClose} mutation={create} request={request} onSuccess={onCreated} submitLabel="Create token">
      <TextInput
        label="Name"
        description="What the token is for, so you recognise it in this list."
        value={values.name}
        onChange={(event) => set('name', event.currentTarget.value)}
        required
        maxLength={100}
        data-autofocus
        error={fieldErrorsUnder(create.error, 'name')}
      />
      <Select label="Expires" data={EXPIRY_CHOICES} value={values.expiry} onChange={(value) => value && set('expiry', value)} allowDeselect={false} />
      {values.expiry === 'custom' && (
        <TextInput
          type="date"
          label="Expiry date"
          value={values.customDate}
          onChange={(event) => set('customDate', event.currentTarget.value)}
          required
          error={fieldErrorsUnder(create.error, 'expires_at')}
        />
      )}
      <Radio.Group
        label="What it may do"
        value={values.allActions}
        onChange={(value) => set('allActions', value)}
        description="A token never does more than you may do yourself."
      >
        <Stack gap="xs" mt="xs">
          <Radio value="all" label="Everything you may do" />
          <Radio value="some" label="Only these actions" />
        </Stack>
      </Radio.Group>
      {values.allActions === 'some' && (
        <MultiSelect
          label="Actions"
          data={TOKEN_ACTION_GROUPS}
          value={values.actions}
          onChange={(value) => set('actions', value)}
          searchable
          required
          error={fieldErrorsUnder(create.error, 'scope.actions')}
        />
      )}
      <Radio.Group label="Where" value={values.allProjects} onChange={(value) => set('allProjects', value)}>
        <Stack gap="xs" mt="xs">
          <Radio value="all" label="All your projects" />
          <Radio value="some" label="Only these projects" />
        </Stack>
      </Radio.Group>
      {values.allProjects === 'some' && (
        <MultiSelect
          label="Projects"
          data={projectOptions}
          value={values.projects}
          onChange={(value) => set('projects', value)}
          searchable
          required
          maxValues={100}
          nothingFoundMessage={projectList.isPending ? 'Loading projects…' : projectList.isError ? projectList.error.message : 'No projects'}
          error={fieldErrorsUnder(create.error, 'scope.projects')}
        />
      )}
    </FormModal>
  );
}
