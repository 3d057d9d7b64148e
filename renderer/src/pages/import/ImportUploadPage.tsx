import '@mantine/dropzone/styles.layer.css';
import { Alert, Group, List, Paper, Progress, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { uploadImport } from '../../api/imports';
import { projectQuery } from '../../api/queries';
import type { UploadProgress } from '../../api/upload';
import { formatBytes } from '../notebook/files/bytes';
import { canEdit } from '../notebook/notebook-context';
import { ImportHeader } from './ImportHeader';

const ZIP_TYPES = ['application/zip', 'application/x-zip-compressed', 'application/octet-stream'];

/** Uploads a folder as a zip, with its progress, then goes to the import it made. */
export function ImportUploadPage() {
  const { pid = '' } = useParams();
  const navigate = useNavigate();
  const [progress, setProgress] = useState<(UploadProgress & { name: string }) | null>(null);
  const [error, setError] = useState<Error | null>(null);

  const upload = (file: File) => {
    setError(null);
    setProgress({ name: file.name, loaded: 0, total: file.size });
    uploadImport(pid, file, (next) => setProgress({ name: file.name, ...next }))
      .then((created) => navigate(`/projects/${pid}/import/${created.id}`))
      .catch((failure: unknown) => {
        setProgress(null);
        setError(failure instanceof Error ? failure : new Error(String(failure)));
      });
  };

  const project = useQuery(projectQuery(pid));
  const uploading = progress !== null;
  const percent = progress && progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 0;
  return (
    <Stack gap="md" maw={760}>
      <ImportHeader pid={pid} title="Import a folder of notebooks" />
      <Text>
        Zip a folder that holds marimo notebooks with their data files and helper modules, and upload it here. The hub lists the notebooks it finds; each one
        you create gets the files around it as its workspace, so paths such as <code>data/sales.csv</code> keep working.
      </Text>
      {project.data && !canEdit(project.data) && (
        <Alert color="gray" title="You cannot import into this project">
          Importing creates notebooks, which needs the editor role or above in this project. Ask a project manager for it.
        </Alert>
      )}
      <Dropzone
        onDrop={(files) => files[0] && upload(files[0])}
        onReject={() => setError(new Error('Choose one .zip file.'))}
        accept={ZIP_TYPES}
        multiple={false}
        disabled={uploading || (project.data !== undefined && !canEdit(project.data))}
        inputProps={{ 'aria-label': 'Zip file to import' }}
      >
        <Group justify="center" mih={140} style={{ pointerEvents: 'none' }}>
          <Stack gap={4} align="center">
            <Text size="lg" fw={600}>
              Drop a .zip file here, or click to choose one
            </Text>
            <Text size="sm" c="dimmed">
              Files left out: __MACOSX/, __pycache__/, .DS_Store and Thumbs.db. The folder is kept for 24 hours.
            </Text>
          </Stack>
        </Group>
      </Dropzone>
      {progress && (
        <Paper withBorder p="sm">
          <Group justify="space-between" gap="xs" wrap="nowrap" mb={4}>
            <Text size="sm" truncate="end">
              Uploading {progress.name}
            </Text>
            <Text size="xs" c="dimmed">
              {percent < 100 ? `${formatBytes(progress.loaded)} of ${formatBytes(progress.total)}` : 'Checking the archive…'}
            </Text>
          </Group>
          <Progress value={percent} animated aria-label={`Upload of ${progress.name}`} />
        </Paper>
      )}
      {error && (
        <Alert color="red" role="alert">
          <Text size="sm" fw={700}>
            The folder was not imported
          </Text>
          <Text size="sm">{error.message}</Text>
        </Alert>
      )}
      <Text size="sm" c="dimmed">
        A refused archive leaves nothing behind. The hub refuses:
      </Text>
      <List size="sm" c="dimmed" spacing={2}>
        <List.Item>names outside the folder (absolute paths, .. segments, backslashes), duplicate names, names not in UTF-8;</List.Item>
        <List.Item>symbolic links and encrypted entries;</List.Item>
        <List.Item>a folder without any marimo notebook.</List.Item>
      </List>
    </Stack>
  );
}
