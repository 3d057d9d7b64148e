import { useMutation } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/errors';
import { renderUi } from '../test/render';
import { ConfirmButton } from './ConfirmButton';
import { ConfirmDialog } from './ConfirmDialog';

/** A button that deletes a shelf through `remove`, the way the pages' buttons call the API. */
function DeleteShelf({
  remove,
  onSuccess,
  typeToConfirm,
}: {
  remove: (id: string) => Promise<string>;
  onSuccess?: (data: string) => void;
  typeToConfirm?: string;
}) {
  const mutation = useMutation({ mutationFn: remove });
  return (
    <ConfirmButton
      mutation={mutation}
      variables="shelf-1"
      label="Delete"
      ariaLabel="Delete the top shelf"
      title="Delete the shelf?"
      confirmLabel="Delete shelf"
      typeToConfirm={typeToConfirm}
      onSuccess={onSuccess}
    >
      Its books go too.
    </ConfirmButton>
  );
}

describe('ConfirmButton', () => {
  it('asks first, runs the mutation once confirmed, and closes when it succeeded', async () => {
    const remove = vi.fn(async (id: string) => `deleted ${id}`);
    const onSuccess = vi.fn();
    const { user } = renderUi(<DeleteShelf remove={remove} onSuccess={onSuccess} />);

    await user.click(screen.getByRole('button', { name: 'Delete the top shelf' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete the shelf?' });
    expect(dialog.textContent).toContain('Its books go too.');
    expect(remove).not.toHaveBeenCalled();
    // What removes something leaves the focus on Cancel.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Cancel'));

    await user.click(screen.getByRole('button', { name: 'Delete shelf' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith('deleted shelf-1'));
    expect(remove.mock.calls[0]![0]).toBe('shelf-1');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps the dialog open with the API’s refusal, and forgets it when closed', async () => {
    const remove = vi.fn(async () => {
      throw new ApiError('CONFLICT', 'The shelf still holds books.', 409, 'req-1');
    });
    const { user } = renderUi(<DeleteShelf remove={remove} />);

    await user.click(screen.getByRole('button', { name: 'Delete the top shelf' }));
    await user.click(screen.getByRole('button', { name: 'Delete shelf' }));
    const refusal = await screen.findByRole('alert');
    expect(refusal.textContent).toBe('The shelf still holds books.');
    expect(screen.getByRole('dialog', { name: 'Delete the shelf?' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Delete the top shelf' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('waits for the exact text where the action cannot be undone', async () => {
    const remove = vi.fn(async (id: string) => id);
    const { user } = renderUi(<DeleteShelf remove={remove} typeToConfirm="Top shelf" />);

    await user.click(screen.getByRole('button', { name: 'Delete the top shelf' }));
    const confirm = screen.getByRole('button', { name: 'Delete shelf' });
    expect(confirm).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText(/Type Top shelf to confirm/), 'Top shel');
    expect(confirm).toHaveProperty('disabled', true);
    await user.keyboard('{Enter}');
    expect(remove).not.toHaveBeenCalled();
    await user.keyboard('f{Enter}');
    await waitFor(() => expect(remove).toHaveBeenCalledOnce());
  });
});

describe('ConfirmDialog', () => {
  it('gives the focus to the confirm button for what only adds, and does not submit a form around it', async () => {
    const onConfirm = vi.fn();
    const outerSubmit = vi.fn((event: Event) => event.preventDefault());
    const { user } = renderUi(
      <form onSubmit={(event) => outerSubmit(event.nativeEvent)}>
        <ConfirmDialog
          title="Restore it?"
          opened
          onClose={() => undefined}
          onConfirm={onConfirm}
          confirmLabel="Restore"
          pending={false}
          error={null}
          tone="safe"
        >
          It comes back as a new version.
        </ConfirmDialog>
      </form>,
    );
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Restore'));
    await user.click(screen.getByRole('button', { name: 'Restore' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(outerSubmit).not.toHaveBeenCalled();
  });
});
