import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { capabilitiesQuery } from '../../../api/notebook-access';

/** Jobs can be defined anywhere, but only a hub with jobs on executes them: say so where runs would wait for ever. */
export function JobsUnavailableNotice() {
  const capabilities = useQuery(capabilitiesQuery);
  if (!capabilities.data || capabilities.data.jobs.available) return null;
  return (
    <Alert color="yellow" title="Jobs do not run on this hub" styles={{ title: { color: 'var(--mantine-color-text)' } }}>
      Jobs are not enabled on this hub: runs stay queued until an administrator sets SERVICE_JOBS=on.
    </Alert>
  );
}
