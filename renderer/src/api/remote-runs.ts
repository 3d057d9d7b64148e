// Running a linked notebook on its team hub (docs/remotes.md, "Running on the team hub"): the
// team's compute profiles, sessions there opened in a window, job runs with their output brought back.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from './client';
import { keys } from './queries';
import type { components } from './schema';

export type RemoteRun = components['schemas']['RemoteRun'];
export type TeamCompute = components['schemas']['TeamCompute'];
export type TeamLaunch = components['schemas']['TeamLaunch'];

/** A run not yet ended is read again this often: each read asks the team hub, and brings back what ended. */
export const RUN_POLL_MS = 3000;

export const isLiveRun = (run: Pick<RemoteRun, 'state'>) => run.state === 'starting' || run.state === 'running';

export const remoteRunKeys = {
  project: (pid: string) => [...keys.project(pid), 'remote-runs'] as const,
  compute: (pid: string) => [...keys.project(pid), 'remote', 'compute'] as const,
};

/** The team hub's compute profiles, and whether jobs run there (asks the team hub). */
export const teamComputeQuery = (pid: string) =>
  queryOptions({
    queryKey: remoteRunKeys.compute(pid),
    queryFn: () => unwrap(api.GET('/api/v1/projects/{pid}/remote/compute', { params: { path: { pid } } })),
    staleTime: 60_000,
  });

/**
 * Your runs on the team hub for this project, newest first. While one has not ended, each is read
 * on its own (which asks the team hub and brings its result back), then the list again.
 */
export const projectRunsQuery = (pid: string) =>
  queryOptions({
    queryKey: remoteRunKeys.project(pid),
    queryFn: async () => {
      const { items } = await unwrap(api.GET('/api/v1/remote-runs', { params: { query: { project_id: pid } } }));
      return Promise.all(items.map((run) => (isLiveRun(run) ? unwrap(api.GET('/api/v1/remote-runs/{rrid}', { params: { path: { rrid: run.id } } })) : run)));
    },
    refetchInterval: (query) => (query.state.data?.some(isLiveRun) ? RUN_POLL_MS : false),
  });

/** Opens a launch link: the team hub's page of the session, in a window of its own (the desktop app keeps it in the app). */
export function openLaunch(launch: TeamLaunch): void {
  window.open(launch.launch_url, '_blank', 'noopener,noreferrer');
}

function useRunsChanged(pid: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: remoteRunKeys.project(pid) });
}

export function useRunOnTeam(pid: string, nid: string) {
  const queryClient = useQueryClient();
  // What was new here was pushed first: the states move too.
  const changed = () => queryClient.invalidateQueries({ queryKey: keys.project(pid) });
  return useMutation({
    mutationFn: (body: {
      kind: 'session' | 'job';
      mode: 'edit' | 'app';
      compute_profile: string | null;
    }): Promise<{ run: RemoteRun; launch: TeamLaunch | null }> =>
      body.kind === 'session'
        ? unwrap(
            api.POST('/api/v1/projects/{pid}/notebooks/{nid}/remote/sessions', {
              params: { path: { pid, nid } },
              body: { mode: body.mode, compute_profile: body.compute_profile },
            }),
          )
        : unwrap(
            api.POST('/api/v1/projects/{pid}/notebooks/{nid}/remote/jobs', { params: { path: { pid, nid } }, body: { compute_profile: body.compute_profile } }),
          ).then((run) => ({ run, launch: null })),
    onSuccess: changed,
  });
}

export function useStopRun(pid: string) {
  const changed = useRunsChanged(pid);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rrid: string) => unwrap(api.POST('/api/v1/remote-runs/{rrid}/stop', { params: { path: { rrid } } })),
    onSuccess: async () => {
      await changed();
      // The result came back as a local version: the notebooks' states and versions moved.
      return queryClient.invalidateQueries({ queryKey: keys.project(pid) });
    },
  });
}

/** A new one-use link into a live session, opened at once. */
export function useOpenRun() {
  return useMutation({
    mutationFn: (rrid: string) => unwrap(api.POST('/api/v1/remote-runs/{rrid}/launch', { params: { path: { rrid } } })),
    onSuccess: openLaunch,
  });
}
