import { Alert, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { driftQuery, syncHealthQuery, type GitSource, type SyncHealth } from '../../../api/git';
import { asSentence, formatDateTime } from '../../../app/format';
import { ChangeSourceModal } from './ChangeSourceModal';
import { DriftBadge } from './DriftBadge';
import { RotateTokenButton } from './RotateTokenButton';
import { SourceFacts } from './SourceFacts';
import { SyncNowButton } from './SyncNowButton';
import { relativeTime } from './source-format';

const PENDING_LABELS = { repo: 'Repository', branch: 'Branch', root_path: 'Folder', entry_notebook: 'Entry notebook' } as const;

/** The settings that wait for the next sync, each beside what the notebook reads now. */
function PendingSettings({ source, editable }: { source: GitSource; editable: boolean }) {
  const pending = source.pending_config;
  if (!pending) return null;
  const changed = (Object.keys(PENDING_LABELS) as (keyof typeof PENDING_LABELS)[]).filter((field) => pending[field] !== source[field]);
  return (
    <Alert color="blue" title="Changed settings wait for the next sync" styles={{ title: { color: 'var(--mantine-color-text)' } }}>
      <List size="sm" spacing={2}>
        {changed.map((field) => (
          <List.Item key={field} style={{ overflowWrap: 'anywhere' }}>
            {PENDING_LABELS[field]}:{' '}
            <Text span size="sm" ff="monospace">
              {pending[field] || '(the whole repository)'}
            </Text>
            <Text span size="sm" c="dimmed">
              {' '}
              (now{' '}
              {source[field] ? (
                <Text span size="sm" ff="monospace">
                  {source[field]}
                </Text>
              ) : (
                'the whole repository'
              )}
              )
            </Text>
          </List.Item>
        ))}
      </List>
      <Text size="sm" mt={6}>
        The notebook keeps its code and files until a sync works with them{editable ? ': press Sync now to apply them.' : '.'}
      </Text>
    </Alert>
  );
}

/** Syncs that keep failing (the hub's pulls in the background, or the repository's pushes): since when, and the latest reason. */
function FailingSyncs({ health, editable }: { health: SyncHealth | undefined; editable: boolean }) {
  if (!health?.failing_since || !health.last_error) return null;
  return (
    <Alert color="orange" title={`Syncs have failed since ${relativeTime(health.failing_since)}`} styles={{ title: { color: 'var(--mantine-color-text)' } }}>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {asSentence(health.last_error.message.replace(/\.?$/, '.'))}
      </Text>
      <Text size="xs" c="dimmed" mt={4}>
        First failure {formatDateTime(health.failing_since)}. The notebook keeps what it last synced{editable ? '; Sync now tries again.' : '.'}
      </Text>
    </Alert>
  );
}

/** A Git notebook's source on its overview: where it reads from, how it stands against its branch, and (for editors) syncing and changing it. */
export function SourceCard({ pid, nid, source, editable }: { pid: string; nid: string; source: GitSource; editable: boolean }) {
  const drift = useQuery(driftQuery(pid, nid));
  const health = useQuery(syncHealthQuery(pid, nid));
  const [changing, setChanging] = useState(false);
  const branch = source.pending_config?.branch ?? source.branch;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="git-source-heading">
      <Stack gap="md">
        <Group justify="space-between" align="center" wrap="wrap" gap="sm">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 16rem' }}>
            <Title order={2} size="h4" id="git-source-heading">
              Source
            </Title>
            <DriftBadge drift={drift} branch={branch} />
          </Group>
          {editable && (
            <Group gap="xs">
              <SyncNowButton pid={pid} nid={nid} />
              {source.sync_mode === 'push' && <RotateTokenButton pid={pid} nid={nid} />}
              <Button size="sm" variant="default" onClick={() => setChanging(true)}>
                Change source
              </Button>
            </Group>
          )}
        </Group>
        {drift.isError && (
          <Alert color="red" title="The branch could not be checked" role="alert" styles={{ title: { color: 'var(--mantine-color-text)' } }}>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {asSentence(drift.error.message)}
            </Text>
          </Alert>
        )}
        {source.commit === null && !drift.isError && (
          <Alert color="orange" title="Not synced yet" styles={{ title: { color: 'var(--mantine-color-text)' } }}>
            <Text size="sm">
              No sync has worked yet, so the notebook has no code from the repository. Check the branch, the folder and the entry notebook (and, for a private
              repository, the project&apos;s Git credentials){editable ? ', then press Sync now.' : '.'}
            </Text>
          </Alert>
        )}
        {source.commit !== null && <FailingSyncs health={health.data} editable={editable} />}
        <PendingSettings source={source} editable={editable} />
        <SourceFacts source={source} />
      </Stack>
      {editable && <ChangeSourceModal pid={pid} nid={nid} source={source} opened={changing} onClose={() => setChanging(false)} />}
    </Paper>
  );
}
