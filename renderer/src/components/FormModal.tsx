import { Button, Group, Modal, Stack } from '@mantine/core';
import { useEffect, useState, type ComponentType, type FormEvent, type ReactNode } from 'react';
import type { ConfirmedMutation } from './ConfirmButton';
import { FormError } from './FormError';
import classes from './FormModal.module.css';
import { useOverflowing } from './use-overflowing';

interface Props<TData, TVariables> {
  title: string;
  opened: boolean;
  /** Called when the dialog closes: Cancel, Escape, or after the mutation succeeded. */
  onClose: () => void;
  /** What the form sends; its error is shown in the dialog and forgotten when it closes. */
  mutation: ConfirmedMutation<TData, TVariables>;
  /** The request built from the fields when the form is submitted; null sends nothing and closes (nothing to change). */
  request: () => TVariables | null;
  /** What happens once the request succeeded (the dialog has closed). */
  onSuccess?: (data: TData) => void;
  /** The request fields whose messages the form shows at the fields (not repeated above the buttons). */
  fields?: readonly string[];
  submitLabel?: string;
  size?: string;
  /** Shows a refusal its own way (a conflict with a reload action); undefined leaves it to the API's message. */
  renderError?: (error: Error) => ReactNode | undefined;
  children: ReactNode;
}

/**
 * A dialog with one form (the app's form-modal pattern): its fields, the API's error, Cancel and a
 * submit button that sends the mutation; it closes when the mutation succeeds. A form longer than
 * the window scrolls between its title and its footer (the error and the buttons), and a refusal
 * brings the first field it marked into view.
 */
export function FormModal<TData, TVariables>({
  title,
  opened,
  onClose,
  mutation,
  request,
  onSuccess,
  fields,
  submitLabel = 'Create',
  size,
  renderError,
  children,
}: Props<TData, TVariables>) {
  const [form, setForm] = useState<HTMLFormElement | null>(null);
  const scrolling = useOverflowing(form?.closest<HTMLElement>(`.${classes.content}`) ?? null, 'y');
  useEffect(() => {
    const invalid = mutation.error ? form?.querySelector<HTMLElement>('[aria-invalid="true"]') : null;
    if (!invalid) return;
    invalid.focus({ preventScroll: true });
    // Centred: neither the sticky title nor the footer covers it. (jsdom has no scrolling.)
    invalid.scrollIntoView?.({ block: 'center' });
  }, [mutation.error, form]);
  const close = () => {
    mutation.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const variables = request();
    if (variables === null) return close();
    mutation.mutate(variables, {
      onSuccess: (data) => {
        close();
        onSuccess?.(data);
      },
    });
  };
  return (
    <Modal opened={opened} onClose={close} title={title} size={size} classNames={{ content: classes.content, header: classes.header, body: classes.body }}>
      <form onSubmit={submit} ref={setForm}>
        <Stack gap="sm">{children}</Stack>
        <Stack gap="sm" className={classes.footer} data-scrolling={scrolling || undefined}>
          {(mutation.error && renderError?.(mutation.error)) ?? <FormError error={mutation.error} fields={fields} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * A form dialog that starts afresh at each opening: the form is mounted only while the dialog is
 * open, so what it reads (the record as it is now, lists to choose from) is read again each time.
 */
export function mountedWhileOpen<P extends object>(Form: ComponentType<P>): ComponentType<P & { opened: boolean }> {
  return function WhileOpen({ opened, ...props }: P & { opened: boolean }) {
    return opened ? <Form {...(props as P)} /> : null;
  };
}
