import { Alert, Button, Group, Loader, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { sandboxDriverQuery, useChooseSandboxDriver, useRestartDesktop } from '../api/desktop';
import { useDesktopBridge, type DesktopBridge, type SandboxDriverChoice, type SandboxDriverState } from './desktop-bridge';

const DRIVER_LABELS: Record<SandboxDriverChoice, string> = { local: 'Local processes', docker: 'Docker' };
/** How notebooks run with each driver, inside a sentence. */
const RUN_WITH: Record<SandboxDriverChoice, string> = { local: 'as local processes', docker: 'in Docker' };

/** The desktop app's own settings, in its window only (docs/desktop.md, "Docker"). */
export function DesktopSettingsSection() {
  const bridge = useDesktopBridge();
  return bridge ? <DesktopSettings bridge={bridge} /> : null;
}

function DesktopSettings({ bridge }: { bridge: DesktopBridge }) {
  const state = useQuery(sandboxDriverQuery(bridge));
  const [found, setFound] = useState<string | null>(null);
  const choose = useChooseSandboxDriver(bridge, (answer) => setFound(answer?.saved ? answer.message : null));
  const restart = useRestartDesktop(bridge);
  const refusal = choose.data && !choose.data.saved ? choose.data.message : choose.error ? choose.error.message : null;

  return (
    <section aria-labelledby="desktop-heading">
      <div>
        <Title order={2} size="h3" id="desktop-heading">
          Desktop app
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          Settings of this computer&apos;s Notebook Hub, kept in its data folder.
        </Text>
      </div>
      <Paper withBorder p="md">
        {state.isPending ? (
          <Loader size="sm" aria-label="Loading the desktop settings" />
        ) : state.isError ? (
          <Alert color="red" role="alert">
            {state.error.message}
          </Alert>
        ) : (
          <Stack gap="md">
            <Radio.Group
              label="Notebooks run in"
              description="Takes effect when Notebook Hub starts again."
              value={state.data.saved}
              onChange={(value) => choose.mutate(value as SandboxDriverChoice)}
            >
              <Stack gap="sm" mt="xs">
                <Radio
                  value="local"
                  label={DRIVER_LABELS.local}
                  description="Each notebook runs as a process of this computer, with the notebook runtime of the data folder."
                  disabled={choose.isPending}
                />
                <Radio
                  value="docker"
                  label={DRIVER_LABELS.docker}
                  description="Each notebook runs in a container of the Docker engine on this computer (DOCKER_HOST, or Docker's standard socket)."
                  disabled={choose.isPending}
                />
              </Stack>
            </Radio.Group>
            {choose.isPending && choose.variables === 'docker' && (
              <Group gap="xs" role="status">
                <Loader size="xs" />
                <Text size="sm">Checking that a Docker engine answers…</Text>
              </Group>
            )}
            {refusal && (
              <Alert color="red" role="alert" title="Docker was not chosen">
                {refusal}
              </Alert>
            )}
            {found && <Text size="sm">{found}</Text>}
            <RestartOffer state={state.data} restarting={restart.isPending || restart.isSuccess} onRestart={() => restart.mutate()} error={restart.error} />
          </Stack>
        )}
      </Paper>
    </section>
  );
}

function RestartOffer({ state, restarting, onRestart, error }: { state: SandboxDriverState; restarting: boolean; onRestart: () => void; error: Error | null }) {
  if (state.saved === state.inUse && !state.notice) {
    return (
      <Text size="sm" c="dimmed">
        In use now: {DRIVER_LABELS[state.inUse]}.
      </Text>
    );
  }
  const button = (
    <Button onClick={onRestart} loading={restarting} w="fit-content">
      Restart now
    </Button>
  );
  return (
    <Alert
      color={state.notice ? 'yellow' : 'blue'}
      // The title in the text colour: yellow on its light tint is too faint to read (as in TokenCreatedModal).
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
      title={state.notice ? `This launch runs notebooks ${RUN_WITH[state.inUse]}` : 'Restart to switch'}
    >
      <Stack gap="sm">
        <Text size="sm">
          {state.notice ?? `Notebooks run ${RUN_WITH[state.inUse]} until Notebook Hub restarts, then ${RUN_WITH[state.saved]}.`} Restarting saves and stops open
          notebooks first.
        </Text>
        {button}
        {error && (
          <Text size="sm" c="red" role="alert">
            {error.message}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
