import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import type { CreatedToken } from '../../api/tokens';

/** The new token's value: the only time the hub ever shows it. */
export function TokenCreatedModal({ token, onClose }: { token: CreatedToken | null; onClose: () => void }) {
  return (
    <Modal opened={token !== null} onClose={onClose} title="Your new token" size="lg" closeOnClickOutside={false}>
      {token && (
        <Stack gap="md">
          <Alert color="yellow" title="Copy it now: you will not see it again" styles={{ title: { color: 'var(--mantine-color-text)' } }}>
            The hub keeps only a fingerprint of “{token.name}”. If you lose the value, revoke this token and create another.
          </Alert>
          <Code block fz="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} aria-label="Token value" data-testid="token-value">
            {token.token}
          </Code>
          <Text size="sm" c="dimmed">
            Send it as <Code>Authorization: Bearer …</Code>. It acts as you, within its scope.
          </Text>
          <Group justify="flex-end">
            <CopyButton value={token.token}>
              {({ copied, copy }) => (
                <Button onClick={copy} data-autofocus>
                  {copied ? 'Copied' : 'Copy token'}
                </Button>
              )}
            </CopyButton>
            <Button variant="default" onClick={onClose}>
              Done
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
