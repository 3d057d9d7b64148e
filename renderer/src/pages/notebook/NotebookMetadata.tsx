import { SimpleGrid, Text } from '@mantine/core';
import type { NotebookDetail, NotebookMeta } from '../../api/types';
import { formatDateTime } from '../../app/format';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

export function NotebookMetadata({ meta, source, author }: { meta: NotebookMeta; source: NotebookDetail['source']; author: string }) {
  // A Git notebook's repository, branch and sync have a card of their own below.
  const sourceText = source.type === 'git' ? 'Synced from Git' : 'Stored in the hub';
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      <Field label="Author" value={author} />
      <Field label="Created" value={formatDateTime(meta.created_at)} />
      <Field label="Updated" value={formatDateTime(meta.updated_at)} />
      <Field label="Last run" value={formatDateTime(meta.last_run_at)} />
      <Field label="Source" value={sourceText} />
      <Field label="Python" value={meta.runtime?.python_version ?? '—'} />
      <Field label="marimo" value={meta.runtime?.marimo_version ?? '—'} />
      <Field label="Compute profile" value={meta.compute_profile ?? 'Default'} />
    </SimpleGrid>
  );
}
