import { Badge, Button, Group, Paper, Stack, Table, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { GitSource } from '../../../api/git';
import { previewRefLabel, previewsQuery, useDeletePreview, type Preview } from '../../../api/previews';
import { asSentence } from '../../../app/format';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { DateTime } from '../../../components/DateTime';
import { ErrorView } from '../../../components/ErrorView';
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

/** A Git notebook's previews (docs/git.md, "Previews"): what each shows, how far the hub got preparing it, and opening it. */
export function PreviewsCard({ pid, nid, source, editable }: Props) {
  const previews = useInfiniteQuery(previewsQuery(pid, nid));
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Preview | null>(null);
  const remove = useDeletePreview(pid, nid);
  const items = previews.data?.pages.flatMap((page) => page.items) ?? [];

  let content;
  if (previews.isPending)
    content = (
      <Text size="sm" c="dimmed">
        Loading previews…
      </Text>
    );
  else if (previews.isError && !previews.isFetchNextPageError) content = <ErrorView error={previews.error} onRetry={() => void previews.refetch()} />;
  else if (items.length === 0)
    content = (
      <Text size="sm" c="dimmed">
        No previews yet. A preview runs this notebook as another branch, a commit or an open change request of the repository has it, as an app or in the
        editor, without changing the notebook.{!editable && ' Editors of this project can create previews.'}
      </Text>
    );
  else
    content = (
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="xs" aria-labelledby="git-previews-heading">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Preview</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((preview) => (
              <PreviewRow key={preview.id} pid={pid} nid={nid} preview={preview} editable={editable} onDelete={() => setDeleting(preview)} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

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
        {content}
        {previews.isFetchNextPageError && <ErrorView error={previews.error} onRetry={() => void previews.fetchNextPage()} />}
        {previews.hasNextPage && (
          <Group justify="center">
            <Button variant="default" size="xs" loading={previews.isFetchingNextPage} onClick={() => void previews.fetchNextPage()}>
              Load more previews
            </Button>
          </Group>
        )}
      </Stack>
      {editable && <CreatePreviewModal pid={pid} nid={nid} source={source} opened={creating} onClose={() => setCreating(false)} />}
      <ConfirmModal
        title="Delete preview"
        opened={deleting !== null}
        onClose={() => {
          remove.reset();
          setDeleting(null);
        }}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notifications.show({ color: 'green', message: `${deleting.title} deleted.` });
              setDeleting(null);
            },
          })
        }
        confirmLabel="Delete preview"
        pending={remove.isPending}
        error={remove.error}
      >
        Delete the preview {deleting?.title}? Its prepared files go; the repository and the notebook are not touched. Preview sessions already open keep running
        until they stop.
      </ConfirmModal>
    </Paper>
  );
}

function PreviewRow({ pid, nid, preview, editable, onDelete }: { pid: string; nid: string; preview: Preview; editable: boolean; onDelete: () => void }) {
  const status = STATUS[preview.status];
  const open = (mode: 'app' | 'edit') => `${sessionPath(pid, nid, mode)}?preview=${preview.id}`;
  return (
    <Table.Tr>
      <Table.Td maw={320}>
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
      </Table.Td>
      <Table.Td>
        <Stack gap={2} align="flex-start">
          <Badge variant="dot" color={status.color}>
            {status.label}
          </Badge>
          {preview.error && (
            <Text size="xs" c={preview.status === 'failed' ? 'red' : 'dimmed'} maw={260} style={{ overflowWrap: 'anywhere' }}>
              {asSentence(preview.error.message)}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          <DateTime value={preview.created_at} />
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button size="xs" variant="light" component={Link} to={open('app')} aria-label={`Open as app: ${preview.title}`}>
            Open as app
          </Button>
          {editable && (
            <Button size="xs" variant="default" component={Link} to={open('edit')} aria-label={`Open in editor: ${preview.title}`}>
              Open in editor
            </Button>
          )}
          {editable && (
            <Tooltip label="Delete preview">
              <Button size="xs" variant="subtle" color="red" onClick={onDelete} aria-label={`Delete ${preview.title}`}>
                Delete
              </Button>
            </Tooltip>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
