import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { notebookUrls } from '../../api/notebook-content';
import { snapshotQuery, versionQuery } from '../../api/notebook-versions';
import { formatDateTime } from '../../app/format';
import { EmptyState } from '../../components/EmptyState';
import { ErrorView } from '../../components/ErrorView';
import { LoadingState } from '../../components/LoadingState';
import { useNotebookContext } from './notebook-context';
import { NotebookHtmlFrame } from '../../components/NotebookHtmlFrame';

/**
 * The newest HTML snapshot in a sandboxed frame: scripts may run, but the frame has an opaque
 * origin, so the notebook's output cannot act on the hub's pages or cookies.
 */
export function SnapshotTab() {
  const { notebook } = useNotebookContext();
  const { id: nid, project_id: pid, title } = notebook.meta;
  const snapshot = useQuery(snapshotQuery(pid, nid));

  if (snapshot.isPending) return <LoadingState label="Loading snapshot…" />;
  if (snapshot.isError) return <ErrorView error={snapshot.error} onRetry={() => void snapshot.refetch()} />;
  if (snapshot.data === null)
    return (
      <EmptyState title="No snapshot yet">
        A snapshot is the notebook rendered with its outputs. One is taken when an edit session saves the notebook; open it in the editor and save to make one.
      </EmptyState>
    );
  const { versionId } = snapshot.data;
  return <Snapshot pid={pid} nid={nid} title={title} versionId={versionId} />;
}

function Snapshot({ pid, nid, title, versionId }: { pid: string; nid: string; title: string; versionId: string | null }) {
  // The version says when its snapshot was captured; the HTML itself does not.
  const version = useQuery({ ...versionQuery(pid, nid, versionId ?? ''), enabled: versionId !== null });
  const captured = version.data?.html_snapshot?.captured_at;
  const url = notebookUrls.html(pid, nid);
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed">
          Rendered from{' '}
          {versionId ? (
            <Anchor component={Link} to={`../versions/${versionId}`} relative="path" underline="always">
              version {versionId}
            </Anchor>
          ) : (
            'the newest version with a snapshot'
          )}
          {captured ? `, captured ${formatDateTime(captured)}.` : '.'}
        </Text>
        <Anchor href={url} target="_blank" rel="noopener" size="sm">
          Open the snapshot in a new tab
        </Anchor>
      </Group>
      <NotebookHtmlFrame url={url} title={`Snapshot of ${title}`} />
    </Stack>
  );
}
