import { Button, Tooltip, type ButtonProps } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';

/** What the button needs of a TanStack mutation (`useMutation`'s result). */
export interface ConfirmedMutation<TData, TVariables> {
  mutate: (variables: TVariables, options?: { onSuccess?: (data: TData) => void }) => void;
  reset: () => void;
  isPending: boolean;
  error: Error | null;
}

interface Props<TData, TVariables> extends Pick<ConfirmDialogProps, 'title' | 'typeToConfirm' | 'tone'> {
  mutation: ConfirmedMutation<TData, TVariables>;
  variables: TVariables;
  /** The button's text; also the dialog's confirm label unless `confirmLabel` is given. */
  label: string;
  confirmLabel?: string;
  /** The button's accessible name where its text alone is ambiguous (one per table row). */
  ariaLabel?: string;
  button?: ButtonProps;
  /** A hint shown when the pointer rests on the button. */
  tooltip?: string;
  /** What happens once the mutation succeeded (the dialog has closed). */
  onSuccess?: (data: TData) => void;
  /** What the dialog says will happen. */
  children: ReactNode;
}

/**
 * A button that asks first, then runs the mutation; the dialog stays open with the API's refusal,
 * and closes when the mutation succeeds. Closing it forgets the refusal.
 */
export function ConfirmButton<TData, TVariables>({
  mutation,
  variables,
  label,
  ariaLabel,
  button,
  tooltip,
  onSuccess,
  confirmLabel = label,
  children,
  ...dialog
}: Props<TData, TVariables>) {
  const [opened, setOpened] = useState(false);
  const close = () => {
    setOpened(false);
    mutation.reset();
  };
  const confirm = () =>
    mutation.mutate(variables, {
      onSuccess: (data) => {
        close();
        onSuccess?.(data);
      },
    });
  return (
    <>
      <Tooltip label={tooltip} disabled={!tooltip}>
        <Button {...button} onClick={() => setOpened(true)} aria-label={ariaLabel}>
          {label}
        </Button>
      </Tooltip>
      <ConfirmDialog
        {...dialog}
        opened={opened}
        onClose={close}
        onConfirm={confirm}
        confirmLabel={confirmLabel}
        pending={mutation.isPending}
        error={mutation.error}
      >
        {children}
      </ConfirmDialog>
    </>
  );
}
