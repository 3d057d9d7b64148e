import { Anchor, Grid, Text, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { gitProvidersQuery, type GitSource } from '../../../api/git';
import { formatDateTime } from '../../../app/format';
import { commitPageUrl, PROVIDER_LABELS, relativeTime, repoPageUrl, shortCommit } from './source-format';

const SYNC_MODE_TEXT = { pull: 'Pull: the hub keeps it in sync', push: 'Push: your CI calls the hub after each push' } as const;

function Fact({ label, span, children }: { label: string; span: number; children: ReactNode }) {
  return (
    <Grid.Col span={{ base: 12, xs: 6, md: span }} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {children}
    </Grid.Col>
  );
}

/** A value that may be too long for its column: cut to one line, in full on hover (and for screen readers, which read the whole text). */
function Truncated({ value, full = value, href, mono }: { value: string; full?: string; href?: string | null; mono?: boolean }) {
  const text = (
    <Text size="sm" truncate="end" ff={mono ? 'monospace' : undefined}>
      {value}
    </Text>
  );
  return (
    <Tooltip label={full} multiline maw={480} styles={{ tooltip: { overflowWrap: 'anywhere' } }} openDelay={300}>
      {href ? (
        <Anchor href={href} target="_blank" rel="noreferrer" size="sm" display="block" truncate="end" ff={mono ? 'monospace' : undefined}>
          {value}
        </Anchor>
      ) : (
        text
      )}
    </Tooltip>
  );
}

/** Where a Git notebook reads from, and what it last synced. */
export function SourceFacts({ source }: { source: GitSource }) {
  const providers = useQuery(gitProvidersQuery);
  const webUrl = providers.data?.find((entry) => entry.provider === source.provider)?.web_url;
  const provider = source.provider ? (PROVIDER_LABELS[source.provider] ?? source.provider) : null;
  return (
    <Grid gutter="md">
      <Fact label={provider ? `Repository on ${provider}` : 'Repository'} span={6}>
        <Truncated value={source.repo} href={repoPageUrl(source, webUrl)} />
      </Fact>
      <Fact label="Branch" span={3}>
        <Truncated value={source.branch} mono />
      </Fact>
      <Fact label="Folder" span={3}>
        {source.root_path ? <Truncated value={source.root_path} mono /> : <Text size="sm">The whole repository</Text>}
      </Fact>
      <Fact label="Entry notebook" span={3}>
        <Truncated value={source.entry_notebook} mono />
      </Fact>
      <Fact label="Sync mode" span={3}>
        <Text size="sm">{SYNC_MODE_TEXT[source.sync_mode]}</Text>
      </Fact>
      <Fact label="Last synced" span={3}>
        {source.last_synced_at ? (
          <Tooltip label={formatDateTime(source.last_synced_at)}>
            <Text size="sm" component="time" dateTime={source.last_synced_at} display="block" w="fit-content">
              {relativeTime(source.last_synced_at)}
            </Text>
          </Tooltip>
        ) : (
          <Text size="sm">Never</Text>
        )}
      </Fact>
      <Fact label="Commit" span={3}>
        {source.commit ? (
          <Truncated value={shortCommit(source.commit)} full={source.commit} href={commitPageUrl(source, webUrl, source.commit)} mono />
        ) : (
          <Text size="sm">—</Text>
        )}
      </Fact>
    </Grid>
  );
}
