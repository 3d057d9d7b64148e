import { Badge, Box, Button, Code, Group, Paper, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { connectedClientsQuery, useDisconnectClient, type ConnectedClient } from '../../api/mcp-connections';
import { hubPath } from '../../app/base-path';
import { formatDateTime } from '../../app/format';
import { ConfirmModal } from '../../components/ConfirmModal';
import { EmptyState } from '../../components/EmptyState';
import { ErrorView } from '../../components/ErrorView';
import { LoadingState } from '../../components/LoadingState';
import { scopeTitle } from '../connect/scopes';

/** Where MCP clients reach this hub, as this browser does. */
const mcpAddress = () => `${window.location.origin}${hubPath('/mcp')}`;

/** MCP clients (AI assistants, editors) connected to the account with OAuth: list, disconnect. */
export function ConnectedClientsSection() {
  const clients = useQuery(connectedClientsQuery);
  const disconnect = useDisconnectClient();
  const [disconnecting, setDisconnecting] = useState<ConnectedClient | null>(null);
  const closeDisconnect = () => {
    disconnect.reset();
    setDisconnecting(null);
  };

  let body;
  if (clients.isPending) body = <LoadingState label="Loading connected clients…" />;
  else if (clients.isError) body = <ErrorView error={clients.error} onRetry={() => void clients.refetch()} />;
  else if (clients.data.length === 0)
    body = (
      <EmptyState title="No connected clients">
        AI assistants and editors (Claude, VS Code, Cursor…) that you connect to this hub with OAuth appear here. To connect one, give it the hub’s MCP address,{' '}
        <Code>{mcpAddress()}</Code>: it opens a page here that asks you first.
      </EmptyState>
    );
  else
    body = (
      <Paper withBorder>
        <Table.ScrollContainer minWidth={720} type="native">
          <Table verticalSpacing="sm" aria-label="Connected clients">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Client</Table.Th>
                <Table.Th>Permissions</Table.Th>
                <Table.Th w={190}>Connected</Table.Th>
                <Table.Th w={190}>Last renewed</Table.Th>
                <Table.Th w={120}>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {clients.data.map((client) => (
                <Table.Tr key={client.id}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    <Text size="sm" fw={500}>
                      {client.client_name}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6}>
                      {client.scopes.map((scope) => (
                        <Badge key={scope} variant="light" size="sm" tt="none">
                          {scopeTitle(scope)}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatDateTime(client.connected_at)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatDateTime(client.refreshed_at)}</Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Button size="xs" variant="subtle" color="red" onClick={() => setDisconnecting(client)} aria-label={`Disconnect ${client.client_name}`}>
                      Disconnect
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    );

  return (
    <section aria-labelledby="connected-clients-heading">
      <Box mb="sm">
        <Title order={2} size="h3" id="connected-clients-heading">
          Connected clients
        </Title>
        <Text size="sm" c="dimmed">
          Applications you allowed to use the hub through its MCP server. Each acts as you, with only the permissions you gave it.
        </Text>
      </Box>
      {body}
      <ConfirmModal
        title="Disconnect client"
        opened={disconnecting !== null}
        onClose={closeDisconnect}
        onConfirm={() => disconnecting && disconnect.mutate(disconnecting.id, { onSuccess: closeDisconnect })}
        confirmLabel="Disconnect"
        pending={disconnect.isPending}
        error={disconnect.error}
      >
        “{disconnecting?.client_name}” loses access at once: its tokens stop working. To use it again, connect it again from the application.
      </ConfirmModal>
    </section>
  );
}
