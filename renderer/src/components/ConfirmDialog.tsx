import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { FormError } from './FormError';

export interface ConfirmDialogProps {
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
  /**
   * `danger` (the default) for what removes something or locks someone out: a red button, and
   * Cancel holds the focus; `safe` for what only adds or restores: the confirm button holds it.
   */
  tone?: 'danger' | 'safe';
  children: ReactNode;
}

/** Asks before an action; the API's refusal stays in the dialog. The app's one confirmation dialog. */
export function ConfirmDialog({
  title,
  opened,
  onClose,
  onConfirm,
  confirmLabel,
  pending,
  error,
  typeToConfirm,
  tone = 'danger',
  children,
}: ConfirmDialogProps) {
  const [typed, setTyped] = useState('');
  const danger = tone === 'danger';
  const close = () => {
    setTyped('');
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A dialog opened from inside another form must not submit that one too (React bubbles through portals).
    event.stopPropagation();
    if (typeToConfirm === undefined || typed === typeToConfirm) onConfirm();
  };
  return (
    <Modal opened={opened} onClose={close} title={title}>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
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
            <Button variant="default" onClick={close} data-autofocus={(danger && typeToConfirm === undefined) || undefined}>
              Cancel
            </Button>
            <Button
              type="submit"
              // The darkest red keeps white text at 4.5:1 in both themes.
              color={danger ? 'red.9' : undefined}
              loading={pending}
              disabled={typeToConfirm !== undefined && typed !== typeToConfirm}
              data-autofocus={(!danger && typeToConfirm === undefined) || undefined}
            >
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
