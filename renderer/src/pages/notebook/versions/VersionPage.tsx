import { Anchor, Badge, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { versionCodeQuery, versionQuery, type NotebookVersion } from '../../../api/notebook-versions';
import { formatDateTime } from '../../../app/format';
import { personIn } from '../../../app/people';
import { ErrorView } from '../../../components/ErrorView';
import { LoadingState } from '../../../components/LoadingState';
import { canEdit, useNotebookContext } from '../notebook-context';
import { CodeView } from './CodeView';
import { DiffView } from './DiffView';
import { VersionEnvironmentPanel } from './EnvironmentView';
import { RestoreButton } from './RestoreButton';

type View = 'code' | 'changes' | 'environment';

/** One version: its code, (?view=changes) what changed since the version it was based on, or (?view=environment) its locked packages. */
export function VersionPage() {
  const { notebook, project } = useNotebookContext();
  const { id: nid, project_id: pid } = notebook.meta;
  const { vid = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const asked = params.get('view');
  const view: View = asked === 'changes' || asked === 'environment' ? asked : 'code';
  const version = useQuery(versionQuery(pid, nid, vid));

  if (version.isPending) return <LoadingState label="Loading version…" />;
  if (version.isError) return <ErrorView error={version.error} onRetry={() => void version.refetch()} />;
  const data = version.data;
  const current = notebook.source.current_version_id;
  return (
    <Stack gap="md">
      <Anchor component={Link} to=".." relative="path" size="sm">
        ← All versions
      </Anchor>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Title order={2} size="h3">
              Version of {formatDateTime(data.saved_at)}
            </Title>
            {data.version_id === current && (
              <Badge variant="dot" color="green">
                current
              </Badge>
            )}
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {data.message} · by {personIn(project, data.author)}
          </Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {data.version_id}
          </Text>
        </div>
        {canEdit(project) && data.version_id !== current && <RestoreButton pid={pid} version={data} currentVersionId={current} />}
      </Group>
      <SegmentedControl
        w="fit-content"
        value={view}
        onChange={(value) => setParams(value === 'code' ? {} : { view: value }, { replace: true })}
        data={[
          { value: 'code', label: 'Code' },
          { value: 'changes', label: 'Changes' },
          { value: 'environment', label: 'Environment' },
        ]}
        aria-label="Show"
        transitionDuration={0}
      />
      {view === 'code' && <VersionCode pid={pid} nid={nid} version={data} />}
      {view === 'changes' && <VersionChanges pid={pid} nid={nid} version={data} />}
      {view === 'environment' && (
        <VersionEnvironmentPanel pid={pid} nid={nid} vid={data.version_id} current={data.version_id === current} editable={canEdit(project)} />
      )}
    </Stack>
  );
}

function VersionCode({ pid, nid, version }: { pid: string; nid: string; version: NotebookVersion }) {
  const code = useQuery(versionCodeQuery(pid, nid, version.version_id));
  if (code.isPending) return <LoadingState label="Loading code…" />;
  if (code.isError) return <ErrorView error={code.error} onRetry={() => void code.refetch()} />;
  return <CodeView code={code.data} label={`Code of version ${version.version_id}`} />;
}

function VersionChanges({ pid, nid, version }: { pid: string; nid: string; version: NotebookVersion }) {
  const parent = version.parent_id;
  const after = useQuery(versionCodeQuery(pid, nid, version.version_id));
  const before = useQuery({ ...versionCodeQuery(pid, nid, parent ?? ''), enabled: parent !== null });
  if (parent === null) return <Text c="dimmed">This is the first version: there is no earlier version to compare it with.</Text>;
  const failed = after.isError ? after : before.isError ? before : null;
  if (failed) return <ErrorView error={failed.error} onRetry={() => void failed.refetch()} />;
  if (after.data === undefined || before.data === undefined) return <LoadingState label="Loading changes…" />;
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        Compared with the version it was based on,{' '}
        <Anchor component={Link} to={`../${parent}`} relative="path" underline="always">
          {parent}
        </Anchor>
        .
      </Text>
      <DiffView before={before.data} after={after.data} label={`Changes from ${parent} to ${version.version_id}`} />
    </Stack>
  );
}
