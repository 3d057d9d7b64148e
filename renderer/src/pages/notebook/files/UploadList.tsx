import { Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { formatBytes } from './bytes';
import type { Upload } from './use-uploads';

/** Each upload of this visit with its progress bar, then its outcome (the API's message when it failed). */
export function UploadList({ uploads, onClear }: { uploads: Upload[]; onClear: () => void }) {
  if (uploads.length === 0) return null;
  const busy = uploads.some((upload) => upload.state === 'uploading');
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
          const status =
            upload.state === 'done'
              ? 'Uploaded'
              : upload.state === 'failed'
                ? `Failed: ${upload.error ?? ''}`
                : `${formatBytes(upload.loaded)} of ${formatBytes(upload.total)}`;
          return (
            <div key={upload.id}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" truncate="end" title={upload.path}>
                  {upload.path}
                </Text>
                <Text
                  size="xs"
                  c={upload.state === 'failed' ? 'var(--mantine-color-red-light-color)' : 'dimmed'}
                  ta="right"
                  role={upload.state === 'failed' ? 'alert' : undefined}
                >
                  {status}
                </Text>
              </Group>
              <Progress
                value={upload.state === 'failed' ? 100 : percent}
                color={upload.state === 'failed' ? 'red' : upload.state === 'done' ? 'green' : undefined}
                aria-label={`Upload of ${upload.name}`}
                animated={upload.state === 'uploading'}
                size="sm"
              />
            </div>
          );
        })}
      </Stack>
    </Paper>
  );
}
