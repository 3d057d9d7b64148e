import { Alert, Button, Group, MultiSelect, Paper, Radio, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { capabilitiesQuery } from '../../../api/alerts';
import { integrationsQuery } from '../../../api/integrations';
import { secretsQuery } from '../../../api/project-secrets';
import { useUpdateNotebookIntegrations } from '../../../api/queries';
import type { NotebookMeta, Project } from '../../../api/types';
import { ErrorView } from '../../../components/ErrorView';
import { FormError } from '../../../components/FormError';
import { LoadMore } from '../../../components/LoadMore';
import { canManage } from '../../project/project-context';
import { whatAppsReceive } from './what-apps-receive';

const sameIds = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id) => b.includes(id));

/**
 * What the notebook's sandboxes receive (docs/project-secrets.md): all of the project's
 * integrations or the chosen ones, and whether app sessions receive them (and the project's
 * secrets) too, with a sentence saying what an app then receives. Managers change it.
 */
export function NotebookIntegrationsCard({ meta, project }: { meta: NotebookMeta; project: Project }) {
  const capabilities = useQuery(capabilitiesQuery);
  const integrationsOn = capabilities.data?.integrations.available !== false;
  const integrations = useInfiniteQuery({ ...integrationsQuery({ kind: 'project', pid: project.id }), enabled: integrationsOn });
  const secrets = useQuery(secretsQuery(project.id));
  const saved = meta.integrations;
  const [all, setAll] = useState(saved.use === 'all');
  const [chosen, setChosen] = useState<string[]>(saved.use === 'all' ? [] : saved.use);
  const [inApps, setInApps] = useState(saved.in_apps);
  const update = useUpdateNotebookIntegrations(project.id, meta.id);
  const editable = canManage(project);

  const items = integrations.data?.pages.flatMap((page) => page.items) ?? [];
  const given = all ? items : items.filter((item) => chosen.includes(item.id));
  const changed = inApps !== saved.in_apps || all !== (saved.use === 'all') || (!all && saved.use !== 'all' && !sameIds(chosen, saved.use));
  const sentence = whatAppsReceive(inApps, { secrets: secrets.data?.map((secret) => secret.name) ?? [], integrations: given });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { use: all ? 'all' : chosen, in_apps: inApps },
      { onSuccess: () => notifications.show({ color: 'green', message: 'Saved what the notebook receives.' }) },
    );
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="notebook-integrations-heading">
      <Title order={2} size="h4" id="notebook-integrations-heading">
        Integrations and secrets
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        When a session or job run of this notebook starts, its sandbox receives the project&apos;s secrets and these integrations as environment variables, if
        the person it runs for may use them.
      </Text>
      {integrations.isError && !integrations.isFetchNextPageError && <ErrorView error={integrations.error} onRetry={() => void integrations.refetch()} />}
      <form onSubmit={onSubmit}>
        <Stack gap="sm">
          {integrationsOn && (
            <Radio.Group label="Integrations it receives" value={all ? 'all' : 'chosen'} onChange={(value) => setAll(value === 'all')} readOnly={!editable}>
              <Stack gap={6} mt={6}>
                <Radio value="all" label="All of the project's integrations, including those added later" disabled={!editable} />
                <Radio value="chosen" label="Only these" disabled={!editable} />
              </Stack>
            </Radio.Group>
          )}
          {integrationsOn && !all && (
            <Stack gap={4}>
              <MultiSelect
                aria-label="The integrations it receives"
                placeholder={items.length === 0 ? 'The project has no integrations yet' : 'Choose integrations'}
                data={items.map((item) => ({ value: item.id, label: `${item.name} (${item.env_prefix}_*)` }))}
                value={chosen}
                onChange={setChosen}
                searchable
                clearable
                disabled={!editable}
                nothingFoundMessage="No integration by that name"
              />
              <LoadMore pages={integrations} label="Load more integrations" />
            </Stack>
          )}
          <Switch
            label="Apps receive them too"
            description="Off: only edit sessions and job runs do. On: everyone who opens the app, whatever their own role, runs it with them."
            checked={inApps}
            onChange={(event) => setInApps(event.currentTarget.checked)}
            disabled={!editable}
          />
          <Alert color={inApps ? 'indigo' : 'gray'} variant="light" title="What an app receives">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {sentence}
            </Text>
          </Alert>
          <FormError error={update.error} />
          {editable ? (
            <Group justify="flex-end">
              <Button type="submit" loading={update.isPending} disabled={!changed}>
                Save
              </Button>
            </Group>
          ) : (
            <Text size="xs" c="dimmed">
              Only the project&apos;s managers change this.
            </Text>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
