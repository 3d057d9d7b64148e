// Remotes (docs/remotes.md): the team hubs this hub pulls from and pushes to, their projects, the
// pulls and pushes in progress, and a project's link to its team project with its conflicts.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, expectOk, unwrap } from './client';
import { keys } from './queries';
import type { components, paths } from './schema';

export type Remote = components['schemas']['Remote'];
export type RemoteState = Remote['state'];
export type RemoteOperation = components['schemas']['RemoteOperation'];
export type ProjectRemote = components['schemas']['ProjectRemote'];
export type NotebookSyncStatus = ProjectRemote['notebooks'][number];
export type SyncState = NotebookSyncStatus['state'];
export type RemoteConflict = components['schemas']['RemoteConflict'];
export type ConflictSide = NonNullable<RemoteConflict['base']>;
type RemotesPath = paths['/api/v1/remotes'];
export type AddedRemote = RemotesPath['post']['responses'][201]['content']['application/json']['data'];
export type NewRemote = RemotesPath['post']['requestBody']['content']['application/json'];
export type TeamProject = paths['/api/v1/remotes/{name}/projects']['get']['responses'][200]['content']['application/json']['data'][number];
export type PullBody = paths['/api/v1/remotes/{name}/pulls']['post']['requestBody']['content']['application/json'];
export type PullHistory = NonNullable<PullBody['history']>;
type ResolvePath = paths['/api/v1/projects/{pid}/remote/conflicts/{nid}/resolve']['post'];
export type ResolveBody = ResolvePath['requestBody']['content']['application/json'];
export type ResolutionChoice = ResolveBody['choice'];
export type Resolution = ResolvePath['responses'][200]['content']['application/json']['data'];

/** While a sign-in waits for the browser, or an operation runs, its page asks again this often. */
export const REMOTE_POLL_MS = 2000;

export const remoteKeys = {
  all: ['remotes'] as const,
  one: (name: string) => ['remotes', name] as const,
  projects: (name: string) => ['remotes', name, 'projects'] as const,
  operations: ['remote-operations'] as const,
  operation: (opid: string) => ['remote-operations', opid] as const,
  project: (pid: string) => [...keys.project(pid), 'remote'] as const,
  conflict: (pid: string, nid: string) => [...keys.project(pid), 'remote', 'conflicts', nid] as const,
};

const signingIn = (remote: Remote) => remote.state === 'signing_in';

/** Your remotes; read again while one of them waits for its sign-in in the browser. */
export const remotesQuery = queryOptions({
  queryKey: remoteKeys.all,
  queryFn: () => unwrap(api.GET('/api/v1/remotes')),
  refetchInterval: (query) => (query.state.data?.some(signingIn) ? REMOTE_POLL_MS : false),
});

/** One remote; read again while its sign-in waits for the browser. */
export const remoteQuery = (name: string) =>
  queryOptions({
    queryKey: remoteKeys.one(name),
    queryFn: () => unwrap(api.GET('/api/v1/remotes/{name}', { params: { path: { name } } })),
    refetchInterval: (query) => (query.state.data && signingIn(query.state.data) ? REMOTE_POLL_MS : false),
  });

/** The team projects the remote's user may read there (asks the team hub). */
export const teamProjectsQuery = (name: string) =>
  queryOptions({
    queryKey: remoteKeys.projects(name),
    queryFn: () => unwrap(api.GET('/api/v1/remotes/{name}/projects', { params: { path: { name } } })),
  });

/** Your recent pulls and pushes, newest first. */
export const operationsQuery = queryOptions({
  queryKey: remoteKeys.operations,
  queryFn: () => unwrap(api.GET('/api/v1/remote-operations')),
  refetchInterval: (query) => (query.state.data?.some((operation) => operation.state === 'running') ? REMOTE_POLL_MS : false),
});

/** One pull or push, read again until it has ended. */
export const operationQuery = (opid: string) =>
  queryOptions({
    queryKey: remoteKeys.operation(opid),
    queryFn: () => unwrap(api.GET('/api/v1/remote-operations/{opid}', { params: { path: { opid } } })),
    refetchInterval: (query) => (query.state.data && query.state.data.state !== 'running' ? false : REMOTE_POLL_MS),
  });

