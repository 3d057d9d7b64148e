import { Badge, Group, Paper, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { adminConfigQuery } from '../../../api/admin';
import type { DeploymentConfig } from '../../../api/admin-types';
import { formatDateTime } from '../../../app/format';
import { RequestError } from '../RequestError';
import { EmptyState } from '../../../components/EmptyState';
import { LoadingState } from '../../../components/LoadingState';
import { ConfigGroupCard } from './ConfigGroupCard';

/**
 * The deployment's configuration as read at start-up: the running build, the access policy, then one card per settings group.
 * ?show=set narrows the groups to the settings given a value, leaving out groups with none.
 */
export function ConfigTab() {
  const config = useQuery(adminConfigQuery);
  const [params, setParams] = useSearchParams();
  const onlySet = params.get('show') === 'set';
  if (config.isPending) return <LoadingState label="Loading the configuration…" />;
  if (config.isError) return <RequestError error={config.error} onRetry={() => void config.refetch()} />;
  const { deployment, policy, groups } = config.data;
  const shown = onlySet
    ? groups.map((group) => ({ ...group, settings: group.settings.filter((setting) => setting.set) })).filter((group) => group.settings.length > 0)
    : groups;
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text size="sm" c="dimmed">
          Values are read when the hub starts; changing one takes a restart. Secrets are never shown, only whether they are set.
        </Text>
        <SegmentedControl
          aria-label="Settings shown"
          // Its label colour would otherwise trail a theme switch.
          transitionDuration={0}
          size="xs"
          value={onlySet ? 'set' : 'all'}
          onChange={(value) => setParams(value === 'set' ? { show: 'set' } : {}, { replace: true })}
          data={[
            { value: 'all', label: 'All settings' },
            { value: 'set', label: 'Only those set' },
          ]}
        />
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <DeploymentCard deployment={deployment} />
        <PolicyCard policy={policy} />
      </SimpleGrid>
      {shown.map((group) => (
        <ConfigGroupCard key={group.name} group={group} />
      ))}
      {shown.length === 0 && <EmptyState title="Every setting has its default">No setting of this deployment is given a value.</EmptyState>}
    </Stack>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed" w={130} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

function DeploymentCard({ deployment }: { deployment: DeploymentConfig['deployment'] }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        Deployment
      </Title>
      {deployment ? (
        <Stack gap={6}>
          <Field label="Version">{deployment.version}</Field>
          <Field label="Image">{deployment.image ?? '—'}</Field>
          <Field label="Sandbox image">{deployment.sandbox_image ?? '—'}</Field>
          <Field label="Started">{formatDateTime(deployment.started_at)}</Field>
          <Field label="Replica">{deployment.replica ?? '—'}</Field>
          <Field label="Node">{deployment.node ?? '—'}</Field>
          {deployment.backends && (
            <Field label="Backends">
              storage {deployment.backends.storage}, compute {deployment.backends.compute}, sign-in {deployment.backends.auth}
            </Field>
          )}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          This hub does not report its deployment details.
        </Text>
      )}
    </Paper>
  );
}

function PolicyCard({ policy }: { policy: DeploymentConfig['policy'] }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        Access policy
      </Title>
      <Stack gap={6}>
        <Field label="Default role">{policy.default_role ?? 'none (projects are visible to their members only)'}</Field>
        <Field label="Super admins">
          {policy.super_admins.length === 0 ? (
            'none configured'
          ) : (
            <Group gap={4} component="span">
              {policy.super_admins.map((admin) => (
                <Badge key={admin} variant="light" tt="none">
                  {admin}
                </Badge>
              ))}
            </Group>
          )}
        </Field>
      </Stack>
    </Paper>
  );
}
