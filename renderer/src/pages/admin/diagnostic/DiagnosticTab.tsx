import { Stack, Text } from '@mantine/core';
import { useSandboxStartupDiagnostic } from '../../../api/admin';
import { RequestError } from '../RequestError';
import { ProblemAlert } from '../ProblemAlert';
import { DiagnosticForm } from './DiagnosticForm';
import { DiagnosticProgress } from './DiagnosticProgress';
import { DiagnosticReport } from './DiagnosticReport';

/** Starts a temporary sandbox, times each phase of its start-up and destroys it; the report is shown as a chart and a table. */
export function DiagnosticTab() {
  const run = useSandboxStartupDiagnostic();
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        The hub starts a throw-away sandbox with the chosen image and compute profile, checks it answers, measures one command and destroys it. One run at a
        time per admin.
      </Text>
      <DiagnosticForm onRun={(body) => run.mutate(body)} running={run.isPending} />
      {run.isPending && <DiagnosticProgress />}
      {run.isError && <RequestError error={run.error} title="The diagnostic could not run" />}
      {run.isSuccess && (
        <>
          {!run.data.ok && <ProblemAlert title="The sandbox did not start and stop cleanly">A phase failed; its error is in the table below.</ProblemAlert>}
          <DiagnosticReport report={run.data} />
        </>
      )}
    </Stack>
  );
}
