import { Stack, Tabs, Text, Title } from '@mantine/core';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useMe } from '../../components/use-me';
import { NotSuperAdminPage } from './NotSuperAdminPage';

export const ADMIN_TABS = [
  { value: 'users', label: 'Users' },
  { value: 'config', label: 'Configuration' },
  { value: 'health', label: 'Health' },
  { value: 'audit', label: 'Audit log' },
  { value: 'diagnostic', label: 'Start-up diagnostic' },
  { value: 'sessions', label: 'Runtime sessions' },
  { value: 'policy', label: 'Policy analyzer' },
] as const;

/** The administration section: its heading and one tab per page, each a nested route. */
export function AdminLayout() {
  const me = useMe();
  const location = useLocation();
  const navigate = useNavigate();
  if (!me.is_super_admin) return <NotSuperAdminPage />;
  const segment = location.pathname.split('/')[2];
  const active = ADMIN_TABS.find((tab) => tab.value === segment)?.value ?? 'users';
  return (
    <Stack gap="md">
      <div>
        <Title order={1}>Administration</Title>
        <Text c="dimmed">This deployment&apos;s users, configuration, health and audit trail.</Text>
      </div>
      <Tabs value={active} onChange={(value) => value && void navigate(`/admin/${value}`)}>
        <Tabs.List>
          {ADMIN_TABS.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {ADMIN_TABS.map((tab) => (
          <Tabs.Panel key={tab.value} value={tab.value} pt="md">
            {tab.value === active && <Outlet />}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
