import { Badge, Button, Code, Group, Popover, ScrollArea, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { Session } from '../../api/sessions';

type Received = Session['received'];

/** How many things the sandbox was given: integrations, secrets, a token. */
export const receivedCount = (received: Received): number => received.integrations.length + received.secrets.length + (received.federation_token ? 1 : 0);

function Names({ names }: { names: readonly string[] }) {
  return (
    <Group gap={4}>
      {names.map((name) => (
        <Code key={name} style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Code>
      ))}
    </Group>
  );
}

/** The list itself: by name only, never a value (docs/project-secrets.md, "What a session received"). */
export function ReceivedList({ received, mode }: { received: Received; mode: Session['mode'] }) {
  if (receivedCount(received) === 0 && received.unavailable.length === 0)
    return (
      <Text size="sm">
        Nothing: this session&apos;s sandbox received no secrets, integrations or workload identity token.
        {mode === 'app' ? ' An app receives them only where the notebook’s setting gives them to apps.' : ''}
      </Text>
    );
  return (
    <Stack gap="sm">
      {received.integrations.length > 0 && (
        <section aria-labelledby="received-integrations">
          <Title order={3} size="h6" id="received-integrations" mb={4}>
            Integrations
          </Title>
          <Stack gap={6}>
            {received.integrations.map((integration) => (
              <div key={integration.id}>
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {integration.name}{' '}
                  <Text span size="xs" c="dimmed">
                    ({integration.kind})
                  </Text>
                </Text>
                <Names names={integration.variables} />
                {integration.files.length > 0 && (
                  <Text size="xs" c="dimmed" mt={2}>
                    Files in NOTEBOOK_HUB_SECRETS_DIR: {integration.files.join(', ')}
                  </Text>
                )}
              </div>
            ))}
          </Stack>
        </section>
      )}
      {received.secrets.length > 0 && (
        <section aria-labelledby="received-secrets">
          <Title order={3} size="h6" id="received-secrets" mb={4}>
            Secrets
          </Title>
          <Names names={received.secrets} />
        </section>
      )}
      {received.unavailable.length > 0 && (
        <section aria-labelledby="received-unavailable">
          <Title order={3} size="h6" id="received-unavailable" mb={4}>
            Not given
          </Title>
          <Stack gap={2}>
            {received.unavailable.map((missing) => (
              <Text key={missing.name} size="sm" style={{ overflowWrap: 'anywhere' }}>
                <Code>{missing.name}</Code>: {missing.reason}
              </Text>
            ))}
          </Stack>
        </section>
      )}
      <Text size="sm">
        {received.federation_token ? 'A workload identity token, in the file AWS_WEB_IDENTITY_TOKEN_FILE names.' : 'No workload identity token.'}
      </Text>
      <Text size="xs" c="dimmed">
        Names only: the values are in the sandbox&apos;s environment, never in the notebook&apos;s versions, snapshots or Git.
      </Text>
    </Stack>
  );
}

/** The bar's "Received" button: what the session's sandbox was given, in a popover. */
export function SessionReceived({ session }: { session: Session }) {
  const count = receivedCount(session.received);
  const missing = session.received.unavailable.length;
  return (
    <Popover width={380} position="bottom-end" shadow="md" withArrow trapFocus>
      <Popover.Target>
        <Button
          size="xs"
          variant="default"
          rightSection={
            <Badge size="xs" circle color={missing > 0 ? 'red' : 'gray'}>
              {count}
            </Badge>
          }
        >
          Received
          <VisuallyHidden>
            {' '}
            ({count} given{missing > 0 ? `, ${missing} not given` : ''})
          </VisuallyHidden>
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Title order={2} size="h5" mb="xs">
          What this session received
        </Title>
        <ScrollArea.Autosize mah={360} type="auto" offsetScrollbars>
          <ReceivedList received={session.received} mode={session.mode} />
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
