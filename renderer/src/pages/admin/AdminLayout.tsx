import { Stack, Text, Title } from '@mantine/core';
import { useLocation } from 'react-router';
import { RouteTabs } from '../../components/RouteTabs';
import { useMe } from '../../components/use-me';
import { NotSuperAdminPage } from './NotSuperAdminPage';

export const ADMIN_TABS = [
  { value: 'users', label: 'Users' },
  { value: 'config', label: 'Configuration' },
  { value: 'integrations', label: 'Integrations' },
  { value: 'health', label: 'Health' },
  { value: 'audit', label: 'Audit log' },
  { value: 'diagnostic', label: 'Diagnostic' },
  { value: 'sessions', label: 'Sessions' },
  { value: 'environments', label: 'Environments' },
  { value: 'policy', label: 'Policy analyzer' },
] as const;

/** The administration section: its heading and one tab per page, each a nested route. */
export function AdminLayout() {
  const me = useMe();
  const location = useLocation();
  if (!me.is_super_admin) return <NotSuperAdminPage />;
  const segment = location.pathname.split('/')[2];
  const active = ADMIN_TABS.find((tab) => tab.value === segment)?.value ?? 'users';
  return (
    <Stack gap="md">
      <div>
        <Title order={1}>Administration</Title>
        <Text c="dimmed">This deployment&apos;s users, configuration, integrations, health and audit trail.</Text>
      </div>
      <RouteTabs tabs={ADMIN_TABS} active={active} base="/admin" context={undefined} />
    </Stack>
  );
}
