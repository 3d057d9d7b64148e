import '@mantine/dropzone/styles.layer.css';
import { Button, Center, FileButton, Group, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { notebookUrls } from '../../../api/notebook-content';
import { workspaceAccessQuery, workspaceItemsQuery, type WorkspaceItem } from '../../../api/workspace';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorView } from '../../../components/ErrorView';
import { LoadingState } from '../../../components/LoadingState';
import { useNotebookContext } from '../notebook-context';
import { DeleteModal } from './DeleteModal';
import { FileTable } from './FileTable';
import { FolderBreadcrumbs } from './FolderBreadcrumbs';
import type { ItemAction } from './ItemMenu';
import { NewFolderModal } from './NewFolderModal';
import { ReadOnlyNotice } from './ReadOnlyNotice';
import { TransferModal } from './TransferModal';
import { UploadList } from './UploadList';
import { useUploads } from './use-uploads';

/** The notebook's workspace files, one folder at a time (?path=<folder>). */
export function FilesTab() {
  const { notebook } = useNotebookContext();
  const { id: nid, project_id: pid } = notebook.meta;
  const [params] = useSearchParams();
  const folder = params.get('path') ?? '';
  const access = useQuery(workspaceAccessQuery(pid, nid));
  const items = useQuery(workspaceItemsQuery(pid, nid, folder));
  const { uploads, start, replace, cancel, dismiss, clearFinished } = useUploads(pid, nid);
  const [creatingFolder, folderModal] = useDisclosure(false);
  const [action, setAction] = useState<{ kind: ItemAction; item: WorkspaceItem } | null>(null);
  const onAction = (kind: ItemAction, item: WorkspaceItem) => setAction({ kind, item });
  const close = () => setAction(null);

  if (access.isPending) return <LoadingState label="Loading files…" />;
  if (access.isError) return <ErrorView error={access.error} onRetry={() => void access.refetch()} />;
  const writable = access.data.writable;

  let body;
  if (items.isPending) body = <LoadingState label="Loading files…" />;
  else if (items.isError) body = <ErrorView error={items.error} onRetry={() => void items.refetch()} />;
  else if (items.data.length === 0)
    body = (
      <EmptyState title={folder ? 'This folder is empty' : 'No files yet'}>
        {writable ? 'Upload data files, helper modules or images the notebook reads.' : 'Files the notebook reads appear here.'}
      </EmptyState>
    );
  else body = <FileTable pid={pid} nid={nid} items={items.data} access={access.data} onAction={onAction} />;

  return (
    <Stack gap="sm">
      <ReadOnlyNotice access={access.data} />
      <Group justify="space-between" wrap="wrap" gap="sm">
        <FolderBreadcrumbs folder={folder} />
        <Group gap="xs">
          {writable && (
            <>
              <FileButton onChange={(files) => start(folder, files)} multiple>
                {(props) => <Button {...props}>Upload files</Button>}
              </FileButton>
              <Button variant="default" onClick={folderModal.open}>
                New folder
              </Button>
            </>
          )}
          <Button variant="default" component="a" href={notebookUrls.workspaceArchive(pid, nid, folder)} download>
            Download folder
          </Button>
        </Group>
      </Group>
      {writable && (
        <Dropzone.FullScreen
          onDrop={(files) => start(folder, files)}
          activateOnClick={false}
          inputProps={{ 'aria-label': 'Files to upload' }}
          activateOnKeyboard={false}
        >
          <Center mih="60vh">
            <Text size="xl" fw={600}>
              Drop files to upload them into {folder || 'the workspace'}
            </Text>
          </Center>
        </Dropzone.FullScreen>
      )}
      <UploadList
        uploads={uploads}
        onReplace={replace}
        onDismiss={(upload) => dismiss(upload.id)}
        onCancel={(upload) => cancel(upload.id)}
        onClear={clearFinished}
      />
      {body}
      <NewFolderModal pid={pid} nid={nid} folder={folder} opened={creatingFolder} onClose={folderModal.close} />
      <TransferModal pid={pid} nid={nid} kind="move" item={action?.kind === 'move' ? action.item : null} onClose={close} />
      <TransferModal pid={pid} nid={nid} kind="copy" item={action?.kind === 'copy' ? action.item : null} onClose={close} />
      <DeleteModal pid={pid} nid={nid} item={action?.kind === 'delete' ? action.item : null} onClose={close} />
    </Stack>
  );
}
