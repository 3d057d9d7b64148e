import { Button, Fieldset, Group, Paper, Select, Stack, Switch, TagsInput, Text, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useUpdateProject, type AssignableRole, type ProjectPatch } from '../../api/project-settings';
import type { Project } from '../../api/types';
import { FormError } from '../../components/FormError';
import { fieldErrorsUnder } from '../../components/field-errors';
import { isAdmin } from './project-context';

const ROLE_OPTIONS = [
  { value: 'none', label: 'None: members only' },
  { value: 'viewer', label: 'Viewer' },
  { value: 'editor', label: 'Editor' },
  { value: 'manager', label: 'Manager' },
];

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((value, index) => value === b[index]);

/** The editable settings. Only changed fields are sent, so a manager's rename never touches the labels. */
export function SettingsForm({ project }: { project: Project }) {
  const [name, setName] = useState(project.name);
  const [description, setDescription] = useState(project.description);
  const [tags, setTags] = useState(project.tags);
  const [defaultRole, setDefaultRole] = useState<string>(project.default_role ?? 'none');
  const [labelled, setLabelled] = useState(project.security_labels !== undefined);
  const [classification, setClassification] = useState(project.security_labels?.classification ?? '');
  const [compartments, setCompartments] = useState(project.security_labels?.compartments ?? []);
  const update = useUpdateProject(project.id);

  const patch: ProjectPatch = {};
  if (name.trim() !== project.name) patch.name = name.trim();
  if (description !== project.description) patch.description = description;
  if (!sameList(tags, project.tags)) patch.tags = tags;
  if (defaultRole !== (project.default_role ?? 'none')) patch.default_role = defaultRole === 'none' ? null : (defaultRole as AssignableRole);
  const labels = project.security_labels;
  if (!labelled && labels) patch.security_labels = null;
  if (labelled && (!labels || classification.trim() !== labels.classification || !sameList(compartments, labels.compartments)))
    patch.security_labels = { classification: classification.trim(), compartments };
  const changed = Object.keys(patch).length > 0;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(patch, { onSuccess: () => notifications.show({ color: 'green', message: 'Settings saved.' }) });
  };
  const error = update.error;

  return (
    <Paper withBorder p="md" component="form" onSubmit={onSubmit} aria-labelledby="settings-heading">
      <Stack gap="md">
        <Title order={2} size="h4" id="settings-heading">
          Settings
        </Title>
        <TextInput
          label="Name"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          required
          maxLength={200}
          error={fieldErrorsUnder(error, 'name')}
        />
        <Textarea
          label="Description"
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          autosize
          minRows={2}
          maxRows={8}
          error={fieldErrorsUnder(error, 'description')}
        />
        <TagsInput
          label="Tags"
          description="Plain names or namespace:name (letters, digits and ._:/-). Press Enter after each."
          value={tags}
          onChange={setTags}
          clearable
          error={fieldErrorsUnder(error, 'tags')}
        />
        <Select
          label="Default role"
          description="The role every signed-in user who is not a member gets. With none, only members see the project."
          data={ROLE_OPTIONS}
          value={defaultRole}
          onChange={(value) => value && setDefaultRole(value)}
          allowDeselect={false}
          error={fieldErrorsUnder(error, 'default_role')}
          maw={420}
        />
        <Fieldset legend="Security labels" variant="filled">
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              Labels hide the project from anyone whose security context does not clear them. Managers may raise them (a higher classification, more
              compartments); {isAdmin(project) ? 'as the admin, you may also lower or remove them.' : 'only the admin may lower or remove them.'}
            </Text>
            <Switch label="This project is labelled" checked={labelled} onChange={(event) => setLabelled(event.currentTarget.checked)} />
            {labelled && (
              <Group grow align="flex-start" preventGrowOverflow={false}>
                <TextInput
                  label="Classification"
                  value={classification}
                  onChange={(event) => setClassification(event.currentTarget.value)}
                  required
                  maxLength={64}
                  error={fieldErrorsUnder(error, 'security_labels.classification')}
                />
                <TagsInput
                  label="Compartments"
                  value={compartments}
                  onChange={setCompartments}
                  maxTags={64}
                  clearable
                  error={fieldErrorsUnder(error, 'security_labels.compartments')}
                />
              </Group>
            )}
          </Stack>
        </Fieldset>
        <FormError error={error} />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending} disabled={!changed}>
            Save changes
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
