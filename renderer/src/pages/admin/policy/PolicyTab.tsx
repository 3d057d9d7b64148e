import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { policyAnalyzerQuery, useRunPolicySuite } from '../../../api/admin';
import { RequestError } from '../RequestError';
import { LoadingState } from '../../../components/LoadingState';
import { AnalyzerInfo } from './AnalyzerInfo';
import { SuiteEditor } from './SuiteEditor';
import { SuiteResults } from './SuiteResults';

/** Runs a policy suite through the login rules and the policy engine the routes use, and shows each case's outcome and trace. */
export function PolicyTab() {
  const metadata = useQuery(policyAnalyzerQuery);
  const run = useRunPolicySuite();
  if (metadata.isPending) return <LoadingState label="Loading the policy analyzer…" />;
  if (metadata.isError) return <RequestError error={metadata.error} onRetry={() => void metadata.refetch()} />;
  return (
    <Stack gap="lg">
      <AnalyzerInfo metadata={metadata.data} />
      <SuiteEditor maxCases={metadata.data.max_cases} onRun={(suite) => run.mutate(suite)} running={run.isPending} error={run.error} />
      {run.isSuccess && <SuiteResults result={run.data} />}
    </Stack>
  );
}
