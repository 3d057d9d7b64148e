import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { timeOrderedId } from '@notebook-hub/kernel/ids.js';
import {
  SandboxError,
  type ExecRequest,
  type ExecResult,
  type PortEndpoint,
  type Sandbox,
  type SandboxDriver,
  type SandboxProcess,
  type SandboxSpec,
  type SandboxSummary,
  type WaitReadyOptions,
} from '@notebook-hub/kernel/ports/sandbox-driver.js';
import { LOCAL_IMAGE } from '../../runtime/pins.js';
import { workspacePath } from '../shared/paths.js';
import { stderrProgress, type ProgressListener } from '../shared/progress.js';
import { pollReadiness } from '../shared/readiness.js';
import { secretsOf } from '../shared/secrets.js';
import { freeLoopbackPort } from './free-port.js';
import { execInGroup, spawnProcessInGroup } from './local-exec.js';
import { groupAlive, groupBelongsTo, groupRuns, killGroup, startLeader } from './process-group.js';
import { LocalRuntimeSetup } from './runtime-setup.js';
import { LocalSecretFiles } from './secret-files.js';
import type { LocalRuntime } from './runtime-venv.js';
import { readAllStates, readState, sandboxDir, writeState, type LocalSandboxState } from './state-file.js';

export interface LocalDriverOptions {
  /** The hub (deployment) id; `list()` returns only this owner's sandboxes. */
  ownerId: string;
  /** The hub's data directory: sandboxes live in `sandboxes/`, the runtime venv in `runtime/`. */
  dataDir: string;
  /** Where the runtime venv is kept (default `<dataDir>/runtime`). */
  runtimeDir?: string;
  /** A folder of wheels the runtime venv is built from, without the network (scripts/build-wheelhouse.mjs). */
  wheelhouse?: string;
  /** Progress of the first-use venv creation (default: a display on stderr). */
  onRuntimeProgress?: ProgressListener;
  /** How long processes get between SIGTERM and SIGKILL on destroy (default 2 s). */
  destroyGraceMs?: number;
  /** Where sandboxes' secrets are kept, outside the data directory (default: /dev/shm on Linux, else the temporary directory). */
  secretsDir?: string;
}

/**
 * Hub-side variables a sandbox process still needs: locale, and how to reach the package index
 * (proxies, private indexes, extra CA bundles). Nothing else of the hub's environment (its
 * storage credentials, for one) reaches notebook code.
 */
const PASSED_THROUGH = [
  'LANG',
  'LC_ALL',
  'TZ',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'REQUESTS_CA_BUNDLE',
  'PIP_CERT',
  'PIP_INDEX_URL',
  'PIP_EXTRA_INDEX_URL',
  'UV_INDEX_URL',
  'UV_DEFAULT_INDEX',
  'UV_EXTRA_INDEX_URL',
  'UV_INDEX',
  'UV_NATIVE_TLS',
  'UV_OFFLINE',
  'UV_FIND_LINKS',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'http_proxy',
  'https_proxy',
  'no_proxy',
];

/**
 * Sandboxes as process groups on this machine, each with its own workspace, home and temp
 * directories. No isolation beyond the user account: this is the desktop and development driver.
 * CPU and memory limits are recorded but not enforced.
 */
export class LocalSandboxDriver implements SandboxDriver {
  readonly kind = 'local';
  readonly ownerId: string;
  /** Every sandbox is a directory and a process group under the data dir: any process of this owner finds it. */
  readonly canAttach = true;
  private readonly root: string;
  private readonly runtimeDir: string;
  private readonly graceMs: number;
  private readonly secrets: LocalSecretFiles;
  /** Builds the runtime venv on first use or when asked, one build at a time, and reports how it stands (docs/runtime.md). */
  readonly runtimeSetup: LocalRuntimeSetup;

