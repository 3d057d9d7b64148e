import { Box, Button, Group, Loader, Menu, Text, Tooltip, VisuallyHidden } from '@mantine/core';
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
  return (
    <Button.Group>
      <Tooltip label={hint} multiline maw={320}>
        <Button
          size="xs"
          variant={surfaces.panel === id ? 'light' : 'default'}
          leftSection={<SurfaceIcon id={id} />}
          rightSection={<StateMark surface={surface} starting={starting} />}
          onClick={() => surfaces.open(id)}
          data-surface={id}
          data-state={surface.state}
        >
          {title}
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

/** A surface's state beside its name, never by colour alone: a spinner with the install's percentage, a dot, a mark. */
function StateMark({ surface, starting }: { surface: SessionSurface; starting: boolean }) {
  if (starting) {
    const percent = percentOf(surface.detail);
    return (
      <Group gap={4} wrap="nowrap">
        <Loader size={10} aria-hidden="true" />
        {percent !== null && (
          <Text size="xs" ff="monospace" aria-hidden="true">
            {percent}%
          </Text>
        )}
        <VisuallyHidden>starting{percent !== null ? `, ${percent}%` : ''}</VisuallyHidden>
      </Group>
    );
  }
  if (surface.state === 'running')
    return (
      <>
        <Box w={8} h={8} bg="green.6" style={{ borderRadius: '50%' }} aria-hidden="true" />
        <VisuallyHidden>running</VisuallyHidden>
      </>
    );
  if (surface.state === 'failed')
    return (
      <>
        <Text size="xs" fw={700} c="red" aria-hidden="true">
          !
        </Text>
        <VisuallyHidden>failed</VisuallyHidden>
      </>
    );
  return null;
}
