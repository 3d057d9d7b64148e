import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useDeleteItem, type WorkspaceItem } from '../../../api/workspace';
import { FormError } from '../../../components/FormError';

interface Props {
  pid: string;
  nid: string;
  item: WorkspaceItem | null;
  onClose: () => void;
}

/** Deletes a file, or a folder with everything in it, after a confirmation. */
export function DeleteModal({ pid, nid, item, onClose }: Props) {
  const remove = useDeleteItem(pid, nid);
  const { reset } = remove;
  useEffect(() => reset(), [item, reset]);
  return (
    <Modal opened={item !== null} onClose={onClose} title={item ? `Delete ${item.name}?` : 'Delete'}>
      <Stack gap="sm">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {item?.kind === 'directory' ? `The folder ${item.path} and everything in it will be deleted.` : `The file ${item?.path ?? ''} will be deleted.`} This
          cannot be undone.
        </Text>
        <FormError error={remove.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => item && remove.mutate(item, { onSuccess: onClose })}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