  constructor(options: LocalDriverOptions) {
    this.ownerId = options.ownerId;
    this.root = path.join(options.dataDir, 'sandboxes');
    this.runtimeDir = options.runtimeDir ?? path.join(options.dataDir, 'runtime');
    this.graceMs = options.destroyGraceMs ?? 2_000;
    this.secrets = new LocalSecretFiles(options.secretsDir);
    this.runtimeSetup = new LocalRuntimeSetup({
      dir: this.runtimeDir,
      wheelhouse: options.wheelhouse,
      onProgress: options.onRuntimeProgress ?? stderrProgress('sandbox runtime'),
    });
  }

  /** Creates the runtime venv now instead of on the first `create` (joining a build under way). */
  runtime(): Promise<LocalRuntime> {
    return this.runtimeSetup.ensure();
  }

  async create(spec: SandboxSpec): Promise<Sandbox> {
    // Local sandboxes read the hub's files where they are: nothing to mount.
    if (spec.mounts?.length) throw new SandboxError('BACKEND_ERROR', "local sandboxes read the hub's directories where they are: they take no mounts");
    const secrets = secretsOf(spec.secrets);
    const runtime = await this.runtime();
    const id = `sbx-${timeOrderedId()}`;
    const dir = sandboxDir(this.root, id);
    const workspaceDir = path.join(dir, 'workspace');
    try {
      await Promise.all(['workspace', 'home', 'tmp'].map((sub) => mkdir(path.join(dir, sub), { recursive: true })));
      // Written before anything runs in the sandbox; kept outside the data directory, never in its state.
      const secretVariables = secrets ? await this.secrets.write(id, secrets) : {};
      const ports: Record<string, number> = {};
      for (const name of spec.ports ?? []) ports[name] = await freeLoopbackPort();
      const state: Omit<LocalSandboxState, 'pgid' | 'leaderStartTime'> = {
        version: 1,
        id,
        ownerId: this.ownerId,
        image: spec.image ?? LOCAL_IMAGE,
        createdAt: new Date().toISOString(),
        ports,
        compute: spec.compute,
        env: spec.env ?? {},
        labels: spec.labels ?? {},
      };
      const leader = await startLeader(runtime.python, { cwd: workspaceDir, env: this.environment(runtime, state, secretVariables, {}) });
      await writeState(this.root, { ...state, pgid: leader.pgid, leaderStartTime: leader.startTime });
      return { id, image: state.image, workspaceDir, homeDir: path.join(dir, 'home'), bindHost: '127.0.0.1', ports, createdAt: state.createdAt };
    } catch (error) {
      await this.destroy(id).catch(() => {});
      if (error instanceof SandboxError) throw error;
      throw new SandboxError('BACKEND_ERROR', `cannot create a local sandbox: ${(error as Error).message}`, { cause: error });
    }
  }

  async waitReady(id: string, options: WaitReadyOptions): Promise<void> {
    await pollReadiness(this, id, options);
  }

  async exec(id: string, request: ExecRequest): Promise<ExecResult> {
    const { state, runtime } = await this.running(id);
    return execInGroup(runtime.python, state.pgid, request, {
      workspaceDir: path.join(sandboxDir(this.root, id), 'workspace'),
      env: this.environment(runtime, state, await this.secrets.variables(id), request.env ?? {}),
    });
  }

  async spawn(id: string, request: Omit<ExecRequest, 'timeoutMs' | 'check'>): Promise<SandboxProcess> {
    const { state, runtime } = await this.running(id);
    return spawnProcessInGroup(runtime.python, state.pgid, request, {
      workspaceDir: path.join(sandboxDir(this.root, id), 'workspace'),
      env: this.environment(runtime, state, await this.secrets.variables(id), request.env ?? {}),
    });
  }

