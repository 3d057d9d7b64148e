import { Alert, Anchor, Breadcrumbs, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { remoteQuery, useRemoveRemote, type Remote } from '../../api/remotes';
import { ConfirmButton } from '../../components/ConfirmButton';
import { DateTime } from '../../components/DateTime';
import { ErrorView } from '../../components/ErrorView';
import { LoadingState } from '../../components/LoadingState';
import { useMe } from '../../components/use-me';
import { OperationsSection } from './OperationsSection';
import { RemoteStateBadge } from './RemoteStateBadge';
import { SignInAgainModal } from './SignInAgainModal';
import { SignInModal, type PendingSignIn } from './SignInModal';
import { TeamProjectsSection } from './TeamProjectsSection';

function Facts({ remote }: { remote: Remote }) {
  const rows: [string, ReactNode][] = [
    ['Address', remote.url],
    ['Team hub', remote.hub ? `${remote.hub.name} (version ${remote.hub.version})` : 'Not asked yet: it answers at the first pull'],
    ['Signed in as', remote.user_name ?? 'Not known: the team hub did not say'],
    ['Signed in with', remote.sign_in === 'oauth' ? 'The browser (the team hub’s sign-in and consent page)' : 'A personal access token of the team hub'],
    ['Added', <DateTime key="added" value={remote.created_at} />],
  ];
  return (
    <Paper withBorder p="md">
      <Table variant="vertical" layout="fixed" withRowBorders>
        <Table.Tbody>
          {rows.map(([name, value]) => (
            <Table.Tr key={name}>
              <Table.Th w={180}>{name}</Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/** One remote: what it is signed in to and as whom, the team projects to pull, and its recent pulls and pushes. */
export function RemotePage() {
  const { name = '' } = useParams();
  const me = useMe();
  const remote = useQuery(remoteQuery(name));
  const remove = useRemoveRemote();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [signIn, setSignIn] = useState<PendingSignIn | null>(null);
  // ?sign-in=1 (from a "sign in again" elsewhere) opens the sign-in form.
  const signingInAgain = params.get('sign-in') === '1';
  const setSigningInAgain = (open: boolean) => setParams(open ? { 'sign-in': '1' } : {}, { replace: true });

  if (remote.isPending) return <LoadingState label="Loading remote…" />;
  if (remote.isError) return <ErrorView error={remote.error} onRetry={() => void remote.refetch()} />;
  const data = remote.data;
  const mine = data.owner_id === me.id;
  return (
    <Stack gap="lg">
      <Breadcrumbs>
        <Anchor component={Link} to="/remotes">
          Remotes
        </Anchor>
        <Text>{data.name}</Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Group gap="sm" style={{ minWidth: 0 }}>
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {data.name}
          </Title>
          <RemoteStateBadge state={data.state} />
        </Group>
        <Group gap="sm">
          {mine && (
            <Button variant={data.state === 'connected' ? 'default' : 'filled'} onClick={() => setSigningInAgain(true)}>
              Sign in again
            </Button>
          )}
          <ConfirmButton
            mutation={remove}
            variables={data.name}
            label="Remove"
            button={{ variant: 'subtle', color: 'red' }}
            title="Remove remote"
            onSuccess={() => void navigate('/remotes')}
          >
            This hub signs out of {data.hub?.name ?? data.url} and forgets remote “{data.name}”. Projects pulled through it stay here, and stay linked: add a
            remote of the same team hub to sync them again.
          </ConfirmButton>
        </Group>
      </Group>
      {data.state === 'revoked' && (
        <Alert color="red" title="The team hub ended this connection">
          It was revoked on the team hub (its connected clients page), or its sign-in expired. Sign in again to pull and push; the projects here keep working
          offline meanwhile.
        </Alert>
      )}
      {data.state === 'signing_in' && (
        <Alert color="yellow" title="The sign-in is not finished" styles={{ title: { color: 'var(--mantine-color-text)' } }}>
          Finish it in the browser page that opened, or sign in again.
        </Alert>
      )}
      <Facts remote={data} />
      {data.state === 'connected' && mine && <TeamProjectsSection remote={data} />}
      <OperationsSection remote={data.name} />
      {mine && <SignInAgainModal opened={signingInAgain} remote={data} onClose={() => setSigningInAgain(false)} onSigningIn={setSignIn} />}
      <SignInModal signIn={signIn} onClose={() => setSignIn(null)} />
    </Stack>
  );
}
