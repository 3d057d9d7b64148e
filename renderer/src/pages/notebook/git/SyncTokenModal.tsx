import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { SyncToken } from '../../../api/git';

const CI_STEP = 'curl -fsS -X POST "$SYNC_URL" -H "Authorization: Bearer $SYNC_TOKEN"';

function CopyableValue({ label, value, copyLabel, testId }: { label: string; value: string; copyLabel: string; testId: string }) {
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button size="compact-sm" variant={copied ? 'light' : 'default'} color={copied ? 'green' : undefined} onClick={copy} aria-label={copyLabel}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Code block fz="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} aria-label={label} data-testid={testId}>
        {value}
      </Code>
    </Stack>
  );
}

/**
 * A push-mode notebook's sync URL and token: the only time the hub shows the token (it keeps a
 * hash), so a stray click beside the dialog does not close it.
 */
export function SyncTokenModal({ token, onClose, children }: { token: SyncToken | null; onClose: () => void; children?: ReactNode }) {
  return (
    <Modal opened={token !== null} onClose={onClose} title="Sync URL and token" size="lg" closeOnClickOutside={false}>
      {token && (
        <Stack gap="md">
          <Alert color="yellow" title="Shown only once: copy the token now" styles={{ title: { color: 'var(--mantine-color-text)' } }}>
            The hub keeps only a hash of it. If it is lost, rotate it on the notebook&apos;s page: the old one stops working at once.
          </Alert>
          {children}
          <CopyableValue label="Sync URL" value={token.sync_url} copyLabel="Copy sync URL" testId="sync-url" />
          <CopyableValue label="Sync token" value={token.sync_token} copyLabel="Copy sync token" testId="sync-token" />
          <Stack gap={4}>
            <Text size="sm">
              Keep both in your CI&apos;s secrets as <Code>SYNC_URL</Code> and <Code>SYNC_TOKEN</Code>, and call the hub after each push to the branch:
            </Text>
            <Code block fz="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              {CI_STEP}
            </Code>
          </Stack>
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              Done
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
