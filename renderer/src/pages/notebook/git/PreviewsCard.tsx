import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { GitSource } from '../../../api/git';
import { previewRefLabel, previewsQuery, useDeletePreview, type Preview } from '../../../api/previews';
import { asSentence } from '../../../app/format';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { DataTable, type Column } from '../../../components/DataTable';
import { DateTime } from '../../../components/DateTime';
import { sessionPath } from '../../session/session-text';
import { CreatePreviewModal } from './CreatePreviewModal';

const STATUS = {
  pending: { color: 'yellow', label: 'Preparing' },
  ready: { color: 'green', label: 'Ready' },
  failed: { color: 'red', label: 'Failed' },
} as const;

const KIND_LABELS = { branch: 'Branch', commit: 'Commit', change_request: 'Change request' } as const;

interface Props {
  pid: string;
  nid: string;
  source: GitSource;
  /** Editors create and delete previews and open them in the editor. */
  editable: boolean;
}

const columns: Column<Preview>[] = [
  {
    header: 'Preview',
    cellProps: { maw: 320 },
    cell: (preview) => (
      <>
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {preview.title}
        </Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {KIND_LABELS[preview.kind]}{' '}
          <Text span size="xs" ff="monospace">
            {previewRefLabel(preview)}
          </Text>
          {preview.commit && preview.kind !== 'commit' && (
            <>
              {' at '}
              <Text span size="xs" ff="monospace">
                {preview.commit.slice(0, 12)}
              </Text>
            </>
          )}
        </Text>
      </>
    ),
  },
  {
    header: 'Status',
    cell: (preview) => (
      <Stack gap={2} align="flex-start">
        <Badge variant="dot" color={STATUS[preview.status].color}>
          {STATUS[preview.status].label}
        </Badge>
        {preview.error && (
          <Text size="xs" c={preview.status === 'failed' ? 'red' : 'dimmed'} maw={260} style={{ overflowWrap: 'anywhere' }}>
            {asSentence(preview.error.message)}
          </Text>
        )}
      </Stack>
    ),
  },
  {
    header: 'Created',
    cell: (preview) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        <DateTime value={preview.created_at} />
      </Text>
    ),
  },
];

/** A Git notebook's previews (docs/git.md, "Previews"): what each shows, how far the hub got preparing it, and opening it. */
export function PreviewsCard({ pid, nid, source, editable }: Props) {
  const previews = useInfiniteQuery(previewsQuery(pid, nid));
  const [creating, setCreating] = useState(false);
  const remove = useDeletePreview(pid, nid);
  const items = previews.data?.pages.flatMap((page) => page.items) ?? [];
  const open = (preview: Preview, mode: 'app' | 'edit') => `${sessionPath(pid, nid, mode)}?preview=${preview.id}`;

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="git-previews-heading">
      <Stack gap="sm">
        <Group justify="space-between" align="center" wrap="wrap" gap="sm">
          <Title order={2} size="h4" id="git-previews-heading">
            Previews
          </Title>
          {editable && (
            <Button size="sm" variant="default" onClick={() => setCreating(true)}>
              New preview
            </Button>
          )}
        </Group>
        <DataTable
          labelledBy="git-previews-heading"
          columns={columns}
          rows={items}
          rowKey={(preview) => preview.id}
          query={previews}
          loadingLabel="Loading previews…"
          empty={
            <Text size="sm" c="dimmed">
              No previews yet. A preview runs this notebook as another branch, a commit or an open change request of the repository has it, as an app or in the
              editor, without changing the notebook.{!editable && ' Editors of this project can create previews.'}
            </Text>
          }
          rowActions={(preview) => (
            <Group gap="xs" justify="flex-end" wrap="nowrap">
              <Button size="xs" variant="light" component={Link} to={open(preview, 'app')} aria-label={`Open as app: ${preview.title}`}>
                Open as app
              </Button>
              {editable && (
                <Button size="xs" variant="default" component={Link} to={open(preview, 'edit')} aria-label={`Open in editor: ${preview.title}`}>
                  Open in editor
                </Button>
              )}
              {editable && (
                <ConfirmButton
                  tooltip="Delete preview"
                  mutation={remove}
                  variables={preview.id}
                  label="Delete"
                  ariaLabel={`Delete ${preview.title}`}
                  confirmLabel="Delete preview"
                  button={{ size: 'xs', variant: 'subtle', color: 'red' }}
                  title="Delete preview"
                  onSuccess={() => notifications.show({ color: 'green', message: `${preview.title} deleted.` })}
                >
                  Delete the preview {preview.title}? Its prepared files go; the repository and the notebook are not touched. Preview sessions already open keep
                  running until they stop.
                </ConfirmButton>
              )}
            </Group>
          )}
          pages={previews}
          pagesLabel="Load more previews"
          minWidth={640}
          spacing="xs"
        />
      </Stack>
      {editable && <CreatePreviewModal pid={pid} nid={nid} source={source} opened={creating} onClose={() => setCreating(false)} />}
    </Paper>
  );
}
