import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { changeRequestsQuery, type ChangeRequest } from '../../../api/change-requests';
import type { GitSource } from '../../../api/git';
import type { Project } from '../../../api/types';
import { formatDateTime } from '../../../app/format';
import { personIn } from '../../../app/people';
import { DataTable, type Column } from '../../../components/DataTable';
import { ProposeChangeModal } from './ProposeChangeModal';
import { changeRequestName, PROVIDER_LABELS, relativeTime } from './source-format';

function FromCell({ request }: { request: ChangeRequest }) {
  if ('version_id' in request.from)
    return (
      <Text size="sm" ff="monospace" truncate="end">
        {request.from.version_id}
      </Text>
    );
  return <Text size="sm">an edit session</Text>;
}

const columns = (project: Project | undefined): Column<ChangeRequest>[] => [
  {
    header: 'Change request',
    cellProps: { style: { maxWidth: '28rem' } },
    cell: (request) => (
      <>
        <Anchor href={request.url} target="_blank" rel="noreferrer" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {request.title}
        </Anchor>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {changeRequestName(request)} ·{' '}
          <Text span inherit ff="monospace">
            {request.branch}
          </Text>{' '}
          into{' '}
          <Text span inherit ff="monospace">
            {request.base_branch}
          </Text>
        </Text>
      </>
    ),
  },
  { header: 'From', cellProps: { style: { maxWidth: '12rem' } }, cell: (request) => <FromCell request={request} /> },
  {
    header: 'Proposed',
    cell: (request) => (
      <>
        <Tooltip label={formatDateTime(request.created_at)}>
          <Text size="sm" component="time" dateTime={request.created_at} display="block" w="fit-content">
            {relativeTime(request.created_at)}
          </Text>
        </Tooltip>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          by {personIn(project, request.created_by)}
        </Text>
      </>
    ),
  },
];

interface Props {
  pid: string;
  nid: string;
  source: GitSource;
  project: Project | undefined;
  editable: boolean;
}

/**
 * A Git notebook's change requests: what was proposed back to its repository from the hub, and
 * (for editors) proposing a version or an edit session's notebook as a new one.
 */
export function ChangeRequestsCard(props: Props) {
  // Change requests go through GitHub's or GitLab's API: a repository given by its URL has none.
  const provider = props.source.provider ? PROVIDER_LABELS[props.source.provider] : undefined;
  return provider ? <ChangeRequestsOn {...props} provider={provider} /> : null;
}

function ChangeRequestsOn({ pid, nid, source, project, editable, provider }: Props & { provider: string }) {
  const requests = useQuery(changeRequestsQuery(pid, nid));
  const [proposing, setProposing] = useState(false);
  const items = requests.data ?? [];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="change-requests-heading">
      <Stack gap="sm">
        <Group justify="space-between" align="center" wrap="wrap" gap="sm">
          <Group gap="sm">
            <Title order={2} size="h4" id="change-requests-heading">
              Change requests
            </Title>
            {items.length > 0 && (
              <Badge variant="light" color="gray" size="sm">
                {items.length}
              </Badge>
            )}
          </Group>
          {editable && (
            <Button size="sm" variant="default" onClick={() => setProposing(true)} disabled={source.commit === null}>
              Propose changes
            </Button>
          )}
        </Group>
        <DataTable
          label="Change requests"
          columns={columns(project)}
          rows={items}
          rowKey={(request) => request.id}
          query={requests}
          loadingLabel="Loading change requests…"
          empty={
            <Text size="sm" c="dimmed">
              None yet. {editable ? 'Edit the notebook, then propose a saved version or your open edit session' : 'Editors propose changes from here'}: the hub
              pushes it as a new branch and opens a {provider === 'GitLab' ? 'merge' : 'pull'} request on {provider}.
            </Text>
          }
          minWidth={560}
          spacing="xs"
        />
      </Stack>
      {editable && <ProposeChangeModal pid={pid} nid={nid} source={source} opened={proposing} onClose={() => setProposing(false)} />}
    </Paper>
  );
}
