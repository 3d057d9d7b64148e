import { Alert, Button, Code, CopyButton, Group, Loader, Stack, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { trustPoliciesQuery, type TrustPolicies } from '../../../api/federation';
import { isApiError } from '../../../api/errors';
import classes from './FederationSection.module.css';

export function CopyValueButton({ value, label }: { value: string; label: string }) {
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

type Provider = TrustPolicies['examples'][number]['provider'];

/** How each consumer's example is introduced; the example itself is the hub's. */
const PROVIDERS: Record<Provider, { tab: string; hint: string }> = {
  aws: { tab: 'AWS IAM', hint: 'The role’s trust policy, once the issuer URL is an IAM OIDC identity provider with the target as its audience.' },
  seaweedfs: { tab: 'SeaweedFS', hint: 'In the S3 gateway’s IAM configuration (-s3.iam.config): the hub as an OIDC provider, and a role that trusts it.' },
};

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
 * The example trust policies the hub builds for the project's saved target (docs/federation.md,
 * "Trust policies"), one tab per consumer; a target typed but not saved is not in them yet.
 */
export function TrustPolicyExamples({ projectId, savedTarget, typedTarget }: { projectId: string; savedTarget: string | undefined; typedTarget: string }) {
  const policies = useQuery(trustPoliciesQuery(projectId, savedTarget));
  if (savedTarget === undefined)
    return (
      <Text size="sm" c="dimmed">
        Save a target to see the trust policies for it, filled in for this project.
      </Text>
    );
  if (policies.isPending) return <Loader size="sm" aria-label="Loading the example trust policies" />;
  if (policies.isError)
    return (
      <Alert color={isApiError(policies.error, 'NOT_FOUND') ? 'gray' : 'red'} title="No example trust policies">
        {policies.error.message}
      </Alert>
    );
  const { examples, subject_pattern } = policies.data;
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed">
        Lets only this project&apos;s tokens, for its target, assume the role: the subject of every token of this project matches <Code>{subject_pattern}</Code>
      </Text>
      {typedTarget !== savedTarget && (
        <Text size="xs" c="dimmed">
          Shown for the saved target <Code>{savedTarget}</Code>; save to see them for the new one.
        </Text>
      )}
      <Tabs defaultValue={examples[0]?.provider}>
        <Tabs.List>
          {examples.map((example) => (
            <Tabs.Tab key={example.provider} value={example.provider}>
              {PROVIDERS[example.provider].tab}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {examples.map((example) => (
          <Tabs.Panel key={example.provider} value={example.provider} pt="xs">
            <Text size="xs" c="dimmed" mb={4}>
              {PROVIDERS[example.provider].hint}
            </Text>
            <Example name={example.name} text={JSON.stringify(example.policy, null, 2)} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
