import { Select, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useAddGroupMember, type MemberRole } from '../../api/project-members';
import { FormModal } from '../../components/FormModal';
import { fieldErrorsUnder } from '../../components/field-errors';
import { ROLE_CHOICES } from './roles';

interface Props {
  projectId: string;
  opened: boolean;
  onClose: () => void;
}

/** Gives an identity-provider group a role: everyone the provider puts in it gets that role. */
export function AddGroupModal({ projectId, opened, onClose }: Props) {
  const [group, setGroup] = useState('');
  const [role, setRole] = useState<MemberRole>('viewer');
  const add = useAddGroupMember(projectId);
  const close = () => {
    setGroup('');
    setRole('viewer');
    add.reset();
    onClose();
  };
  const onSubmit = () =>
    add.mutate(
      { group: group.trim(), role },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: `Group ${group.trim()} added as ${role}.` });
          close();
        },
      },
    );
  return (
    <FormModal title="Add group" opened={opened} onClose={close} onSubmit={onSubmit} error={add.error} pending={add.isPending} submitLabel="Add group">
      <TextInput
        label="Group"
        description="The group's name as your identity provider sends it at sign-in."
        value={group}
        onChange={(event) => setGroup(event.currentTarget.value)}
        required
        data-autofocus
        error={fieldErrorsUnder(add.error, 'group')}
      />
      <Select
        label="Role"
        data={ROLE_CHOICES}
        value={role}
        onChange={(value) => value && setRole(value as MemberRole)}
        allowDeselect={false}
        error={fieldErrorsUnder(add.error, 'role')}
      />
    </FormModal>
  );
}
