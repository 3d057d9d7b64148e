import { MultiSelect, Radio, Select, Stack, TextInput } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { projectsQuery } from '../../api/queries';
import { useCreateToken, type CreatedToken, type TokenAction } from '../../api/tokens';
import { FormModal } from '../../components/FormModal';
import { fieldErrorsUnder } from '../../components/field-errors';
import { TOKEN_ACTION_GROUPS } from './token-actions';
import { EXPIRY_CHOICES, expiresAt } from './token-expiry';

interface Props {
  opened: boolean;
  onClose: () => void;
  onCreated: (token: CreatedToken) => void;
}

/** Creates a personal access token: a name, when it expires, and optionally a narrower scope. */
export function CreateTokenModal({ opened, onClose, onCreated }: Props) {
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState('90');
  const [customDate, setCustomDate] = useState('');
  const [allActions, setAllActions] = useState('all');
  const [actions, setActions] = useState<string[]>([]);
  const [allProjects, setAllProjects] = useState('all');
  const [projects, setProjects] = useState<string[]>([]);
  const create = useCreateToken();
  const projectList = useInfiniteQuery({ ...projectsQuery, enabled: opened && allProjects === 'some' });
  const projectOptions = (projectList.data?.pages.flatMap((page) => page.items) ?? []).map((project) => ({ value: project.id, label: project.name }));

  const close = () => {
    setName('');
    setExpiry('90');
    setCustomDate('');
    setAllActions('all');
    setActions([]);
    setAllProjects('all');
    setProjects([]);
    create.reset();
    onClose();
  };
  const onSubmit = () =>
    create.mutate(
      {
        name: name.trim(),
        expires_at: expiresAt(expiry, customDate),
        scope: { actions: allActions === 'all' ? '*' : (actions as TokenAction[]), projects: allProjects === 'all' ? '*' : projects },
      },
      {
        onSuccess: (token) => {
          close();
          onCreated(token);
        },
      },
    );

  return (
    <FormModal
      title="Create token"
      opened={opened}
      onClose={close}
      onSubmit={onSubmit}
      error={create.error}
      pending={create.isPending}
      submitLabel="Create token"
    >
      <TextInput
        label="Name"
        description="What the token is for, so you recognise it in this list."
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        required
        maxLength={100}
        data-autofocus
        error={fieldErrorsUnder(create.error, 'name')}
      />
      <Select label="Expires" data={EXPIRY_CHOICES} value={expiry} onChange={(value) => value && setExpiry(value)} allowDeselect={false} />
      {expiry === 'custom' && (
        <TextInput
          type="date"
          label="Expiry date"
          value={customDate}
          onChange={(event) => setCustomDate(event.currentTarget.value)}
          required
          error={fieldErrorsUnder(create.error, 'expires_at')}
        />
      )}
      <Radio.Group label="What it may do" value={allActions} onChange={setAllActions} description="A token never does more than you may do yourself.">
        <Stack gap="xs" mt="xs">
          <Radio value="all" label="Everything you may do" />
          <Radio value="some" label="Only these actions" />
        </Stack>
      </Radio.Group>
      {allActions === 'some' && (
        <MultiSelect
          label="Actions"
          data={TOKEN_ACTION_GROUPS}
          value={actions}
          onChange={setActions}
          searchable
          required
          error={fieldErrorsUnder(create.error, 'scope.actions')}
        />
      )}
      <Radio.Group label="Where" value={allProjects} onChange={setAllProjects}>
        <Stack gap="xs" mt="xs">
          <Radio value="all" label="All your projects" />
          <Radio value="some" label="Only these projects" />
        </Stack>
      </Radio.Group>
      {allProjects === 'some' && (
        <MultiSelect
          label="Projects"
          data={projectOptions}
          value={projects}
          onChange={setProjects}
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
