import { Box, Button, Group, Loader, Menu, Text, Tooltip } from '@mantine/core';
import { percentOf, type SessionSurface } from '../../../api/surfaces';
import { SurfaceIcon } from './SurfaceIcon';
import type { Attempt, SessionSurfaces } from './use-surfaces';

/** The bar's button for each surface the session offers, with its state, and Stop in its menu once it runs. */
export function SurfaceButtons({ surfaces }: { surfaces: SessionSurfaces }) {
  return (
    <>
      {surfaces.surfaces.map((surface) => (
        <SurfaceButton key={surface.id} surface={surface} attempt={surfaces.attempts[surface.id]} surfaces={surfaces} />
      ))}
    </>
  );
}

function SurfaceButton({ surface, attempt, surfaces }: { surface: SessionSurface; attempt: Attempt | undefined; surfaces: SessionSurfaces }) {
  const { id, title } = surface;
  const where = surface.embed === 'iframe' ? 'beside the notebook' : 'in a new tab';
  const starting = surface.state === 'starting' || attempt?.step === 'asking';
  const hint = starting
    ? `${title} is starting${surface.detail ? `: ${surface.detail}` : ''}`
    : surface.state === 'running'
      ? `${title} is running: open it ${where}`
      : surface.state === 'failed'
        ? `${title} stopped with an error: start it again`
        : `Start ${title} in this session's sandbox and open it ${where}`;
  const hintWithNotice = surface.notice ? `${hint}. ${surface.notice}` : hint;
  const percent = starting ? percentOf(surface.detail) : null;
  const stateText = starting ? `starting${percent !== null ? `, ${percent}%` : ''}` : surface.state === 'stopped' ? null : surface.state;
  return (
    <Button.Group>
      <Tooltip label={hintWithNotice} multiline maw={320}>
        <Button
          // On narrower screens the name gives way to the notebook's title: the icon, the state and this label remain.
          aria-label={stateText ? `${title}, ${stateText}` : title}
          size="xs"
          variant={surfaces.panel === id ? 'light' : 'default'}
          leftSection={<SurfaceIcon id={id} />}
          rightSection={<StateMark state={starting ? 'starting' : surface.state} percent={percent} />}
          onClick={() => surfaces.open(id)}
          data-surface={id}
          data-state={surface.state}
        >
          <Box component="span" visibleFrom="lg">
            {title}
          </Box>
        </Button>
      </Tooltip>
      {(surface.state === 'running' || surface.state === 'starting') && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button size="xs" variant="default" px={6} aria-label={`More actions for ${title}`}>
              <span aria-hidden="true">▾</span>
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {surface.state === 'running' && <Menu.Item onClick={() => surfaces.openInTab(id)}>Open {title} in a new tab</Menu.Item>}
            <Menu.Item color="red" onClick={() => surfaces.stop(id)} disabled={surfaces.stopping === id}>
              Stop {title}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
    </Button.Group>
  );
}

/** A surface's state beside its name, never by colour alone: a spinner with the install's percentage, a dot, a mark (the button's label says it in words). */
function StateMark({ state, percent }: { state: SessionSurface['state']; percent: number | null }) {
  if (state === 'starting')
    return (
      <Group gap={4} wrap="nowrap">
        <Loader size={10} />
        {percent !== null && (
          <Text size="xs" ff="monospace">
            {percent}%
          </Text>
        )}
      </Group>
    );
  if (state === 'running') return <Box w={8} h={8} bg="green.6" style={{ borderRadius: '50%' }} />;
  if (state === 'failed')
    return (
      <Text size="xs" fw={700} c="red">
        !
      </Text>
    );
  return null;
}
