import { Autocomplete, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useAddMember, userSearchQuery, type MemberRole } from '../../api/project-members';
import { FormModal } from '../../components/FormModal';
import { fieldErrorsUnder } from '../../components/field-errors';
import { ROLE_CHOICES } from './roles';

interface Props {
  projectId: string;
  opened: boolean;
  onClose: () => void;
}

/** Adds a user found by e-mail, or invites an address that has no account yet. */
export function AddMemberModal({ projectId, opened, onClose }: Props) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>('viewer');
  const [query] = useDebouncedValue(email.trim().toLowerCase(), 250);
  const search = useQuery(userSearchQuery(query));
  const add = useAddMember(projectId);
  const users = search.data ?? [];
  const match = users.find((user) => user.email.toLowerCase() === email.trim().toLowerCase());

  const close = () => {
    setEmail('');
    setRole('viewer');
    add.reset();
    onClose();
  };
  const onSubmit = () =>
    add.mutate(
      { member: match ? { user_id: match.id } : { email: email.trim() }, role },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: match ? `${match.email} added as ${role}.` : `${email.trim()} invited as ${role}.` });
          close();
        },
      },
    );

  let description = 'Type the start of an e-mail address to find people who have signed in.';
  if (search.isError) description = `Could not search users: ${search.error.message}`;
  else if (match) description = `${match.name ?? match.email} has an account and is added now.`;
  else if (email.includes('@') && !search.isFetching)
    description = 'No account with this address yet: they are invited and get access when they first sign in.';

  return (
    <FormModal title="Add member" opened={opened} onClose={close} onSubmit={onSubmit} error={add.error} pending={add.isPending} submitLabel="Add member">
      <Autocomplete
        label="E-mail"
        value={email}
        onChange={setEmail}
        data={users.map((user) => ({ value: user.email, label: user.name ? `${user.email} (${user.name})` : user.email }))}
        filter={({ options }) => options}
        description={description}
        required
        data-autofocus
        autoComplete="off"
        error={fieldErrorsUnder(add.error, 'email') ?? fieldErrorsUnder(add.error, 'user_id')}
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
