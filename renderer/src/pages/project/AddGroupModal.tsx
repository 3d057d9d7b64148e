import { TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useAddGroupMember, type MemberRole } from '../../api/project-members';
import { FormModal } from '../../components/FormModal';
import { useFormValues } from '../../components/use-form-values';
import { fieldErrorsUnder } from '../../components/field-errors';
import { RoleSelect } from './roles';

interface Props {
  projectId: string;
  opened: boolean;
  onClose: () => void;
}

/** Gives an identity-provider group a role: everyone the provider puts in it gets that role. */
export function AddGroupModal({ projectId, opened, onClose }: Props) {
  const { values, set } = useFormValues({ group: '', role: 'viewer' as MemberRole }, opened);
  const add = useAddGroupMember(projectId);
  const group = values.group.trim();
  return (
    <FormModal
      title="Add group"
      opened={opened}
      onClose={onClose}
      mutation={add}
      request={() => ({ group, role: values.role })}
      onSuccess={() => notifications.show({ color: 'green', message: `Group ${group} added as ${values.role}.` })}
      submitLabel="Add group"
    >
      <TextInput
        label="Group"
        description="The group's name as your identity provider sends it at sign-in."
        value={values.group}
        onChange={(event) => set('group', event.currentTarget.value)}
        required
        data-autofocus
        error={fieldErrorsUnder(add.error, 'group')}
      />
      <RoleSelect value={values.role} onChange={(role) => set('role', role)} error={fieldErrorsUnder(add.error, 'role')} />
    </FormModal>
  );
}
