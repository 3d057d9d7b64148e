// Change requests of Git-synced notebooks (docs/git.md, "Change requests"): a version or an edit
// session's notebook published as a branch with a pull or merge request on the provider.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from './client';
import { keys } from './queries';
import type { components, paths } from './schema';

type ChangeRequestsPath = '/api/v1/projects/{pid}/notebooks/{nid}/change-requests';

export type ChangeRequest = components['schemas']['ChangeRequest'];
export type ChangeRequestBody = paths[ChangeRequestsPath]['post']['requestBody']['content']['application/json'];

// Under the notebook's key, so whatever reads the notebook again reads these again too.
const changeRequestsKey = (pid: string, nid: string) => [...keys.notebook(pid, nid), 'change-requests'] as const;

export const changeRequestsQuery = (pid: string, nid: string) =>
  queryOptions({
    queryKey: changeRequestsKey(pid, nid),
    queryFn: () => unwrap(api.GET('/api/v1/projects/{pid}/notebooks/{nid}/change-requests', { params: { path: { pid, nid } } })),
  });

export function usePublishChangeRequest(pid: string, nid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeRequestBody) =>
      unwrap(api.POST('/api/v1/projects/{pid}/notebooks/{nid}/change-requests', { params: { path: { pid, nid } }, body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: changeRequestsKey(pid, nid) }),
  });
}
