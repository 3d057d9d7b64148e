// VS Code and OpenCode in an edit session (docs/ui.md, "VS Code and OpenCode"): their states,
// opening (which hands out a one-use link) and stopping them.
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, unwrap } from './client';
import type { components } from './schema';

export type SessionSurface = components['schemas']['SessionSurface'];
export type OpenedSurface = components['schemas']['OpenedSurface'];
export type SurfaceId = SessionSurface['id'];
export type SurfaceState = SessionSurface['state'];

/** A surface on its way up reports its install or start-up step: read about every second then. */
const STARTING_POLL_MS = 1_000;
/** Otherwise now and then, to notice one that exited or stopped with its sandbox. */
const SETTLED_POLL_MS = 10_000;

export const surfaceKeys = {
  list: (pid: string, sid: string) => ['sessions', 'surfaces', pid, sid] as const,
};

/** The session's surfaces and their states; refused (SURFACE_FORBIDDEN) to anyone but the editor holding the session. */
export const sessionSurfacesQuery = (pid: string, sid: string) =>
  queryOptions({
    queryKey: surfaceKeys.list(pid, sid),
    queryFn: () => unwrap(api.GET('/api/v1/projects/{pid}/sessions/{sid}/surfaces', { params: { path: { pid, sid } } })),
    refetchInterval: (query) => (query.state.data?.some((surface) => surface.state === 'starting') ? STARTING_POLL_MS : SETTLED_POLL_MS),
    retry: false,
  });

/** Writes one surface's newest state into the session's list, so the buttons follow at once. */
function remember(queryClient: QueryClient, pid: string, sid: string, surface: SessionSurface): void {
  queryClient.setQueryData(surfaceKeys.list(pid, sid), (list: SessionSurface[] | undefined) =>
    list?.map((entry) => (entry.id === surface.id ? { ...entry, ...withoutUrl(surface) } : entry)),
  );
}

function withoutUrl(surface: SessionSurface | OpenedSurface): SessionSurface {
  const { id, title, state, reason, detail, started_at, embed, notice } = surface;
  return { id, title, state, reason, detail, started_at, embed, notice };
}

/**
 * Asks for a surface without waiting: it is started when it does not run, and answers `starting`
 * (url null) until it does, then `running` with a fresh url (a one-use ticket good for a minute,
 * so it is asked for right before it is opened, never kept).
 */
export function useOpenSurface(pid: string, sid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (surface: SurfaceId) =>
      unwrap(
        api.POST('/api/v1/projects/{pid}/sessions/{sid}/surfaces/{surface}', {
          params: { path: { pid, sid, surface } },
          body: { wait: false },
        }),
      ),
    onSuccess: (opened) => remember(queryClient, pid, sid, opened),
    // A surface that could not start is now `failed` on the session, with its reason.
    onError: () => queryClient.invalidateQueries({ queryKey: surfaceKeys.list(pid, sid) }),
  });
}

/** Stops a surface; the session keeps running. */
export function useStopSurface(pid: string, sid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (surface: SurfaceId) =>
      unwrap(api.DELETE('/api/v1/projects/{pid}/sessions/{sid}/surfaces/{surface}', { params: { path: { pid, sid, surface } } })),
    onSuccess: (stopped) => remember(queryClient, pid, sid, stopped),
  });
}

/** The percentage in a start-up step such as "installing code-server 4.139.1 (35%)", if it has one. */
export function percentOf(detail: string | null): number | null {
  const match = detail ? /\((\d{1,3})%\)/.exec(detail) : null;
  return match ? Math.min(100, Number(match[1])) : null;
}

/**
 * Why a surface failed, split for reading: the first line says what happened, the lines after it
 * are the end of the program's output (the hub appends them after a line break).
 */
export function failureParts(reason: string): { summary: string; output: string | null } {
  const lineBreak = reason.indexOf('\n');
  if (lineBreak === -1) return { summary: reason, output: null };
  const output = reason.slice(lineBreak + 1).trim();
  return { summary: reason.slice(0, lineBreak).replace(/:\s*$/, ''), output: output === '' ? null : output };
}
