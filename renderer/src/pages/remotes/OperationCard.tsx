import { Anchor, Badge, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { RemoteOperation } from '../../api/remotes';
import { DataTable, type Column } from '../../components/DataTable';
import { DateTime } from '../../components/DateTime';
import { ProjectName } from './ProjectName';
import { progressPercent, progressText } from './progress-text';
import { remoteProblem } from './remote-problem';
import { RemoteProblemAlert } from './RemoteProblemAlert';

type NotebookOutcome = RemoteOperation['notebooks'][number];

const OUTCOMES: Record<NotebookOutcome['outcome'], { label: string; color: string }> = {
  created: { label: 'Created', color: 'green' },
  updated: { label: 'Updated', color: 'blue' },
  unchanged: { label: 'Unchanged', color: 'gray.5' },
  conflict: { label: 'Conflict', color: 'red' },
  skipped: { label: 'Skipped', color: 'yellow' },
};

const STATES: Record<RemoteOperation['state'], { label: string; color: string }> = {
  running: { label: 'Running', color: 'blue' },
  succeeded: { label: 'Done', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
};

export function OperationStateBadge({ state }: { state: RemoteOperation['state'] }) {
  return (
    <Badge color={STATES[state].color} variant="dot" style={{ flexShrink: 0 }}>
      {STATES[state].label}
    </Badge>
  );
}

/**
 * "1 conflict waits: resolve it", linked to the conflict (to the project's Sync tab when several
 * wait): an operation that ended well may still have left notebooks it could not bring.
 */
export function ConflictsWaiting({ operation }: { operation: RemoteOperation }) {
  const waiting = operation.conflicts_waiting;
  if (waiting.length === 0 || !operation.project_id) return null;
  const [only] = waiting;
  const to = waiting.length === 1 ? `/projects/${operation.project_id}/sync/conflicts/${only}` : `/projects/${operation.project_id}/sync`;
  return (
    <Anchor component={Link} to={to} size="sm" c="red" fw={500}>
      {waiting.length === 1 ? '1 conflict waits: resolve it' : `${waiting.length} conflicts wait: resolve them`}
    </Anchor>
  );
}

const kindText = (operation: RemoteOperation) => (operation.kind === 'pull' ? `Pull from ${operation.remote}` : `Push to ${operation.remote}`);

/** "3 notebooks: 2 created, 1 conflict." */
export function outcomeSummary(notebooks: readonly NotebookOutcome[]): string {
  if (notebooks.length === 0) return 'No notebooks.';
  const counts = new Map<string, number>();
  for (const notebook of notebooks) counts.set(notebook.outcome, (counts.get(notebook.outcome) ?? 0) + 1);
  const parts = [...counts].map(([outcome, count]) => `${count} ${OUTCOMES[outcome as NotebookOutcome['outcome']].label.toLowerCase()}`);
  return `${notebooks.length} ${notebooks.length === 1 ? 'notebook' : 'notebooks'}: ${parts.join(', ')}.`;
}

const columns = (operation: RemoteOperation): Column<NotebookOutcome>[] => [
  {
    header: 'Notebook',
    breakAnywhere: true,
    cell: (notebook) =>
      operation.project_id && notebook.notebook_id ? (
        <Anchor component={Link} to={`/projects/${operation.project_id}/notebooks/${notebook.notebook_id}`} size="sm" fw={500}>
          {notebook.title}
        </Anchor>
      ) : (
        <Text size="sm" fw={500}>
          {notebook.title}
        </Text>
      ),
  },
  {
    header: 'Outcome',
    width: 160,
    cell: (notebook) => (
      <Badge color={OUTCOMES[notebook.outcome].color} variant="dot">
        {OUTCOMES[notebook.outcome].label}
      </Badge>
    ),
  },
  { header: 'Versions', width: 90, align: 'right', cell: (notebook) => notebook.versions },
  {
    header: 'Note',
    cell: (notebook) =>
      notebook.outcome === 'conflict' && operation.project_id && notebook.notebook_id ? (
        <Anchor component={Link} to={`/projects/${operation.project_id}/sync/conflicts/${notebook.notebook_id}`} size="sm">
          Resolve the conflict
        </Anchor>
      ) : (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {notebook.note ?? ''}
        </Text>
      ),
  },
];

interface Props {
  operation: RemoteOperation;
  /** Buttons under the outcome: open the project, take a failed pull up again. */
  actions?: ReactNode;
  /** The heading's level where the card sits (1 on its own page, 3 inside a tab). */
  headingOrder?: 1 | 2 | 3;
  /** Names the local project (not inside the project's own page). */
  showProject?: boolean;
}

/**
 * A pull or push as the hub reports it (GET /api/v1/remote-operations/{opid}): its progress while
 * it runs (versions and files, bytes, time left), then how each notebook came out, or what failed.
 */
export function OperationCard({ operation, actions, headingOrder = 3, showProject = true }: Props) {
  const running = operation.state === 'running';
  const percent = progressPercent(operation.progress);
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Title order={headingOrder} size={headingOrder === 1 ? 'h2' : 'h4'} style={{ overflowWrap: 'anywhere' }}>
              {kindText(operation)}
            </Title>
            {showProject && operation.project_id && (
              <Text size="sm">
                {operation.kind === 'pull' ? 'Into the project' : 'From the project'} <ProjectName pid={operation.project_id} inText />
              </Text>
            )}
            <Text size="xs" c="dimmed">
              Started <DateTime value={operation.created_at} />
              {operation.finished_at && (
                <>
                  , ended <DateTime value={operation.finished_at} />
                </>
              )}
            </Text>
          </div>
          <OperationStateBadge state={operation.state} />
        </Group>
        <div role="status" aria-live="polite">
          {running && <Progress value={percent} animated striped aria-label={`${kindText(operation)}: ${percent}%`} mb={6} />}
          <Text size="sm">
            {progressText(operation.progress, running)}
            {operation.state === 'succeeded' && ` · ${outcomeSummary(operation.notebooks)}`}
          </Text>
          <ConflictsWaiting operation={operation} />
        </div>
        {operation.error && <RemoteProblemAlert problem={remoteProblem(operation.error.code, operation.error.message)} remote={operation.remote} />}
        {actions && <Group gap="sm">{actions}</Group>}
        {operation.notebooks.length > 0 && (
          <DataTable
            label={`Notebooks of the ${operation.kind}`}
            columns={columns(operation)}
            rows={operation.notebooks}
            rowKey={(notebook) => notebook.remote_notebook_id ?? notebook.notebook_id ?? notebook.title}
            minWidth={560}
            nativeScroll
            spacing="xs"
          />
        )}
      </Stack>
    </Paper>
  );
}
