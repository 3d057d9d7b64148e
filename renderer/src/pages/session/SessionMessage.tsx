import { Center, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { RequestIds } from '../../components/RequestIds';

interface Props {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  requestId?: string | undefined;
  traceId?: string | undefined;
}

/** What the session window shows instead of marimo: a session that could not start, or ended. */
export function SessionMessage({ title, children, actions, requestId, traceId }: Props) {
  return (
    <Center p="xl" mih="100%">
      <Paper withBorder radius="md" p="xl" w="100%" maw={880}>
        <Stack gap="md" role="alert">
          <Title order={2} size="h3">
            {title}
          </Title>
          {children}
          {actions}
          <RequestIds requestId={requestId} traceId={traceId} />
        </Stack>
      </Paper>
    </Center>
  );
}
