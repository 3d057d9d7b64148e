// MCP clients connecting with OAuth: the consent page's request and answers, and the account
// page's connected clients (these routes take a browser session only).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from './schema';
import { api, expectOk, unwrap } from './client';

export type ConnectRequest = components['schemas']['McpAuthorizationRequest'];
export type ConnectedClient = components['schemas']['McpConnectedClient'];
export type McpScope = ConnectRequest['scopes'][number]['name'];

/** A consent request's id, as `/oauth/authorize` puts it in the page's URL. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const connectedClientsKey = ['me', 'connected-clients'] as const;

/**
 * A pending request to connect. It is read once: answering it deletes it on the hub, so reading
 * it again (on focus, on reconnect) would only turn the page into "expired" while it goes back.
 */
export const connectRequestQuery = (requestId: string) =>
  queryOptions({
    queryKey: ['oauth-requests', requestId] as const,
    queryFn: () => unwrap(api.GET('/api/v1/oauth/requests/{request_id}', { params: { path: { request_id: requestId } } })),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/** Lets the client connect with the chosen scopes; resolves to where the browser goes next. */
export function useApproveRequest(requestId: string) {
  return useMutation({
    mutationFn: (scopes: McpScope[]) =>
      unwrap(api.POST('/api/v1/oauth/requests/{request_id}/approve', { params: { path: { request_id: requestId } }, body: { scopes } })),
  });
}

/** Turns the client away; resolves to where the browser goes next. */
export function useDenyRequest(requestId: string) {
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/v1/oauth/requests/{request_id}/deny', { params: { path: { request_id: requestId } } })),
  });
}

export const connectedClientsQuery = queryOptions({
  queryKey: connectedClientsKey,
  queryFn: () => unwrap(api.GET('/api/v1/me/connected-clients')),
});

/** Disconnects a client: its tokens stop working at once. */
export function useDisconnectClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => expectOk(api.DELETE('/api/v1/me/connected-clients/{client_connection_id}', { params: { path: { client_connection_id: id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: connectedClientsKey }),
  });
}
