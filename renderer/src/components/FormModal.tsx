import { Button, Group, Modal, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { FormError } from './FormError';

interface Props {
  title: string;
  opened: boolean;
  onClose: () => void;
  onSubmit: () => void;
  /** The request's error: its message is shown above the buttons (field errors go on the fields). */
  error: Error | null;
  /** The request fields whose messages the form shows at the fields (not repeated above the buttons). */
  fields?: readonly string[];
  pending: boolean;
  submitLabel?: string;
  size?: string;
  children: ReactNode;
}

/** A dialog with one form: its fields, the API's error, Cancel and a submit button. */
export function FormModal({ title, opened, onClose, onSubmit, error, fields, pending, submitLabel = 'Create', size, children }: Props) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size}>
      <form onSubmit={submit}>
        <Stack gap="sm">
          {children}
          <FormError error={error} fields={fields} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
