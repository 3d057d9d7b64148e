import { Avatar, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useSignOut } from '../api/queries';
import { hubPath } from '../app/base-path';
import { useMe } from './use-me';
import { notifyFailure } from './failure-notification';

export function UserMenu() {
  const me = useMe();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const label = me.name ?? me.email;

  const onSignOut = () =>
    signOut.mutate(undefined, {
      // A full page load leaves nothing of the signed-in user in memory.
      onSuccess: ({ end_session_url }) => window.location.assign(end_session_url ?? hubPath('/sign-in')),
      onError: (error) => notifyFailure(error, { title: 'Could not sign out' }),
    });

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton>
          <Avatar src={me.picture_url} alt="" radius="xl" size="md" name={label} color="indigo" variant="filled" aria-hidden />
          <VisuallyHidden>Account menu for {label}</VisuallyHidden>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={500} c="var(--mantine-color-text)">
            {label}
          </Text>
          {me.name && <Text size="xs">{me.email}</Text>}
        </Menu.Label>
        <Menu.Item onClick={() => void navigate('/account')}>Account</Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" onClick={onSignOut} disabled={signOut.isPending}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
