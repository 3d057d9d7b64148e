import { Anchor, Box, Button, Checkbox, Code, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError, HUB_UNREACHABLE, isApiError } from '../../api/errors';
import { connectRequestQuery, REQUEST_ID_PATTERN, useApproveRequest, useDenyRequest, type ConnectRequest, type McpScope } from '../../api/mcp-connections';
import { useSignOut } from '../../api/queries';
import { hubPath } from '../../app/base-path';
import { asSentence, formatDateTime } from '../../app/format';
import { signInPath } from '../../app/return-to';
import { ErrorView } from '../../components/ErrorView';
import { FormError } from '../../components/FormError';
import { RequestIds } from '../../components/RequestIds';
import { LoadingState } from '../../components/LoadingState';
import { useMe } from '../../components/use-me';
import { ConnectCard } from './ConnectCard';
import { returnAddressOf, webLink } from './return-address';
import { scopeTitle } from './scopes';
import { notifyFailure } from '../../components/failure-notification';

/** Answers that concern the whole hub or the session rather than this request: the app's own pages for them. */
const WHOLE_PAGE_ERRORS = ['UNAUTHORIZED', 'USER_SUSPENDED', 'NOT_INITIALIZED'];

const wrap = { overflowWrap: 'anywhere' } as const;
const details = {
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  columnGap: 'var(--mantine-spacing-lg)',
  rowGap: 'var(--mantine-spacing-xs)',
} as const;

/**
 * The consent page of an MCP client connecting with OAuth (`/connect/:requestId`, where
 * `/oauth/authorize` sends the browser): who asks, as whom, where the answer goes, and which
 * scopes to grant. Either answer sends the browser back to the client with a full navigation.
 */
export function ConsentPage() {
  const { requestId = '' } = useParams();
  if (!REQUEST_ID_PATTERN.test(requestId))
    return (
      <ConnectCard>
        <RequestClosed title="This is not a connection request" message="The address is incomplete. Start connecting again from the application." />
      </ConnectCard>
    );
  return <Consent key={requestId} requestId={requestId} />;
}

interface Leaving {
  clientName: string;
  allowed: boolean;
}

function Consent({ requestId }: { requestId: string }) {
  const request = useQuery(connectRequestQuery(requestId));
  const approve = useApproveRequest(requestId);
  const deny = useDenyRequest(requestId);
  const [leaving, setLeaving] = useState<Leaving | null>(null);

  if (leaving)
    return (
      <ConnectCard>
        <Returning {...leaving} />
      </ConnectCard>
    );
  if (request.isPending)
    return (
      <ConnectCard>
        <LoadingState label="Loading the request…" />
      </ConnectCard>
    );
  if (request.isError) return <Failure error={request.error} onRetry={() => void request.refetch()} />;
  // The request is gone once answered or expired: the hub answers NOT_FOUND to the answer too.
  const answerError = [approve.error, deny.error].find((error) => isApiError(error, 'NOT_FOUND') || isWholePage(error));
  if (answerError) return <Failure error={answerError} />;

  const clientName = request.data.client_name;
  const goBack = (allowed: boolean) => (answer: { redirect_to: string }) => {
    setLeaving({ clientName, allowed });
    // A full navigation: the client listens at another address, or is another application.
    window.location.assign(answer.redirect_to);
  };
  return (
    <ConnectCard>
      <ConsentForm
        request={request.data}
        requestId={requestId}
        pending={approve.isPending ? 'allow' : deny.isPending ? 'deny' : null}
        error={approve.error ?? deny.error}
        onAllow={(scopes) => {
          deny.reset();
          approve.mutate(scopes, { onSuccess: goBack(true) });
        }}
        onDeny={() => {
          approve.reset();
          deny.mutate(undefined, { onSuccess: goBack(false) });
        }}
      />
    </ConnectCard>
  );
}

interface FormProps {
  request: ConnectRequest;
  requestId: string;
  pending: 'allow' | 'deny' | null;
  error: Error | null;
  onAllow: (scopes: McpScope[]) => void;
  onDeny: () => void;
}

