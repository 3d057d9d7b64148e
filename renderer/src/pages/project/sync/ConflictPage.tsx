import { Alert, Anchor, Group, Paper, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { conflictQuery, projectRemoteQuery, useResolveConflict, type ConflictSide, type RemoteConflict, type Resolution } from '../../../api/remotes';
import { personIn } from '../../../app/people';
import { DateTime } from '../../../components/DateTime';
import { ErrorView } from '../../../components/ErrorView';
import { LoadingState } from '../../../components/LoadingState';
import { CodeView } from '../../notebook/versions/CodeView';
import { DiffView } from '../../notebook/versions/DiffView';
import { canWriteNotebooks, useProjectContext } from '../project-context';
import { ResolveChoices } from './ResolveChoices';
import { mergedText, threeWay, type ChunkKind } from './three-way';
import { ThreeWayTable } from './ThreeWayTable';

type View = 'side-by-side' | 'mine' | 'theirs' | 'base';
const VIEWS: View[] = ['side-by-side', 'mine', 'theirs', 'base'];

function SideCard({ title, hint, side, author }: { title: string; hint: string; side: ConflictSide | null; author: (id: string) => string }) {
  return (
    <Paper withBorder p="sm">
      <Text size="sm" fw={700}>
        {title}
      </Text>
      <Text size="xs" c="dimmed" mb={4}>
        {hint}
      </Text>
      {side ? (
        <>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }} lineClamp={3}>
            {side.message || 'No message'}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {author(side.author)} · <DateTime value={side.saved_at} />
          </Text>
          <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {side.version_id}
          </Text>
        </>
      ) : (
        <Text size="sm" c="dimmed">
          Not known any more (its version was pruned).
        </Text>
      )}
    </Paper>
  );
}

const count = (kinds: ChunkKind[], kind: ChunkKind) => kinds.filter((value) => value === kind).length;

/** "2 changes here, 1 on the team hub and 1 conflict." */
function changesText(kinds: ChunkKind[]): string {
  const parts = [
    [count(kinds, 'mine'), 'here'],
    [count(kinds, 'theirs'), 'on the team hub'],
    [count(kinds, 'both-same'), 'made the same on both sides'],
  ]
    .filter(([number]) => (number as number) > 0)
    .map(([number, where]) => `${number} ${number === 1 ? 'change' : 'changes'} ${where}`);
  const conflicts = count(kinds, 'conflict');
  if (conflicts > 0) parts.push(`${conflicts} ${conflicts === 1 ? 'place' : 'places'} changed differently on both sides`);
  return parts.length === 0 ? 'The two sides hold the same code.' : `${parts.join(', ')}.`;
}

function CodeConflict({ conflict, view, onView }: { conflict: RemoteConflict; view: View; onView: (view: View) => void }) {
  const { base, mine, theirs } = conflict;
  const compared = useMemo(() => threeWay(base?.code ?? null, mine!.code, theirs!.code), [base, mine, theirs]);
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="center" wrap="wrap">
        <SegmentedControl
          value={view}
          onChange={(value) => onView(value as View)}
          aria-label="Show"
          transitionDuration={0}
          data={[
            { value: 'side-by-side', label: 'Mine and theirs' },
            { value: 'mine', label: 'My changes', disabled: base === null },
            { value: 'theirs', label: 'Their changes', disabled: base === null },
            { value: 'base', label: 'Base', disabled: base === null },
          ]}
        />
        <Text size="sm">{changesText(compared.chunks.map((chunk) => chunk.kind))}</Text>
      </Group>
      {view === 'side-by-side' && <ThreeWayTable compared={compared} label="Mine and theirs, side by side" />}
      {view === 'mine' && base && <DiffView before={base.code} after={mine!.code} label="My changes since the base" />}
      {view === 'theirs' && base && <DiffView before={base.code} after={theirs!.code} label="The team’s changes since the base" />}
      {view === 'base' && base && <CodeView code={base.code} label="The base: the code both sides last had" />}
      {base === null && (
        <Text size="sm" c="dimmed">
          The code both sides last had is not known any more: every difference of mine and theirs is marked.
        </Text>
      )}
    </Stack>
  );
}