/** A project's team project and each notebook's state, as recorded (no network). */
export const projectRemoteQuery = (pid: string) =>
  queryOptions({
    queryKey: remoteKeys.project(pid),
    queryFn: () => unwrap(api.GET('/api/v1/projects/{pid}/remote', { params: { path: { pid } } })),
  });

/** A notebook's conflict: base, mine and theirs (kept here: no network). */
export const conflictQuery = (pid: string, nid: string) =>
  queryOptions({
    queryKey: remoteKeys.conflict(pid, nid),
    queryFn: () => unwrap(api.GET('/api/v1/projects/{pid}/remote/conflicts/{nid}', { params: { path: { pid, nid } } })),
  });

export function useAddRemote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewRemote) => unwrap(api.POST('/api/v1/remotes', { body })),
    onSuccess: (added) => {
      queryClient.setQueryData(remoteKeys.one(added.remote.name), added.remote);
      return queryClient.invalidateQueries({ queryKey: remoteKeys.all, exact: true });
    },
  });
}

/** Signs a remote in again: a new browser sign-in (no token), or a new personal access token. */
export function useSignInAgain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, token }: { name: string; token?: string }) =>
      unwrap(api.POST('/api/v1/remotes/{name}/sign-in', { params: { path: { name } }, body: token === undefined ? {} : { token } })),
    onSuccess: (added) => {
      queryClient.setQueryData(remoteKeys.one(added.remote.name), added.remote);
      return queryClient.invalidateQueries({ queryKey: remoteKeys.all });
    },
  });
}

export function useRemoveRemote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => expectOk(api.DELETE('/api/v1/remotes/{name}', { params: { path: { name } } })),
    onSuccess: (_data, name) => {
      queryClient.removeQueries({ queryKey: remoteKeys.one(name) });
      return queryClient.invalidateQueries({ queryKey: remoteKeys.all, exact: true });
    },
  });
}

/** Starts a pull (or takes up one that was cut off): the operation to follow. */
export function usePull() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ remote, body }: { remote: string; body: PullBody }) =>
      unwrap(api.POST('/api/v1/remotes/{name}/pulls', { params: { path: { name: remote } }, body })),
    onSuccess: (operation) => {
      queryClient.setQueryData(remoteKeys.operation(operation.id), operation);
      return queryClient.invalidateQueries({ queryKey: remoteKeys.operations, exact: true });
    },
  });
}

/** Asks the team hub for its current heads: the answer is the new status. */
export function useFetchRemote(pid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/v1/projects/{pid}/remote/fetch', { params: { path: { pid } } })),
    onSuccess: (status) => queryClient.setQueryData(remoteKeys.project(pid), status),
  });
}

export function usePush(pid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/v1/projects/{pid}/remote/push', { params: { path: { pid } } })),
    onSuccess: (operation) => queryClient.setQueryData(remoteKeys.operation(operation.id), operation),
  });
}

/** Pushes a project the team hub lacks: creates it there and links this one to it. */
export function usePublish(pid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { remote: string; name?: string }) => unwrap(api.POST('/api/v1/projects/{pid}/remote', { params: { path: { pid } }, body })),
    onSuccess: (operation) => {
      queryClient.setQueryData(remoteKeys.operation(operation.id), operation);
      return queryClient.invalidateQueries({ queryKey: remoteKeys.project(pid) });
    },
  });
}

export function useUnlink(pid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => expectOk(api.DELETE('/api/v1/projects/{pid}/remote', { params: { path: { pid } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: remoteKeys.project(pid) }),
  });
}

/** Resolves a notebook's conflict; the project's status and the notebook's versions change with it. */
export function useResolveConflict(pid: string, nid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ResolveBody) => unwrap(api.POST('/api/v1/projects/{pid}/remote/conflicts/{nid}/resolve', { params: { path: { pid, nid } }, body })),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: remoteKeys.conflict(pid, nid) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: remoteKeys.project(pid), exact: true }),
        queryClient.invalidateQueries({ queryKey: keys.notebook(pid, nid) }),
      ]);
    },
  });
}
