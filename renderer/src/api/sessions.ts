// Sessions: starting, watching, keeping alive, saving and stopping kernel sessions.
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, unwrap } from './client';
import { isApiError } from './errors';
import { notebookQuery } from './queries';
import type { components, paths } from './schema';

export type Session = components['schemas']['Session'];
export type SessionListEntry = components['schemas']['SessionListEntry'];
export type SessionMode = Session['mode'];
export type SessionState = Session['state'];
export type SessionPhase = Session['phase'];
export type SavedVersion = components['schemas']['NotebookVersion'];
type StartBody = NonNullable<paths['/api/v1/projects/{pid}/sessions']['post']['requestBody']>['content']['application/json'];

export const LIVE_STATES: readonly SessionState[] = ['provisioning', 'running'];

/**
 * The API names no heartbeat interval. The hub counts an editor as present for at least a minute
 * after a heartbeat (twice the lifecycle sweep, never less than 60 s), so every 20 s keeps
 * presence continuous even when one beat is lost.
 */
export const HEARTBEAT_MS = 20_000;
/** Start-up phases change within seconds; a running session is checked less often, to notice it ending. */
const PROVISIONING_POLL_MS = 1_000;
const RUNNING_POLL_MS = 5_000;
/** The home page's list of my sessions notices sessions started or ended elsewhere this often. */
const MY_SESSIONS_POLL_MS = 30_000;

export const sessionKeys = {
  all: ['sessions'] as const,
  start: (pid: string, nid: string, mode: SessionMode, takeoverFrom: string | null, attempt: number, previewId: string | null = null) =>
    ['sessions', 'start', pid, nid, mode, takeoverFrom, attempt, previewId] as const,
  session: (pid: string, sid: string) => ['sessions', 'one', pid, sid] as const,
  project: (pid: string) => ['sessions', 'project', pid] as const,
  mine: ['sessions', 'mine'] as const,
};

/**
 * Starting a session as a query rather than a mutation: the page's (strict-mode doubled) mounts
 * share one request, so a page never races itself for the notebook's editor claim. A new attempt
 * (retry, takeover) is a new key.
 */
export const startSessionQuery = (pid: string, nid: string, mode: SessionMode, takeoverFrom: string | null, attempt: number, previewId: string | null = null) =>
  queryOptions({
    queryKey: sessionKeys.start(pid, nid, mode, takeoverFrom, attempt, previewId),
    queryFn: () => {
      // A Git preview's session (docs/git.md, "Previews"): its own files, never saved into the notebook.
      if (previewId)
        return unwrap(
          api.POST('/api/v1/projects/{pid}/notebooks/{nid}/previews/{preview_id}/sessions', {
            params: { path: { pid, nid, preview_id: previewId } },
            body: { mode },
          }),
        );
      const body: StartBody = { notebook_id: nid, mode, ...(takeoverFrom ? { takeover_from: takeoverFrom } : {}) };
      return unwrap(api.POST('/api/v1/projects/{pid}/sessions', { params: { path: { pid } }, body }));
    },
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export const sessionQuery = (pid: string, sid: string) =>
  queryOptions({
    queryKey: sessionKeys.session(pid, sid),
    queryFn: () => unwrap(api.GET('/api/v1/projects/{pid}/sessions/{sid}', { params: { path: { pid, sid } } })),
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      if (state === 'provisioning') return PROVISIONING_POLL_MS;
      if (state === 'running' || state === 'stopping') return RUNNING_POLL_MS;
      return false;
    },
  });

/** The first page of a project's sessions, newest first: enough to find the live ones. */
export const projectSessionsQuery = (pid: string) =>
  queryOptions({
    queryKey: sessionKeys.project(pid),
    queryFn: () => unwrap(api.GET('/api/v1/projects/{pid}/sessions', { params: { path: { pid }, query: { limit: 100 } } })),
  });

export function isLive(session: { state: SessionState }): boolean {
  return LIVE_STATES.includes(session.state);
}

/**
 * Keeps an open session from going idle. An answer of CONFLICT means it is no longer live: the
 * session is read again so the page shows how it ended.
 */
export function useHeartbeat(pid: string, sid: string | undefined, mode: SessionMode, active: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!sid || !active) return;
    const beat = async () => {
      try {
        const session = await unwrap(
          api.POST('/api/v1/projects/{pid}/sessions/{sid}/heartbeat', { params: { path: { pid, sid } }, body: { connected: mode === 'edit' } }),
        );
        queryClient.setQueryData(sessionKeys.session(pid, sid), session);
      } catch (error) {
        if (isApiError(error, 'CONFLICT') || isApiError(error, 'NOT_FOUND')) void queryClient.invalidateQueries({ queryKey: sessionKeys.session(pid, sid) });
      }
    };
    const timer = window.setInterval(() => void beat(), HEARTBEAT_MS);
    return () => window.clearInterval(timer);
  }, [pid, sid, mode, active, queryClient]);
}

function refreshAfterChange(queryClient: QueryClient, session: Session) {
  queryClient.setQueryData(sessionKeys.session(session.project_id, session.id), session);
  void queryClient.invalidateQueries({ queryKey: sessionKeys.project(session.project_id) });
  void queryClient.invalidateQueries({ queryKey: sessionKeys.mine });
}

export function useSaveSession(pid: string, sid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/v1/projects/{pid}/sessions/{sid}/save', { params: { path: { pid, sid } }, body: {} })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['projects', pid] }),
  });
}

export function useStopSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ pid, sid }: { pid: string; sid: string }) =>
      unwrap(api.POST('/api/v1/projects/{pid}/sessions/{sid}/stop', { params: { path: { pid, sid } }, body: { save: true } })),
    onSuccess: (session) => refreshAfterChange(queryClient, session),
  });
}

export type MySession = components['schemas']['MySessionEntry'];

/** My live sessions in every project I can read (the hub's own list, across projects). */
export const mySessionsQuery = queryOptions({
  queryKey: sessionKeys.mine,
  queryFn: () => unwrap(api.GET('/api/v1/me/sessions')),
  refetchInterval: MY_SESSIONS_POLL_MS,
});

/** A session's notebook, for its title (sessions carry only the notebook's id). */
export function useNotebookTitle(pid: string, nid: string) {
  return useQuery({ ...notebookQuery(pid, nid), select: (detail) => detail.meta.title });
}
