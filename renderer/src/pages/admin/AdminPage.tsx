import { Alert, Stack, Text, Title } from '@mantine/core';
import { useMe } from '../../components/use-me';

export function AdminPage() {
  const me = useMe();
  return (
    <Stack gap="md">
      <Title order={1}>Administration</Title>
      {me.is_super_admin ? (
        <Text c="dimmed">Users, configuration and runtime sessions will be managed here.</Text>
      ) : (
        <Alert color="red" role="alert">
          Only super admins can open the administration pages.
        </Alert>
      )}
    </Stack>
  );
}
