import { Anchor, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { ConnectCard } from './ConnectCard';

/**
 * Where `/oauth/authorize` sends the browser when it cannot trust the client or the address it
 * wants to return to (`?problem=unknown_client|redirect_uri`). Only these known values choose a
 * message: nothing from the address is ever shown.
 */
const PROBLEMS = new Map<string, { title: string; text: string }>([
  [
    'unknown_client',
    {
      title: 'Unknown application',
      text: 'This client is not registered with this hub (or its registration is gone). Start connecting again from the application.',
    },
  ],
  [
    'redirect_uri',
    {
      title: 'Unexpected return address',
      text: 'The application asked to be sent back to an address it did not register, so the hub stopped here to protect your account.',
    },
  ],
]);

const NO_PROBLEM = {
  title: 'Nothing to connect',
  text: 'Applications such as AI assistants and editors open this page when they ask to connect to Notebook Hub. Start connecting from the application.',
};

export function ConnectProblemPage() {
  const [params] = useSearchParams();
  const problem = PROBLEMS.get(params.get('problem') ?? '') ?? NO_PROBLEM;
  return (
    <ConnectCard>
      <Title order={1} size="h2">
        {problem.title}
      </Title>
      <Text>{problem.text}</Text>
      <Text size="sm" c="dimmed">
        Nothing was shared with the application.
      </Text>
      <Anchor component={Link} to="/" size="sm">
        Go to Notebook Hub
      </Anchor>
    </ConnectCard>
  );
}
