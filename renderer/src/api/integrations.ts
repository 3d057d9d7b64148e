// Integrations of a project or of the organization (docs/integrations.md): kinds, the list, one
// integration with its ETag, its versions, and the changes (create, copy, replace, delete, test).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { components, paths } from './schema';
import { api, expectOk, unwrap, unwrapTagged, type Tagged } from './client';
import { cursorQuery, pagedQuery } from './paged';

export type Integration = components['schemas']['Integration'];
export type IntegrationKind = components['schemas']['IntegrationKind'];
export type IntegrationField = IntegrationKind['fields'][number];
export type IntegrationVersion = components['schemas']['IntegrationVersion'];
export type ConnectionTestResult = components['schemas']['ConnectionTestResult'];
export type SecretSourceType = IntegrationKind['secret_sources'][number];
/** A new integration of either scope (a project's may instead be a copy: {@link useCopyIntegration}). */
export type IntegrationDraft = paths['/api/v1/integrations']['post']['requestBody']['content']['application/json'];
export type IntegrationReplacement = paths['/api/v1/integrations/{iid}']['put']['requestBody']['content']['application/json'];
export type SecretInput = NonNullable<IntegrationDraft['secrets']>[string];
export type SecretView = Integration['secrets'][string];

/** Whose integrations: a project's, or the organization's (the admin area). */
export type IntegrationScope = { kind: 'project'; pid: string } | { kind: 'organization' };

export const integrationKeys = {
  kinds: ['integration-kinds'] as const,
  all: (scope: IntegrationScope) =>
    scope.kind === 'project' ? (['projects', scope.pid, 'integrations'] as const) : (['integrations', 'organization'] as const),
  list: (scope: IntegrationScope) => [...integrationKeys.all(scope), 'list'] as const,
  one: (scope: IntegrationScope, iid: string) => [...integrationKeys.all(scope), 'one', iid] as const,
  versions: (scope: IntegrationScope, iid: string) => [...integrationKeys.all(scope), 'versions', iid] as const,
};

export const integrationKindsQuery = queryOptions({
  queryKey: integrationKeys.kinds,
  queryFn: () => unwrap(api.GET('/api/v1/integration-kinds')),
  staleTime: 5 * 60_000,
});

export const integrationsQuery = (scope: IntegrationScope) =>
  pagedQuery(integrationKeys.list(scope), (cursor) =>
    scope.kind === 'project'
      ? unwrap(api.GET('/api/v1/projects/{pid}/integrations', { params: { path: { pid: scope.pid }, query: cursorQuery(cursor) } }))
      : unwrap(api.GET('/api/v1/integrations', { params: { query: cursorQuery(cursor) } })),
  );

/** One integration with its ETag, which a change sends back as If-Match. */
export const integrationQuery = (scope: IntegrationScope, iid: string) =>
  queryOptions({
    queryKey: integrationKeys.one(scope, iid),
    queryFn: (): Promise<Tagged<Integration>> =>
      scope.kind === 'project'
        ? unwrapTagged(api.GET('/api/v1/projects/{pid}/integrations/{iid}', { params: { path: { pid: scope.pid, iid } } }))
        : unwrapTagged(api.GET('/api/v1/integrations/{iid}', { params: { path: { iid } } })),
  });

export const integrationVersionsQuery = (scope: IntegrationScope, iid: string) =>
  pagedQuery(integrationKeys.versions(scope, iid), (cursor) =>
    scope.kind === 'project'
      ? unwrap(api.GET('/api/v1/projects/{pid}/integrations/{iid}/versions', { params: { path: { pid: scope.pid, iid }, query: cursorQuery(cursor) } }))
      : unwrap(api.GET('/api/v1/integrations/{iid}/versions', { params: { path: { iid }, query: cursorQuery(cursor) } })),
  );

/** After a write: the new version is the one to show, and the lists change. */
function useWritten(scope: IntegrationScope) {
  const queryClient = useQueryClient();
  return (written: Tagged<Integration>) => {
    queryClient.setQueryData(integrationKeys.one(scope, written.data.id), written);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: integrationKeys.list(scope) }),
      queryClient.invalidateQueries({ queryKey: integrationKeys.versions(scope, written.data.id) }),
    ]);
  };
}

export function useCreateIntegration(scope: IntegrationScope) {
  const written = useWritten(scope);
  return useMutation({
    mutationFn: (body: IntegrationDraft) =>
      scope.kind === 'project'
        ? unwrapTagged(api.POST('/api/v1/projects/{pid}/integrations', { params: { path: { pid: scope.pid } }, body }))
        : unwrapTagged(api.POST('/api/v1/integrations', { body })),
    onSuccess: written,
  });
}

/** Copies an organization integration into a project (its own from then on). */
export function useCopyIntegration(pid: string) {
  const written = useWritten({ kind: 'project', pid });
  return useMutation({
    mutationFn: (body: { copy_from: string; name?: string; env_prefix?: string }) =>
      unwrapTagged(api.POST('/api/v1/projects/{pid}/integrations', { params: { path: { pid } }, body })),
    onSuccess: written,
  });
}

/** Replaces the configuration read with `etag`: a 412 PRECONDITION_FAILED when someone else saved since. */
export function useReplaceIntegration(scope: IntegrationScope) {
  const written = useWritten(scope);
  return useMutation({
    mutationFn: ({ iid, etag, body }: { iid: string; etag: string; body: IntegrationReplacement }) => {
      const headers = { 'if-match': etag };
      return scope.kind === 'project'
        ? unwrapTagged(api.PUT('/api/v1/projects/{pid}/integrations/{iid}', { params: { path: { pid: scope.pid, iid } }, body, headers }))
        : unwrapTagged(api.PUT('/api/v1/integrations/{iid}', { params: { path: { iid } }, body, headers }));
    },
    onSuccess: written,
  });
}

export function useDeleteIntegration(scope: IntegrationScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (iid: string) =>
      scope.kind === 'project'
        ? expectOk(api.DELETE('/api/v1/projects/{pid}/integrations/{iid}', { params: { path: { pid: scope.pid, iid } } }))
        : expectOk(api.DELETE('/api/v1/integrations/{iid}', { params: { path: { iid } } })),
    // The deleted one's own query is left alone: the page showing it leaves once this succeeds.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.list(scope) }),
  });
}

/** "Test connection": tries the saved configuration once; a failure is `ok: false` with what failed. */
export function useTestIntegration(scope: IntegrationScope) {
  return useMutation({
    mutationFn: (iid: string) =>
      scope.kind === 'project'
        ? unwrap(api.POST('/api/v1/projects/{pid}/integrations/{iid}/test', { params: { path: { pid: scope.pid, iid } } }))
        : unwrap(api.POST('/api/v1/integrations/{iid}/test', { params: { path: { iid } } })),
  });
}
