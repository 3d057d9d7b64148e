import { Alert, Button, Code, CopyButton, Group, Paper, Stack, Switch, Tabs, Text, TextInput, Title } from '@mantine/core';
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
import { awsTrustPolicy, seaweedfsIamExample } from './trust-policies';
import { MONO_INPUT } from '../../../components/mono-input';

function CopyValueButton({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button size="xs" variant="default" onClick={copy} aria-label={label} style={{ flex: 'none' }}>
          {copied ? 'Copied' : 'Copy'}
        </Button>
      )}
    </CopyButton>
  );
}

/** A JSON example in a box that scrolls (and takes the keyboard's focus to do so), with its copy button. */
function Example({ name, text }: { name: string; text: string }) {
  return (
    <Stack gap={6}>
      <Group justify="flex-end">
        <CopyValueButton value={text} label={`Copy the ${name}`} />
      </Group>
      <pre className={classes.example} tabIndex={0} role="region" aria-label={name}>
        {text}
      </pre>
    </Stack>
  );
}

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
  const example = { issuer: issuerUrl, audience: target.trim() || '<TARGET>', projectId: project.id };

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
          <Text size="xs" c="dimmed">
            Lets only this project&apos;s tokens, for its target, assume the role: the subject of every token of this project begins with{' '}
            <Code>project:{project.id}:</Code>
          </Text>
          <Tabs defaultValue="aws">
            <Tabs.List>
              <Tabs.Tab value="aws">AWS IAM</Tabs.Tab>
              <Tabs.Tab value="seaweedfs">SeaweedFS</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="aws" pt="xs">
              <Text size="xs" c="dimmed" mb={4}>
                The role&apos;s trust policy, once the issuer URL is an IAM OIDC identity provider with the target as its audience.
              </Text>
              <Example name="AWS IAM trust policy" text={JSON.stringify(awsTrustPolicy(example), null, 2)} />
            </Tabs.Panel>
            <Tabs.Panel value="seaweedfs" pt="xs">
              <Text size="xs" c="dimmed" mb={4}>
                In the S3 gateway&apos;s IAM configuration (-s3.iam.config): the hub as an OIDC provider, and a role that trusts it.
              </Text>
              <Example name="SeaweedFS IAM configuration" text={JSON.stringify(seaweedfsIamExample(example), null, 2)} />
            </Tabs.Panel>
          </Tabs>
        </Stack>
      </Stack>
    </Paper>
  );
}
