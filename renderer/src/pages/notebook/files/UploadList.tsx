import { Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { formatBytes } from './bytes';
import type { Upload } from './use-uploads';

interface Props {
  uploads: Upload[];
  onReplace: (upload: Upload) => void;
  onDismiss: (upload: Upload) => void;
  onCancel: (upload: Upload) => void;
  onClear: () => void;
}

function statusOf(upload: Upload): string {
  switch (upload.state) {
    case 'done':
      return 'Uploaded';
    case 'failed':
      return `Failed: ${upload.error ?? ''}`;
    case 'exists':
      return 'A file with this name is already here';
    case 'cancelled':
      return 'Cancelled';
    case 'uploading':
      return `${formatBytes(upload.loaded)} of ${formatBytes(upload.total)}`;
  }
}

/** Each upload of this visit with its progress bar, then its outcome (the API's message when it failed). */
export function UploadList({ uploads, onReplace, onDismiss, onCancel, onClear }: Props) {
  if (uploads.length === 0) return null;
  const busy = uploads.some((upload) => upload.state === 'uploading' || upload.state === 'exists');
  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text size="sm" fw={600}>
            Uploads
          </Text>
          {!busy && (
            <Button size="compact-sm" variant="subtle" onClick={onClear}>
              Clear
            </Button>
          )}
        </Group>
        {uploads.map((upload) => {
          const percent = upload.total > 0 ? Math.round((upload.loaded / upload.total) * 100) : upload.state === 'done' ? 100 : 0;
          const problem = upload.state === 'failed' || upload.state === 'exists';
          return (
            <div key={upload.id}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" truncate="end" title={upload.path}>
                  {upload.path}
                </Text>
                <Text size="xs" c={problem ? 'var(--mantine-color-red-light-color)' : 'dimmed'} ta="right" role={problem ? 'alert' : undefined}>
                  {statusOf(upload)}
                </Text>
              </Group>
              <Progress
                value={upload.state === 'failed' ? 100 : upload.state === 'cancelled' ? 0 : percent}
                color={upload.state === 'failed' ? 'red' : upload.state === 'done' ? 'green' : undefined}
                aria-label={`Upload of ${upload.name}`}
                animated={upload.state === 'uploading'}
                size="sm"
              />
              {upload.state === 'uploading' && (
                <Group mt={4} justify="flex-end">
                  <Button size="compact-xs" variant="default" onClick={() => onCancel(upload)} aria-label={`Cancel the upload of ${upload.name}`}>
                    Cancel
                  </Button>
                </Group>
              )}
              {upload.state === 'exists' && (
                <Group gap="xs" mt={4} justify="flex-end">
                  <Button size="compact-xs" variant="default" onClick={() => onDismiss(upload)}>
                    Keep the existing file
                  </Button>
                  <Button size="compact-xs" color="red" onClick={() => onReplace(upload)}>
                    Replace it
                  </Button>
                </Group>
              )}
            </div>
          );
        })}
      </Stack>
    </Paper>
  );
}
