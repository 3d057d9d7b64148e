// A notebook's jobs and their runs: one query or mutation per API call the jobs pages make.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { hubPath } from '../app/base-path';
import { api, expectOk, unwrap } from './client';
import { cursorQuery, pagedQuery } from './paged';
import { fetchText } from './notebook-content';
import { keys } from './queries';
import type { components, paths } from './schema';

export type Job = components['schemas']['Job'];
export type JobRun = components['schemas']['JobRun'];
export type RunState = JobRun['state'];
type JobsPath = '/api/v1/projects/{pid}/notebooks/{nid}/jobs';
type JobPath = '/api/v1/projects/{pid}/notebooks/{nid}/jobs/{jid}';
export type JobCreateBody = NonNullable<paths[JobsPath]['post']['requestBody']>['content']['application/json'];
export type JobPatchBody = NonNullable<paths[JobPath]['patch']['requestBody']>['content']['application/json'];

/** While a run is queued or running its page asks again this often. */
export const RUN_POLL_MS = 2000;

export const isFinished = (state: RunState): boolean => state !== 'queued' && state !== 'running';

export const jobKeys = {
  all: (pid: string, nid: string) => [...keys.notebook(pid, nid), 'jobs'] as const,
  one: (pid: string, nid: string, jid: string) => [...keys.notebook(pid, nid), 'jobs', jid] as const,
  runs: (pid: string, nid: string, jid: string) => [...keys.notebook(pid, nid), 'jobs', jid, 'runs'] as const,
  run: (pid: string, nid: string, jid: string, rid: string) => [...keys.notebook(pid, nid), 'jobs', jid, 'runs', rid] as const,
  log: (pid: string, nid: string, jid: string, rid: string) => [...keys.notebook(pid, nid), 'jobs', jid, 'runs', rid, 'log'] as const,
};

const runBase = (pid: string, nid: string, jid: string, rid: string) =>
  hubPath(`/api/v1/projects/${encodeURIComponent(pid)}/notebooks/${encodeURIComponent(nid)}/jobs/${encodeURIComponent(jid)}/runs/${encodeURIComponent(rid)}`);

/** The run's raw content routes, which a frame, a new tab or fetch reads directly. */
export const runUrls = {
  output: (pid: string, nid: string, jid: string, rid: string) => `${runBase(pid, nid, jid, rid)}/output`,
  logs: (pid: string, nid: string, jid: string, rid: string) => `${runBase(pid, nid, jid, rid)}/logs`,
};

export const jobsQuery = (pid: string, nid: string) =>
  pagedQuery(jobKeys.all(pid, nid), (cursor) =>
    unwrap(api.GET('/api/v1/projects/{pid}/notebooks/{nid}/jobs', { params: { path: { pid, nid }, query: cursorQuery(cursor) } })),
  );

export const jobQuery = (pid: string, nid: string, jid: string) =>
  queryOptions({
    queryKey: jobKeys.one(pid, nid, jid),
    queryFn: () => unwrap(api.GET('/api/v1/projects/{pid}/notebooks/{nid}/jobs/{jid}', { params: { path: { pid, nid, jid } } })),
  });

export const runsQuery = (pid: string, nid: string, jid: string) =>
  pagedQuery(jobKeys.runs(pid, nid, jid), (cursor) =>
    unwrap(api.GET('/api/v1/projects/{pid}/notebooks/{nid}/jobs/{jid}/runs', { params: { path: { pid, nid, jid }, query: cursorQuery(cursor) } })),
  );

/** One run, asked for again every two seconds until it has ended. */
export const runQuery = (pid: string, nid: string, jid: string, rid: string) =>
  queryOptions({
    queryKey: jobKeys.run(pid, nid, jid, rid),
    queryFn: () => unwrap(api.GET('/api/v1/projects/{pid}/notebooks/{nid}/jobs/{jid}/runs/{rid}', { params: { path: { pid, nid, jid, rid } } })),
    refetchInterval: (query) => (query.state.data && isFinished(query.state.data.state) ? false : RUN_POLL_MS),
  });

/** The run's log as text; it grows while the run goes on, so the caller decides how often to read it again. */
export const runLogQuery = (pid: string, nid: string, jid: string, rid: string) =>
  queryOptions({
    queryKey: jobKeys.log(pid, nid, jid, rid),
    queryFn: async () => (await fetchText(runUrls.logs(pid, nid, jid, rid))).text,
  });

export function useSaveJob(pid: string, nid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { jid: null; body: JobCreateBody } | { jid: string; body: JobPatchBody }) =>
      change.jid === null
        ? unwrap(api.POST('/api/v1/projects/{pid}/notebooks/{nid}/jobs', { params: { path: { pid, nid } }, body: change.body }))
        : unwrap(api.PATCH('/api/v1/projects/{pid}/notebooks/{nid}/jobs/{jid}', { params: { path: { pid, nid, jid: change.jid } }, body: change.body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobKeys.all(pid, nid) }),
  });
}

export function useDeleteJob(pid: string, nid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jid: string) => expectOk(api.DELETE('/api/v1/projects/{pid}/notebooks/{nid}/jobs/{jid}', { params: { path: { pid, nid, jid } } })),
    // Only the list is read again: reading the deleted job would replace its page with "not found" before the page leaves it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobKeys.all(pid, nid), exact: true }),
  });
}

export function useRunJob(pid: string, nid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jid: string) => unwrap(api.POST('/api/v1/projects/{pid}/notebooks/{nid}/jobs/{jid}/runs', { params: { path: { pid, nid, jid } }, body: {} })),
    onSuccess: (run) => {
      queryClient.setQueryData(jobKeys.run(pid, nid, run.job_id, run.id), run);
      return queryClient.invalidateQueries({ queryKey: jobKeys.all(pid, nid) });
    },
  });
}

export function useCancelRun(pid: string, nid: string, jid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rid: string) =>
      unwrap(api.POST('/api/v1/projects/{pid}/notebooks/{nid}/jobs/{jid}/runs/{rid}/cancel', { params: { path: { pid, nid, jid, rid } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobKeys.one(pid, nid, jid) }),
  });
}
