import { Anchor, Group, Modal, Stack, Text } from '@mantine/core';
import { runUrls, type JobRun } from './job-api';
import classes from './RunOutputModal.module.css';

/**
 * A run's HTML output in a sandboxed frame: its scripts run, but under an opaque origin, so the
 * output cannot act on the hub's pages or cookies.
 */
export function RunOutputModal({ pid, nid, run, onClose }: { pid: string; nid: string; run: JobRun | null; onClose: () => void }) {
  const url = run ? runUrls.output(pid, nid, run.job_id, run.id) : '';
  return (
    <Modal opened={run !== null} onClose={onClose} title={run ? `Output of run ${run.id}` : 'Output'} size="90%">
      {run && (
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" c="dimmed">
              The notebook as this run rendered it.
            </Text>
            <Anchor href={url} target="_blank" rel="noopener" size="sm">
              Open the output in a new tab
            </Anchor>
          </Group>
          <iframe className={classes.frame} src={url} sandbox="allow-scripts" title={`Output of run ${run.id}`} />
        </Stack>
      )}
    </Modal>
  );
}
