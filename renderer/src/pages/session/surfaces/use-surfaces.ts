import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../api/errors';
import { capabilitiesQuery } from '../../../api/notebook-access';
import type { Session } from '../../../api/sessions';
import { sessionSurfacesQuery, useOpenSurface, useStopSurface, type SessionSurface, type SurfaceId } from '../../../api/surfaces';

/**
 * Where one opening of a surface is: asked for, starting, ready to open in a tab, shown beside the
 * notebook, or failed. Only surfaces the user opened on this page have one.
 */
export type Attempt =
  | { step: 'asking' }
  | { step: 'starting' }
  | { step: 'ready' }
  | { step: 'shown'; url: string }
  /** Opened in a tab, with something to know about it (why OpenCode has no managed model). */
  | { step: 'opened'; notice: string }
  | { step: 'failed'; message: string; requestId?: string | undefined; traceId?: string | undefined };

export interface SessionSurfaces {
  /** The session's surfaces; empty when none is enabled or the caller may not use them. */
  surfaces: SessionSurface[];
  attempts: Partial<Record<SurfaceId, Attempt>>;
  /** The surface shown beside the notebook (embed `iframe`), if any. */
  panel: SurfaceId | null;
  /** Opens (starting it when needed): in a new tab, or beside the notebook. */
  open(id: SurfaceId): void;
  /** Opens a running surface in a new tab, whatever its embed (the panel's "Open in new tab"). */
  openInTab(id: SurfaceId): void;
  stop(id: SurfaceId): void;
  /** Forgets the opening: hides the panel or the notice; the surface keeps running. */
  dismiss(id: SurfaceId): void;
  stopping: SurfaceId | null;
}

const NONE: SessionSurface[] = [];

/** Opens a surface in a new tab; in the desktop app, in a window of its own (docs/desktop.md). */
function openTab(url: string): void {
  window.open(url, '_blank', 'noopener');
}

/**
 * May the page open a tab now? Browsers allow it only right after the user did something (a
 * click), so a surface that took a while to start waits for one more click instead.
 */
function mayOpenTabNow(): boolean {
  const activation = (navigator as Navigator & { userActivation?: { isActive: boolean } }).userActivation;
  return activation?.isActive === true;
}

/**
 * VS Code and OpenCode in a running edit session (docs/ui.md, "VS Code and OpenCode"): which ones
 * the hub offers and the caller may use, their states, and each opening from the first click to
 * the surface on screen: ask without waiting, follow its start-up, then ask again for a fresh url.
 */
export function useSessionSurfaces(session: Session): SessionSurfaces {
  const { project_id: pid, id: sid } = session;
  const capabilities = useQuery(capabilitiesQuery);
  const offered = (capabilities.data?.surfaces.length ?? 0) > 0 && session.mode === 'edit' && session.state === 'running';
  const list = useQuery({ ...sessionSurfacesQuery(pid, sid), enabled: offered });
  const surfaces = offered && list.data ? list.data : NONE;
  const [attempts, setAttempts] = useState<Partial<Record<SurfaceId, Attempt>>>({});
  const [panel, setPanel] = useState<SurfaceId | null>(null);
  const { mutateAsync: openSurface } = useOpenSurface(pid, sid);
  const { mutateAsync: stopSurface } = useStopSurface(pid, sid);
  const [stopping, setStopping] = useState<SurfaceId | null>(null);
  // Asking for a fresh url is under way for these: the list's polling must not ask twice.
  const asking = useRef(new Set<SurfaceId>());

  const set = useCallback((id: SurfaceId, attempt: Attempt | null) => {
    setAttempts((current) => {
      const next = { ...current };
      if (attempt === null) delete next[id];
      else next[id] = attempt;
      return next;
    });
  }, []);

  const embedOf = useCallback((id: SurfaceId) => surfaces.find((surface) => surface.id === id)?.embed ?? 'tab', [surfaces]);

  const failedWith = useCallback(
    (id: SurfaceId) => (error: unknown) =>
      set(id, {
        step: 'failed',
        message: error instanceof Error ? error.message : String(error),
        requestId: isApiError(error) ? error.requestId : undefined,
        traceId: isApiError(error) ? error.traceId : undefined,
      }),
    [set],
  );

  /** Asks for the surface; when it runs, the answer carries a fresh url, delivered where it belongs. */
  const ask = useCallback(
    (id: SurfaceId, deliver: 'embed' | 'tab' | 'ready') => {
      if (asking.current.has(id)) return;
      asking.current.add(id);
      openSurface(id)
        .then((opened) => {
          if (opened.state !== 'running' || opened.url === null) return set(id, opened.state === 'failed' ? failed(opened) : { step: 'starting' });
          if (deliver === 'embed') return set(id, { step: 'shown', url: opened.url });
          if (deliver === 'ready') return set(id, { step: 'ready' });
          openTab(opened.url);
          set(id, opened.notice ? { step: 'opened', notice: opened.notice } : null);
        }, failedWith(id))
        .finally(() => asking.current.delete(id));
    },
    [openSurface, set, failedWith],
  );

  const open = useCallback(
    (id: SurfaceId) => {
      if (embedOf(id) === 'iframe') {
        setPanel(id);
        if (attempts[id]?.step === 'shown') return;
        set(id, { step: 'asking' });
        return ask(id, 'embed');
      }
      set(id, { step: 'asking' });
      ask(id, 'tab');
    },
    [ask, attempts, embedOf, set],
  );

  // Following each opening on the polled list: a surface that came up gets its fresh url (or waits
  // for a click to open its tab); one that failed shows why; one stopped elsewhere is forgotten.
  useEffect(() => {
    for (const surface of surfaces) {
      const attempt = attempts[surface.id];
      if (!attempt || attempt.step === 'asking' || asking.current.has(surface.id)) continue;
      if (attempt.step === 'starting' && surface.state === 'running') {
        if (surface.embed === 'iframe') ask(surface.id, 'embed');
        else ask(surface.id, mayOpenTabNow() ? 'tab' : 'ready');
      } else if ((attempt.step === 'starting' || attempt.step === 'shown' || attempt.step === 'ready') && surface.state === 'failed') {
        set(surface.id, failed(surface));
      } else if (attempt.step !== 'failed' && surface.state === 'stopped') {
        set(surface.id, null);
      }
    }
  }, [surfaces, attempts, ask, set]);

  return {
    surfaces,
    attempts,
    panel: panel !== null && attempts[panel] !== undefined && embedOf(panel) === 'iframe' ? panel : null,
    open,
    // The panel keeps what it shows: only the new tab gets a fresh url.
    openInTab: (id) => void openSurface(id).then((opened) => opened.url && openTab(opened.url), failedWith(id)),
    stop: (id) => {
      setStopping(id);
      stopSurface(id)
        .then(() => set(id, null), failedWith(id))
        .finally(() => setStopping(null));
    },
    dismiss: (id) => set(id, null),
    stopping,
  };
}

function failed(surface: Pick<SessionSurface, 'title' | 'reason'>): Attempt {
  return { step: 'failed', message: `${surface.title} could not start: ${surface.reason ?? 'no reason given'}` };
}
