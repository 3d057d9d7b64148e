import { Alert, Button, Collapse, Group, Progress, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { RUNTIME_BUILD_POLL_MS, runtimeSetupQuery, useRepairRuntime, type RuntimeSetupState, type RuntimeSetupStatus } from '../api/runtime-setup';
import { ErrorView } from './ErrorView';
import { LogView } from './LogView';
import { useMe } from './use-me';

/**
 * How often the status is read in each state: every second while a build runs; every few seconds
 * while none was ever made (the first session start, or the desktop app's first run, starts one
 * any moment); now and then while something is wrong (a repair may come from another window).
 */
const POLL_MS: Record<RuntimeSetupState, number | false> = {
  preparing: RUNTIME_BUILD_POLL_MS,
  missing: 5_000,
  needs_repair: 30_000,
  no_python: 30_000,
  failed: 30_000,
  ready: false,
  not_applicable: false,
};

const TITLES: Partial<Record<RuntimeSetupState, string>> = {
  preparing: 'Setting up the notebook runtime',
  needs_repair: 'The notebook runtime needs a repair',
  no_python: 'Notebooks cannot run: no Python to set up their runtime with',
  failed: 'Setting up the notebook runtime failed',
};

/**
 * The notebook runtime's set-up, on every page of the app (docs/runtime.md): its progress while it
 * is built, and what is wrong when it cannot run notebooks, with a repair for super admins.
 * Nothing shows while the runtime is ready, not built yet, or none to build (Docker).
 */
export function RuntimeSetupNotice() {
  const status = useQuery({ ...runtimeSetupQuery, refetchInterval: (query) => (query.state.data ? POLL_MS[query.state.data.state] : false) });
  const data = status.data;
  const title = data ? TITLES[data.state] : undefined;
  if (!data || !title) return null;
  return <Notice status={data} title={title} />;
}

function Notice({ status, title }: { status: RuntimeSetupStatus; title: string }) {
  const me = useMe();
  const repair = useRepairRuntime();
  const [logShown, setLogShown] = useState(false);
  const logId = useId();
  const preparing = status.state === 'preparing';
  const percent = status.percent ?? 0;
  return (
    <Alert
      color={preparing ? 'blue' : status.state === 'needs_repair' ? 'yellow' : 'red'}
      variant="light"
      title={title}
      // Yellow text on its own tint is too faint: the title keeps the text colour.
      // The body may shrink below its longest word (a path): long lines wrap instead of leaving the page.
      styles={{ title: { color: 'var(--mantine-color-text)' }, body: { minWidth: 0 } }}
      mb="md"
      role={preparing ? 'status' : 'alert'}
      aria-label={title}
    >
      <Stack gap="xs">
        {preparing ? (
          <>
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Text size="sm" lineClamp={1}>
                {status.step}…
              </Text>
              <Text size="sm" fw={600} ff="monospace">
                {percent}%
              </Text>
            </Group>
            <Progress value={percent} animated striped aria-label="Notebook runtime set-up progress" />
            <Text size="xs" c="dimmed">
              Notebooks start once it is done; the rest of the hub works meanwhile.
            </Text>
          </>
        ) : (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} lineClamp={6}>
            {status.detail}
          </Text>
        )}
        {(me.is_super_admin && !preparing) || status.log_tail ? (
          <Group gap="sm">
            {me.is_super_admin && !preparing && (
              <Button size="xs" loading={repair.isPending} onClick={() => repair.mutate()}>
                Repair
              </Button>
            )}
            {status.log_tail ? (
              <Button size="xs" variant="subtle" aria-expanded={logShown} aria-controls={logId} onClick={() => setLogShown((shown) => !shown)}>
                {logShown ? 'Hide log' : 'Show log'}
              </Button>
            ) : null}
          </Group>
        ) : null}
        {repair.isError && <ErrorView error={repair.error} />}
        {status.log_tail ? (
          <Collapse in={logShown} id={logId}>
            <LogView label="The last lines of the runtime's build log" text={status.log_tail} maxHeight={260} />
          </Collapse>
        ) : null}
      </Stack>
    </Alert>
  );
}
