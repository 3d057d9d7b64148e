import type { SurfaceConfig, SurfaceId } from './surface-model.js';

// What a launcher adapter needs of the surface model, through the port.
export { surfacePortName, type SurfaceConfig, type SurfaceId } from './surface-model.js';
import type { PortEndpoint, Sandbox, SandboxProcess } from './sandbox-driver.js';

/** What a session's OpenCode is given: the hub's endpoint and a credential good for this session only. */
export interface ManagedAiOffer {
  baseUrl: string;
  apiKey: string;
  models: readonly string[];
  displayName: string;
}

export interface SurfaceStartOptions {
  /** The secret the surface demands of every request (see `proxyHeaders`). */
  secret: string;
  readyTimeoutMs: number;
  /** Long steps (a first install of the surface's runtime), for people watching. */
  onProgress?: (step: string) => void;
  /** OpenCode's managed model: the hub's endpoint and this start's own credential for it. */
  ai?: ManagedAiOffer;
}

export interface StartedSurface {
  endpoint: PortEndpoint;
  process: SandboxProcess;
}

/**
 * Starts and stops a session's secondary surfaces (VS Code, OpenCode) inside its sandbox
 * (docs/surfaces.md). Implemented for each sandbox driver on top of the SandboxDriver port.
 */
export interface SurfaceLauncher {
  /** Why this deployment's sandboxes cannot host the surface, or null when they can. */
  unsupported(surface: SurfaceConfig): string | null;
  /**
   * Starts the surface's server on the sandbox port named by `surfacePortName` and waits until it
   * answers. Rejects with the reason (the binary is missing, it exited: with the tail of its output).
   */
  start(sandbox: Sandbox, surface: SurfaceConfig, options: SurfaceStartOptions): Promise<StartedSurface>;
  /** Ends the surface's processes in the sandbox; nothing to do when none runs. */
  stop(sandbox: Sandbox, surface: SurfaceId): Promise<void>;
  /**
   * Where a browser entering the surface lands: `/`, or the surface's own way to open a workspace
   * file or folder (`openPath`, relative to the workspace, already checked).
   */
  entryPath(sandbox: Sandbox, surface: SurfaceId, openPath: string | null): string;
  /** Headers the proxy adds to every request it forwards to the surface (its secret). */
  proxyHeaders(surface: SurfaceId, secret: string): Record<string, string>;
  /**
   * Query parameters the surface would take as its credential in place of the proxy's headers:
   * the proxy drops them from what browsers send, so that only the hub's credential reaches it.
   */
  credentialQueryParameters(surface: SurfaceId): readonly string[];
}
