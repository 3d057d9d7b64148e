import { Alert, Button, Code, Group, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { capabilitiesQuery } from '../../../api/alerts';
import { issuerFromHere, issuerQuery } from '../../../api/federation';
import { useUpdateProject } from '../../../api/project-settings';
import type { Project } from '../../../api/types';
import { fieldErrorsUnder } from '../../../components/field-errors';
import { FormError } from '../../../components/FormError';
import classes from './FederationSection.module.css';
import { CopyValueButton, TrustPolicyExamples } from './TrustPolicyExamples';
import { MONO_INPUT } from '../../../components/mono-input';

/**
 * The project's workload identity (docs/federation.md): whether its sessions and job runs receive
 * a token and for which audience, the issuer a consumer trusts, and example trust policies.
 */
export function FederationSection({ project }: { project: Project }) {
  const available = useQuery(capabilitiesQuery).data?.federation.available;
  const issuer = useQuery(issuerQuery);
  const [enabled, setEnabled] = useState(project.federation?.enabled ?? false);
  const [target, setTarget] = useState(project.federation?.target ?? '');
  const update = useUpdateProject(project.id);
  const changed = enabled !== (project.federation?.enabled ?? false) || target.trim() !== (project.federation?.target ?? '');
  const issuerUrl = issuer.data ?? issuerFromHere();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { federation: { enabled, ...(target.trim() ? { target: target.trim() } : {}) } },
      { onSuccess: () => notifications.show({ color: 'green', message: 'Workload identity saved.' }) },
    );
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="federation-heading">
      <Title order={2} size="h4" id="federation-heading">
        Workload identity
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Instead of storing cloud keys, the project&apos;s sessions and job runs can receive a short-lived token signed by this hub, which a cloud or storage
        service that trusts the hub exchanges for temporary credentials of a role (AWS STS, SeaweedFS). The notebook reads it through{' '}
        <Code>AWS_WEB_IDENTITY_TOKEN_FILE</Code> and <Code>AWS_ROLE_ARN</Code>, as the AWS SDKs do.
      </Text>
      <Stack gap="md">
        {available === false && (
          <Alert color="gray" title="Not offered by this hub">
            This hub issues no workload identity tokens (SERVICE_FEDERATION is off, or the hub has no public address). The setting is kept for when it does.
          </Alert>
        )}
        <form onSubmit={onSubmit}>
          <Stack gap="sm">
            <Switch
              label="Give sessions and job runs a workload identity token"
              checked={enabled}
              onChange={(event) => setEnabled(event.currentTarget.checked)}
            />
            <TextInput
              label="Target"
              description="The tokens' audience: an audience the consumer expects (sts.amazonaws.com, notebook-hub:<project>) or a role ARN, which is then also the role to assume."
              placeholder="arn:aws:iam::123456789012:role/analytics"
              value={target}
              onChange={(event) => setTarget(event.currentTarget.value)}
              required={enabled}
              maxLength={256}
              styles={MONO_INPUT}
              autoComplete="off"
              error={fieldErrorsUnder(update.error, 'federation')}
            />
            <FormError error={update.error} fields={['federation', 'federation.target', 'federation.enabled']} />
            <Group justify="flex-end">
              <Button type="submit" loading={update.isPending} disabled={!changed}>
                Save workload identity
              </Button>
            </Group>
          </Stack>
        </form>
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Issuer URL
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Code className={classes.issuer}>{issuerUrl}</Code>
            <CopyValueButton value={issuerUrl} label="Copy the issuer URL" />
          </Group>
          <Text size="xs" c="dimmed">
            {issuer.isError
              ? `The issuer did not answer here (${issuer.error.message}); this is the address it would have under this hub's address.`
              : 'Register it with the consumer as an OpenID Connect provider; it serves its discovery document and keys there, without sign-in.'}
          </Text>
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Example trust policy
          </Text>
          <TrustPolicyExamples projectId={project.id} savedTarget={project.federation?.target} typedTarget={target.trim()} />
        </Stack>
      </Stack>
    </Paper>
  );
}
