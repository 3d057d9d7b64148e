// Server state of the administration pages: one query (or mutation) hook per API call they make.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from './client';
import { cursorQuery, pagedQuery } from './paged';
import type { AuditFilter, PolicySuite, SandboxStartupRequest } from './admin-types';

export const adminKeys = {
  users: ['admin', 'users'] as const,
  config: ['admin', 'config'] as const,
  capabilities: ['capabilities'] as const,
  audit: (filter: AuditFilter) => ['admin', 'audit', filter] as const,
  runtimeSessions: ['admin', 'runtime-sessions'] as const,
  environments: ['admin', 'environments'] as const,
  analyzer: ['admin', 'policy-analyzer'] as const,
};

export const adminUsersQuery = pagedQuery(adminKeys.users, (cursor) => unwrap(api.GET('/api/v1/admin/users', { params: { query: cursorQuery(cursor) } })));

export function useSetSuspended() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, suspend }: { userId: string; suspend: boolean }) =>
      unwrap(
        api.POST(suspend ? '/api/v1/admin/users/{user_id}/suspend' : '/api/v1/admin/users/{user_id}/unsuspend', { params: { path: { user_id: userId } } }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.users }),
  });
}

export const adminConfigQuery = queryOptions({
  queryKey: adminKeys.config,
  queryFn: () => unwrap(api.GET('/api/v1/admin/config')),
});

export const capabilitiesQuery = queryOptions({
  queryKey: adminKeys.capabilities,
  queryFn: () => unwrap(api.GET('/api/v1/capabilities')),
  staleTime: 5 * 60_000,
});

export const auditQuery = (filter: AuditFilter) =>
  pagedQuery(adminKeys.audit(filter), (cursor) => unwrap(api.GET('/api/v1/events', { params: { query: { ...filter, ...cursorQuery(cursor) } } })));

export const runtimeSessionsQuery = pagedQuery(adminKeys.runtimeSessions, (cursor) =>
  unwrap(api.GET('/api/v1/admin/runtime/sessions', { params: { query: cursorQuery(cursor) } })),
);

export const environmentCacheQuery = queryOptions({
  queryKey: adminKeys.environments,
  queryFn: () => unwrap(api.GET('/api/v1/admin/environments')),
});

export function useReclaimSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ pid, sid, save }: { pid: string; sid: string; save: boolean }) =>
      unwrap(api.POST('/api/v1/admin/runtime/projects/{pid}/sessions/{sid}/reclaim', { params: { path: { pid, sid } }, body: { save } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.runtimeSessions }),
  });
}

export function useSandboxStartupDiagnostic() {
  return useMutation({
    mutationFn: (body: SandboxStartupRequest) => unwrap(api.POST('/api/v1/admin/debug/sandbox-startup', { body })),
  });
}

export const policyAnalyzerQuery = queryOptions({
  queryKey: adminKeys.analyzer,
  queryFn: () => unwrap(api.GET('/api/v1/admin/policy/analyzer')),
  staleTime: Infinity,
});

export function useRunPolicySuite() {
  return useMutation({
    mutationFn: (suite: PolicySuite) => unwrap(api.POST('/api/v1/admin/policy/analyzer/run', { body: suite })),
  });
}
