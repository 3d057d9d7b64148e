import type { Logger } from './logger.js';
import type { PortEndpoint, Sandbox, SandboxProcess } from './sandbox-driver.js';

/** A marimo server running in a sandbox. */
export interface RuntimeServer {
  /** Where the hub reaches it (a loopback address). */
  endpoint: PortEndpoint;
  baseUrl: string;
  /** Headers the proxy adds to every request it forwards (the per-session secret). */
  proxyHeaders: Record<string, string>;
  process: SandboxProcess;
}

export interface StartServerRequest {
  mode: 'edit' | 'app';
  /** The notebook file, relative to the workspace. */
  notebook: string;
  /** The path the hub proxies the session under, e.g. `/s/<session id>`. */
  baseUrl: string;
  /** The per-session secret; only the hub knows it. */
  token: string;
  env: Record<string, string>;
  readyTimeoutMs: number;
}

/** A sandbox's workspace as seen from inside it (paths relative to the workspace, `/`-separated). */
export interface SandboxWorkspaceListing {
  files: { path: string; size: number; sha256: string }[];
  /** Not read back: links, special files, files over the size limit. */
  skipped: { path: string; reason: 'link' | 'special' | 'too_large' }[];
  /** Folder names left out wherever they occur (caches). */
  ignored_dirs: string[];
}

/**
 * What the hub does with marimo inside a sandbox: install a notebook's dependencies, start its
 * server, render it to HTML. Adapters implement it on top of a SandboxDriver.
 */
export interface NotebookRuntime {
  /**
   * Installs the notebook's PEP 723 dependencies; fails with PYTHON_ENV_SETUP_FAILED. `source` is
   * the notebook's code when the caller just wrote it (else it is read from the sandbox).
   * `installEnv` is given to the install command alone, never to the kernel: the project's private
   * package indexes and their credentials.
   */
  prepareEnvironment(
    sandbox: Sandbox,
    notebook: string,
    logger: Logger,
    source?: string,
    installEnv?: Record<string, string>,
  ): Promise<{ env: Record<string, string>; timings: Record<string, number> }>;
  startServer(sandbox: Sandbox, request: StartServerRequest): Promise<RuntimeServer>;
  /** Runs the notebook headless and returns its HTML export. */
  exportHtml(sandbox: Sandbox, notebook: string, env: Record<string, string>): Promise<Buffer>;
  /** Lists the sandbox's workspace files with their SHA-256 (files over `maxFileBytes` skipped). */
  listWorkspace(sandbox: Sandbox, maxFileBytes: number): Promise<SandboxWorkspaceListing>;
}
