import { TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/errors';
import { renderUi } from '../test/render';
import { fieldError } from './FormError';
import { FormModal, mountedWhileOpen } from './FormModal';

/** A dialog naming a shelf through `save`, as the pages' dialogs call the API. */
function NameShelf({ save, onClose, onSuccess }: { save: (name: string) => Promise<string>; onClose: () => void; onSuccess?: (data: string) => void }) {
  const [name, setName] = useState('');
  const mutation = useMutation({ mutationFn: save });
  return (
    <FormModal
      title="Name the shelf"
      opened
      onClose={onClose}
      mutation={mutation}
      // An unchanged name sends nothing.
      request={() => (name.trim() ? name.trim() : null)}
      onSuccess={onSuccess}
      fields={['name']}
      submitLabel="Save"
    >
      <TextInput label="Name" value={name} onChange={(event) => setName(event.currentTarget.value)} error={fieldError(mutation.error, 'name')} />
    </FormModal>
  );
}

describe('FormModal', () => {
  it('sends the request built from the fields, then closes', async () => {
    const save = vi.fn(async (name: string) => `saved ${name}`);
    const onClose = vi.fn();
    const onSuccess = vi.fn();
    const { user } = renderUi(<NameShelf save={save} onClose={onClose} onSuccess={onSuccess} />);
    await user.type(screen.getByLabelText('Name'), '  Poetry {Enter}');
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith('saved Poetry'));
    expect(save.mock.calls[0]![0]).toBe('Poetry');
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('shows a refused field at the field and only points to it above the buttons', async () => {
    const save = vi.fn(async (): Promise<string> => {
      throw new ApiError('VALIDATION_ERROR', 'Invalid request.', 400, 'req-1', [{ field: 'name', message: 'is taken' }]);
    });
    const onClose = vi.fn();
    const { user } = renderUi(<NameShelf save={save} onClose={onClose} />);
    await user.type(screen.getByLabelText('Name'), 'Poetry');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Check the field marked above.');
    expect(screen.getByText('is taken')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes without a request when there is nothing to send', async () => {
    const save = vi.fn(async (name: string) => name);
    const onClose = vi.fn();
    const { user } = renderUi(<NameShelf save={save} onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(save).not.toHaveBeenCalled();
  });

  it('starts afresh at each opening when mounted only while open', async () => {
    const Dialog = mountedWhileOpen(NameShelf);
    const save = vi.fn(async (name: string) => name);
    const { rerender, user } = renderUi(<Dialog opened save={save} onClose={() => undefined} />);
    await user.type(screen.getByLabelText('Name'), 'Poetry');
    rerender(<Dialog opened={false} save={save} onClose={() => undefined} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    rerender(<Dialog opened save={save} onClose={() => undefined} />);
    expect(screen.getByLabelText('Name')).toHaveProperty('value', '');
  });
});
