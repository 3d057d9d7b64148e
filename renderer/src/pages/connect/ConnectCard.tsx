import { Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ThemeToggle } from '../../components/ThemeToggle';

/** The connect pages' frame: one centred card, as on the sign-in page, without the app's navigation. */
export function ConnectCard({ children }: { children: ReactNode }) {
  return (
    <Stack component="main" align="center" justify="center" mih="100vh" p="md" gap="md">
      <Text fw={700} size="lg">
        Notebook Hub
      </Text>
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={560}>
        <Stack gap="md">{children}</Stack>
      </Paper>
      <ThemeToggle />
    </Stack>
  );
}
