import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { changeRequestsQuery, type ChangeRequest } from '../../../api/change-requests';
import type { GitSource } from '../../../api/git';
import type { Project } from '../../../api/types';
import { formatDateTime } from '../../../app/format';
import { personIn } from '../../../app/people';
import { ErrorView } from '../../../components/ErrorView';
import { LoadingState } from '../../../components/LoadingState';
import { ProposeChangeModal } from './ProposeChangeModal';
import { PROVIDER_LABELS, relativeTime } from './source-format';

/** "pull request #12" on GitHub, "merge request !12" on GitLab: how each provider names its own. */
export const changeRequestName = (request: Pick<ChangeRequest, 'provider' | 'number'>): string =>
  request.provider === 'gitlab' ? `merge request !${request.number}` : `pull request #${request.number}`;

function FromCell({ request }: { request: ChangeRequest }) {
  if ('version_id' in request.from)
    return (
      <Text size="sm" ff="monospace" truncate="end">
        {request.from.version_id}
      </Text>
    );
  return <Text size="sm">an edit session</Text>;
}

function ChangeRequestRows({ requests, project }: { requests: ChangeRequest[]; project: Project | undefined }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Change request</Table.Th>
            <Table.Th>From</Table.Th>
            <Table.Th>Proposed</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {requests.map((request) => (
            <Table.Tr key={request.id}>
              <Table.Td style={{ maxWidth: '28rem' }}>
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
              </Table.Td>
              <Table.Td style={{ maxWidth: '12rem' }}>
                <FromCell request={request} />
              </Table.Td>
              <Table.Td>
                <Tooltip label={formatDateTime(request.created_at)}>
                  <Text size="sm" component="time" dateTime={request.created_at} display="block" w="fit-content">
                    {relativeTime(request.created_at)}
                  </Text>
                </Tooltip>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  by {personIn(project, request.created_by)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

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
        {requests.isPending && <LoadingState label="Loading change requests…" />}
        {requests.isError && <ErrorView error={requests.error} onRetry={() => void requests.refetch()} />}
        {requests.isSuccess && items.length === 0 && (
          <Text size="sm" c="dimmed">
            None yet. {editable ? 'Edit the notebook, then propose a saved version or your open edit session' : 'Editors propose changes from here'}: the hub
            pushes it as a new branch and opens a {provider === 'GitLab' ? 'merge' : 'pull'} request on {provider}.
          </Text>
        )}
        {items.length > 0 && <ChangeRequestRows requests={items} project={project} />}
      </Stack>
      {editable && <ProposeChangeModal pid={pid} nid={nid} source={source} opened={proposing} onClose={() => setProposing(false)} />}
    </Paper>
  );
}
