import { Badge, Button, Group, Text, Title, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { tokensQuery, useRevokeToken, type CreatedToken, type TokenInfo } from '../../api/tokens';
import { formatDateTime } from '../../app/format';
import { ConfirmButton } from '../../components/ConfirmButton';
import { DataTable, type Column } from '../../components/DataTable';
import { EmptyState } from '../../components/EmptyState';
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

const columns: Column<TokenInfo>[] = [
  {
    header: 'Name',
    breakAnywhere: true,
    cell: (token) => (
      <Text size="sm" fw={500}>
        {token.name}
      </Text>
    ),
  },
  {
    header: 'Scope',
    cell: (token) => {
      const scope = scopeText(token);
      return (
        <Tooltip label={scope.full} multiline maw={360} disabled={scope.full === scope.short}>
          <Text size="sm">{scope.short}</Text>
        </Tooltip>
      );
    },
  },
  { header: 'Created', width: 210, cell: (token) => <Text size="sm">{formatDateTime(token.created_at)}</Text> },
  {
    header: 'Expires',
    width: 220,
    cell: (token) =>
      token.expired ? (
        <Badge color="red" variant="light">
          expired {formatDateTime(token.expires_at)}
        </Badge>
      ) : (
        <Text size="sm">{token.expires_at ? formatDateTime(token.expires_at) : 'Never'}</Text>
      ),
  },
];

/** Personal access tokens: create (the value shown once), list, revoke. */
export function TokensSection() {
  const tokens = useQuery(tokensQuery);
  const revoke = useRevokeToken();
  const [creating, createModal] = useDisclosure(false);
  const [created, setCreated] = useState<CreatedToken | null>(null);
  const createButton = <Button onClick={createModal.open}>Create token</Button>;

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
      <DataTable
        label="Personal access tokens"
        columns={columns}
        rows={tokens.data ?? []}
        rowKey={(token) => token.id}
        query={tokens}
        loadingLabel="Loading tokens…"
        empty={
          <EmptyState title="No tokens" action={createButton}>
            Scripts and command-line clients sign in with a personal access token.
          </EmptyState>
        }
        rowActions={(token) => (
          <ConfirmButton
            mutation={revoke}
            variables={token.id}
            label="Revoke"
            ariaLabel={`Revoke ${token.name}`}
            button={{ size: 'xs', variant: 'subtle', color: 'red' }}
            title="Revoke token"
          >
            Scripts using “{token.name}” stop working at once. This cannot be undone.
          </ConfirmButton>
        )}
        actionsWidth={100}
        minWidth={720}
        nativeScroll
        framed
        spacing="sm"
      />
      <CreateTokenModal opened={creating} onClose={createModal.close} onCreated={setCreated} />
      <TokenCreatedModal token={created} onClose={() => setCreated(null)} />
    </section>
  );
}
