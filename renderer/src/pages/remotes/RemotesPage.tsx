import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { remotesQuery, useRemoveRemote, type Remote } from '../../api/remotes';
import { ConfirmButton } from '../../components/ConfirmButton';
import { DataTable, type Column } from '../../components/DataTable';
import { EmptyState } from '../../components/EmptyState';
import { useMe } from '../../components/use-me';
import { AddRemoteModal } from './AddRemoteModal';
import { OperationsSection } from './OperationsSection';
import { RemoteStateBadge } from './RemoteStateBadge';
import { SignInAgainModal } from './SignInAgainModal';
import { SignInModal, type PendingSignIn } from './SignInModal';

const columns = (mine: (remote: Remote) => boolean): Column<Remote>[] => [
  {
    header: 'Remote',
    breakAnywhere: true,
    cell: (remote) => (
      <>
        <Anchor component={Link} to={`/remotes/${remote.name}`} fw={500} size="sm">
          {remote.name}
        </Anchor>
        <Text size="xs" c="dimmed">
          {remote.url}
        </Text>
      </>
    ),
  },
  {
    header: 'Team hub',
    breakAnywhere: true,
    cell: (remote) => (
      <Text size="sm">
        {remote.hub ? (
          remote.hub.name
        ) : (
          <Text span c="dimmed" size="sm">
            Not asked yet
          </Text>
        )}
      </Text>
    ),
  },
  {
    header: 'Signed in as',
    breakAnywhere: true,
    cell: (remote) => (
      <>
        <Text size="sm">{remote.user_name ?? '—'}</Text>
        {!mine(remote) && (
          <Text size="xs" c="dimmed">
            Another person’s remote
          </Text>
        )}
      </>
    ),
  },
  { header: 'State', width: 160, cell: (remote) => <RemoteStateBadge state={remote.state} /> },
];

/**
 * The team hubs this hub pulls projects from and pushes them back to (docs/remotes.md): each
 * signed in as you, seen and used by you only. Add one, sign in again, remove; the recent pulls
 * and pushes below.
 */
export function RemotesPage() {
  const me = useMe();
  const remotes = useQuery(remotesQuery);
  const remove = useRemoveRemote();
  const navigate = useNavigate();
  const [adding, addModal] = useDisclosure(false);
  const [signIn, setSignIn] = useState<PendingSignIn | null>(null);
  const [signingInAgain, setSigningInAgain] = useState<Remote | null>(null);
  const mine = (remote: Remote) => remote.owner_id === me.id;
  const addButton = (
    <Button onClick={addModal.open} style={{ flexShrink: 0 }}>
      Add a remote
    </Button>
  );

  return (
    <Stack gap="xl">
      <section aria-labelledby="remotes-heading">
        <Group justify="space-between" mb="sm" wrap="nowrap" align="flex-start">
          <div>
            <Title order={1} id="remotes-heading">
              Remotes
            </Title>
            <Text size="sm" c="dimmed">
              Team hubs to pull projects from and push your work back to. Each is signed in as you: only you see it and sync through it.
            </Text>
          </div>
          {remotes.data && remotes.data.length > 0 && addButton}
        </Group>
        <DataTable
          label="Remotes"
          columns={columns(mine)}
          rows={remotes.data ?? []}
          rowKey={(remote) => remote.name}
          query={remotes}
          loadingLabel="Loading remotes…"
          empty={
            <EmptyState title="No remotes yet" action={addButton}>
              Add your team’s hub to take its projects home: work on them here, offline too, and push your versions back.
            </EmptyState>
          }
          rowActions={(remote) => (
            <Group gap={4} justify="flex-end" wrap="nowrap">
              {remote.state !== 'connected' && mine(remote) && (
                <Button size="xs" variant="light" onClick={() => setSigningInAgain(remote)} aria-label={`Sign in again to ${remote.name}`}>
                  Sign in again
                </Button>
              )}
              <ConfirmButton
                mutation={remove}
                variables={remote.name}
                label="Remove"
                ariaLabel={`Remove ${remote.name}`}
                button={{ size: 'xs', variant: 'subtle', color: 'red' }}
                title="Remove remote"
              >
                This hub signs out of {remote.hub?.name ?? remote.url} and forgets remote “{remote.name}”. Projects pulled through it stay here with everything
                in them, and stay linked: add a remote of the same team hub to sync them again.
              </ConfirmButton>
            </Group>
          )}
          actionsWidth={220}
          minWidth={760}
          nativeScroll
          framed
          spacing="sm"
        />
      </section>
      <OperationsSection />
      <AddRemoteModal
        opened={adding}
        onClose={addModal.close}
        onSigningIn={(added) => setSignIn({ name: added.remote.name, authorizeUrl: added.authorize_url! })}
        onConnected={(added) => void navigate(`/remotes/${added.remote.name}`)}
      />
      {signingInAgain && <SignInAgainModal opened remote={signingInAgain} onClose={() => setSigningInAgain(null)} onSigningIn={setSignIn} />}
      <SignInModal signIn={signIn} onClose={() => setSignIn(null)} />
    </Stack>
  );
}
