import { Button, Center, Group, Paper, Progress, Stack, Stepper, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { RUNTIME_BUILD_POLL_MS, runtimeSetupQuery, type RuntimeSetupStatus } from '../../api/runtime-setup';
import type { Session, SessionMode } from '../../api/sessions';
import { asSentence } from '../../app/format';
import { isRestarting, PHASES, RESTARTING_TEXT } from './session-text';

interface Props {
  mode: SessionMode;
  /** The session being started; undefined while the start request itself is under way. */
  session: Session | undefined;
  /** What the start waits for before it has a session, in place of asking the hub for one. */
  waitingFor?: string | undefined;
  onCancel?: (() => void) | undefined;
  cancelling?: boolean;
  children?: ReactNode;
}

/**
 * A session on its way up: which start-up phase it is in, out of all of them, and while its sandbox
 * waits for the notebook runtime to be built (the first start on this machine), that build's own
 * progress (docs/runtime.md).
 */
export function StartupProgress({ mode, session, waitingFor, onCancel, cancelling = false, children }: Props) {
  const runtime = useRuntimeBuild(session?.phase === 'sandbox');
  const current = session ? PHASES.findIndex((step) => step.phase === session.phase) : 0;
  const active = current === -1 ? PHASES.length : current;
  const percent = Math.round(((active + (session ? 0.5 : 0.15)) / PHASES.length) * 100);
  const step = PHASES[Math.min(active, PHASES.length - 1)]!;
  const restarting = session !== undefined && isRestarting(session);
  return (
    <Center p="xl" mih="100%">
      <Paper withBorder radius="md" p="xl" w="100%" maw={880}>
        <Stack gap="lg">
          <div>
            <Title order={2} size="h3">
              {restarting ? 'Restarting the app' : mode === 'edit' ? 'Starting the editor' : 'Starting the app'}
            </Title>
            {restarting && <Text>{RESTARTING_TEXT}</Text>}
            <Text c="dimmed" role="status" aria-live="polite">
              {session ? `${step.description}…` : (waitingFor ?? 'Asking the hub for a session…')}
              {session?.warm ? ' (from a sandbox that was already running)' : ''}
            </Text>
            {session?.phase_detail && (
              <Text size="sm" c="dimmed" data-testid="startup-step">
                {/* The driver's steps are phrases ("scheduled on node n1"). */}
                {asSentence(session.phase_detail)}
              </Text>
            )}
          </div>
          <Progress value={percent} animated striped size="lg" aria-label="Start-up progress" />
          {runtime && <RuntimeBuild status={runtime} />}
          <Stepper active={active} size="sm" iconSize={32} allowNextStepsSelect={false}>
            {PHASES.map((phase) => (
              <Stepper.Step key={phase.phase} label={phase.label} loading={session !== undefined && phase.phase === session.phase} />
            ))}
          </Stepper>
          {children}
          {onCancel && (
            <div>
              <Button variant="default" onClick={onCancel} loading={cancelling}>
                Cancel
              </Button>
            </div>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}

/**
 * The runtime's set-up while the sandbox phase may be waiting for it: read every second until it is
 * ready (a runtime not built yet, or left half-built, is built by this very start), and not at all
 * in any other phase.
 */
function useRuntimeBuild(inSandboxPhase: boolean): RuntimeSetupStatus | null {
  const status = useQuery({
    ...runtimeSetupQuery,
    enabled: inSandboxPhase,
    refetchInterval: (query) => (['ready', 'not_applicable'].includes(query.state.data?.state ?? '') ? false : RUNTIME_BUILD_POLL_MS),
  });
  return inSandboxPhase && status.data?.state === 'preparing' ? status.data : null;
}

function RuntimeBuild({ status }: { status: RuntimeSetupStatus }) {
  const percent = status.percent ?? 0;
  return (
    <Stack gap={6} role="status" aria-label="Notebook runtime set-up">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text fw={600}>Setting up the notebook runtime (first time only)</Text>
        <Text fw={600} ff="monospace">
          {percent}%
        </Text>
      </Group>
      <Progress value={percent} color="teal" size="md" aria-label="Notebook runtime set-up progress" />
      <Text size="sm" c="dimmed" lineClamp={1}>
        {status.step}…
      </Text>
    </Stack>
  );
}
