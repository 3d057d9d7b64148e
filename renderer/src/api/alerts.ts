// A project's alert destinations and what the hub offers for them (capabilities).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { components, paths } from './schema';
import { api, expectOk, unwrap } from './client';
import { cursorQuery, pagedQuery } from './paged';

export type AlertDestination = components['schemas']['AlertDestination'];
export type AlertKind = AlertDestination['kinds'][number];
export type NewAlertDestination = paths['/api/v1/projects/{pid}/alerts']['post']['requestBody']['content']['application/json'];
export type AlertDestinationPatch = paths['/api/v1/projects/{pid}/alerts/{alert_id}']['patch']['requestBody']['content']['application/json'];

export const capabilitiesQuery = queryOptions({
  queryKey: ['capabilities'] as const,
  queryFn: () => unwrap(api.GET('/api/v1/capabilities')),
  staleTime: 5 * 60_000,
});

const alertsKey = (pid: string) => ['projects', pid, 'alerts'] as const;

export const alertsQuery = (pid: string) =>
  pagedQuery(alertsKey(pid), (cursor) => unwrap(api.GET('/api/v1/projects/{pid}/alerts', { params: { path: { pid }, query: cursorQuery(cursor) } })));

function useAlertsMutation<T, R>(pid: string, mutationFn: (variables: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: alertsKey(pid) }) });
}

/** Adds a destination (`id: null`) or changes one. */
export function useSaveAlert(pid: string) {
  return useAlertsMutation(pid, (change: { id: null; body: NewAlertDestination } | { id: string; body: AlertDestinationPatch }) =>
    change.id === null
      ? unwrap(api.POST('/api/v1/projects/{pid}/alerts', { params: { path: { pid } }, body: change.body }))
      : unwrap(api.PATCH('/api/v1/projects/{pid}/alerts/{alert_id}', { params: { path: { pid, alert_id: change.id } }, body: change.body })),
  );
}

export function useVerifyAlert(pid: string) {
  return useAlertsMutation(pid, (id: string) =>
    unwrap(api.POST('/api/v1/projects/{pid}/alerts/{alert_id}/verify', { params: { path: { pid, alert_id: id } } })),
  );
}

export function useDeleteAlert(pid: string) {
  return useAlertsMutation(pid, (id: string) => expectOk(api.DELETE('/api/v1/projects/{pid}/alerts/{alert_id}', { params: { path: { pid, alert_id: id } } })));
}
