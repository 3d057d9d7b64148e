import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface Props {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  requestId?: string | undefined;
}

/** What the session window shows instead of marimo: a session that could not start, or ended. */
export function SessionMessage({ title, children, actions, requestId }: Props) {
  return (
    <Center p="xl" mih="100%">
      <Paper withBorder radius="md" p="xl" w="100%" maw={880}>
        <Stack gap="md" role="alert">
          <Title order={2} size="h3">
            {title}
          </Title>
          {children}
          {actions}
          {requestId && (
            <Text size="xs" c="dimmed">
              Request ID: {requestId}
            </Text>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
