// Server state: one query (or mutation) hook per API read the pages use.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from './client';
import { cursorQuery, pagedQuery } from './paged';
import { discardEarlyResponses } from './early-requests';
import type { CreateNotebookBody, CreateProjectBody, NotebookIntegrationsPatch, NotebookStatusFilter } from './types';

export const keys = {
  me: ['me'] as const,
  authMethods: ['auth-methods'] as const,
  projects: ['projects'] as const,
  project: (pid: string) => ['projects', pid] as const,
  notebooks: (pid: string, status?: NotebookStatusFilter) => ['projects', pid, 'notebooks', status ?? 'all'] as const,
  notebook: (pid: string, nid: string) => ['projects', pid, 'notebook', nid] as const,
};

export const meQuery = queryOptions({
  queryKey: keys.me,
  queryFn: () => unwrap(api.GET('/api/v1/me')),
});

export const authMethodsQuery = queryOptions({
  queryKey: keys.authMethods,
  queryFn: () => unwrap(api.GET('/api/v1/auth/methods')),
  staleTime: Infinity,
});

export const projectsQuery = pagedQuery(keys.projects, (cursor) => unwrap(api.GET('/api/v1/projects', { params: { query: cursorQuery(cursor) } })));

export const projectQuery = (pid: string) =>
  queryOptions({
    queryKey: keys.project(pid),
    queryFn: () => unwrap(api.GET('/api/v1/projects/{pid}', { params: { path: { pid } } })),
  });

export const notebooksQuery = (pid: string, status?: NotebookStatusFilter) =>
  pagedQuery(keys.notebooks(pid, status), (cursor) =>
    unwrap(api.GET('/api/v1/projects/{pid}/notebooks', { params: { path: { pid }, query: { ...(status ? { status } : {}), ...cursorQuery(cursor) } } })),
  );

export const notebookQuery = (pid: string, nid: string) =>
  queryOptions({
    queryKey: keys.notebook(pid, nid),
    queryFn: () => unwrap(api.GET('/api/v1/projects/{pid}/notebooks/{nid}', { params: { path: { pid, nid } } })),
  });

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateProjectBody) => unwrap(api.POST('/api/v1/projects', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.projects }),
  });
}

export function useCreateNotebook(pid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateNotebookBody) => unwrap(api.POST('/api/v1/projects/{pid}/notebooks', { params: { path: { pid } }, body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['projects', pid] }),
  });
}

/** Changes what a notebook's sandboxes receive (its `integrations` setting: which integrations, and whether apps get them). */
export function useUpdateNotebookIntegrations(pid: string, nid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (integrations: NotebookIntegrationsPatch) =>
      unwrap(api.PATCH('/api/v1/projects/{pid}/notebooks/{nid}', { params: { path: { pid, nid } }, body: { integrations } })),
    onSuccess: (detail) => queryClient.setQueryData(keys.notebook(pid, nid), detail),
  });
}

export function useLocalSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => unwrap(api.POST('/api/v1/auth/local/login', { body: { token } })),
    onSuccess: (me) => {
      discardEarlyResponses();
      queryClient.setQueryData(keys.me, me);
    },
  });
}

export function useSignOut() {
  return useMutation({ mutationFn: () => unwrap(api.POST('/api/v1/auth/logout')) });
}
