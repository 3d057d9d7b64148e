import { Autocomplete } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useAddMember, userSearchQuery, type MemberRole } from '../../api/project-members';
import { FormModal } from '../../components/FormModal';
import { useFormValues } from '../../components/use-form-values';
import { fieldErrorsUnder } from '../../components/field-errors';
import { RoleSelect } from './roles';

interface Props {
  projectId: string;
  opened: boolean;
  onClose: () => void;
}

/** Adds a user found by e-mail, or invites an address that has no account yet. */
export function AddMemberModal({ projectId, opened, onClose }: Props) {
  const { values, set } = useFormValues({ email: '', role: 'viewer' as MemberRole }, opened);
  const email = values.email.trim();
  const [query] = useDebouncedValue(email.toLowerCase(), 250);
  const search = useQuery(userSearchQuery(query));
  const add = useAddMember(projectId);
  const users = search.data ?? [];
  const match = users.find((user) => user.email.toLowerCase() === email.toLowerCase());
  const onSuccess = () =>
    notifications.show({ color: 'green', message: match ? `${match.email} added as ${values.role}.` : `${email} invited as ${values.role}.` });

  let description = 'Type the start of an e-mail address to find people who have signed in.';
  if (search.isError) description = `Could not search users: ${search.error.message}`;
  else if (match) description = `${match.name ?? match.email} has an account and is added now.`;
  else if (email.includes('@') && !search.isFetching)
    description = 'No account with this address yet: they are invited and get access when they first sign in.';

  return (
    <FormModal
      title="Add member"
      opened={opened}
      onClose={onClose}
      mutation={add}
      request={() => ({ member: match ? { user_id: match.id } : { email }, role: values.role })}
      onSuccess={onSuccess}
      submitLabel="Add member"
    >
      <Autocomplete
        label="E-mail"
        value={values.email}
        onChange={(value) => set('email', value)}
        data={users.map((user) => ({ value: user.email, label: user.name ? `${user.email} (${user.name})` : user.email }))}
        filter={({ options }) => options}
        description={description}
        required
        data-autofocus
        autoComplete="off"
        error={fieldErrorsUnder(add.error, 'email') ?? fieldErrorsUnder(add.error, 'user_id')}
      />
      <RoleSelect value={values.role} onChange={(role) => set('role', role)} error={fieldErrorsUnder(add.error, 'role')} />
    </FormModal>
  );
}
