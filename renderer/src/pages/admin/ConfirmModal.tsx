import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormError } from '../../components/FormError';

interface Props {
  title: string;
  opened: boolean;
  onClose: () => void;
  onConfirm: () => void;
  confirmLabel: string;
  pending: boolean;
  /** The refused request: the API's message stays in the dialog so the admin can read it. */
  error: Error | null;
  danger?: boolean;
  children: ReactNode;
}

/** A yes/no question before an action that changes someone else's work or access. */
export function ConfirmModal({ title, opened, onClose, onConfirm, confirmLabel, pending, error, danger = false, children }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="sm">
        {typeof children === 'string' ? <Text size="sm">{children}</Text> : children}
        <FormError error={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button // The darkest red keeps white text at 4.5:1 in both themes.
            color={danger ? 'red.9' : undefined}
            loading={pending}
            onClick={onConfirm}
            data-autofocus
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
