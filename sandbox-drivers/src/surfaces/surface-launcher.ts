import path from 'node:path';
import type { Sandbox, SandboxDriver, SandboxProcess } from '@notebook-hub/kernel/ports/sandbox-driver.js';
import {
  surfacePortName,
  type StartedSurface,
  type SurfaceConfig,
  type SurfaceId,
  type SurfaceLauncher,
  type SurfaceStartOptions,
} from '@notebook-hub/kernel/ports/surface-launcher.js';
import { IMAGE_SURFACES_DIR } from '../../runtime/pins.js';
import { freshGet } from '../shared/readiness.js';
import {
  codeServerCommand,
  codeServerProxyHeaders,
  OPENCODE_AUTH_QUERY_PARAMETER,
  openCodeCommand,
  openCodeProxyHeaders,
  type SurfaceCommand,
} from './surface-commands.js';
import { surfaceLayout, type SurfaceName } from './surface-layout.js';
import { ensureSurfaceRuntime } from './surface-runtime.js';

/**
 * Where a sandbox finds a surface's launcher: a path inside the sandbox (the image's
 * `/opt/surfaces`), or, for sandboxes on this machine, one the hub installs on first use.
 */
export interface SurfaceBinaries {
  /** The launcher's path as the sandbox sees it; reports install progress when it has to install. */
  launcher(name: SurfaceName, onProgress?: (step: string) => void): Promise<string>;
  /**
   * True when `launcher` only answers with a launcher it has checked itself (an install the hub
   * made and ran): no look into the sandbox is needed before starting it.
   */
  readonly checked: boolean;
  /** Why sandboxes cannot run `name` from these binaries, or null when they can. */
  unsupported(name: SurfaceName): string | null;
}

/** The image's surfaces (docs/surfaces.md, "The sandbox image"). */
export const IMAGE_SURFACES: SurfaceBinaries = {
  launcher: async (name) => surfaceLayout(IMAGE_SURFACES_DIR, name).launcher,
  checked: false,
  unsupported: () => null,
};

/**
 * Surfaces for sandboxes on this machine (the local driver): installed into `dir` on first use,
 * the install's progress reported as the surface's start-up step (docs/surfaces.md).
 */
export function localSurfaceBinaries(dir: string, platform: NodeJS.Platform = process.platform): SurfaceBinaries {
  return {
    launcher: async (name, onProgress) => {
      const runtime = await ensureSurfaceRuntime({
        dir,
        only: [name],
        onProgress: (event) => onProgress?.(event.done ? event.step : `${event.step} (${Math.floor(event.percent)}%)`),
      });
      const launcher = name === 'code-server' ? runtime.codeServer : runtime.openCode;
      if (launcher === null) throw new Error(`${name} was not installed`);
      return launcher;
    },
    // An install counts only once it ran (`--version`) and wrote its stamp (surface-runtime.ts).
    checked: true,
    // Their launchers are shell scripts, and a stop finds their processes through /proc.
    unsupported: () =>
      platform === 'linux' ? null : `local sandboxes run VS Code and OpenCode on Linux only, and this hub runs on ${platform}: use the docker sandbox driver`,
  };
}

const NAMES: Record<SurfaceId, SurfaceName> = { vscode: 'code-server', opencode: 'opencode' };
const TITLES: Record<SurfaceId, string> = { vscode: 'VS Code', opencode: 'OpenCode' };
/** Every process of a surface carries this in its environment, so a stop finds all of them. */
const MARKER = 'NOTEBOOK_HUB_SURFACE';
/**
 * Readiness is probed on the cheapest route that answers once the server listens: code-server's
 * `/healthz` (no page is rendered; a page asked for early is held by code-server until its
 * workbench is ready, so nothing is lost by answering the browser sooner). OpenCode's own page is
 * small.
 */
const READINESS_PATH: Record<SurfaceId, string> = { vscode: '/healthz', opencode: '/' };
/** A refused loopback connection costs microseconds: what a user waits for is the gap between tries. */
const PROBE_EVERY_MS = 25;
const PROBE_TIMEOUT_MS = 3_000;
/** Tries left hanging by a surface still starting (see `answering`), beyond which no new one begins. */
const MAX_PENDING_PROBES = 40;

