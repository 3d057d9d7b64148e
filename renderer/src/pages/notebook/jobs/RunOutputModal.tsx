import { Anchor, Group, Modal, Stack, Text } from '@mantine/core';
import { runUrls, type JobRun } from '../../../api/jobs';
import { NotebookHtmlFrame } from '../../../components/NotebookHtmlFrame';

/** A run's HTML output, in a modal. */
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
          <NotebookHtmlFrame url={url} title={`Output of run ${run.id}`} />
        </Stack>
      )}
    </Modal>
  );
}
