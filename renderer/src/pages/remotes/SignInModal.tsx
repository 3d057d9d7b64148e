import { Alert, Anchor, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { remoteQuery, useSignInAgain } from '../../api/remotes';
import { ErrorView } from '../../components/ErrorView';
import { FormError } from '../../components/FormError';
import { openSignInPage } from './sign-in-page';

/** A browser sign-in under way: the remote and where its browser goes. */
export interface PendingSignIn {
  name: string;
  authorizeUrl: string;
}

/** How long the hub keeps a sign-in waiting for the browser (docs/remotes.md, "Signing in"). */
export const SIGN_IN_LIFETIME_MS = 10 * 60 * 1000;

interface Props {
  signIn: PendingSignIn | null;
  onClose: () => void;
}

/**
 * Follows a sign-in in the browser: the team hub's page opened in a new tab (the system browser in
 * the desktop app); the remote is read again until the team hub sent the browser back and this hub
 * holds its tokens. A sign-in not finished in ten minutes is started again from here.
 */
export function SignInModal({ signIn, onClose }: Props) {
  return (
    <Modal opened={signIn !== null} onClose={onClose} title="Sign in to the team hub">
      {signIn && <SignInProgress key={signIn.name} signIn={signIn} onClose={onClose} />}
    </Modal>
  );
}

function SignInProgress({ signIn, onClose }: { signIn: PendingSignIn; onClose: () => void }) {
  const [authorizeUrl, setAuthorizeUrl] = useState(signIn.authorizeUrl);
  const [expired, setExpired] = useState(false);
  const remote = useQuery(remoteQuery(signIn.name));
  const again = useSignInAgain();
  useEffect(() => {
    const timer = setTimeout(() => setExpired(true), SIGN_IN_LIFETIME_MS);
    return () => clearTimeout(timer);
  }, [authorizeUrl]);
  const startAgain = () =>
    again.mutate(
      { name: signIn.name },
      {
        onSuccess: (added) => {
          if (!added.authorize_url) return;
          setExpired(false);
          setAuthorizeUrl(added.authorize_url);
          openSignInPage(added.authorize_url);
        },
      },
    );

  if (remote.isError) return <ErrorView error={remote.error} onRetry={() => void remote.refetch()} />;
  const state = remote.data?.state ?? 'signing_in';
  if (state === 'connected') {
    const data = remote.data!;
    return (
      <Stack gap="sm">
        <Alert color="green" title="Signed in" role="status" styles={{ title: { color: 'var(--mantine-color-text)' } }}>
          This hub is signed in to {data.hub?.name ?? data.url}
          {data.user_name ? ` as ${data.user_name}` : ''} as remote <strong>{data.name}</strong>.
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button component={Link} to={`/remotes/${data.name}`} onClick={onClose} data-autofocus>
            Browse its projects
          </Button>
        </Group>
      </Stack>
    );
  }
  const restart = (
    <Button variant={expired || state === 'revoked' ? 'filled' : 'default'} onClick={startAgain} loading={again.isPending}>
      Start again
    </Button>
  );
  return (
    <Stack gap="sm">
      {state === 'revoked' ? (
        <Alert color="red" title="The team hub did not let this hub in">
          Start the sign-in again.
        </Alert>
      ) : expired ? (
        <Alert color="yellow" title="The sign-in was not finished in time" styles={{ title: { color: 'var(--mantine-color-text)' } }}>
          A sign-in waits ten minutes for the browser. Start it again.
        </Alert>
      ) : (
        <Group gap="sm" wrap="nowrap" align="flex-start" role="status" aria-live="polite">
          <Loader size="sm" aria-hidden />
          <Text size="sm">
            A page of the team hub opened in your browser: sign in there and allow this hub. This dialog says when the team hub has let this hub in; the list of
            remotes shows it too if you close it.
          </Text>
        </Group>
      )}
      {!expired && (
        <Text size="sm" c="dimmed">
          No page opened?{' '}
          <Anchor href={authorizeUrl} target="_blank" rel="noopener noreferrer" underline="always">
            Open the sign-in page
          </Anchor>
          . Did it say the sign-in was not finished? Start again.
        </Text>
      )}
      <FormError error={again.error} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} data-autofocus>
          Close
        </Button>
        {restart}
      </Group>
    </Stack>
  );
}