/**
 * Starts VS Code (code-server) and OpenCode in a session's sandbox through any sandbox driver
 * (docs/surfaces.md): the command from surface-commands, spawned in the workspace with a state
 * folder in the sandbox's home, then probed through the exposed port with the surface's own
 * credential until it answers.
 */
export class DriverSurfaceLauncher implements SurfaceLauncher {
  constructor(
    private readonly driver: SandboxDriver,
    private readonly binaries: SurfaceBinaries,
  ) {}

  unsupported(surface: SurfaceConfig): string | null {
    return this.binaries.unsupported(NAMES[surface.id]);
  }

  /**
   * code-server opens the workspace folder, and a file in it through VS Code's own `payload`
   * query (what its "open file" links use); OpenCode opens the workspace as its project, at its
   * web UI's path for a directory (the directory in URL-safe base64), rather than its list of projects.
   */
  entryPath(sandbox: Sandbox, surface: SurfaceId, openPath: string | null): string {
    if (surface === 'opencode') return `/${Buffer.from(sandbox.workspaceDir).toString('base64url')}/session`;
    const folder = `/?folder=${encodeURIComponent(sandbox.workspaceDir)}`;
    if (openPath === null) return folder;
    const file = path.posix.join(sandbox.workspaceDir, openPath);
    return `${folder}&payload=${encodeURIComponent(JSON.stringify([['openFile', `vscode-remote://remote${file}`]]))}`;
  }

  proxyHeaders(surface: SurfaceId, secret: string): Record<string, string> {
    return surface === 'vscode' ? codeServerProxyHeaders(secret) : openCodeProxyHeaders(secret);
  }

  credentialQueryParameters(surface: SurfaceId): readonly string[] {
    return surface === 'opencode' ? [OPENCODE_AUTH_QUERY_PARAMETER] : [];
  }

  async start(sandbox: Sandbox, surface: SurfaceConfig, options: SurfaceStartOptions): Promise<StartedSurface> {
    const title = TITLES[surface.id];
    const port = sandbox.ports[surfacePortName(surface.id)];
    if (port === undefined) throw new Error(`the sandbox has no port for ${title}`);
    if (surface.id === 'vscode' && surface.flavor === 'openvscode') return this.startOpenVsCode(sandbox, options, port);
    const launcher = await this.binaries.launcher(NAMES[surface.id] as SurfaceName, options.onProgress);
    const launch = {
      launcher,
      bindHost: sandbox.bindHost,
      port,
      workspaceDir: sandbox.workspaceDir,
      stateDir: path.posix.join(sandbox.homeDir, '.notebook-hub', 'surfaces', surface.id),
      secret: options.secret,
    };
    const command = surface.id === 'vscode' ? codeServerCommand(launch) : openCodeCommand({ ...launch, ...(options.ai ? { ai: options.ai } : {}) });
    // An image's launcher is looked for while the surface starts, not before: a missing one gets a
    // clear error, a present one costs no extra round trip into the sandbox.
    const missing = this.binaries.checked ? Promise.resolve(null) : this.missingLauncher(sandbox, launcher, title).catch(() => null);
    return this.run(sandbox, surface.id, command, options, READINESS_PATH[surface.id], missing);
  }

  async stop(sandbox: Sandbox, surface: SurfaceId): Promise<void> {
    // Its helpers (extension hosts, terminals, language servers) inherit the marker too.
    const marker = `${MARKER}=${sandbox.id}/${surface}`;
    await this.driver.exec(sandbox.id, {
      argv: [
        'sh',
        '-c',
        'for p in /proc/[0-9]*; do tr "\\0" "\\n" < "$p/environ" 2>/dev/null | grep -qx "$1" && kill -TERM "${p#/proc/}" 2>/dev/null; done; true',
        'sh',
        marker,
      ],
      timeoutMs: 30_000,
    });
  }

