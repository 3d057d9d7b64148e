import { Alert, Button, Center, Group, Paper, Text, Title } from '@mantine/core';
import type { SessionSurface } from '../../../api/surfaces';
import classes from '../SessionShell.module.css';
import { SurfaceFailure } from './SurfaceFailure';
import { SurfaceIcon } from './SurfaceIcon';
import { SurfaceProgress } from './SurfaceProgress';
import type { SessionSurfaces } from './use-surfaces';

/** A surface shown beside the notebook (embed `iframe`): a header with its actions over its start-up, its failure or itself. */
export function SurfacePanel({ surface, surfaces }: { surface: SessionSurface; surfaces: SessionSurfaces }) {
  const { id, title } = surface;
  const attempt = surfaces.attempts[id];
  const running = surface.state === 'running';
  return (
    <section className={classes.panel} aria-label={title}>
      <header className={classes.panelBar}>
        <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
          <SurfaceIcon id={id} />
          <Title order={2} size="h6" fw={600}>
            {title}
          </Title>
        </Group>
        <Group gap={6} wrap="nowrap">
          <Button size="compact-xs" variant="subtle" onClick={() => surfaces.openInTab(id)} disabled={!running}>
            Open in new tab
          </Button>
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            onClick={() => surfaces.stop(id)}
            loading={surfaces.stopping === id}
            disabled={surface.state === 'stopped'}
          >
            Stop
          </Button>
          <Button size="compact-xs" variant="subtle" color="gray" onClick={() => surfaces.dismiss(id)}>
            Close panel
          </Button>
        </Group>
      </header>
      {surface.notice && (
        <Alert variant="light" color="yellow" radius={0} py={6} role="note" className={classes.panelNotice}>
          <Text size="sm">{surface.notice}</Text>
        </Alert>
      )}
      <div className={classes.panelBody}>
        {attempt?.step === 'shown' ? (
          <iframe className={classes.frame} src={attempt.url} title={`${title} for this notebook's workspace`} allow="clipboard-read; clipboard-write" />
        ) : (
          <Center p="md" mih="100%">
            <Paper withBorder radius="md" p="lg" w="100%" maw={520}>
              {attempt?.step === 'failed' ? (
                <SurfaceFailure
                  title={title}
                  message={attempt.message}
                  requestId={attempt.requestId}
                  traceId={attempt.traceId}
                  onRetry={() => surfaces.open(id)}
                />
              ) : surface.state === 'starting' || attempt?.step === 'asking' || attempt?.step === 'starting' ? (
                <SurfaceProgress surface={surface} />
              ) : (
                <Text>Opening {title}…</Text>
              )}
            </Paper>
          </Center>
        )}
      </div>
    </section>
  );
}
