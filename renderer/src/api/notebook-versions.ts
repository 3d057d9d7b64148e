// A notebook's versions, their code and its HTML snapshot.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from './client';
import { cursorQuery, pagedQuery } from './paged';
import { isApiError } from './errors';
import { fetchText, notebookUrls } from './notebook-content';
import { keys } from './queries';
import type { components } from './schema';

export type NotebookVersion = components['schemas']['NotebookVersion'];
/** A version's locked environment: its lock's status, identity and packages (docs/environments.md). */
export type VersionEnvironment = components['schemas']['VersionEnvironment'];
/** What "update dependencies" did: the new version and its environment, or that nothing changed. */
export type DependencyUpdate = components['schemas']['DependencyUpdate'];

/** How often a version whose lock is being resolved is asked again. */
export const ENVIRONMENT_POLL_MS = 2_000;

export const versionKeys = {
  all: (pid: string, nid: string) => [...keys.notebook(pid, nid), 'versions'] as const,
  one: (pid: string, nid: string, vid: string) => [...keys.notebook(pid, nid), 'versions', vid] as const,
  code: (pid: string, nid: string, vid: string) => [...keys.notebook(pid, nid), 'versions', vid, 'code'] as const,
  environment: (pid: string, nid: string, vid: string) => [...keys.notebook(pid, nid), 'versions', vid, 'environment'] as const,
  snapshot: (pid: string, nid: string) => [...keys.notebook(pid, nid), 'snapshot'] as const,
};

export const versionsQuery = (pid: string, nid: string) =>
  pagedQuery(versionKeys.all(pid, nid), (cursor) =>
    unwrap(api.GET('/api/v1/projects/{pid}/notebooks/{nid}/versions', { params: { path: { pid, nid }, query: cursorQuery(cursor) } })),
  );

export const versionQuery = (pid: string, nid: string, vid: string) =>
  queryOptions({
    queryKey: versionKeys.one(pid, nid, vid),
    queryFn: () => unwrap(api.GET('/api/v1/projects/{pid}/notebooks/{nid}/versions/{vid}', { params: { path: { pid, nid, vid } } })),
  });

/** A version's code never changes, so it is fetched once per version. */
export const versionCodeQuery = (pid: string, nid: string, vid: string) =>
  queryOptions({
    queryKey: versionKeys.code(pid, nid, vid),
    queryFn: async () => (await fetchText(notebookUrls.versionCode(pid, nid, vid))).text,
    staleTime: Infinity,
  });

/** A version's environment, asked again while its lock is being resolved. */
export const versionEnvironmentQuery = (pid: string, nid: string, vid: string) =>
  queryOptions({
    queryKey: versionKeys.environment(pid, nid, vid),
    queryFn: () => unwrap(api.GET('/api/v1/projects/{pid}/notebooks/{nid}/versions/{vid}/environment', { params: { path: { pid, nid, vid } } })),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? ENVIRONMENT_POLL_MS : false),
  });

/** The newest snapshot's version, or null when no version has one (404 NO_HTML_SNAPSHOT). */
export const snapshotQuery = (pid: string, nid: string) =>
  queryOptions({
    queryKey: versionKeys.snapshot(pid, nid),
    queryFn: async () => {
      try {
        // The frame loads the HTML itself (under the route's own sandboxing CSP); this read tells whether there is one.
        const { headers } = await fetchText(notebookUrls.html(pid, nid));
        return { versionId: headers.get('x-notebook-version') };
      } catch (error) {
        if (isApiError(error, 'NO_HTML_SNAPSHOT')) return null;
        throw error;
      }
    },
  });

export function useRestoreVersion(pid: string, nid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ vid, baseVersionId }: { vid: string; baseVersionId: string | null }) =>
      unwrap(
        api.POST('/api/v1/projects/{pid}/notebooks/{nid}/versions/{vid}/restore', {
          params: { path: { pid, nid, vid } },
          body: { base_version_id: baseVersionId },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.notebook(pid, nid) }),
  });
}

/** Re-resolves the current version's dependencies and saves the same code with the fresh lock (docs/environments.md). */
export function useUpdateDependencies(pid: string, nid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ baseVersionId }: { baseVersionId: string }) =>
      unwrap(
        api.POST('/api/v1/projects/{pid}/notebooks/{nid}/environment/update', {
          params: { path: { pid, nid } },
          body: { base_version_id: baseVersionId },
        }),
      ),
    onSuccess: (result) => {
      if (result.updated) void queryClient.invalidateQueries({ queryKey: keys.notebook(pid, nid) });
    },
  });
}
