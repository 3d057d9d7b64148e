import { Anchor, AppShell, Container, Group, Text } from '@mantine/core';
import { NavLink, Outlet, useLocation } from 'react-router';
import { DesktopDrop } from '../desktop/DesktopDrop';
import classes from './AppLayout.module.css';
import { RuntimeSetupNotice } from './RuntimeSetupNotice';
import { ThemeToggle } from './ThemeToggle';
import { useMe } from './use-me';
import { UserMenu } from './UserMenu';

/** Header (product name, navigation, theme switch, user menu) above the page. */
export function AppLayout() {
  const me = useMe();
  const { pathname } = useLocation();
  const links = [
    { to: '/', label: 'Projects', end: false },
    { to: '/remotes', label: 'Remotes', end: false },
    { to: '/account', label: 'Account', end: true },
    ...(me.is_super_admin ? [{ to: '/admin', label: 'Admin', end: false }] : []),
  ];
  return (
    <AppShell header={{ height: 60 }} padding="md">
      <a href="#main" className={classes.skip}>
        Skip to content
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="lg" wrap="nowrap">
            <Anchor component={NavLink} to="/" underline="never" c="inherit">
              <Text fw={700} size="lg">
                Notebook Hub
              </Text>
            </Anchor>
            <Group component="nav" aria-label="Main" gap={4} wrap="nowrap">
              {links.map((link) => (
                <NavLink
                  key={link.to}
                  to={link.to}
                  end={link.end}
                  className={({ isActive }) => (isActive || (link.to === '/' && isProjectPath(pathname)) ? `${classes.link} ${classes.active}` : classes.link)}
                >
                  {link.label}
                </NavLink>
              ))}
            </Group>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <ThemeToggle />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main id="main" tabIndex={-1}>
        <Container size="xl" px={0}>
          <RuntimeSetupNotice />
          <Outlet />
        </Container>
      </AppShell.Main>
      <DesktopDrop />
    </AppShell>
  );
}

function isProjectPath(pathname: string): boolean {
  return pathname === '/' || pathname.startsWith('/projects');
}
