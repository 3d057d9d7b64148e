import { Alert, Anchor, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { importQuery } from '../../api/imports';
import { projectQuery } from '../../api/queries';
import { formatDateTime } from '../../app/format';
import { ErrorView } from '../../components/ErrorView';
import { LoadingState } from '../../components/LoadingState';
import { formatBytes } from '../notebook/files/bytes';
import { canEdit } from '../notebook/notebook-context';
import { ImportHeader } from './ImportHeader';
import { ImportNotebooks } from './ImportNotebooks';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}

/** An uploaded folder: what it held, the notebooks found in it and creating them. */
export function ImportPage() {
  const { pid = '', importId = '' } = useParams();
  const upload = useQuery(importQuery(pid, importId));
  const project = useQuery(projectQuery(pid));

  let body;
  if (upload.isPending) body = <LoadingState label="Loading the import…" />;
  else if (upload.isError) body = <ErrorView error={upload.error} onRetry={() => void upload.refetch()} />;
  else {
    const data = upload.data;
    body = (
      <>
        <Paper withBorder p="md">
          <SimpleGrid cols={{ base: 2, md: 5 }} spacing="md">
            <Figure label="Uploaded" value={formatDateTime(data.created_at)} />
            <Figure label="Archive" value={formatBytes(data.archive_bytes)} />
            <Figure label="Files" value={`${data.file_count} in ${data.folder_count} ${data.folder_count === 1 ? 'folder' : 'folders'}`} />
            <Figure label="Unpacked" value={formatBytes(data.total_bytes)} />
            <Figure label="Files kept until" value={formatDateTime(data.files_expire_at)} />
          </SimpleGrid>
          {data.ignored_count > 0 && (
            <Text size="xs" c="dimmed" mt="sm">
              {data.ignored_count} system {data.ignored_count === 1 ? 'file was' : 'files were'} left out (__MACOSX/, __pycache__/, .DS_Store, Thumbs.db).
            </Text>
          )}
        </Paper>
        {data.state === 'files_expired' && (
          <Alert color="gray" title="The uploaded files have expired">
            The folder is kept for 24 hours after the upload. Notebooks created from it stay; to create others,{' '}
            <Anchor component={Link} to={`/projects/${pid}/import`} underline="always">
              upload the folder again
            </Anchor>
            .
          </Alert>
        )}
        <ImportNotebooks pid={pid} data={data} canCreate={project.data !== undefined && canEdit(project.data)} />
      </>
    );
  }
  return (
    <Stack gap="md">
      <ImportHeader pid={pid} title="Notebooks in the uploaded folder" />
      <Group>
        <Anchor component={Link} to={`/projects/${pid}/import`} size="sm">
          Import another folder
        </Anchor>
      </Group>
      {body}
    </Stack>
  );
}
