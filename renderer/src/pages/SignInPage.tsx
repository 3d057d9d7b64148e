import { Alert, Button, Code, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { authMethodsQuery, meQuery, useLocalSignIn } from '../api/queries';
import type { AuthMethods } from '../api/types';
import { safeReturnTo } from '../app/return-to';
import { ErrorView } from '../components/ErrorView';
import { LoadingState } from '../components/LoadingState';
import { ThemeToggle } from '../components/ThemeToggle';

/** Sign in with the hub's method: the local login link, or the OIDC provider. */
export function SignInPage() {
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('return_to'));
  const methods = useQuery(authMethodsQuery);
  const me = useQuery({ ...meQuery, retry: false });

  if (me.isSuccess) return <Navigate to={returnTo} replace />;
  return (
    <Stack component="main" align="center" justify="center" mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={480}>
        <Stack gap="md">
          <Title order={1} size="h2">
            Sign in to Notebook Hub
          </Title>
          {methods.isPending ? (
            <LoadingState />
          ) : methods.isError ? (
            <ErrorView error={methods.error} onRetry={() => void methods.refetch()} />
          ) : methods.data.kind === 'oidc' ? (
            <OidcSignIn methods={methods.data} returnTo={returnTo} />
          ) : (
            <LocalSignIn returnTo={returnTo} />
          )}
        </Stack>
      </Paper>
      <ThemeToggle />
    </Stack>
  );
}

function OidcSignIn({ methods, returnTo }: { methods: AuthMethods; returnTo: string }) {
  const href = `${methods.login_url}?return_to=${encodeURIComponent(returnTo)}`;
  return (
    <>
      <Text>This hub signs you in with your organisation&apos;s identity provider.</Text>
      <Button component="a" href={href} size="md" fullWidth>
        Sign in with single sign-on
      </Button>
    </>
  );
}

function LocalSignIn({ returnTo }: { returnTo: string }) {
  const [token, setToken] = useState('');
  const signIn = useLocalSignIn();
  const navigate = useNavigate();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = tokenFrom(token);
    if (value) signIn.mutate(value, { onSuccess: () => void navigate(returnTo, { replace: true }) });
  };

  return (
    <>
      <Text>
        This hub runs with local login. When it starts, <Code>notebook-hub serve</Code> prints a sign-in link in its terminal:
      </Text>
      <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        Notebook Hub is running. Sign in at http://…/api/v1/auth/local/login?token=…
      </Code>
      <Text>Open that link in this browser to sign in. You can also paste the link or its token here:</Text>
      <form onSubmit={onSubmit}>
        <Stack gap="sm">
          <PasswordInput label="Sign-in link or token" value={token} onChange={(event) => setToken(event.currentTarget.value)} autoComplete="off" required />
          {signIn.isError && (
            <Alert color="red" role="alert">
              {signIn.error.message}
            </Alert>
          )}
          <Button type="submit" loading={signIn.isPending}>
            Sign in
          </Button>
        </Stack>
      </form>
    </>
  );
}

/** The token of a pasted sign-in link, or the pasted text itself. */
function tokenFrom(input: string): string {
  const text = input.trim();
  try {
    return new URL(text).searchParams.get('token') ?? text;
  } catch {
    return text;
  }
}
