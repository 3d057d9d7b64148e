/**
 * Secondary surfaces of an edit session (docs/surfaces.md): VS Code (code-server) and OpenCode,
 * processes in the session's own sandbox beside marimo, on ports of their own, reached only
 * through the hub's proxy.
 */
export const SURFACE_IDS = ['vscode', 'opencode'] as const;
export type SurfaceId = (typeof SURFACE_IDS)[number];

export type SurfaceStart = 'on-demand' | 'eager';
export type SurfaceEmbed = 'tab' | 'iframe';

/** What the deployment offers (`SERVICE_SURFACES`), as the capabilities route reports it. */
export type SurfaceConfig =
  | { id: 'vscode'; flavor: 'code-server' | 'openvscode'; start: SurfaceStart; embed: SurfaceEmbed }
  | { id: 'opencode'; start: SurfaceStart; embed: SurfaceEmbed; managed_ai: boolean };

export type SurfaceState = 'stopped' | 'starting' | 'running' | 'failed';

/** One surface of one session, kept on the session record (`surfaces.<id>`). */
export interface SurfaceStatus {
  state: SurfaceState;
  /** Why it failed (with the tail of its output), or why it stopped when the hub stopped it. */
  reason: string | null;
  /** While starting: the step under way ("installing code-server 4.139.1 (35%)"), else null. */
  detail?: string | null;
  started_at: string | null;
  /** The sandbox whose process this is: a surface of an earlier sandbox is not running. */
  sandbox_id: string | null;
  /** The secret the surface demands of every request; only the hub's proxy sends it. */
  secret: string | null;
}

export const isSurfaceId = (value: string): value is SurfaceId => (SURFACE_IDS as readonly string[]).includes(value);

/** The name of the sandbox port a surface listens on. */
export const surfacePortName = (id: SurfaceId): string => `surface-${id}`;

export const STOPPED_SURFACE: SurfaceStatus = { state: 'stopped', reason: null, started_at: null, sandbox_id: null, secret: null };
