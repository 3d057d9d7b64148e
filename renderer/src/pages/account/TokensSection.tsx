import { Badge, Button, Group, Paper, Table, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { tokensQuery, useRevokeToken, type CreatedToken, type TokenInfo } from '../../api/tokens';
import { formatDateTime } from '../../app/format';
import { EmptyState } from '../../components/EmptyState';
import { ErrorView } from '../../components/ErrorView';
import { LoadingState } from '../../components/LoadingState';
import { ConfirmModal } from '../../components/ConfirmModal';
import { CreateTokenModal } from './CreateTokenModal';
import { TokenCreatedModal } from './TokenCreatedModal';
import { actionLabel } from './token-actions';

function scopeText(token: TokenInfo): { short: string; full: string } {
  const { actions, projects } = token.scope;
  const what = actions === '*' ? 'All actions' : actions.length === 1 ? actionLabel(actions[0]!) : `${actions.length} actions`;
  const where = projects === '*' ? 'all projects' : projects.length === 1 ? '1 project' : `${projects.length} projects`;
  const full = [actions === '*' ? 'All actions' : actions.map(actionLabel).join(', '), projects === '*' ? 'all projects' : projects.join(', ')].join(' in ');
  return { short: `${what} in ${where}`, full };
}

/** Personal access tokens: create (the value shown once), list, revoke. */
export function TokensSection() {
  const tokens = useQuery(tokensQuery);
  const revoke = useRevokeToken();
  const [creating, createModal] = useDisclosure(false);
  const [created, setCreated] = useState<CreatedToken | null>(null);
  const [revoking, setRevoking] = useState<TokenInfo | null>(null);
  const closeRevoke = () => {
    revoke.reset();
    setRevoking(null);
  };
  const createButton = <Button onClick={createModal.open}>Create token</Button>;

  let body;
  if (tokens.isPending) body = <LoadingState label="Loading tokens…" />;
  else if (tokens.isError) body = <ErrorView error={tokens.error} onRetry={() => void tokens.refetch()} />;
  else if (tokens.data.length === 0)
    body = (
      <EmptyState title="No tokens" action={createButton}>
        Scripts and command-line clients sign in with a personal access token.
      </EmptyState>
    );
  else
    body = (
      <Paper withBorder>
        <Table.ScrollContainer minWidth={720} type="native">
          <Table verticalSpacing="sm" aria-label="Personal access tokens">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Scope</Table.Th>
                <Table.Th w={210}>Created</Table.Th>
                <Table.Th w={220}>Expires</Table.Th>
                <Table.Th w={100}>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tokens.data.map((token) => {
                const scope = scopeText(token);
                return (
                  <Table.Tr key={token.id}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      <Text size="sm" fw={500}>
                        {token.name}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Tooltip label={scope.full} multiline maw={360} disabled={scope.full === scope.short}>
                        <Text size="sm">{scope.short}</Text>
                      </Tooltip>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatDateTime(token.created_at)}</Text>
                    </Table.Td>
                    <Table.Td>
                      {token.expired ? (
                        <Badge color="red" variant="light">
                          expired {formatDateTime(token.expires_at)}
                        </Badge>
                      ) : (
                        <Text size="sm">{token.expires_at ? formatDateTime(token.expires_at) : 'Never'}</Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">
                      <Button size="xs" variant="subtle" color="red" onClick={() => setRevoking(token)} aria-label={`Revoke ${token.name}`}>
                        Revoke
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    );

  return (
    <section aria-labelledby="tokens-heading">
      <Group justify="space-between" mb="sm">
        <div>
          <Title order={2} size="h3" id="tokens-heading">
            Personal access tokens
          </Title>
          <Text size="sm" c="dimmed">
            For scripts and the command line: send one as a bearer token. The hub does not record when a token was last used.
          </Text>
        </div>
        {tokens.data && tokens.data.length > 0 && createButton}
      </Group>
      {body}
      <CreateTokenModal opened={creating} onClose={createModal.close} onCreated={setCreated} />
      <TokenCreatedModal token={created} onClose={() => setCreated(null)} />
      <ConfirmModal
        title="Revoke token"
        opened={revoking !== null}
        onClose={closeRevoke}
        onConfirm={() => revoking && revoke.mutate(revoking.id, { onSuccess: closeRevoke })}
        confirmLabel="Revoke"
        pending={revoke.isPending}
        error={revoke.error}
      >
        Scripts using “{revoking?.name}” stop working at once. This cannot be undone.
      </ConfirmModal>
    </section>
  );
}