  /** `flavor: openvscode` runs an `openvscode-server` the image carries; none is installed here. */
  private async startOpenVsCode(sandbox: Sandbox, options: SurfaceStartOptions, port: number): Promise<StartedSurface> {
    const found = await this.driver.exec(sandbox.id, { argv: ['sh', '-c', 'command -v openvscode-server || true'] });
    const launcher = found.stdout.trim();
    if (!launcher)
      throw new Error('the sandbox image has no openvscode-server on its PATH: use flavor code-server, or an image that carries openvscode-server');
    const command = codeServerCommand({
      launcher,
      bindHost: sandbox.bindHost,
      port,
      workspaceDir: sandbox.workspaceDir,
      stateDir: path.posix.join(sandbox.homeDir, '.notebook-hub', 'surfaces', 'vscode'),
      secret: options.secret,
    });
    // openvscode-server's routes are not code-server's: its root page is the one known to answer.
    return this.run(sandbox, 'vscode', command, options, '/', Promise.resolve(null));
  }

  /** Why the sandbox cannot run `launcher`, or null when it can. */
  private async missingLauncher(sandbox: Sandbox, launcher: string, title: string): Promise<string | null> {
    const check = await this.driver.exec(sandbox.id, { argv: ['test', '-x', launcher] });
    return check.exitCode === 0
      ? null
      : `the sandbox has no ${title} (${launcher} is missing): use a sandbox image that carries the surfaces (docs/surfaces.md)`;
  }

  private async run(
    sandbox: Sandbox,
    surface: SurfaceId,
    command: SurfaceCommand,
    options: SurfaceStartOptions,
    readinessPath: string,
    missingLauncher: Promise<string | null>,
  ): Promise<StartedSurface> {
    const spawned = this.driver.spawn(sandbox.id, {
      argv: command.argv,
      cwd: command.cwd,
      env: { ...command.env, [MARKER]: `${sandbox.id}/${surface}` },
    });
    // Both settle before either's outcome is used: a missing launcher explains a failed spawn.
    const [process, missing] = await Promise.all([spawned.catch((error: unknown) => error as Error), missingLauncher]);
    if (missing !== null) {
      if (!(process instanceof Error)) await this.stop(sandbox, surface).catch(() => {});
      throw new Error(missing);
    }
    if (process instanceof Error) throw process;
    const endpoint = await this.driver.exposePort(sandbox.id, surfacePortName(surface));
    try {
      await answering(`http://${endpoint.host}:${endpoint.port}${readinessPath}`, this.proxyHeaders(surface, options.secret), process, options.readyTimeoutMs);
    } catch (error) {
      await this.stop(sandbox, surface).catch(() => {});
      const tail = process.outputTail();
      const output = `${tail.stderr}\n${tail.stdout}`.trim().split('\n').slice(-15).join('\n');
      throw new Error(`${TITLES[surface]} did not start: ${(error as Error).message}${output ? `\n${output}` : ''}`, { cause: error });
    }
    return { endpoint, process };
  }
}

/**
 * Waits until the surface answers a request with its credential (anything below 500), failing at
 * once when its process exits. A new try begins every PROBE_EVERY_MS whether or not the earlier
 * ones answered: OpenCode accepts connections before it serves them, and those it took too early
 * are never answered (docs/surfaces.md), so waiting on one would hold readiness back by its whole
 * timeout. Each try still has a timeout of its own.
 */
function answering(url: string, headers: Record<string, string>, process: SandboxProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    let pending = 0;
    let last = 'no answer yet';
    let timer: NodeJS.Timeout | undefined;
    const finish = (error: Error | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error === null) resolve();
      else reject(error);
    };
    void process.exited.then(({ exitCode }) => finish(new Error(`it exited with ${exitCode ?? 'a signal'}`)));
    const probe = () => {
      if (settled) return;
      if (Date.now() >= deadline) return finish(new Error(`no answer within ${Math.round(timeoutMs / 1000)} s (${last})`));
      if (pending < MAX_PENDING_PROBES) {
        pending++;
        freshGet(url, PROBE_TIMEOUT_MS, headers)
          .then(
            (status) => (status > 0 && status < 500 ? finish(null) : (last = `HTTP ${status}`)),
            (error: unknown) => (last = (error as Error).message),
          )
          .finally(() => pending--);
      }
      timer = setTimeout(probe, PROBE_EVERY_MS);
    };
    probe();
  });
}
