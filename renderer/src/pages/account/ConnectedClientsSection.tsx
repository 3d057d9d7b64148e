import { Badge, Box, Code, Group, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { connectedClientsQuery, useDisconnectClient, type ConnectedClient } from '../../api/mcp-connections';
import { hubPath } from '../../app/base-path';
import { formatDateTime } from '../../app/format';
import { ConfirmButton } from '../../components/ConfirmButton';
import { DataTable, type Column } from '../../components/DataTable';
import { EmptyState } from '../../components/EmptyState';
import { scopeTitle } from '../connect/scopes';

/** Where MCP clients reach this hub, as this browser does. */
const mcpAddress = () => `${window.location.origin}${hubPath('/mcp')}`;

const columns: Column<ConnectedClient>[] = [
  {
    header: 'Client',
    breakAnywhere: true,
    cell: (client) => (
      <Text size="sm" fw={500}>
        {client.client_name}
      </Text>
    ),
  },
  {
    header: 'Permissions',
    cell: (client) => (
      <Group gap={6}>
        {client.scopes.map((scope) => (
          <Badge key={scope} variant="light" size="sm" tt="none">
            {scopeTitle(scope)}
          </Badge>
        ))}
      </Group>
    ),
  },
  { header: 'Connected', width: 190, cell: (client) => <Text size="sm">{formatDateTime(client.connected_at)}</Text> },
  { header: 'Last renewed', width: 190, cell: (client) => <Text size="sm">{formatDateTime(client.refreshed_at)}</Text> },
];

/** MCP clients (AI assistants, editors) and syncing hubs connected to the account with OAuth: list, disconnect. */
export function ConnectedClientsSection() {
  const clients = useQuery(connectedClientsQuery);
  const disconnect = useDisconnectClient();
  return (
    <section aria-labelledby="connected-clients-heading">
      <Box mb="sm">
        <Title order={2} size="h3" id="connected-clients-heading">
          Connected clients
        </Title>
        <Text size="sm" c="dimmed">
          Applications you allowed to use the hub through its MCP server, and hubs you allowed to sync projects with it. Each acts as you, with only the
          permissions you gave it.
        </Text>
      </Box>
      <DataTable
        label="Connected clients"
        columns={columns}
        rows={clients.data ?? []}
        rowKey={(client) => client.id}
        query={clients}
        loadingLabel="Loading connected clients…"
        empty={
          <EmptyState title="No connected clients">
            AI assistants and editors (Claude, VS Code, Cursor…) that you connect to this hub with OAuth appear here. To connect one, give it the hub’s MCP
            address, <Code>{mcpAddress()}</Code>: it opens a page here that asks you first.
          </EmptyState>
        }
        rowActions={(client) => (
          <ConfirmButton
            mutation={disconnect}
            variables={client.id}
            label="Disconnect"
            ariaLabel={`Disconnect ${client.client_name}`}
            button={{ size: 'xs', variant: 'subtle', color: 'red' }}
            title="Disconnect client"
          >
            “{client.client_name}” loses access at once: its tokens stop working. To use it again, connect it again from the application.
          </ConfirmButton>
        )}
        actionsWidth={120}
        minWidth={720}
        nativeScroll
        framed
        spacing="sm"
      />
    </section>
  );
}