  async writeFile(id: string, file: string, data: string | Buffer): Promise<void> {
    await this.state(id);
    const target = workspacePath(path.join(sandboxDir(this.root, id), 'workspace'), file);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, data);
  }

  async readFile(id: string, file: string): Promise<Buffer> {
    await this.state(id);
    const target = workspacePath(path.join(sandboxDir(this.root, id), 'workspace'), file);
    try {
      return await readFile(target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new SandboxError('NOT_FOUND', `no file ${file} in sandbox ${id}`);
      throw new SandboxError('BACKEND_ERROR', `cannot read ${file} in sandbox ${id}: ${(error as Error).message}`, { cause: error });
    }
  }

  async replaceSecretFiles(id: string, files: Record<string, Uint8Array>): Promise<void> {
    await this.state(id);
    await this.secrets.replace(id, files);
  }

  async exposePort(id: string, port: string): Promise<PortEndpoint> {
    const state = await this.state(id);
    const number = state.ports[port];
    if (number === undefined) throw new SandboxError('NOT_FOUND', `sandbox ${id} has no port named ${port}`);
    return { host: '127.0.0.1', port: number };
  }

  async list(): Promise<SandboxSummary[]> {
    const states = (await readAllStates(this.root)).filter((state) => state.ownerId === this.ownerId);
    return Promise.all(
      states.map(async (state) => ({
        id: state.id,
        ownerId: state.ownerId,
        image: state.image,
        createdAt: state.createdAt,
        labels: state.labels,
        state: (await sandboxRuns(state)) ? ('running' as const) : ('exited' as const),
      })),
    );
  }

  async destroy(id: string): Promise<void> {
    if (!/^sbx-[0-9a-z]+$/.test(id)) return;
    const state = await readState(this.root, id);
    if (state !== null && (await groupBelongsTo({ pgid: state.pgid, startTime: state.leaderStartTime }, id))) {
      await killGroup(state.pgid, this.graceMs);
    }
    await rm(sandboxDir(this.root, id), { recursive: true, force: true, maxRetries: 3 });
    await this.secrets.remove(id);
  }

  async close(): Promise<void> {}

  private async state(id: string): Promise<LocalSandboxState> {
    const state = /^sbx-[0-9a-z]+$/.test(id) ? await readState(this.root, id) : null;
    if (state === null || state.ownerId !== this.ownerId) throw new SandboxError('NOT_FOUND', `no sandbox ${id}`);
    return state;
  }

  private async running(id: string): Promise<{ state: LocalSandboxState; runtime: LocalRuntime }> {
    const state = await this.state(id);
    if (!groupAlive(state.pgid)) throw new SandboxError('BACKEND_ERROR', `sandbox ${id} is no longer running`);
    return { state, runtime: await this.runtime() };
  }

  /** A process's environment: the hub's few passed through, the sandbox's secrets, then what the driver and the caller set (which win). */
  private environment(
    runtime: LocalRuntime,
    state: Pick<LocalSandboxState, 'id' | 'env'>,
    secrets: Record<string, string>,
    extra: Record<string, string>,
  ): NodeJS.ProcessEnv {
    const dir = sandboxDir(this.root, state.id);
    const home = path.join(dir, 'home');
    const env: NodeJS.ProcessEnv = {};
    for (const name of PASSED_THROUGH) if (process.env[name] !== undefined) env[name] = process.env[name];
    return {
      ...env,
      ...secrets,
      PATH: [runtime.binDir, '/usr/local/bin', '/usr/bin', '/bin'].join(path.delimiter),
      VIRTUAL_ENV: runtime.venvDir,
      HOME: home,
      TMPDIR: path.join(dir, 'tmp'),
      XDG_CACHE_HOME: path.join(home, '.cache'),
      XDG_CONFIG_HOME: path.join(home, '.config'),
      XDG_DATA_HOME: path.join(home, '.local', 'share'),
      // One cache for every sandbox: repeated notebook dependencies install from disk.
      UV_CACHE_DIR: path.join(this.runtimeDir, 'uv-cache'),
      NOTEBOOK_HUB_SANDBOX_ID: state.id,
      ...state.env,
      ...extra,
    };
  }
}

/**
 * Whether a sandbox runs: its group is still its own and a member runs. A group killed a moment
 * ago keeps its leader as a zombie until the hub reaps it; that sandbox has ended, and a process
 * started in it then would run alone in a dead sandbox.
 */
async function sandboxRuns(state: LocalSandboxState): Promise<boolean> {
  return (await groupBelongsTo({ pgid: state.pgid, startTime: state.leaderStartTime }, state.id)) && (await groupRuns(state.pgid));
}