function ConsentForm({ request, requestId, pending, error, onAllow, onDeny }: FormProps) {
  const me = useMe();
  const signOut = useSignOut();
  const [chosen, setChosen] = useState<string[]>(() => request.scopes.map((scope) => scope.name));
  const scopes = request.scopes.filter((scope) => chosen.includes(scope.name)).map((scope) => scope.name);
  const website = webLink(request.client_uri);
  const returnAddress = returnAddressOf(request.redirect_uri);

  const onSignOut = () =>
    signOut.mutate(undefined, {
      // Back to this request once signed in again (with local login; a provider's end-session page decides for itself).
      onSuccess: ({ end_session_url }) => window.location.assign(end_session_url ?? hubPath(signInPath(`/connect/${requestId}`))),
      onError: (failure) => notifyFailure(failure, { title: 'Could not sign out' }),
    });

  return (
    <>
      <Stack gap={6}>
        <Title order={1} size="h2" style={wrap}>
          {request.client_name} wants to connect to Notebook Hub
        </Title>
        <Text size="sm" c="dimmed">
          The application gave itself this name: the hub has not verified it. Allow only if you started connecting from this application just now.
        </Text>
      </Stack>
      <Box component="dl" m={0} style={details}>
        <Detail term="Signed in as">
          <Text size="sm">
            <Text span fw={500} inherit>
              {me.name ?? me.email}
            </Text>
            {me.name && ` (${me.email})`}
          </Text>
          <Anchor component="button" type="button" size="sm" onClick={onSignOut} disabled={signOut.isPending}>
            Not you? Sign out
          </Anchor>
        </Detail>
        <Detail term="Returns you to">
          <ReturnAddressText redirectUri={request.redirect_uri} address={returnAddress} />
        </Detail>
        {website && (
          <Detail term="Website">
            <Anchor href={website} target="_blank" rel="noopener noreferrer" size="sm">
              {website}
            </Anchor>
          </Detail>
        )}
      </Box>
      <Checkbox.Group
        label="It asks to"
        description="Untick what you do not want to allow."
        value={chosen}
        onChange={setChosen}
        error={scopes.length === 0 ? 'Allow at least one of these, or deny the request.' : undefined}
        styles={{ label: { fontWeight: 600 } }}
      >
        <Stack gap="sm" mt="sm" mb={6}>
          {request.scopes.map((scope) => (
            <Checkbox
              key={scope.name}
              value={scope.name}
              label={scopeTitle(scope.name)}
              description={sentence(scope.description)}
              disabled={pending !== null}
            />
          ))}
        </Stack>
      </Checkbox.Group>
      <Text size="sm" c="dimmed">
        It will act as you and can never do more than you may. You can disconnect it at any time on your{' '}
        <Anchor component={Link} to="/account" size="sm" underline="always">
          account page
        </Anchor>
        . This request stays open until {formatDateTime(request.expires_at)}.
      </Text>
      <FormError error={error} />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDeny} loading={pending === 'deny'} disabled={pending === 'allow'}>
          Deny
        </Button>
        <Button onClick={() => onAllow(scopes)} loading={pending === 'allow'} disabled={scopes.length === 0 || pending === 'deny'}>
          Allow
        </Button>
      </Group>
    </>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <Text component="dt" size="sm" c="dimmed">
        {term}
      </Text>
      <Stack component="dd" m={0} gap={2} align="flex-start" style={wrap}>
        {children}
      </Stack>
    </>
  );
}

function ReturnAddressText({ redirectUri, address }: { redirectUri: string; address: ReturnType<typeof returnAddressOf> }) {
  if (!address) return <Text size="sm">{redirectUri}</Text>;
  if (address.kind === 'app')
    return (
      <Text size="sm">
        the application that opens <Code>{address.scheme}</Code> links
      </Text>
    );
  return (
    <Text size="sm">
      <Text span fw={500} inherit>
        {address.host}
      </Text>
      {address.local && ', on this computer'}
    </Text>
  );
}

function Returning({ clientName, allowed }: Leaving) {
  return (
    <Stack gap="sm" role="status">
      <Group gap="sm" wrap="nowrap" align="center">
        <Loader size="sm" aria-hidden />
        <Title order={1} size="h3" style={wrap}>
          Returning you to {clientName}…
        </Title>
      </Group>
      <Text size="sm" c="dimmed">
        {allowed
          ? 'It finishes connecting on its side. If your browser asks whether to open the application, let it; you can then close this page.'
          : 'It will hear that you declined. You can close this page.'}
      </Text>
    </Stack>
  );
}

/** A request that cannot be answered: the app's page for what concerns the session or the hub, else a card with the API's message. */
function Failure({ error, onRetry }: { error: Error; onRetry?: () => void }) {
  if (isWholePage(error) || isApiError(error, HUB_UNREACHABLE)) return <ErrorView error={error} onRetry={onRetry} />;
  return (
    <ConnectCard>
      <RequestClosed
        title={isApiError(error, 'NOT_FOUND') ? 'This request is no longer open' : 'This request cannot be answered'}
        message={sentence(error.message)}
        requestId={error instanceof ApiError ? error.requestId : undefined}
        traceId={error instanceof ApiError ? error.traceId : undefined}
      />
    </ConnectCard>
  );
}

function RequestClosed({
  title,
  message,
  requestId,
  traceId,
}: {
  title: string;
  message: string;
  requestId?: string | undefined;
  traceId?: string | undefined;
}) {
  return (
    <>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text>{message}</Text>
      <RequestIds requestId={requestId} traceId={traceId} />
      <Anchor component={Link} to="/" size="sm">
        Go to Notebook Hub
      </Anchor>
    </>
  );
}

function isWholePage(error: unknown): error is ApiError {
  return error instanceof ApiError && WHOLE_PAGE_ERRORS.includes(error.code);
}

/** The API's message as a sentence: "this request has expired" reads "This request has expired." */
const sentence = (message: string) => asSentence(message).replace(/([^.!?])$/, '$1.');