/**
 * A notebook changed here and on the team hub since both last had the same code (docs/ui/sync.md):
 * base, mine and theirs, side by side or as each side's changes, and the three ways to resolve it.
 * Everything shown is kept with the conflict: the page works with the team hub unreachable.
 */
export function ConflictPage() {
  const project = useProjectContext();
  const { nid = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const asked = params.get('view') as View | null;
  const view: View = asked && VIEWS.includes(asked) ? asked : 'side-by-side';
  const conflict = useQuery(conflictQuery(project.id, nid));
  const status = useQuery(projectRemoteQuery(project.id));
  const resolve = useResolveConflict(project.id, nid);
  const navigate = useNavigate();
  const [merging, setMerging] = useState(false);
  const title = status.data?.notebooks.find((notebook) => notebook.notebook_id === nid)?.title ?? nid;
  const back = `/projects/${project.id}/sync`;

  const onResolved = (resolution: Resolution) => {
    const pushFailed = resolution.push?.outcome === 'failed' || (resolution.choice !== 'take_theirs' && !resolution.pushed);
    if (pushFailed)
      notifications.show({
        color: 'yellow',
        autoClose: false,
        title: 'Resolved here, not pushed yet',
        message: `The team hub could not take it now${resolution.push?.note ? ` (${resolution.push.note})` : ''}: the notebook is ahead; push it later.`,
      });
    else
      notifications.show({
        color: 'green',
        message: resolution.choice === 'take_theirs' ? 'Resolved: the team’s version is the current one here.' : 'Resolved and pushed to the team hub.',
      });
    void navigate(back);
  };

  if (conflict.isPending) return <LoadingState label="Loading the conflict…" />;
  if (conflict.isError) return <ErrorView error={conflict.error} onRetry={() => void conflict.refetch()} />;
  const data = conflict.data;
  const codeConflict = data.mine !== null && data.theirs !== null;
  return (
    <Stack gap="md">
      <Anchor component={Link} to={back} size="sm">
        ← Sync
      </Anchor>
      <div>
        <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
          Conflict in {title}
        </Title>
        <Text size="sm" c="dimmed">
          Changed here and on the team hub since both last had the same code; found while {data.detected_by === 'push' ? 'pushing' : 'pulling'} on{' '}
          <DateTime value={data.detected_at} />. Nothing was overwritten.
        </Text>
      </div>
      {codeConflict && (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <SideCard title="Base" hint="What both sides last had" side={data.base} author={(id) => personIn(project, id)} />
          <SideCard title="Mine" hint="The current version here" side={data.mine} author={(id) => personIn(project, id)} />
          {/* The team hub's author is a user of the team hub: named as it said. */}
          <SideCard title="Theirs" hint="The current version on the team hub" side={data.theirs} author={(id) => id} />
        </SimpleGrid>
      )}
      {data.workspace && (
        <Alert color="orange" title="The workspace files changed on both sides too" styles={{ title: { color: 'var(--mantine-color-text)' } }}>
          Taking theirs replaces the files here with the team’s. Keeping both, or merging, joins the two: every file of either side, and yours where both have
          the same path.
        </Alert>
      )}
      {codeConflict && (
        <CodeConflict conflict={data} view={view} onView={(next) => setParams(next === 'side-by-side' ? {} : { view: next }, { replace: true })} />
      )}
      {canWriteNotebooks(project) ? (
        <ResolveChoices
          resolve={resolve}
          codeConflict={codeConflict}
          merging={merging}
          onMerge={setMerging}
          initialMerge={codeConflict ? mergedText(threeWay(data.base?.code ?? null, data.mine!.code, data.theirs!.code)) : ''}
          onResolved={onResolved}
        />
      ) : (
        <Text size="sm" c="dimmed">
          An editor of this project resolves it.
        </Text>
      )}
    </Stack>
  );
}
