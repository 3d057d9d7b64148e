// Git-synced notebooks (docs/git.md): creating one, syncing it, where it reads from, and the project's Git credentials.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, expectOk, unwrap } from './client';
import { keys } from './queries';
import type { components, paths } from './schema';
import type { NotebookDetail } from './types';

type Schemas = components['schemas'];
type SourcePath = '/api/v1/projects/{pid}/notebooks/{nid}/source';
type CredentialsPath = '/api/v1/projects/{pid}/git-credentials';

export type GitNotebookCreateBody = paths['/api/v1/projects/{pid}/git-notebooks']['post']['requestBody']['content']['application/json'];
export type GitNotebookCreateResult = Schemas['GitNotebookCreateResult'];
export type GitSourcePatch = paths[SourcePath]['patch']['requestBody']['content']['application/json'];
export type GitCredentialsBody = paths[CredentialsPath]['put']['requestBody']['content']['application/json'];
export type GitCredentials = Schemas['GitCredentials'];
export type SourceDrift = Schemas['SourceDrift'];
export type SyncToken = Schemas['SyncToken'];
export type SyncHealth = Schemas['SourceSyncHealth'];
export type GitProviderInfo = Schemas['GitProvider'];
export type SyncMode = NonNullable<GitNotebookCreateBody['sync_mode']>;
export type GitProvider = NonNullable<GitNotebookCreateBody['provider']>;
/** A notebook's source when it is synced from Git. */
export type GitSource = Extract<NotebookDetail['source'], { type: 'git' }>;

/** While the notebook page is open, the branch head is looked up again this often (the hub's own pulls run every 5 minutes). */
const DRIFT_POLL_MS = 60_000;

export const gitKeys = {
  // Under the notebook's key, so whatever reads the notebook again reads these again too.
  drift: (pid: string, nid: string) => [...keys.notebook(pid, nid), 'source', 'drift'] as const,
  refs: (pid: string, nid: string) => [...keys.notebook(pid, nid), 'source', 'refs'] as const,
  health: (pid: string, nid: string) => [...keys.notebook(pid, nid), 'source', 'sync-health'] as const,
  credentials: (pid: string) => ['projects', pid, 'git-credentials'] as const,
};

export const driftQuery = (pid: string, nid: string) =>
  queryOptions({
    queryKey: gitKeys.drift(pid, nid),
    queryFn: () => unwrap(api.GET('/api/v1/projects/{pid}/notebooks/{nid}/source/drift', { params: { path: { pid, nid } } })),
    refetchInterval: DRIFT_POLL_MS,
  });

/** The providers the hub recognises, with where their repositories' pages are (a deployment fact: read once). */
export const gitProvidersQuery = queryOptions({
  queryKey: ['git-providers'] as const,
  queryFn: () => unwrap(api.GET('/api/v1/git-providers')),
  staleTime: Infinity,
});

/** Read with the drift: the hub's own pulls may start failing while the page is open. */
export const syncHealthQuery = (pid: string, nid: string) =>
  queryOptions({
    queryKey: gitKeys.health(pid, nid),
    queryFn: () => unwrap(api.GET('/api/v1/projects/{pid}/notebooks/{nid}/source/sync-health', { params: { path: { pid, nid } } })),
    refetchInterval: DRIFT_POLL_MS,
  });

export const refsQuery = (pid: string, nid: string) =>
  queryOptions({
    queryKey: gitKeys.refs(pid, nid),
    queryFn: async () => (await unwrap(api.GET('/api/v1/projects/{pid}/notebooks/{nid}/source/refs', { params: { path: { pid, nid } } }))).branches,
  });

export const gitCredentialsQuery = (pid: string) =>
  queryOptions({
    queryKey: gitKeys.credentials(pid),
    queryFn: () => unwrap(api.GET('/api/v1/projects/{pid}/git-credentials', { params: { path: { pid } } })),
  });

/**
 * After a sync or a change of source: the notebook (its source, status and README), its versions,
 * their code, its files and its drift all hang under the notebook's key; the project's list shows
 * its status and last change.
 */
function useInvalidateNotebook(pid: string, nid: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: keys.notebook(pid, nid) }),
      queryClient.invalidateQueries({ queryKey: keys.notebooks(pid).slice(0, 3) }),
    ]);
}

export function useCreateGitNotebook(pid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GitNotebookCreateBody) => unwrap(api.POST('/api/v1/projects/{pid}/git-notebooks', { params: { path: { pid } }, body })),
    onSuccess: (created) => {
      queryClient.setQueryData(keys.notebook(pid, created.notebook.meta.id), created.notebook);
      return queryClient.invalidateQueries({ queryKey: keys.notebooks(pid).slice(0, 3) });
    },
  });
}

export function useSyncNotebook(pid: string, nid: string) {
  const invalidate = useInvalidateNotebook(pid, nid);
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/v1/projects/{pid}/notebooks/{nid}/source/sync', { params: { path: { pid, nid } } })),
    onSuccess: invalidate,
    // A refused sync may still have changed what drift and the notebook say (a branch gone, settings now invalid).
    onError: invalidate,
  });
}

export function useRotateSyncToken(pid: string, nid: string) {
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/v1/projects/{pid}/notebooks/{nid}/source/sync-token', { params: { path: { pid, nid } } })),
  });
}

export function useUpdateSource(pid: string, nid: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateNotebook(pid, nid);
  return useMutation({
    mutationFn: (body: GitSourcePatch) => unwrap(api.PATCH('/api/v1/projects/{pid}/notebooks/{nid}/source', { params: { path: { pid, nid } }, body })),
    onSuccess: (notebook) => {
      queryClient.setQueryData(keys.notebook(pid, nid), notebook);
      return invalidate();
    },
  });
}

export function useSetGitCredentials(pid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GitCredentialsBody) => unwrap(api.PUT('/api/v1/projects/{pid}/git-credentials', { params: { path: { pid } }, body })),
    onSuccess: (credentials) => queryClient.setQueryData(gitKeys.credentials(pid), credentials),
  });
}

export function useRemoveGitCredentials(pid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => expectOk(api.DELETE('/api/v1/projects/{pid}/git-credentials', { params: { path: { pid } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gitKeys.credentials(pid) }),
  });
}
