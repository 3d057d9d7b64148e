import { Center, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { RequestIds } from './RequestIds';

interface Props {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  requestId?: string | undefined;
  traceId?: string | undefined;
}

/** A whole-page message (signed out, suspended, hub not ready or unreachable). */
export function StatusPage({ title, children, actions, requestId, traceId }: Props) {
  return (
    <Center mih="70vh" p="xl" component="main">
      <Stack maw={560} gap="md" align="flex-start">
        <Title order={1} size="h2">
          {title}
        </Title>
        {children}
        {actions}
        <RequestIds requestId={requestId} traceId={traceId} />
      </Stack>
    </Center>
  );
}
