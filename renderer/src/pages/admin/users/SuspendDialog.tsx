import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useSetSuspended } from '../../../api/admin';
import type { AdminUser } from '../../../api/admin-types';
import { ConfirmModal } from '../ConfirmModal';

/** Confirms suspending (or restoring) a user; the API's refusal, such as suspending yourself, stays in the dialog. */
export function SuspendDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const mutation = useSetSuspended();
  const { reset } = mutation;
  useEffect(() => reset(), [user, reset]);
  if (!user) return null;
  const suspend = user.suspended_at === null;
  const confirm = () =>
    mutation.mutate(
      { userId: user.id, suspend },
      {
        onSuccess: (updated) => {
          notifications.show({ color: suspend ? 'orange' : 'green', message: `${updated.email} ${suspend ? 'is suspended' : 'can sign in again'}.` });
          onClose();
        },
      },
    );
  return (
    <ConfirmModal
      title={suspend ? 'Suspend this user?' : 'Restore this user?'}
      opened
      onClose={onClose}
      onConfirm={confirm}
      confirmLabel={suspend ? 'Suspend' : 'Restore'}
      pending={mutation.isPending}
      error={mutation.error}
      danger={suspend}
    >
      <Text size="sm">
        {suspend ? (
          <>
            <b>{user.email}</b> will be refused on every request, in the browser and with their tokens, until restored. Their projects and notebooks are kept.
          </>
        ) : (
          <>
            <b>{user.email}</b> will be able to sign in and use their tokens again.
          </>
        )}
      </Text>
    </ConfirmModal>
  );
}
