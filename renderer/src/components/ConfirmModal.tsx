import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { FormError } from './FormError';

interface Props {
  title: string;
  opened: boolean;
  onClose: () => void;
  onConfirm: () => void;
  confirmLabel: string;
  pending: boolean;
  /** The failed request's error, shown in the dialog so the user can retry or cancel. */
  error: Error | null;
  /** When set, the confirm button stays disabled until this exact text is typed (for what cannot be undone). */
  typeToConfirm?: string;
  /** `danger` (the default) for what removes something; `safe` for what only adds, such as a restore. */
  tone?: 'danger' | 'safe';
  children: ReactNode;
}

/** Asks before a destructive action; the API's refusal stays in the dialog. */
export function ConfirmModal({ title, opened, onClose, onConfirm, confirmLabel, pending, error, typeToConfirm, tone = 'danger', children }: Props) {
  const [typed, setTyped] = useState('');
  const close = () => {
    setTyped('');
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typeToConfirm === undefined || typed === typeToConfirm) onConfirm();
  };
  return (
    <Modal opened={opened} onClose={close} title={title}>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {children}
          </Text>
          {typeToConfirm !== undefined && (
            <TextInput
              label={
                <>
                  Type <strong>{typeToConfirm}</strong> to confirm
                </>
              }
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              autoComplete="off"
              data-autofocus
            />
          )}
          <FormError error={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} data-autofocus={typeToConfirm === undefined || undefined}>
              Cancel
            </Button>
            <Button
              type="submit"
              color={tone === 'danger' ? 'red.9' : undefined}
              loading={pending}
              disabled={typeToConfirm !== undefined && typed !== typeToConfirm}
            >
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
