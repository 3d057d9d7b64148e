import { Anchor, Badge, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { SessionMode, SessionState } from '../../api/sessions';
import { ThemeToggle } from '../../components/ThemeToggle';
import { MODE_LABELS, notebookPath, STATE_COLORS, stateLabel } from './session-text';
import classes from './SessionShell.module.css';

interface Props {
  pid: string;
  nid: string;
  title: string | undefined;
  mode: SessionMode;
  /** The session's state (and restarts, which make a starting app a restarting one). */
  status?: { state: SessionState; restarts?: number } | undefined;
  /** A Git preview's session (docs/git.md, "Previews"): marked as such, since it never saves. */
  preview?: boolean;
  /** The bar's buttons (save, stop, open as app). */
  actions?: ReactNode;
  children: ReactNode;
}

/** The full window of a session: a slim hub bar over marimo, or over the start-up and error screens. */
export function SessionShell({ pid, nid, title, mode, preview, status, actions, children }: Props) {
  return (
    <div className={classes.shell}>
      <header className={classes.bar}>
        <Group gap="sm" wrap="nowrap" className={classes.title}>
          <Anchor component={Link} to="/" fw={700} c="inherit" underline="never" visibleFrom="sm" style={{ flex: 'none' }}>
            Notebook Hub
          </Anchor>
          <Text c="dimmed" aria-hidden="true" visibleFrom="sm">
            /
          </Text>
          <Title order={1} size="h5" fw={600} style={{ minWidth: 0 }}>
            <Anchor component={Link} to={notebookPath(pid, nid)} c="inherit" truncate="end" display="block" title={title}>
              {title ?? 'Notebook'}
            </Anchor>
          </Title>
          <Badge variant="outline" color="gray" style={{ flex: 'none' }}>
            {MODE_LABELS[mode]}
          </Badge>
          {preview && (
            <Badge variant="light" color="grape" style={{ flex: 'none' }} title="A preview of the repository: nothing is saved into the notebook">
              Preview
            </Badge>
          )}
          {status && (
            <Badge variant="dot" color={STATE_COLORS[status.state]} style={{ flex: 'none' }} aria-live="polite">
              {stateLabel(status)}
            </Badge>
          )}
        </Group>
        <Group gap="xs" wrap="nowrap" style={{ flex: 'none' }}>
          {actions}
          <ThemeToggle />
        </Group>
      </header>
      <main className={classes.body} id="main">
        {children}
      </main>
    </div>
  );
}
