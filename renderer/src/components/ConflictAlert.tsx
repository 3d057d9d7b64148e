import { Alert, Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { isApiError } from '../api/errors';

interface Props {
  /** What was saved meanwhile: "integration", "secret". */
  what: string;
  onReload: () => void;
  reloading?: boolean;
}

/**
 * A conditional write refused because someone else saved first (412 PRECONDITION_FAILED): nothing
 * was written, and reloading shows their version to change again.
 */
export function ConflictAlert({ what, onReload, reloading }: Props) {
  return (
    <Alert color="red" role="alert" title="Not saved">
      <Group justify="space-between" align="center" gap="sm" wrap="nowrap">
        <div>
          <Text size="sm">Someone else saved this {what}; reload to see their changes.</Text>
          <Text size="xs" c="dimmed">
            Reloading replaces what you typed here.
          </Text>
        </div>
        <Button size="xs" variant="default" onClick={onReload} loading={reloading} style={{ flex: 'none' }}>
          Reload
        </Button>
      </Group>
    </Alert>
  );
}

/** For a form's `renderError`: the conflict alert for a 412, the API's own message for anything else. */
export function conflictView(what: string, onReload: () => void): (error: Error) => ReactNode | undefined {
  return (error) => (isApiError(error, 'PRECONDITION_FAILED') ? <ConflictAlert what={what} onReload={onReload} /> : undefined);
}
